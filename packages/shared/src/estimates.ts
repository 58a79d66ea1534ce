import { formatDuration } from "./time-tracking.ts";

/**
 * Estimate systems (work-tracking.md §3, §5, §9): the templates a project starts from and the rules every set
 * of points obeys. The server validates writes with these rules and the web checks its forms with the same ones.
 *
 * - A system is of type `points` (numeric values), `categories` (any text) or `time` (minutes; Plane sells it in
 *   a paid plan, Stride builds it with time tracking, issue #29: time logged is measured against it).
 * - It has between 2 and 6 points; a point's value is non-blank, at most 20 characters and unique in its system
 *   (case-insensitive; numerically for points, so "1" and "1.0" collide); a points value is a number above 0.
 * - Points are ordered by `key`, which runs 1..n without gaps.
 */

export const ESTIMATE_TYPES = ["points", "categories", "time"] as const;
export type EstimateType = (typeof ESTIMATE_TYPES)[number];

export const ESTIMATE_POINTS_MIN = 2;
export const ESTIMATE_POINTS_MAX = 6;
export const ESTIMATE_VALUE_MAX = 20;
export const ESTIMATE_NAME_MAX = 255;

export const ESTIMATE_MSG = {
  count: `An estimate system needs between ${ESTIMATE_POINTS_MIN} and ${ESTIMATE_POINTS_MAX} points.`,
  blank: "Estimate point can't be empty.",
  tooLong: `Value can't be more than ${ESTIMATE_VALUE_MAX} characters`,
  notNumber: "Value must be a number for points/time estimates",
  notPositive: "Value must be greater than 0",
  duplicate: "Estimate point values must be unique.",
} as const;

export interface EstimateTemplate {
  key: string;
  title: string;
  values: readonly string[];
}

export interface EstimateSystem {
  name: string;
  templates: readonly EstimateTemplate[];
}

/** The templates of §9, per system; "custom" starts from two points the person fills in. */
export const ESTIMATE_SYSTEMS: Readonly<Record<EstimateType, EstimateSystem>> = {
  points: {
    name: "Points",
    templates: [
      { key: "fibonacci", title: "Fibonacci", values: ["1", "2", "3", "5", "8", "13"] },
      { key: "linear", title: "Linear", values: ["1", "2", "3", "4", "5", "6"] },
      { key: "squares", title: "Squares", values: ["1", "4", "9", "16", "25", "36"] },
      { key: "custom", title: "Custom", values: ["1", "2"] },
    ],
  },
  categories: {
    name: "Categories",
    templates: [
      { key: "t_shirt_sizes", title: "T-Shirt Sizes", values: ["XS", "S", "M", "L", "XL", "XXL"] },
      { key: "easy_to_hard", title: "Easy to hard", values: ["Easy", "Medium", "Hard", "Very Hard"] },
      { key: "custom", title: "Custom", values: ["", ""] },
    ],
  },
  // values are minutes (shown as "1h", "30m")
  time: {
    name: "Time",
    templates: [
      { key: "hours", title: "Hours", values: ["60", "120", "240", "480", "960"] },
      { key: "quarter_days", title: "Quarter days", values: ["120", "240", "360", "480"] },
      { key: "custom", title: "Custom", values: ["30", "60"] },
    ],
  },
};

/** How a point's value reads: time values (minutes) as durations ("1h 30m"), the others as they are. */
export function estimatePointLabel(type: string | null | undefined, value: string): string {
  if (type !== "time") return value;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? formatDuration(n) : value;
}

export function isEstimateType(v: unknown): v is EstimateType {
  return (ESTIMATE_TYPES as readonly unknown[]).includes(v);
}

/** The points of a template as a create body carries them: keys 1..n in order. */
export function templatePoints(type: EstimateType, templateKey: string): { key: number; value: string }[] {
  const t = ESTIMATE_SYSTEMS[type].templates.find((x) => x.key === templateKey);
  if (!t) throw new Error(`No estimate template "${templateKey}" for ${type}`);
  return t.values.map((value, i) => ({ key: i + 1, value }));
}

/** Why one value is not acceptable in a system of `type` (ignoring the others), or null. */
export function estimateValueProblem(type: EstimateType, value: string): string | null {
  const v = value.trim();
  if (!v) return ESTIMATE_MSG.blank;
  if (v.length > ESTIMATE_VALUE_MAX) return ESTIMATE_MSG.tooLong;
  if (type === "points" || type === "time") {
    const n = Number(v);
    if (!Number.isFinite(n)) return ESTIMATE_MSG.notNumber;
    if (n <= 0) return ESTIMATE_MSG.notPositive;
  }
  return null;
}

/** The identity two values share when they are "the same point" (numbers by value, text case-insensitively). */
function sameness(type: EstimateType, value: string): string {
  const v = value.trim();
  return type !== "categories" && Number.isFinite(Number(v)) ? String(Number(v)) : v.toLowerCase();
}

/** Indexes of values that repeat an earlier one. */
export function duplicateValueIndexes(type: EstimateType, values: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  values.forEach((v, i) => {
    const k = sameness(type, v);
    if (seen.has(k)) out.push(i);
    else seen.add(k);
  });
  return out;
}

/**
 * The first problem of a whole system's values (in key order), or null: the count (2–6), then each value,
 * then repeats.
 */
export function estimatePointsProblem(type: EstimateType, values: readonly string[]): string | null {
  if (values.length < ESTIMATE_POINTS_MIN || values.length > ESTIMATE_POINTS_MAX) return ESTIMATE_MSG.count;
  for (const v of values) {
    const p = estimateValueProblem(type, v);
    if (p) return p;
  }
  return duplicateValueIndexes(type, values).length ? ESTIMATE_MSG.duplicate : null;
}

/** Can a system with `count` points gain one? lose one? */
export const canAddEstimatePoint = (count: number) => count < ESTIMATE_POINTS_MAX;
export const canRemoveEstimatePoint = (count: number) => count > ESTIMATE_POINTS_MIN;

/**
 * Order points by their wanted key (ties keep their given order; points without one go last, in order) and
 * give them keys 1..n. A create body's points are stored this way.
 */
export function rekeyEstimatePoints<T extends { key?: number | null }>(points: readonly T[]): (T & { key: number })[] {
  return points
    .map((p, i) => ({ p, i, k: p.key ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map(({ p }, i) => ({ ...p, key: i + 1 }));
}

/**
 * Place points that asked for a key (1-based position) there and let the others fill the free positions in
 * their current order: moving one point down or up, swapping two, inserting a new one at a position, or
 * sending every key at once all give what the person arranged. `ordered` is the system in key order (a new
 * point included, anywhere). Returns the new order, or null when two points ask for one position or a key is
 * outside 1..n.
 */
export function placeEstimatePoints<T>(ordered: readonly T[], wantedKey: (p: T) => number | undefined): T[] | null {
  const n = ordered.length;
  const slots: (T | undefined)[] = new Array(n).fill(undefined);
  const rest: T[] = [];
  for (const p of ordered) {
    const k = wantedKey(p);
    if (k === undefined) {
      rest.push(p);
      continue;
    }
    if (!Number.isInteger(k) || k < 1 || k > n || slots[k - 1] !== undefined) return null;
    slots[k - 1] = p;
  }
  return slots.map((s) => (s === undefined ? rest.shift()! : s));
}
