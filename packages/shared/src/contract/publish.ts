import { z } from "zod";
import { bool, choice, uuid } from "./fields.ts";
import type { PageInfo, Timestamp } from "./common.ts";
import { fieldError, MSG, type HtmlField } from "./fields.ts";
import { workItemBodies, type GroupBucket } from "./work-items.ts";

import type { PublishViewProps } from "../publish.ts";

const flag = () => bool().optional();
const viewProps = z.object({ list: flag(), kanban: flag(), calendar: flag(), gantt: flag(), spreadsheet: flag() });

/**
 * POST P/project-deploy-boards/ (get-or-create): `view_props` comes from `views` (default: every layout); a
 * `view_props` key is ignored here (wire-facts-2 §2). PATCH …/{id}/ takes any writable field, `view_props` included.
 */
export const deployBoardCreateBody = z.object({
  is_comments_enabled: flag(),
  is_reactions_enabled: flag(),
  is_votes_enabled: flag(),
  intake: uuid().nullable().optional(),
  views: viewProps.optional(),
});
export const deployBoardPatchBody = z.object({
  is_comments_enabled: flag(),
  is_reactions_enabled: flag(),
  is_votes_enabled: flag(),
  is_activity_enabled: flag(),
  is_disabled: flag(),
  intake: uuid().nullable().optional(),
  view_props: viewProps.optional(),
});
export type DeployBoardCreateBody = z.infer<typeof deployBoardCreateBody>;
export type DeployBoardPatchBody = z.infer<typeof deployBoardPatchBody>;

/** POST anchor/{a}/issues/{i}/votes/. */
export const voteBody = z.object({ vote: choice([1, -1] as const) });
export type VoteBody = z.infer<typeof voteBody>;

/**
 * A request sent to the project's intake through its published space (anchor/{a}/intakes/{intake}/intake-issues/):
 * `{issue:{name, priority?, description_html?}}`; PATCH takes the same fields, each optional.
 */
export function spaceIntakeBodies(html: HtmlField) {
  const item = workItemBodies(html).create.pick({ name: true, priority: true, description_html: true });
  return {
    create: z.object({ issue: z.object(item.shape, { error: fieldError(MSG.dict) }) }),
    patch: z.object({ issue: z.object(item.partial().shape, { error: fieldError(MSG.dict) }) }),
  };
}
export type SpaceIntakeCreateBody = z.infer<ReturnType<typeof spaceIntakeBodies>["create"]>;

/** The DeployBoard object (wire-facts-2 §2). */
export interface DeployBoard {
  id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  created_by: string | null;
  updated_by: string | null;
  workspace: string;
  project: string;
  entity_identifier: string;
  /** "project" for a published project, "view" for a published saved view (its id in `entity_identifier`). */
  entity_name: "project" | "view";
  anchor: string;
  is_comments_enabled: boolean;
  is_reactions_enabled: boolean;
  is_votes_enabled: boolean;
  intake: string | null;
  view_props: PublishViewProps;
  is_activity_enabled: boolean;
  is_disabled: boolean;
  project_details: {
    id: string;
    identifier: string;
    name: string;
    cover_image: string | null;
    cover_image_url: string | null;
    logo_props: unknown;
    description: string;
  };
  workspace_detail: { name: string; slug: string; id: string; logo_url: string | null };
  /** A published view's name and description (null for a published project). */
  view_details: { id: string; name: string; description: string } | null;
}

/** GET P/project-deploy-boards/ of an unpublished project: the writable fields only, no anchor. */
export interface UnpublishedBoard {
  is_comments_enabled: boolean;
  is_reactions_enabled: boolean;
  is_votes_enabled: boolean;
  intake: string | null;
  view_props: PublishViewProps;
}

/** GET /api/public/anchor/{a}/meta/. */
export interface PublicProjectMeta {
  id: string;
  identifier: string;
  name: string;
  cover_image: string | null;
  icon_prop: unknown;
  emoji: string | null;
  description: string;
}

export interface PublicState {
  id: string;
  name: string;
  group: string;
  color: string;
  sequence: number;
}
export interface PublicLabel {
  id: string;
  name: string;
  color: string;
  parent: string | null;
}
export interface PublicMember {
  id: string;
  member: string;
  member__display_name: string;
  member__avatar: string;
}
export interface PublicNamed {
  id: string;
  name: string;
}

export interface PublicActorDetails {
  id: string;
  first_name: string;
  last_name: string;
  avatar: string;
  avatar_url: string | null;
  display_name: string;
}

/** A work item of the public list (wire-facts-2 §2 "Issue item fields"). */
export interface PublicIssue {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number;
  estimate_point: string | null;
  priority: string;
  start_date: string | null;
  target_date: string | null;
  sequence_id: number;
  project_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  created_by: string | null;
  state__group: string | null;
  assignee_ids: string[];
  label_ids: string[];
  module_ids: string[];
  vote_items: { vote: number; actor_details: PublicActorDetails }[];
  reaction_items: { reaction: string; actor_details: PublicActorDetails }[];
}

/** GET anchor/{a}/issues/{i}/: the item plus its description (no comments). */
export interface PublicIssueDetail extends PublicIssue {
  description_json: unknown;
  description_html: string;
  description_stripped: string;
  description_binary: null;
}

export interface PublicIssuePage extends PageInfo {
  results: PublicIssue[] | Record<string, GroupBucket<PublicIssue>>;
}

/** A comment as the public space shows it (EXTERNAL comments only). */
export interface PublicComment {
  id: string;
  issue: string;
  project: string;
  workspace: string;
  comment_html: string;
  comment_stripped: string;
  access: "EXTERNAL";
  actor: string | null;
  actor_detail: PublicActorDetails | null;
  comment_reactions: { id: string; reaction: string; actor: string }[];
  created_at: Timestamp;
  updated_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface PublicIssueReaction {
  id: string;
  issue: string;
  actor: string;
  reaction: string;
  actor_detail: PublicActorDetails;
  created_at: Timestamp;
}
export interface PublicCommentReaction {
  id: string;
  comment: string;
  actor: string;
  reaction: string;
  display_name: string;
  created_at: Timestamp;
}
export interface PublicVote {
  issue: string;
  vote: number;
  workspace: string;
  project: string;
  actor: string;
  actor_detail: PublicActorDetails;
}
