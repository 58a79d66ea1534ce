/** Wire shapes (wire-facts §2–§5, wire-facts-2 §1). Only the fields the web app reads are typed. */
import type { TimeFormat } from "@stride/shared";

export interface InstanceInfo {
  instance?: {
    id: string;
    instance_name: string | null;
    is_setup_done: boolean;
    is_telemetry_enabled: boolean;
    workspaces_exist?: boolean;
    current_version?: string | null;
  };
  config?: {
    enable_signup: boolean;
    is_workspace_creation_disabled: boolean;
    is_magic_login_enabled: boolean;
    is_email_password_enabled: boolean;
    is_smtp_configured: boolean;
    is_google_enabled: boolean;
    is_github_enabled: boolean;
    is_gitlab_enabled: boolean;
    is_gitea_enabled?: boolean;
    file_size_limit?: number;
  };
  is_activated?: boolean;
  is_setup_done?: boolean;
}

export interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  avatar: string | null;
  avatar_url: string | null;
  cover_image?: string | null;
  cover_image_url?: string | null;
  user_timezone: string;
  is_password_autoset: boolean;
  last_login_medium?: string;
  date_joined?: string;
  is_bot?: boolean;
  is_active?: boolean;
  username?: string;
}

export interface UserLite {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  avatar: string | null;
  avatar_url: string | null;
  is_bot: boolean;
  email?: string;
}

export interface OnboardingStep {
  profile_complete: boolean;
  workspace_create: boolean;
  workspace_invite: boolean;
  workspace_join: boolean;
}

export interface Profile {
  id: string;
  user: string;
  theme: { theme?: string; [k: string]: unknown };
  is_onboarded: boolean;
  is_tour_completed: boolean;
  onboarding_step: OnboardingStep;
  use_case: string | null;
  role: string | null;
  last_workspace_id: string | null;
  company_name: string;
  language: string;
  start_of_the_week: number;
  time_format?: TimeFormat;
}

export interface UserSettings {
  id: string;
  email: string;
  workspace: {
    last_workspace_id: string | null;
    last_workspace_slug: string | null;
    last_workspace_name?: string | null;
    fallback_workspace_id: string | null;
    fallback_workspace_slug: string | null;
    invites: number;
  };
}

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  logo_url: string | null;
  owner: string | { id: string; email: string; first_name: string; last_name: string };
  organization_size: string | null;
  timezone: string;
  total_members?: number;
  total_projects?: number;
  role?: number;
  created_at: string;
}

export interface WorkspaceMemberMe {
  id: string;
  role: number;
  member: string;
  workspace: string;
  draft_issue_count?: number;
}

export interface WorkspaceMember {
  id: string;
  role: number;
  is_active: boolean;
  member: UserLite;
  workspace: string;
  created_at: string;
}

export interface Invitation {
  id: string;
  email: string;
  accepted: boolean;
  token: string;
  message: string | null;
  responded_at: string | null;
  role: number;
  workspace: { id: string; name: string; slug: string; logo_url: string | null } | string;
  invite_link?: string;
  created_at: string;
}

export interface ProjectLite {
  id: string;
  name: string;
  identifier: string;
  sort_order: number | null;
  logo_props: LogoProps;
  member_role: number | null;
  archived_at: string | null;
  workspace: string;
  network: number;
  project_lead: string | null;
  cycle_view: boolean;
  module_view: boolean;
  issue_views_view: boolean;
  page_view: boolean;
  inbox_view: boolean;
  created_at: string;
  updated_at: string;
  created_by?: string | null;
}

export interface LogoProps {
  in_use?: "emoji" | "icon";
  emoji?: { value?: string; url?: string };
  icon?: { name?: string; color?: string };
  [k: string]: unknown;
}

export interface Project extends ProjectLite {
  description: string;
  emoji: string | null;
  icon_prop: unknown;
  cover_image: string | null;
  cover_image_url: string | null;
  is_favorite: boolean;
  members: string[];
  intake_view: boolean;
  is_time_tracking_enabled: boolean;
  is_issue_type_enabled: boolean;
  is_epic_enabled?: boolean;
  is_project_updates_enabled?: boolean;
  is_workflow_enabled?: boolean;
  guest_view_all_features: boolean;
  default_assignee: string | null;
  timezone: string;
  archive_in: number;
  close_in: number;
  [k: string]: unknown;
}

export interface ProjectMember {
  id: string;
  role: number;
  member: string;
  project: string;
  original_role?: number | null;
  created_at: string;
}

export interface ProjectMemberMe {
  id: string;
  role: number;
  member: UserLite | string;
  project: unknown;
}

export interface State {
  id: string;
  project_id: string;
  workspace_id: string;
  name: string;
  color: string;
  group: string;
  default: boolean;
  description: string;
  sequence: number;
  order?: number;
}

export interface Label {
  id: string;
  parent: string | null;
  name: string;
  color: string;
  project_id: string;
  workspace_id: string;
  sort_order: number;
}

export interface Paginated<T> {
  results: T[];
  next_cursor: string;
  prev_cursor: string;
  next_page_results: boolean;
  prev_page_results: boolean;
  total_count: number;
  total_pages: number;
  count: number;
}
