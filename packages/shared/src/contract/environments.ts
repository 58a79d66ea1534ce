import { z } from "zod";
import { SANDBOX_MAX_LIFETIME_S } from "../sandboxes.ts";
import { bool, choice, fieldError, integerIn, MSG, requiredText, text, uuid } from "./fields.ts";

/**
 * Environment templates and sandboxes (agents.md §2): a `sandbox` template is a git repository to check out
 * (with a setup script, a lifetime and a network switch), `generic_mcp` a remote MCP server, `local_mcp` a
 * stdio MCP server started inside the sandbox.
 */

export const ENVIRONMENT_TYPES = ["sandbox", "generic_mcp", "local_mcp"] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];
export const SANDBOX_STATUSES = ["starting", "active", "pausing", "paused", "stopped", "error"] as const;
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];
/** Statuses of a sandbox that holds (or is making) a checkout. */
export const LIVE_SANDBOX_STATUSES: readonly SandboxStatus[] = ["starting", "active"];
export const PRESET_NAMES = ["issue_agent"] as const;

export { SANDBOX_DEFAULT_LIFETIME_S, SANDBOX_MAX_LIFETIME_S, SECRET_MASK } from "../sandboxes.ts";

/** The spec's message when a sandbox is asked for without a template or a config (platform.md §5). */
export const SANDBOX_SOURCE_REQUIRED = "Either sandboxTemplateId or sandboxConfig must be provided";

// ---------------------------------------------------------------- request bodies

/** A repository URL git can fetch: http(s)/ssh/git/file URL, an absolute local path or user@host:path. */
export function isRepositoryUrl(url: string): boolean {
  if (!url || url.startsWith("-") || /[\s\0]/.test(url)) return false;
  if (/^[a-z][a-z0-9+.-]*::/i.test(url)) return false;
  return /^(https?|ssh|git|file):\/\/\S+$/i.test(url) || url.startsWith("/") || /^[\w.-]+@[\w.-]+:\S+$/.test(url);
}
const REPO_URL_MSG = "Enter a git repository URL (https://, ssh://, git://, file:// or an absolute path).";
const BRANCH_MSG = "Enter a branch name.";

const repository = z.object({
  repo_slug: requiredText(255).regex(
    /^[\w.-]+(\/[\w.-]+)?$/,
    "Use letters, digits, '.', '-', '_' and at most one '/'.",
  ),
  url: requiredText(2000).refine(isRepositoryUrl, REPO_URL_MSG),
  branch: text(255)
    .trim()
    .refine((b) => b === "" || (/^[\w./-]+$/.test(b) && !b.startsWith("-")), BRANCH_MSG)
    .nullable()
    .optional(),
});

const stringMap = (max: number) =>
  z
    .record(z.string().regex(/^[A-Za-z_][\w-]*$/, "Use letters, digits, '-' and '_'."), text(4000), {
      error: fieldError(MSG.dict),
    })
    .refine((m) => Object.keys(m).length <= max, MSG.maxItems(max));

/** A host name (letters, digits, '-' and '.') or an IPv4/IPv6 address, as a sandbox's network allow-list names it. */
export function isAllowedHost(h: string): boolean {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(h)) return h.split(".").every((p) => Number(p) <= 255);
  if (/^[0-9a-f:]+$/i.test(h) && h.includes(":")) return true;
  return (
    h.length <= 253 &&
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(h)
  );
}
const ALLOWED_HOST_MSG = "Enter a host name such as registry.npmjs.org, or an IP address.";
/** Variables a sandbox's commands must never have set by a template (the sandbox's own). */
export const RESERVED_SANDBOX_VARS = ["STRIDE_SANDBOX_ID", "STRIDE_EXECUTION_ID"];

/** config of a `sandbox` template, or a one-off `sandbox_config`. */
export const sandboxConfigSchema = z.object({
  ide_configs: z
    .array(z.object({ repository }), { error: fieldError(MSG.list) })
    .min(1, MSG.emptyList)
    .max(10, MSG.maxItems(10)),
  setup_script: text(100_000).nullable().optional(),
  max_lifetime_s: integerIn(60, SANDBOX_MAX_LIFETIME_S).optional(),
  network: bool().optional(),
  /** With network: only these hosts (names resolved by the server, pinned in the sandbox); absent or empty = the internet. */
  allowed_hosts: z
    .array(text(253).trim().toLowerCase().refine(isAllowedHost, ALLOWED_HOST_MSG), { error: fieldError(MSG.list) })
    .max(50, MSG.maxItems(50))
    .optional(),
  /** The repository's own variables for every command of the sandbox (secret: shown masked). */
  env: stringMap(100)
    .refine(
      (m) => !RESERVED_SANDBOX_VARS.some((k) => k in m),
      `${RESERVED_SANDBOX_VARS.join(" and ")} are set by the sandbox.`,
    )
    .optional(),
  /** Limits of each command: CPU seconds, memory (MB), wall time (s). */
  cpu_time_s: integerIn(1, 86_400).optional(),
  memory_mb: integerIn(64, 65_536).optional(),
  command_timeout_s: integerIn(1, 86_400).optional(),
});
export type SandboxConfigInput = z.infer<typeof sandboxConfigSchema>;

export const genericMcpConfigSchema = z.object({
  url: requiredText(2000).refine((u) => /^https?:\/\/\S+$/i.test(u), MSG.url),
  headers: stringMap(50).optional(),
});

export const localMcpConfigSchema = z.object({
  command: requiredText(1000),
  args: z
    .array(text(4000), { error: fieldError(MSG.list) })
    .max(100, MSG.maxItems(100))
    .optional(),
  env: stringMap(100).optional(),
});

export const ENVIRONMENT_CONFIG_SCHEMAS = {
  sandbox: sandboxConfigSchema,
  generic_mcp: genericMcpConfigSchema,
  local_mcp: localMcpConfigSchema,
} as const;

/** POST P/environments/templates/: creates, or with `environment_template_id` replaces the config of one. */
export const saveEnvironmentTemplateBody = z
  .object({
    type: choice(ENVIRONMENT_TYPES),
    config: z.record(z.string(), z.unknown(), { error: fieldError(MSG.dict) }),
    environment_template_id: uuid().nullable().optional(),
    preset_names: z
      .array(choice(PRESET_NAMES), { error: fieldError(MSG.list) })
      .max(5)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const parsed = ENVIRONMENT_CONFIG_SCHEMAS[body.type].safeParse(body.config);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: ["config", ...issue.path] });
  });
export type SaveEnvironmentTemplateBody = z.infer<typeof saveEnvironmentTemplateBody>;

/** POST P/environments/sandboxes/ (a template or a config; neither is refused with SANDBOX_SOURCE_REQUIRED). */
export const createSandboxBody = z.object({
  sandbox_template_id: uuid().nullable().optional(),
  sandbox_config: sandboxConfigSchema.nullable().optional(),
});
export type CreateSandboxBody = z.infer<typeof createSandboxBody>;

/** POST P/environments/sandboxes/{id}/refresh/: move `expires_at` later by `extend_lifetime` seconds. */
export const refreshSandboxBody = z.object({ extend_lifetime: integerIn(1, SANDBOX_MAX_LIFETIME_S) });
export type RefreshSandboxBody = z.infer<typeof refreshSandboxBody>;

// ---------------------------------------------------------------- responses

export interface ClusterPresets {
  agent_presets: { issue_agent?: { agent_template_id: string | null; environment_template_ids: string[] } };
}

export interface EnvironmentTemplate {
  id: string;
  cluster_id: string;
  type: EnvironmentType;
  /** The template's config; secret values (MCP headers, environment) are shown as SECRET_MASK. */
  config: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface Sandbox {
  id: string;
  status: SandboxStatus;
  config: SandboxConfigInput;
  template_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** Why it is in `error`, or `"expired"`/`"shutdown"` once stopped; null while it runs. */
  status_reason: string | null;
}
