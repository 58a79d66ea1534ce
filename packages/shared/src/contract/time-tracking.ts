import { z } from "zod";
import {
  PROJECT_UPDATE_STATUSES,
  WORKLOG_MAX_MINUTES,
  WORKLOG_NOTE_MAX,
  type ProjectUpdateStatus,
  type WorklogGroup,
} from "../time-tracking.ts";
import type { AuditFields, CalendarDate, Timestamp } from "./common.ts";
import { choice, date, HTML_MAX, integerIn, requiredText, text, type HtmlField } from "./fields.ts";
import type { UserLite } from "./user-lite.ts";

export { PROJECT_UPDATE_STATUSES, type ProjectUpdateStatus } from "../time-tracking.ts";

/**
 * Work logs (issue #29 point 3): `P/issues/{id}/worklogs/` (Plane's path and field names: `duration` in minutes,
 * `description`, `logged_by`) plus Stride's `logged_on`, the day the work was done (today when not given).
 */
export const worklogCreateBody = z.object({
  duration: integerIn(1, WORKLOG_MAX_MINUTES),
  description: text(WORKLOG_NOTE_MAX).optional(),
  logged_on: date().optional(),
});
export const worklogPatchBody = worklogCreateBody.partial();
export type WorklogCreateBody = z.infer<typeof worklogCreateBody>;
export type WorklogPatchBody = z.infer<typeof worklogPatchBody>;

/** One work log. */
export interface Worklog extends AuditFields {
  id: string;
  issue_id: string;
  project_id: string;
  workspace_id: string;
  /** Minutes. */
  duration: number;
  description: string;
  logged_on: CalendarDate;
  logged_by: string;
  logged_by_detail: UserLite | null;
}

/** A row of the project's worklog report: the log with its work item. */
export interface WorklogReportRow extends Worklog {
  issue_detail: { id: string; sequence_id: number; name: string; project_identifier: string };
}

/** An item's logged time (`P/issues/{id}/worklogs/summary/`), in minutes. */
export interface WorklogItemSummary {
  issue_id: string;
  /** Logged on the item itself. */
  duration: number;
  /** Logged on its sub-items, at any depth. */
  sub_issues_duration: number;
  total_duration: number;
  /** The item's estimate in minutes when the project's active estimate is a time estimate; else null. */
  estimate_minutes: number | null;
  by_member: { logged_by: string; duration: number }[];
}

/** A total of the report (`P/worklogs/summary/?group_by=`): one per work item, member, cycle, module or day. */
export interface WorklogSummaryRow {
  group_by: WorklogGroup;
  /** The id of the item, member, cycle or module (the day for `date`); null for "none" (no cycle, no module). */
  key: string | null;
  name: string;
  duration: number;
  count: number;
  /** For work items under a time estimate: the estimate in minutes. */
  estimate_minutes?: number | null;
}

/** Filters of the report, its totals and its export (query strings). */
export const worklogReportQuery = z.object({
  logged_by: z.string().optional(),
  issue: z.string().optional(),
  cycle: z.string().optional(),
  module: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  group_by: z.string().optional(),
  format: z.string().optional(),
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});

/**
 * Project updates (issue #29 point 4): `P/updates/` — a status (Plane's `ON-TRACK` / `AT-RISK` / `OFF-TRACK`)
 * and a written update, with comments and reactions.
 */
export function projectUpdateBodies(html: HtmlField) {
  const create = z.object({
    status: choice(PROJECT_UPDATE_STATUSES),
    description_html: html(HTML_MAX).optional(),
  });
  return { create, patch: create.partial() };
}
export type ProjectUpdateCreateBody = z.infer<ReturnType<typeof projectUpdateBodies>["create"]>;

export function projectUpdateCommentBodies(html: HtmlField) {
  const create = z.object({ comment_html: html(HTML_MAX) });
  return { create, patch: create };
}

export const projectUpdateReactionBody = z.object({ reaction: requiredText(20) });

export interface ProjectUpdateReaction {
  id: string;
  reaction: string;
  actor: string;
  actor_detail: UserLite | null;
  created_at: Timestamp;
}

/** The work items' progress when the update was posted (live, not archived, not drafts; closed = completed or cancelled). */
export interface ProjectUpdateProgress {
  total_issues: number;
  completed_issues: number;
}

export interface ProjectUpdate extends AuditFields {
  id: string;
  project_id: string;
  workspace_id: string;
  status: ProjectUpdateStatus;
  description_html: string;
  description_stripped: string;
  progress: ProjectUpdateProgress;
  created_by_detail: UserLite | null;
  comments_count: number;
  update_reactions: ProjectUpdateReaction[];
}

export interface ProjectUpdateComment extends AuditFields {
  id: string;
  update_id: string;
  project_id: string;
  comment_html: string;
  comment_stripped: string;
  actor: string | null;
  actor_detail: UserLite | null;
  edited_at: Timestamp | null;
}

/** The latest update of a project, on the full project object (`latest_update`; null when none or not visible). */
export interface ProjectLatestUpdate {
  id: string;
  status: ProjectUpdateStatus;
  created_at: Timestamp;
  created_by: string | null;
}
