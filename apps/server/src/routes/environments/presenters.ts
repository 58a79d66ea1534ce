import type { InferSelectModel } from "drizzle-orm";
import {
  SECRET_MASK,
  type EnvironmentTemplate,
  type EnvironmentType,
  type Sandbox,
  type SandboxConfigInput,
  type SandboxStatus,
} from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";

export type EnvironmentTemplateRow = InferSelectModel<typeof schema.environmentTemplates>;
export type SandboxRow = InferSelectModel<typeof schema.sandboxes>;

/** Secret values of a template's or sandbox's config (MCP headers, a local server's or a repository's environment) never leave the server. */
export function maskSecrets(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const key of ["headers", "env"]) {
    const map = config[key];
    if (map && typeof map === "object") out[key] = Object.fromEntries(Object.keys(map).map((k) => [k, SECRET_MASK]));
  }
  return out;
}

/** Environment template (agents.md §2) `{id, cluster_id, type, config, created_at, updated_at}`. */
export function presentEnvironmentTemplate(t: EnvironmentTemplateRow): EnvironmentTemplate {
  return {
    id: t.id,
    cluster_id: t.clusterId,
    type: t.type as EnvironmentType,
    config: maskSecrets(t.config as Record<string, unknown>),
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

/** Sandbox (agents.md §2) `{id, status, config, template_id, created_at, expires_at}` + `updated_at`, `status_reason`. */
export function presentSandbox(s: SandboxRow): Sandbox {
  return {
    id: s.id,
    status: s.status as SandboxStatus,
    config: maskSecrets(s.config as Record<string, unknown>) as SandboxConfigInput,
    template_id: s.templateId,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
    expires_at: iso(s.expiresAt),
    status_reason: s.statusReason,
  };
}
