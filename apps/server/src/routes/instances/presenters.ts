import type {
  AdminWorkspace,
  AdminWorkspaceOwner,
  ConfigRow as ConfigRowWire,
  Instance,
  InstanceAdmin,
  PublicConfig,
  ServerInstance,
} from "@stride/shared/contract";
import type { ServerInstanceRow } from "../../core/instance-registry.ts";
import { schema } from "../../db/client.ts";
import type { UserRow, WorkspaceRow } from "../../http/route.ts";
import type { ConfigRow } from "../../core/instance-config.ts";
import { iso, presentUserAdminLite } from "../../http/present.ts";
import { presentWorkspaceColumns } from "../workspaces/presenters.ts";

export type InstanceRow = typeof schema.instances.$inferSelect;
export type InstanceAdminRow = typeof schema.instanceAdmins.$inferSelect;

/** The Instance object (wire-facts §2, wire-facts-2 §1). */
export function presentInstance(i: InstanceRow, extra: { workspacesExist?: boolean } = {}): Instance {
  return {
    id: i.id,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
    deleted_at: null,
    created_by: i.createdById,
    updated_by: i.updatedById,
    instance_name: i.instanceName,
    whitelist_emails: i.whitelistEmails,
    instance_id: i.instanceId,
    current_version: i.currentVersion,
    latest_version: i.latestVersion,
    edition: i.edition,
    domain: i.domain,
    last_checked_at: iso(i.lastCheckedAt),
    namespace: i.namespace,
    is_telemetry_enabled: i.isTelemetryEnabled,
    is_support_required: i.isSupportRequired,
    is_setup_done: i.isSetupDone,
    is_signup_screen_visited: i.isSignupScreenVisited,
    is_verified: i.isVerified,
    is_test: i.isTest,
    is_current_version_deprecated: false,
    ...(extra.workspacesExist !== undefined ? { workspaces_exist: extra.workspacesExist } : {}),
  };
}

const on = (v: string | undefined) => v === "1";
const nonEmpty = (v: string | undefined) => !!v && v.trim() !== "";
const orNull = (v: string | undefined) => (v ? v : null);

/** The `config` half of GET /api/instances/: public flags derived from the configuration. */
export function presentPublicConfig(
  cfg: Record<string, string>,
  urls: { appBaseUrl: string | null },
  fileSizeLimit: number,
  localDbEnabled = true,
): PublicConfig {
  return {
    enable_signup: on(cfg.ENABLE_SIGNUP),
    is_workspace_creation_disabled: on(cfg.DISABLE_WORKSPACE_CREATION),
    is_google_enabled: on(cfg.IS_GOOGLE_ENABLED),
    is_github_enabled: on(cfg.IS_GITHUB_ENABLED),
    is_gitlab_enabled: on(cfg.IS_GITLAB_ENABLED),
    is_gitea_enabled: on(cfg.IS_GITEA_ENABLED),
    is_oidc_enabled: on(cfg.IS_OIDC_ENABLED),
    oidc_button_label: cfg.OIDC_BUTTON_LABEL ?? "",
    is_magic_login_enabled: on(cfg.ENABLE_MAGIC_LINK_LOGIN),
    is_email_password_enabled: on(cfg.ENABLE_EMAIL_PASSWORD),
    github_app_name: cfg.GITHUB_APP_NAME ?? "",
    slack_client_id: orNull(cfg.SLACK_CLIENT_ID),
    posthog_api_key: orNull(cfg.POSTHOG_API_KEY),
    posthog_host: orNull(cfg.POSTHOG_HOST),
    has_unsplash_configured: nonEmpty(cfg.UNSPLASH_ACCESS_KEY),
    has_llm_configured: nonEmpty(cfg.LLM_API_KEY),
    file_size_limit: fileSizeLimit,
    local_db_enabled: localDbEnabled,
    is_smtp_configured: nonEmpty(cfg.EMAIL_HOST),
    admin_base_url: urls.appBaseUrl,
    space_base_url: urls.appBaseUrl,
    app_base_url: urls.appBaseUrl,
    instance_changelog_url: null,
    is_self_managed: true,
  };
}

/** A configuration row with its decrypted value; `set_by_environment` (Stride's): the environment sets it, god-mode shows it read-only. */
export function presentConfigRow(r: ConfigRow): ConfigRowWire {
  return {
    id: r.id,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    deleted_at: null,
    created_by: r.createdById,
    updated_by: r.updatedById,
    key: r.key,
    value: r.value ?? "",
    category: r.category,
    is_encrypted: r.isEncrypted,
    set_by_environment: r.setByEnvironment ?? false,
  };
}

export function presentInstanceAdmin(a: InstanceAdminRow, user: UserRow): InstanceAdmin {
  return {
    id: a.id,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    deleted_at: null,
    created_by: a.createdById,
    updated_by: a.updatedById,
    user: a.userId,
    instance: a.instanceId,
    role: a.role,
    is_verified: a.isVerified,
    user_detail: presentUserAdminLite(user),
  };
}

/**
 * A workspace as the instance admin sees it: the workspace columns (wire-facts §3) with counts; in the list
 * `owner` is the owner's object, and a workspace the admin just created carries the admin's role.
 */
export function presentAdminWorkspace(
  ws: WorkspaceRow,
  extra: { owner?: AdminWorkspaceOwner; total_projects?: number; total_members?: number; role?: number },
): AdminWorkspace {
  return { ...presentWorkspaceColumns(ws), ...extra };
}

/** A server process of the installation (core/instance-registry.ts); only running peers count as unshared. */
export function presentServerInstance(
  r: ServerInstanceRow & { live: boolean },
  running: ReadonlySet<string>,
): ServerInstance {
  return {
    id: r.id,
    hostname: r.hostname,
    pid: r.pid,
    version: r.version,
    storage: r.storage,
    uploads_dir: r.uploadsDir,
    started_at: iso(r.startedAt),
    last_seen_at: iso(r.lastSeenAt),
    stopped_at: iso(r.stoppedAt),
    status: r.live ? "running" : r.stoppedAt ? "stopped" : "gone",
    unshared_with: r.live ? r.unsharedWith.filter((id) => running.has(id)) : [],
  };
}
