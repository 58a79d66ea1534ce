/**
 * How far a cycle or a module has come (issue #27 point 5), the same on every screen and in the server's charts:
 *
 * - A cancelled work item leaves the scope: progress is what is completed of what was not cancelled
 *   ("1 of 7 done · 14%" for seven open or done items and one cancelled), the burndown runs from that scope to
 *   zero, and the breakdowns by assignee and label count the same items.
 * - It is counted in work items, or in estimate points when the project estimates in points (its active estimate
 *   is of type `points`); those screens open in points and offer both (`progressUnits`).
 */

/** The units a cycle's or a module's progress is counted in: work items, or estimate points. */
export type ProgressUnit = "issues" | "points";

export interface PlanProgress {
  /** Completed (work items or points). */
  done: number;
  /** What is not cancelled. */
  scope: number;
  /** Cancelled, out of the scope. */
  cancelled: number;
  /** `done` of `scope`, 0–100 rounded (0 with nothing in scope). */
  percent: number;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Progress from the total, the completed and the cancelled counts (work items or points). */
export function planProgress(c: { total: number; completed: number; cancelled: number }): PlanProgress {
  const scope = Math.max(0, c.total - c.cancelled);
  return {
    done: round(c.completed),
    scope: round(scope),
    cancelled: round(c.cancelled),
    percent: scope > 0 ? Math.round((c.completed / scope) * 100) : 0,
  };
}

export const PROGRESS_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;

/** Counts by state group as the wire carries them: `<group>_issues` and `<group>_estimate_points`, plus the totals. */
export type ProgressFields = { total_issues: number; total_estimate_points?: number } & Partial<
  Record<`${(typeof PROGRESS_GROUPS)[number]}_issues` | `${(typeof PROGRESS_GROUPS)[number]}_estimate_points`, number>
>;

/** A cycle's or a module's counts by state group in one unit, with its total. */
export function groupCounts(
  f: ProgressFields,
  unit: ProgressUnit,
): { total: number; groups: Record<(typeof PROGRESS_GROUPS)[number], number> } {
  const suffix = unit === "points" ? "_estimate_points" : "_issues";
  const groups = Object.fromEntries(
    PROGRESS_GROUPS.map((g) => [g, Number(f[`${g}${suffix}` as keyof ProgressFields] ?? 0)]),
  ) as Record<(typeof PROGRESS_GROUPS)[number], number>;
  return { total: unit === "points" ? Number(f.total_estimate_points ?? 0) : f.total_issues, groups };
}

/** Progress of a cycle or a module in one unit. */
export function progressIn(f: ProgressFields, unit: ProgressUnit): PlanProgress {
  const { total, groups } = groupCounts(f, unit);
  return planProgress({ total, completed: groups.completed, cancelled: groups.cancelled });
}

/**
 * The units a project's cycles and modules offer, the first one shown by default: points first when the project's
 * active estimate counts points, otherwise work items only.
 */
export function progressUnits(estimateType: string | null | undefined): ProgressUnit[] {
  return estimateType === "points" ? ["points", "issues"] : ["issues"];
}

/**
 * The metrics workspace analytics offer for projects estimating as `types` say (each project's active estimate
 * type): points first when every one of them counts points, also offered when some do, work items only otherwise.
 */
export function analyticsMetrics(types: readonly (string | null | undefined)[]): ProgressUnit[] {
  const points = types.filter((t) => t === "points").length;
  if (!points) return ["issues"];
  return points === types.length ? ["points", "issues"] : ["issues", "points"];
}
