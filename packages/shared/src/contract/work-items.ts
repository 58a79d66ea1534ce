import { z } from "zod";
import { PRIORITIES, type Priority } from "../constants.ts";
import { ITEM_RELATION_TYPES, RELATION_TYPES, WORK_ITEM_PATCH_FIELDS, type RelationType } from "../work-items.ts";
import type { DisplayFilters, DisplayProperties, IssueFilters } from "../issue-filters/display.ts";
import {
  bool,
  date,
  dict,
  fieldError,
  flag,
  HTML_MAX,
  idList,
  MSG,
  name,
  nonEmptyList,
  number,
  ref,
  text,
  uuid,
  type HtmlField,
} from "./fields.ts";
import { propertyValuesField, type PropertyValues } from "./issue-types.ts";
import type { AuditFields, CalendarDate, PageInfo, Timestamp } from "./common.ts";
import type { UserLite } from "./users.ts";
import type { ProjectLite } from "./projects.ts";
import type { WorkspaceLite } from "./workspaces.ts";

// ---------------------------------------------------------------- request bodies

export const priority = () => z.enum(PRIORITIES, { error: fieldError(MSG.choice) });

/** The properties a work item, a draft and a bulk change share (all optional; `""` refs mean none). */
export const itemProperties = () => ({
  state_id: ref().optional(),
  priority: priority().optional(),
  assignee_ids: idList().optional(),
  label_ids: idList().optional(),
  start_date: date().nullable().optional(),
  target_date: date().nullable().optional(),
  estimate_point: ref().optional(),
});

/**
 * Bodies of POST P/issues/ (wire-facts §6.2) and PATCH P/issues/{id}/ (any create field; lists replace).
 * `module_ids` replaces the item's modules (the same command as P/issues/{id}/modules/); `cycle_id` puts the item in a
 * cycle (or out with null) through the cycle command; other unknown keys are ignored. `html` builds the
 * description field: the server passes its sanitising htmlField, a client `htmlText` (fields.ts).
 */
export function workItemBodies(html: HtmlField) {
  const create = z.object({
    name: name(),
    description_html: html(HTML_MAX).nullable().optional(),
    description_binary: text(HTML_MAX * 2)
      .nullable()
      .optional(),
    description_json: z.unknown().optional(),
    parent_id: ref().optional(),
    ...itemProperties(),
    sort_order: number().optional(),
    is_draft: bool().optional(),
    type_id: ref().optional(),
    /** Custom property values by property id (issue #29); only the named properties change. */
    property_values: propertyValuesField().optional(),
    external_source: text(255).nullable().optional(),
    external_id: text(255).nullable().optional(),
    // Plane's create dialog sends null for "no modules"
    module_ids: idList().nullable().optional(),
    cycle_id: ref().optional(),
  });
  const patch = create.partial().extend({ skip_activity: flag().optional() });
  return { create, patch };
}
type WorkItemBodies = ReturnType<typeof workItemBodies>;
export type WorkItemCreateBody = z.infer<WorkItemBodies["create"]>;
export type WorkItemPatchBody = z.infer<WorkItemBodies["patch"]>;

// The PATCH field list lives with the zod-free constants (../work-items.ts), so the web reads it without zod.
export { WORK_ITEM_PATCH_FIELDS } from "../work-items.ts";
// each of them is a field of both the PATCH body and the detail (a type error otherwise)
const _patchFieldsChecked: Record<
  Exclude<(typeof WORK_ITEM_PATCH_FIELDS)[number], keyof WorkItemPatchBody & keyof WorkItemDetail>,
  never
> = {};
void _patchFieldsChecked;

/** `{issue_ids}` of the bulk endpoints (delete, subscribe, archive, tasks bulk-fetch). */
export const issueIdsBody = z.object({ issue_ids: nonEmptyList(uuid(), 1000, "Issue IDs are required") });

/** `properties` of POST P/bulk-operation-issues/: scalars are set; label, assignee and module ids are added. */
export const bulkPropertiesBody = z.object(
  {
    ...itemProperties(),
    cycle_id: ref().optional(),
    module_ids: idList().optional(),
    property_values: propertyValuesField().optional(),
  },
  { error: fieldError(MSG.dict) },
);
export type BulkProperties = z.infer<typeof bulkPropertiesBody>;

/** POST P/bulk-operation-issues/ `{issue_ids, properties}`. */
export const bulkOperationBody = issueIdsBody.extend({ properties: bulkPropertiesBody });

/** POST P/issue-dates/ `{updates: [{id, start_date?, target_date?}]}` (timeline drags). */
export const workItemDatesBody = z.object({
  updates: z
    .array(
      z.object({ id: uuid(), start_date: date().nullable().optional(), target_date: date().nullable().optional() }),
      { error: fieldError(MSG.list) },
    )
    .max(1000),
});

export { RELATION_TYPES, ITEM_RELATION_TYPES };

export const relationType = () => z.enum(RELATION_TYPES, { error: fieldError(MSG.choice) });

/** POST …/issue-relation/ `{relation_type, issues}`. */
export const addRelationsBody = z.object({ relation_type: relationType(), issues: nonEmptyList(uuid(), 500) });
/** POST …/remove-relation/ `{related_issue, relation_type?}`. */
export const removeRelationBody = z.object({ related_issue: uuid(), relation_type: relationType().optional() });

/** POST …/sub-issues/ `{sub_issue_ids}`. */
export const addSubIssuesBody = z.object({ sub_issue_ids: nonEmptyList(uuid(), 500, "Sub Issue IDs are required") });

export const LINK_URL_MAX = 2000;
const linkFields = { title: text(255).nullable().optional(), metadata: dict().optional() };
/** POST …/issue-links/ (the URL is normalised and checked by the server: http(s) with a host). */
export const createLinkBody = z.object({ url: text(LINK_URL_MAX).min(1, MSG.blank), ...linkFields });
export type CreateLinkBody = z.infer<typeof createLinkBody>;
/** PATCH …/issue-links/{id}/. */
export const updateLinkBody = z.object({ url: text(LINK_URL_MAX).min(1, MSG.blank).optional(), ...linkFields });
export type UpdateLinkBody = z.infer<typeof updateLinkBody>;

// ---------------------------------------------------------------- responses

export type { Priority, RelationType };

/** The fields every presented work item has, list rows included (wire-facts §6.1). */
export interface WorkItemCore {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number;
  completed_at: Timestamp | null;
  estimate_point: string | null;
  priority: Priority;
  start_date: CalendarDate | null;
  target_date: CalendarDate | null;
  sequence_id: number;
  project_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  module_ids: string[];
  label_ids: string[];
  assignee_ids: string[];
  sub_issues_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
  attachment_count: number;
  link_count: number;
  is_draft: boolean;
  type_id: string | null;
  archived_at: CalendarDate | null;
  /** Custom property values (issue #29), inline: property id → values. */
  property_values: PropertyValues;
}

/**
 * One work item as the create, update and single-item endpoints present it (wire-facts §6.2). Lists add
 * `state__group`; the detail leaves it out.
 */
export interface WorkItem extends WorkItemCore {
  task_count: number;
  is_epic: boolean;
  deleted_at: Timestamp | null;
  state__group?: string | null;
}

/** A row of a work-item list (the list engine's shape, wire-facts §6.1). */
export interface WorkItemListItem extends WorkItemCore {
  state__group?: string | null;
  /** `P/issues/list/` rows. */
  deleted_at?: Timestamp | null;
  /** v2 sync with `description=true`. */
  description_html?: string;
  /** `P/issues-detail/` rows. */
  issue_relation?: RelationLite[];
  issue_related?: RelationLite[];
  /** The group key of a multi-valued grouping (e.g. `labels__id`) is added under its own name. */
  [groupKey: string]: unknown;
}

/** The `tasks/` of a work item (status pending / in_progress / completed / cancelled). */
export interface Task {
  id: string;
  name: string;
  description: string;
  status: string;
  sort_order: number;
  assignee_id: string | null;
  completed_at: Timestamp | null;
  issue: string;
  issue_id: string;
  project: string;
  workspace: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** `issue_reactions` expansion entry. */
export interface IssueReactionLite {
  id: string;
  actor: string;
  issue: string;
  reaction: string;
  display_name: string | null;
}

/** `issue_link` expansion entry. */
export interface LinkLite {
  id: string;
  issue_id: string;
  title: string | null;
  url: string;
  metadata: unknown;
  created_by_id: string | null;
  created_at: Timestamp;
}

/** `issue_attachments` expansion entry. */
export interface AttachmentLite {
  id: string;
  asset: string;
  attributes: AssetAttributes;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
  asset_url: string;
}

/** `issue_relation` / `issue_related` expansion entries and the relation POST response. */
export interface RelationLite {
  id: string;
  project_id: string;
  sequence_id: number;
  name: string;
  relation_type: string;
  state_id: string | null;
  priority: Priority;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** GET P/issues/{id}/?expand=… (wire-facts §6.3): item fields plus the description and the requested expansions. */
export interface WorkItemDetail extends WorkItem {
  description_html: string;
  is_subscribed: boolean;
  is_intake: boolean;
  issue_reactions?: IssueReactionLite[];
  issue_attachments?: AttachmentLite[];
  issue_link?: LinkLite[];
  parent?: { id: string; sequence_id: number; project_id: string; name: string } | null;
  tasks?: Task[];
  issue_relation?: RelationLite[];
  issue_related?: RelationLite[];
  assignees?: UserLite[];
  labels?: { id: string; name: string; color: string; parent: string | null }[];
  state?: { id: string; name: string; color: string; group: string } | null;
}

/** A related work item as listed by `issue-relation/` (wire-facts §6.5). */
export interface RelatedWorkItem {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number;
  priority: Priority;
  sequence_id: number;
  project_id: string;
  label_ids: string[];
  assignee_ids: string[];
  is_epic: boolean;
  type_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
  relation_type: RelationType;
}

/** GET …/issue-relation/: the related items by relation type, as seen from the item. */
export type RelationMap = Record<RelationType, RelatedWorkItem[]>;

/** POST …/issue-relation/: the newly related items. */
export interface AddedRelation {
  id: string;
  project_id: string;
  sequence_id: number;
  relation_type: RelationType;
  name: string;
  state_id: string | null;
  priority: Priority;
  is_epic: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** A sub-item of `sub-issues/`: a list row with its state group. */
export interface SubWorkItem extends WorkItem {
  state_group: string | null;
}

/** GET/POST …/sub-issues/ (wire-facts §6.5); grouped by `group_by` when asked. */
export interface SubIssuesResponse {
  sub_issues: SubWorkItem[] | Record<string, SubWorkItem[]>;
  state_distribution: Record<string, string[]>;
}

/** A link of …/issue-links/. */
export interface Link extends AuditFields {
  id: string;
  title: string | null;
  url: string;
  metadata: unknown;
  issue: string;
  issue_id: string;
  project: string;
  workspace: string;
  created_by_detail: UserLite | null;
}

/** Flat work-item fields carried by history rows and comments (`issue_detail`). */
export interface WorkItemFlat {
  id: string;
  name: string;
  description_json: unknown;
  description_html: string;
  priority: Priority;
  start_date: CalendarDate | null;
  target_date: CalendarDate | null;
  sequence_id: number;
  sort_order: number;
  is_draft: boolean;
}

/** A property-change row of …/history/ (wire-facts §6.4). */
export interface Activity extends AuditFields {
  id: string;
  verb: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  comment: string | null;
  attachments: unknown;
  old_identifier: string | null;
  new_identifier: string | null;
  epoch: number | null;
  issue: string | null;
  issue_comment: string | null;
  actor: string | null;
  project: string;
  workspace: string;
  actor_detail: UserLite | null;
  /** An agent's change (its actor is the agent's bot): the person who started the run (Stride's; docs/decisions.md). */
  on_behalf_of: string | null;
  on_behalf_of_detail: UserLite | null;
  issue_detail: WorkItemFlat | null;
  project_detail: ProjectLite | null;
  workspace_detail: WorkspaceLite | null;
  source_data: null;
}

/** A reaction on a work item (…/reactions/). */
export interface IssueReaction extends AuditFields {
  id: string;
  actor: string;
  issue: string;
  reaction: string;
  project: string;
  workspace: string;
  actor_detail: UserLite | null;
  display_name: string | null;
}

/** A reaction on a comment (P/comments/{id}/reactions/). */
export interface CommentReaction extends AuditFields {
  id: string;
  actor: string;
  comment: string;
  reaction: string;
  display_name: string | null;
  actor_detail: UserLite | null;
  workspace: string;
  project: string;
}

/** A comment of …/comments/ and a comment row of …/history/. */
export interface Comment {
  id: string;
  comment_stripped: string;
  comment_json: unknown;
  comment_html: string;
  description: null;
  attachments: unknown[];
  access: string;
  external_source: string | null;
  external_id: string | null;
  edited_at: Timestamp | null;
  parent: string | null;
  issue: string;
  actor: string | null;
  project: string;
  workspace: string;
  actor_detail: UserLite | null;
  /** An agent's comment (its actor is the agent's bot): the person who started the run (Stride's; docs/decisions.md). */
  on_behalf_of: string | null;
  on_behalf_of_detail: UserLite | null;
  issue_detail: WorkItemFlat | null;
  project_detail: ProjectLite | null;
  workspace_detail: WorkspaceLite | null;
  comment_reactions: CommentReaction[];
  is_member: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  created_by: string | null;
  updated_by: string | null;
}

/** One entry of …/history/: a property change or a comment. */
export type HistoryEntry = Activity | Comment;

/** A subscription of …/subscribe/. */
export interface Subscriber extends AuditFields {
  id: string;
  issue: string;
  subscriber: string;
  project: string;
  workspace: string;
}

/** A description version as listed by `description-versions/` (no description payload). */
export interface DescriptionVersionLite {
  id: string;
  workspace: string;
  project: string;
  issue: string;
  last_saved_at: Timestamp;
  owned_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** One description version with its content (`description-versions/{id}/`); the binary as base64. */
export interface DescriptionVersion extends DescriptionVersionLite {
  description_binary: string | null;
  description_html: string;
  description_stripped: string | null;
  description_json: unknown;
}

/** The attributes of a file asset: the name, type and size fixed at slot time, and descriptive keys. */
export interface AssetAttributes {
  name?: string;
  type?: string;
  size?: number;
  [k: string]: unknown;
}

/** GET …/agent-executions/. */
export interface AgentExecutions {
  agent_executions: { id: string; execution_id: string; created_at: Timestamp }[];
}

/** A group of a grouped list: its rows (or sub-groups) on this page and the group's total. */
export interface GroupBucket<T = WorkItemListItem> {
  results: T[] | Record<string, { results: T[]; total_results: number }>;
  total_results: number;
}

/** The paginated envelope of the list endpoints (wire-facts §0, §6.1): flat or grouped results. */
export interface ListEnvelope<T = WorkItemListItem> extends PageInfo {
  results: T[] | Record<string, GroupBucket<T>>;
}

/** The v2 sync envelope (wire-facts §6.1): next_cursor is null at the end. */
export interface SyncEnvelope<T = WorkItemListItem> {
  prev_cursor: string | null;
  cursor: string;
  next_cursor: string | null;
  prev_page_results: boolean;
  next_page_results: boolean;
  page_count: number;
  total_results: number;
  total_pages: number;
  results: T[] | Record<string, GroupBucket<T>>;
}

/** P/user-properties/ (wire-facts §7): stored values laid over the defaults. */
export interface UserProperties {
  id: string;
  filters: IssueFilters;
  display_filters: DisplayFilters;
  display_properties: DisplayProperties;
  rich_filters: Record<string, unknown>;
  preferences: Record<string, unknown>;
  sort_order: number;
  user: string;
  project: string;
  workspace: string;
}
