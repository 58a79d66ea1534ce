import { z } from "zod";
import type { CycleStatus } from "../cycles.ts";
import { dict, fieldError, MSG, nonEmptyList, number, requiredText, text, uuid } from "./fields.ts";
import type { Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

/**
 * A cycle date: `yyyy-MM-dd`, or an ISO datetime whose calendar day (as written) is taken. The server stores it at
 * the start (start_date) or the end (end_date) of that day in the project's time zone.
 */
export const cycleDate = () =>
  z
    .string({ error: fieldError(MSG.date) })
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}($|T)/.test(s) &&
        !Number.isNaN(new Date(s.slice(0, 10) + "T00:00:00Z").getTime()) &&
        new Date(s.slice(0, 10) + "T00:00:00Z").toISOString().slice(0, 10) === s.slice(0, 10),
      MSG.date,
    )
    .transform((s) => s.slice(0, 10));

const cycleFields = {
  description: text(100_000).optional(),
  start_date: cycleDate().nullable().optional(),
  end_date: cycleDate().nullable().optional(),
  sort_order: number().optional(),
  view_props: dict().optional(),
  logo_props: dict().optional(),
  external_source: text(255).nullable().optional(),
  external_id: text(255).nullable().optional(),
};

/** POST P/cycles/ (both dates or neither). */
export const createCycleBody = z.object({ name: requiredText(255), ...cycleFields });
export type CreateCycleBody = z.infer<typeof createCycleBody>;

/** PATCH P/cycles/{id}/ (an ended cycle takes only `sort_order`). */
export const updateCycleBody = z.object({ name: requiredText(255).optional(), ...cycleFields });
export type UpdateCycleBody = z.infer<typeof updateCycleBody>;

/** POST P/cycles/date-check/. */
export const cycleDateCheckBody = z.object({
  start_date: cycleDate().nullable().optional(),
  end_date: cycleDate().nullable().optional(),
  cycle_id: uuid().nullable().optional(),
});

/** POST P/cycles/{id}/cycle-issues/ `{issues}`. */
export const cycleIssuesBody = z.object({ issues: nonEmptyList(uuid(), 1000, "Issues are required") });
/** POST P/cycles/{id}/transfer-issues/ `{new_cycle_id}`. */
export const transferCycleIssuesBody = z.object({ new_cycle_id: uuid() });
/** POST P/user-favorite-cycles/ `{cycle}`. */
export const favoriteCycleBody = z.object({ cycle: uuid() });

// ---------------------------------------------------------------- responses

export type { CycleStatus };

/** A cycle of `GET P/cycles/` (wire-facts §7); dates are instants in the project's time zone. */
export interface Cycle {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  description: string;
  start_date: Timestamp | null;
  end_date: Timestamp | null;
  owned_by_id: string;
  view_props: Record<string, unknown>;
  sort_order: number;
  external_source: string | null;
  external_id: string | null;
  progress_snapshot: CycleProgressSnapshot | Record<string, never>;
  logo_props: Record<string, unknown>;
  is_favorite: boolean;
  total_issues: number;
  cancelled_issues: number;
  completed_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  assignee_ids: string[];
  status: CycleStatus;
  version: number;
  archived_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `GET P/cycles/{id}/` adds the count of sub-items. */
export interface CycleDetail extends Cycle {
  sub_issues: number;
}

/** `GET …/progress/` and `…/cycle-progress/` (wire-facts-2 §4). */
export interface CycleProgress {
  backlog_estimate_points: number;
  unstarted_estimate_points: number;
  started_estimate_points: number;
  cancelled_estimate_points: number;
  completed_estimate_points: number;
  total_estimate_points: number;
  backlog_issues: number;
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
}

export interface CycleAssigneeRow {
  display_name: string | null;
  assignee_id: string | null;
  avatar_url: string | null;
  total_issues?: number;
  completed_issues?: number;
  pending_issues?: number;
  total_estimates?: number;
  completed_estimates?: number;
  pending_estimates?: number;
}

export interface CycleLabelRow {
  label_name: string | null;
  color: string | null;
  label_id: string | null;
  total_issues?: number;
  completed_issues?: number;
  pending_issues?: number;
  total_estimates?: number;
  completed_estimates?: number;
  pending_estimates?: number;
}

/** `GET …/analytics/?type=issues|points`: `completion_chart` maps each day to what remains (null in the future). */
export interface CycleAnalytics {
  assignees: CycleAssigneeRow[];
  labels: CycleLabelRow[];
  completion_chart: Record<string, number | null>;
}

/** What transfer-issues freezes on the ended cycle. */
export interface CycleProgressSnapshot extends CycleProgress {
  distribution: CycleAnalytics;
  estimate_distribution: CycleAnalytics;
}

/** `W/active-cycles/` rows: the cycle with its project and progress. */
export interface ActiveCycle extends Cycle {
  project_detail: { id: string; name: string; identifier: string; logo_props: Record<string, unknown> };
  progress: CycleProgress;
}
