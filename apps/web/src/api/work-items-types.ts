/** Wire shapes of work items and their sub-resources (wire-facts §6, §7, §10). */
import type { DisplayFilters, DisplayProperties, IssueFilters } from "@stride/shared";
import type { UserLite } from "./types.ts";

export type PriorityKey = "urgent" | "high" | "medium" | "low" | "none";

/** One item of a list page / the create response (wire-facts §6.1, §6.2). */
export interface WorkItem {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number;
  completed_at: string | null;
  estimate_point: string | null;
  priority: PriorityKey;
  start_date: string | null;
  target_date: string | null;
  sequence_id: number;
  project_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  module_ids: string[] | null;
  label_ids: string[];
  assignee_ids: string[];
  sub_issues_count: number | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  attachment_count: number | null;
  link_count: number | null;
  task_count?: number | null;
  is_draft: boolean;
  is_epic?: boolean;
  archived_at: string | null;
  state__group?: string | null;
  [k: string]: unknown;
}

export interface ReactionLite { id: string; actor: string; issue?: string; comment?: string; reaction: string; display_name?: string | null }
export interface LinkLite { id: string; issue_id: string; title: string | null; url: string; metadata: unknown; created_by_id: string | null; created_at: string }
export interface AttachmentLite {
  id: string;
  asset?: string;
  attributes: { name?: string; type?: string; size?: number };
  created_by: string | null;
  updated_at: string;
  asset_url: string;
}
export interface TaskItem {
  id: string;
  name: string;
  description?: string | null;
  status: string;
  sort_order: number;
  assignee_id: string | null;
  completed_at: string | null;
  created_at: string;
}
export interface RelationLite {
  id: string;
  project_id: string;
  sequence_id: number;
  name: string;
  relation_type: string;
  state_id: string | null;
  priority: PriorityKey;
}

/** GET P/issues/{id}/?expand=… (wire-facts §6.3). */
export interface WorkItemDetail extends WorkItem {
  description_html: string | null;
  is_subscribed: boolean;
  is_intake?: boolean;
  issue_reactions?: ReactionLite[];
  issue_attachments?: AttachmentLite[];
  issue_link?: LinkLite[];
  parent?: { id: string; sequence_id: number; project_id: string; name?: string } | null;
  tasks?: TaskItem[];
}

export interface GroupBucket { results: WorkItem[] | Record<string, { results: WorkItem[]; total_results: number }>; total_results: number }

/** The paginated envelope of list endpoints (wire-facts §0, §6.1). */
export interface ListEnvelope {
  grouped_by: string | null;
  sub_grouped_by: string | null;
  total_count: number;
  next_cursor: string | null;
  next_page_results: boolean;
  count: number;
  total_pages: number;
  total_results: number;
  results: WorkItem[] | Record<string, GroupBucket>;
}

/** P/user-properties/ (wire-facts §7). */
export interface UserProperties {
  id?: string;
  filters: IssueFilters;
  display_filters: DisplayFilters;
  display_properties: DisplayProperties;
  rich_filters?: Record<string, unknown>;
  preferences?: Record<string, unknown>;
}

export interface RelationMap {
  blocking: RelationItem[];
  blocked_by: RelationItem[];
  duplicate: RelationItem[];
  relates_to: RelationItem[];
  [k: string]: RelationItem[];
}
export interface RelationItem {
  id: string;
  name: string;
  state_id: string | null;
  priority: PriorityKey;
  sequence_id: number;
  project_id: string;
  relation_type: string;
}

export interface SubIssuesResponse {
  sub_issues: (WorkItem & { state_group?: string | null })[];
  state_distribution: Record<string, string[]>;
}

export interface Activity {
  id: string;
  verb: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  comment?: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  actor: string | null;
  actor_detail: UserLite | null;
  created_at: string;
}

export interface CommentReaction { id: string; actor: string; comment: string; reaction: string; display_name?: string | null }
export interface Comment {
  id: string;
  comment_html: string;
  comment_stripped?: string;
  access?: string;
  edited_at: string | null;
  actor: string;
  actor_detail: UserLite | null;
  comment_reactions: CommentReaction[];
  created_at: string;
  updated_at: string;
}

export interface LinkItem {
  id: string;
  title: string | null;
  url: string;
  metadata?: unknown;
  created_at: string;
  created_by?: string | null;
  created_by_detail?: UserLite | null;
}

export interface UploadSlot {
  upload_data: { url: string; fields: Record<string, string> };
  asset_id: string;
  asset_url: string;
  attachment?: unknown;
}

export interface FileAsset {
  id: string;
  attributes: { name?: string; type?: string; size?: number };
  asset_url: string;
  size?: number;
  is_uploaded?: boolean;
  created_by?: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface WorkspaceDraft {
  id: string;
  name: string;
  description_html: string | null;
  state_id: string | null;
  priority: PriorityKey;
  start_date: string | null;
  target_date: string | null;
  project_id: string | null;
  parent_id: string | null;
  label_ids: string[];
  assignee_ids: string[];
  module_ids: string[];
  cycle_id: string | null;
  estimate_point: string | null;
  created_at: string;
  updated_at: string;
}

/** Cycle / module / estimate shapes the pickers read (wire-facts §5, §7). */
export interface CycleLite { id: string; name: string; status?: string; start_date?: string | null; end_date?: string | null }
export interface ModuleLite { id: string; name: string; status?: string }
export interface EstimatePoint { id: string; key: number; value: string }
export interface Estimate { id: string; name: string; type: string; points: EstimatePoint[] }
