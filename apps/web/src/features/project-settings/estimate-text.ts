import type { EstimateType } from "@stride/shared";

export const TYPE_LABEL: Record<EstimateType, string> = {
  points: "Points",
  categories: "Categories",
  time: "Time (minutes)",
};

/** What to type as a new point, per type (time: minutes). */
export const POINT_EXAMPLE: Record<EstimateType, string> = {
  points: "e.g. 21",
  categories: "e.g. XXXL",
  time: "minutes, e.g. 90",
};
