import { z } from "zod";
import { MODULE_STATUSES, type ModuleStatus } from "../modules.ts";
import {
  choice,
  date,
  dict,
  idList,
  nonEmptyList,
  number,
  ref,
  requiredText,
  text,
  uuid,
  type HtmlField,
  HTML_MAX,
} from "./fields.ts";
import type { CalendarDate, Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

export const MODULE_NAME_MAX = 255;

/**
 * Bodies of POST P/modules/ and PUT/PATCH P/modules/{id}/ (wire-facts §7). `lead_id`/`member_ids` are what
 * Plane's client sends (`lead`/`members` are accepted as their older names); `""` means no lead.
 */
export function moduleBodies(html: HtmlField) {
  const fields = {
    description: text(HTML_MAX).optional(),
    description_text: z.unknown().optional(),
    description_html: html(HTML_MAX).nullable().optional(),
    start_date: date().nullable().optional(),
    target_date: date().nullable().optional(),
    status: choice(MODULE_STATUSES).optional(),
    lead_id: ref().optional(),
    lead: ref().optional(),
    member_ids: idList().optional(),
    members: idList().optional(),
    view_props: dict().optional(),
    sort_order: number().optional(),
    logo_props: dict().optional(),
    external_source: text(255).nullable().optional(),
    external_id: text(255).nullable().optional(),
  };
  const create = z.object({ name: requiredText(MODULE_NAME_MAX), ...fields });
  const patch = z.object({ name: requiredText(MODULE_NAME_MAX).optional(), ...fields });
  return { create, patch };
}
type ModuleBodies = ReturnType<typeof moduleBodies>;
export type ModuleCreateBody = z.infer<ModuleBodies["create"]>;
export type ModulePatchBody = z.infer<ModuleBodies["patch"]>;

/** POST P/modules/{id}/issues/ `{issues}`. */
export const moduleIssuesBody = z.object({ issues: nonEmptyList(uuid(), 1000, "Issues are required") });
/** POST P/issues/{id}/modules/ `{modules, removed_modules}`. */
export const issueModulesBody = z.object({ modules: idList().optional(), removed_modules: idList().optional() });
/** POST P/user-favorite-modules/ `{module}`. */
export const favoriteModuleBody = z.object({ module: uuid() });

// ---------------------------------------------------------------- responses

export type { ModuleStatus };

/** A module as lists present it (wire-facts §7): columns, lead and members, item counts and estimate sums. */
export interface Module {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  description: string;
  description_text: unknown;
  description_html: string | null;
  start_date: CalendarDate | null;
  target_date: CalendarDate | null;
  status: ModuleStatus;
  lead_id: string | null;
  member_ids: string[];
  view_props: Record<string, unknown>;
  sort_order: number;
  external_source: string | null;
  external_id: string | null;
  logo_props: Record<string, unknown>;
  archived_at: Timestamp | null;
  is_favorite: boolean;
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
}

/** A link of a module. */
export interface ModuleLink {
  id: string;
  title: string | null;
  url: string;
  metadata: Record<string, unknown>;
  module: string;
  module_id: string;
  project: string;
  workspace: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

export interface ModuleAssigneeRow {
  assignee_id: string | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
}
export interface ModuleLabelRow {
  label_id: string | null;
  label_name: string | null;
  color: string | null;
}
export interface IssueCounts {
  total_issues: number;
  completed_issues: number;
  pending_issues: number;
}
export interface EstimateCounts {
  total_estimates: number;
  completed_estimates: number;
  pending_estimates: number;
}

/** The breakdown of a module's items by assignee and label with its burndown (wire-facts-2 §4). */
export interface ModuleDistribution<C> {
  assignees: (ModuleAssigneeRow & C)[];
  labels: (ModuleLabelRow & C)[];
  completion_chart: Record<CalendarDate, number | null>;
}

/** GET P/modules/{id}/: the list shape with links, estimate sums by state group and distributions. */
export interface ModuleDetail extends Module {
  link_module: ModuleLink[];
  sub_issues: number;
  backlog_estimate_points: number;
  unstarted_estimate_points: number;
  started_estimate_points: number;
  cancelled_estimate_points: number;
  distribution: ModuleDistribution<IssueCounts>;
  /** The points version; empty when the project's estimate is not of type points. */
  estimate_distribution: ModuleDistribution<EstimateCounts> | Record<string, never>;
}
