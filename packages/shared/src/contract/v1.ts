import { z } from "zod";
import type { Paginated } from "./common.ts";
import { bool, choice, date, HTML_MAX, idList, name, number, ref, text, uuid, type HtmlField } from "./fields.ts";
import { ROLE_VALUES } from "../roles.ts";
import { priority } from "./work-items.ts";
import { propertyValuesField } from "./issue-types.ts";
import { createStateBody, updateStateBody } from "./states.ts";

/**
 * Request bodies of the public API v1 (wire-facts §12) where v1 names fields its own way; elsewhere v1 takes the
 * app's bodies. The OpenAPI document (`/api/v1/openapi.json`) is generated from these same schemas.
 */

/** POST/PATCH v1 work items: `state`, `parent`, `assignees`, `labels` instead of the app's `*_id(s)`. */
export function v1WorkItemBodies(html: HtmlField) {
  const create = z.object({
    name: name(),
    description_html: html(HTML_MAX).nullable().optional(),
    state: ref().optional(),
    parent: ref().optional(),
    priority: priority().optional(),
    start_date: date().nullable().optional(),
    target_date: date().nullable().optional(),
    estimate_point: ref().optional(),
    assignees: idList().optional(),
    labels: idList().optional(),
    type_id: ref().optional(),
    /** Custom property values by property id (issue #29). */
    property_values: propertyValuesField().optional(),
    is_draft: bool().optional(),
    sort_order: number().optional(),
    external_source: text(255).nullable().optional(),
    external_id: text(255).nullable().optional(),
  });
  return { create, patch: create.partial() };
}
export type V1WorkItemCreateBody = z.infer<ReturnType<typeof v1WorkItemBodies>["create"]>;
export type V1WorkItemPatchBody = z.infer<ReturnType<typeof v1WorkItemBodies>["patch"]>;

/** POST v1 projects/{pid}/members/ `{member, role}`. */
export const v1ProjectMemberBody = z.object({ member: uuid(), role: choice(ROLE_VALUES).optional() });
/** POST v1 projects/{pid}/members/ answers the membership: its id, the member's id and the role. */
export interface V1ProjectMembership {
  id: string;
  member: string;
  role: number;
}

/** POST / PATCH v1 states: the app's bodies, and `default: true` makes the state the project's default. */
export const v1StateCreateBody = createStateBody.extend({ default: bool().optional() });
export const v1StateUpdateBody = updateStateBody.extend({ default: bool().optional() });

/** GET v1 projects/{pid}/summary/: the project's counts (`intakes` and `pages` always 0). */
export interface V1ProjectSummary {
  id: string;
  name: string;
  identifier: string;
  counts: Record<"members" | "states" | "labels" | "cycles" | "modules" | "issues" | "intakes" | "pages", number>;
}

/**
 * A v1 object (wire-facts §12): a model's columns under their column names (foreign keys as bare ids, dates as
 * ISO strings, `deleted_at` null), sometimes with a few extras. Every v1 read honours `?fields=` (only those keys,
 * `id` always) and `?expand=` (id keys replaced by the objects behind them), so its keys are the caller's choice:
 * the type names no key. Answers with fixed keys have their own types below.
 */
export type V1Object = Record<string, unknown>;
/** A v1 list: the §0 envelope of v1 objects. */
export type V1Page<T = V1Object> = Paginated<T>;

/** GET v1 work-items/{id}/relations/: per relation type, the related items the caller may read. */
export type V1Relations = Record<string, { project_id: string; issue_id: string }[]>;
