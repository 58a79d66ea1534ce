import { formatDate, planProgress, sortCycles, type CycleStatus } from "@stride/shared";
import type { Cycle } from "../../api/cycles.ts";

/** The cycles page's sections in the order of work-tracking.md §4 (current first, then upcoming, …, drafts last). */
export const CYCLE_SECTIONS: { status: CycleStatus; title: string; empty: string }[] = [
  { status: "CURRENT", title: "Active", empty: "No cycle is running now." },
  { status: "UPCOMING", title: "Upcoming", empty: "No upcoming cycles." },
  { status: "COMPLETED", title: "Completed", empty: "No completed cycles." },
  { status: "DRAFT", title: "Draft", empty: "No draft cycles." },
];

/** The cycles of each section, in the cycle-list order. */
export function cycleSections(cycles: readonly Cycle[]): Record<CycleStatus, Cycle[]> {
  const out: Record<CycleStatus, Cycle[]> = { CURRENT: [], UPCOMING: [], COMPLETED: [], DRAFT: [] };
  for (const c of sortCycles(cycles.map((x) => ({ ...x, start_date: cycleDay(x.start_date) })))) {
    out[(c.status as CycleStatus) in out ? (c.status as CycleStatus) : "DRAFT"].push(
      cycles.find((x) => x.id === c.id)!,
    );
  }
  return out;
}

/** The calendar day of a cycle date: the server writes it in the project's zone, so its first ten characters. */
export const cycleDay = (iso: string | null | undefined): string | null => (iso ? iso.slice(0, 10) : null);

/** "Jun 01, 2026 – Jun 14, 2026", or "No dates" for a draft. */
export function cycleRange(c: Pick<Cycle, "start_date" | "end_date">): string {
  const s = cycleDay(c.start_date);
  const e = cycleDay(c.end_date);
  return s && e ? `${formatDate(s)} – ${formatDate(e)}` : "No dates";
}

/** A cycle's work items done of those not cancelled, and the share (issue #27 point 5: as modules count). */
export const cycleProgress = (c: Pick<Cycle, "total_issues" | "completed_issues" | "cancelled_issues">) =>
  planProgress({ total: c.total_issues, completed: c.completed_issues, cancelled: c.cancelled_issues });

/** Unfinished (not completed or cancelled) work items of a cycle. */
export const unfinishedCount = (c: Pick<Cycle, "total_issues" | "completed_issues" | "cancelled_issues">) =>
  c.total_issues - c.completed_issues - c.cancelled_issues;

export const STATUS_LABEL: Record<string, string> = {
  CURRENT: "Active",
  UPCOMING: "Upcoming",
  COMPLETED: "Completed",
  DRAFT: "Draft",
};
