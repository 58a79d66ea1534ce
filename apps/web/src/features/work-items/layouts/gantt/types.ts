import type { Dir } from "../../../../components/dnd/index.ts";
import { formatDate } from "../../../../lib/dates.ts";

/** What of a bar is dragged: the whole bar, or one end. */
export type Part = "move" | "start" | "end";
/** A bar's dates while dragged. */
export interface Dates {
  start_date: string;
  target_date: string;
}
/** Days an arrow key moves a bar or an end. */
export const DAY_STEP: Record<Dir, number> = { left: -1, right: 1, up: -7, down: 7 };
export const rangeText = (d: Dates) => `${formatDate(d.start_date)} – ${formatDate(d.target_date)}`;
