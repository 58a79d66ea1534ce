import { z } from "zod";
import type { AuditFields, Timestamp } from "./common.ts";
import type { UserAdminLite } from "./users.ts";
import type { WorkspaceColumns } from "./workspaces.ts";

// ---------------------------------------------------------------- request bodies (god mode)

/** PATCH /api/instances/. */
export const instancePatchBody = z.object({
  instance_name: z.string().trim().min(1).max(255).optional(),
  whitelist_emails: z.string().max(10000).nullable().optional(),
  domain: z.string().max(255).nullable().optional(),
  namespace: z.string().max(255).nullable().optional(),
  is_telemetry_enabled: z.boolean().optional(),
  is_support_required: z.boolean().optional(),
});
export type InstancePatchBody = z.infer<typeof instancePatchBody>;

/** A configuration value as the admin form sends it: text, a number or a flag; null clears it. */
export const configValue = z.union([z.string().max(10000), z.number(), z.boolean(), z.null()]);
/** PATCH /api/instances/configurations/ `{KEY: value, …}`. */
export const configPatchBody = z.record(z.string().max(100), configValue);
export type ConfigPatchBody = z.infer<typeof configPatchBody>;

/** POST /api/instances/admins/ `{email, role?}`. */
export const instanceAdminCreateBody = z.object({
  email: z.string().max(254).optional(),
  role: z.union([z.literal(15), z.literal(20)]).optional(),
});

/** POST /api/instances/workspaces/ (name and slug are checked by the server, for the spec's `{error}` bodies). */
export const adminWorkspaceCreateBody = z.object({
  name: z.string().optional(),
  slug: z.string().optional(),
  organization_size: z.string().nullable().optional(),
  company_role: z.string().max(255).nullable().optional(),
});

// ---------------------------------------------------------------- responses

/** The Instance object (wire-facts §2, wire-facts-2 §1). */
export interface Instance extends AuditFields {
  id: string;
  instance_name: string | null;
  whitelist_emails: string | null;
  instance_id: string;
  current_version: string;
  latest_version: string | null;
  edition: string;
  domain: string | null;
  last_checked_at: Timestamp | null;
  namespace: string | null;
  is_telemetry_enabled: boolean;
  is_support_required: boolean;
  is_setup_done: boolean;
  is_signup_screen_visited: boolean;
  is_verified: boolean;
  is_test: boolean;
  is_current_version_deprecated: false;
  /** Only in GET /api/instances/. */
  workspaces_exist?: boolean;
}

/** The `config` half of GET /api/instances/: public flags derived from the configuration. */
export interface PublicConfig {
  enable_signup: boolean;
  is_workspace_creation_disabled: boolean;
  is_google_enabled: boolean;
  is_github_enabled: boolean;
  is_gitlab_enabled: boolean;
  is_gitea_enabled: boolean;
  /** Stride: generic OpenID Connect sign-in is on (Plane's client ignores it). */
  is_oidc_enabled: boolean;
  /** Stride: the text of the OpenID Connect sign-in button ("" = "Single sign-on"). */
  oidc_button_label: string;
  is_magic_login_enabled: boolean;
  is_email_password_enabled: boolean;
  github_app_name: string;
  slack_client_id: string | null;
  posthog_api_key: string | null;
  posthog_host: string | null;
  has_unsplash_configured: boolean;
  has_llm_configured: boolean;
  file_size_limit: number;
  /** LOCAL_DB_ENABLED: the instance's default for the web's offline local database (a browser's own choice wins). */
  local_db_enabled: boolean;
  is_smtp_configured: boolean;
  admin_base_url: string | null;
  space_base_url: string | null;
  app_base_url: string | null;
  instance_changelog_url: null;
  is_self_managed: true;
}

/** GET /api/instances/ (anonymous): before activation only the two flags. */
export type InstanceInfo = { config: PublicConfig; instance: Instance } | { is_activated: false; is_setup_done: false };

/** A configuration row with its decrypted value (god mode). */
export interface ConfigRow extends AuditFields {
  id: string;
  key: string;
  value: string;
  category: string;
  is_encrypted: boolean;
  /** Stride: the server's environment sets this key (SMTP, Unsplash); it wins and is shown read-only. */
  set_by_environment: boolean;
}

/** An instance admin with the user's admin-lite details. */
export interface InstanceAdmin extends AuditFields {
  id: string;
  user: string;
  instance: string;
  role: number;
  is_verified: boolean;
  user_detail: UserAdminLite;
}

/** The owner of a workspace in the admin's list. */
export interface AdminWorkspaceOwner {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * A workspace as the instance admin sees it: the columns plus counts; in the list `owner` is the owner's
 * object, and a workspace the admin just created carries the admin's role.
 */
export interface AdminWorkspace extends Omit<WorkspaceColumns, "owner"> {
  owner: string | AdminWorkspaceOwner;
  total_projects?: number;
  total_members?: number;
  role?: number;
}

/**
 * Stride: one server process of the installation (god-mode → Instances, `GET /api/instances/servers/`).
 * `status`: `running` (seen within three heartbeats), `stopped` (stopped cleanly), `gone` (no longer seen).
 * `unshared_with`: ids of running instances on local storage whose uploads folder this one cannot see.
 */
export interface ServerInstance {
  id: string;
  hostname: string;
  pid: number;
  version: string;
  storage: string;
  uploads_dir: string | null;
  started_at: string;
  last_seen_at: string;
  stopped_at: string | null;
  status: "running" | "stopped" | "gone";
  unshared_with: string[];
}
