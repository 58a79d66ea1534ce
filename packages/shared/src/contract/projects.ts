import { z } from "zod";
import { PROJECT_IDENTIFIER_MAX, PROJECT_NAME_MAX, PROJECT_NETWORK } from "../constants.ts";
import {
  bool,
  choice,
  dict,
  integerIn,
  isTimezone,
  MSG,
  number,
  requiredText,
  text,
  uuid,
  type HtmlField,
} from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";
import type { ProjectLatestUpdate } from "./time-tracking.ts";
import type { UserLite } from "./user-lite.ts";
import type { WorkspaceLite } from "./workspaces.ts";
import { isCoverImageUrl } from "../project-covers.ts";

export { isCoverImageUrl };

// ---------------------------------------------------------------- request bodies

/** Upper-cased identifier; letters and digits only (checked by the server so the error code is the spec's). */
const identifier = () => requiredText(PROJECT_IDENTIFIER_MAX).transform((s) => s.toUpperCase());

/** The project description's longest HTML. */
export const PROJECT_DESCRIPTION_HTML_MAX = 1_000_000;

/** Writable project columns (create and update), all optional. */
function writableProjectFields(html: HtmlField) {
  return z
    .object({
      description: text(10000),
      description_text: z.unknown(),
      description_html: html(PROJECT_DESCRIPTION_HTML_MAX).nullable(),
      network: choice([PROJECT_NETWORK.SECRET, PROJECT_NETWORK.PUBLIC]),
      project_lead: uuid().nullable(),
      default_assignee: uuid().nullable(),
      emoji: text(255).nullable(),
      icon_prop: dict().nullable(),
      logo_props: dict(),
      cover_image: text(800).refine(isCoverImageUrl, MSG.url).nullable(),
      cover_image_asset: uuid().nullable(),
      module_view: bool(),
      cycle_view: bool(),
      issue_views_view: bool(),
      page_view: bool(),
      intake_view: bool(),
      inbox_view: bool(),
      is_time_tracking_enabled: bool(),
      is_issue_type_enabled: bool(),
      is_project_updates_enabled: bool(),
      is_epic_enabled: bool(),
      is_workflow_enabled: bool(),
      guest_view_all_features: bool(),
      archive_in: integerIn(0, 12),
      close_in: integerIn(0, 12),
      timezone: text(255).refine(isTimezone, "Enter a valid time zone, e.g. Europe/Berlin."),
      external_source: text(255).nullable(),
      external_id: text(255).nullable(),
    })
    .partial();
}

/**
 * Bodies of POST W/projects/ and PATCH W/projects/{id}/. `html` builds the HTML field: the server passes its
 * sanitising htmlField, a client `htmlText` (fields.ts).
 */
export function projectBodies(html: HtmlField) {
  const writable = writableProjectFields(html);
  return {
    create: writable.extend({ name: requiredText(PROJECT_NAME_MAX), identifier: identifier() }),
    update: writable.extend({
      name: requiredText(PROJECT_NAME_MAX).optional(),
      identifier: identifier().optional(),
      default_state: uuid().nullable().optional(),
      estimate: uuid().nullable().optional(),
    }),
  };
}
type ProjectBodies = ReturnType<typeof projectBodies>;
export type WritableProjectBody = z.infer<ReturnType<typeof writableProjectFields>>;
export type CreateProjectBody = z.infer<ProjectBodies["create"]>;
export type UpdateProjectBody = z.infer<ProjectBodies["update"]>;

/** DELETE W/project-identifiers/ `{name}`. */
export const identifierDeleteBody = z.object({ name: z.string({ error: MSG.string }).optional() });

/** POST W/user-favorite-projects/ `{project}`. */
export const favoriteProjectBody = z.object({ project: uuid() });

/** POST P/project-views/: the caller's view settings of a project. */
export const projectViewsBody = z.object({
  view_props: dict().optional(),
  default_props: dict().optional(),
  preferences: dict().optional(),
  sort_order: number().optional(),
});

// ---------------------------------------------------------------- responses

/** `logo_props` of a project: an emoji or an icon. */
export interface LogoProps {
  in_use?: "emoji" | "icon";
  emoji?: { value?: string; url?: string };
  icon?: { name?: string; color?: string };
  [k: string]: unknown;
}

/** Project-lite: `{id, identifier, name, cover_image, cover_image_url, logo_props, description}`. */
export interface ProjectLite {
  id: string;
  identifier: string;
  name: string;
  cover_image: string | null;
  cover_image_url: string | null;
  logo_props: LogoProps;
  description: string;
}

/** Every project column, wire names (wire-facts §4). */
export interface ProjectColumns extends AuditFields {
  id: string;
  workspace: string;
  name: string;
  description: string;
  description_text: unknown;
  description_html: string | null;
  network: number;
  identifier: string;
  default_assignee: string | null;
  project_lead: string | null;
  emoji: string | null;
  icon_prop: Record<string, unknown> | null;
  module_view: boolean;
  cycle_view: boolean;
  issue_views_view: boolean;
  page_view: boolean;
  intake_view: boolean;
  is_time_tracking_enabled: boolean;
  is_issue_type_enabled: boolean;
  is_project_updates_enabled: boolean;
  is_epic_enabled: boolean;
  is_workflow_enabled: boolean;
  guest_view_all_features: boolean;
  cover_image: string | null;
  cover_image_asset: string | null;
  estimate: string | null;
  archive_in: number;
  close_in: number;
  logo_props: LogoProps;
  default_state: string | null;
  archived_at: Timestamp | null;
  timezone: string;
  external_source: string | null;
  external_id: string | null;
}

/** The full project object: every column plus what depends on the caller. */
export interface Project extends ProjectColumns {
  is_favorite: boolean;
  sort_order: number | null;
  member_role: number | null;
  anchor: string | null;
  members: string[];
  cover_image_url: string | null;
  inbox_view: boolean;
  next_work_item_sequence: number;
  /**
   * The project's latest status update (issue #29 point 4), for its members while project updates are on; else null.
   * Stride's field.
   */
  latest_update: ProjectLatestUpdate | null;
}

/** A row of `GET W/projects/` (wire-facts §4). */
export interface ProjectListItem {
  id: string;
  name: string;
  identifier: string;
  sort_order: number | null;
  logo_props: LogoProps;
  member_role: number | null;
  intake_count: number;
  archived_at: Timestamp | null;
  workspace: string;
  cycle_view: boolean;
  issue_views_view: boolean;
  module_view: boolean;
  page_view: boolean;
  inbox_view: boolean;
  guest_view_all_features: boolean;
  project_lead: string | null;
  network: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** A project membership with its workspace (lite), project (lite) and member (user-lite). */
export interface ProjectMember extends AuditFields {
  id: string;
  workspace: WorkspaceLite;
  project: ProjectLite;
  member: UserLite;
  role: number;
  comment: string | null;
  view_props: Record<string, unknown>;
  default_props: Record<string, unknown>;
  preferences: Record<string, unknown>;
  sort_order: number;
  is_active: boolean;
}

/** A row of `P/members/`: `{id, role, member, project, original_role, created_at}`. */
export interface ProjectMemberRole {
  id: string;
  role: number;
  member: string;
  project: string;
  original_role: number;
  created_at: Timestamp;
}

/** `W/project-stats/`: per project, its id and the counts asked for in `?fields=` (all of them without it). */
export interface ProjectStats {
  id: string;
  total_issues?: number;
  completed_issues?: number;
  total_members?: number;
  total_cycles?: number;
  total_modules?: number;
}
