import { z } from "zod";
import { fieldError, idList, MSG, name, NAME_MAX, ref, type HtmlField } from "./fields.ts";
import { itemProperties, workItemBodies } from "./work-items.ts";
import type { Priority } from "../constants.ts";
import type { CalendarDate, Timestamp } from "./common.ts";

/**
 * Bodies of the workspace drafts W/draft-issues/ (every field optional, the name may be blank) and of
 * POST W/draft-to-issue/{id}/ (the same fields; the merged draft must then name a project and have a name).
 * `html` builds the description field: the server passes its sanitising htmlField, a client `htmlText`.
 */
export function draftBodies(html: HtmlField) {
  const item = workItemBodies(html).create.shape;
  const draft = z.object({
    name: z
      .string({ error: fieldError(MSG.string) })
      .trim()
      .max(NAME_MAX, MSG.maxLen(NAME_MAX))
      .optional(),
    description_html: item.description_html,
    description_json: item.description_json,
    project_id: ref().optional(),
    parent_id: item.parent_id,
    ...itemProperties(),
    // Plane's create dialog sends null for "no modules"
    module_ids: idList().nullable().optional(),
    cycle_id: ref().optional(),
    sort_order: item.sort_order,
    type_id: item.type_id,
    external_source: item.external_source,
    external_id: item.external_id,
    // custom property values (issue #29): checked against the draft's project and type; required ones on conversion
    property_values: item.property_values,
  });
  return { draft, toIssue: draft.extend({ name: name().optional() }) };
}
export type DraftBody = z.infer<ReturnType<typeof draftBodies>["draft"]>;

/** A workspace draft (W/draft-issues/). */
export interface WorkspaceDraft {
  id: string;
  name: string;
  description_html: string;
  state_id: string | null;
  sort_order: number;
  completed_at: Timestamp | null;
  estimate_point: string | null;
  priority: Priority;
  start_date: CalendarDate | null;
  target_date: CalendarDate | null;
  project_id: string | null;
  workspace_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  module_ids: string[];
  label_ids: string[];
  assignee_ids: string[];
  type_id: string | null;
  /** Custom property values by property id (issue #29). */
  property_values: Record<string, string[]>;
  is_draft: true;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}
