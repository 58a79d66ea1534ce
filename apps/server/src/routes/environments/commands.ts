import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  ENVIRONMENT_CONFIG_SCHEMAS,
  LIVE_SANDBOX_STATUSES,
  SANDBOX_DEFAULT_LIFETIME_S,
  SANDBOX_MAX_LIFETIME_S,
  SANDBOX_SOURCE_REQUIRED,
  SECRET_MASK,
  type ClusterPresets,
  type SandboxConfigInput,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import type { ProjectRow } from "../../http/route.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { networkRefusal, sandboxRuntime, SandboxError, type SandboxSpec } from "../../agents/sandbox/runtime.ts";
import { SandboxUnavailableError } from "../../agents/sandbox/bwrap.ts";
import { guardRepository, RepositoryRefused } from "../../agents/sandbox/repository.ts";
import { assertFetchable, OutboundError } from "../../core/safe-fetch.ts";
import type { CreateSandboxBody, RefreshSandboxBody, SaveEnvironmentTemplateBody } from "./schemas.ts";
import type { EnvironmentTemplateRow, SandboxRow } from "./presenters.ts";

const { agentClusters, environmentTemplates, sandboxes } = schema;

export const SANDBOX_START_TASK = "sandbox:start";
export const SANDBOX_EXPIRE_TASK = "sandbox:expire";
export const SANDBOX_NOT_RUNNING = "The sandbox is not running.";

type ClusterRow = typeof agentClusters.$inferSelect;

/** The project's cluster, made on first use (agents.md §2). */
export async function ensureCluster(db: DbOrTx, project: ProjectRow): Promise<ClusterRow> {
  await db
    .insert(agentClusters)
    .values({ workspaceId: project.workspaceId, projectId: project.id })
    .onConflictDoNothing({ target: agentClusters.projectId });
  const [c] = await db.select().from(agentClusters).where(eq(agentClusters.projectId, project.id)).for("update");
  return c;
}

/** Point (or no longer point) the cluster's `issue_agent` preset at an environment template. */
async function setPresetTemplate(db: DbOrTx, cluster: ClusterRow, templateId: string, on: boolean): Promise<void> {
  const config = structuredClone(cluster.config as ClusterPresets);
  config.agent_presets ??= {};
  const preset = config.agent_presets.issue_agent;
  const ids = new Set(preset?.environment_template_ids ?? []);
  if (on === ids.has(templateId)) return;
  if (on) ids.add(templateId);
  else ids.delete(templateId);
  if (!preset && !on) return;
  config.agent_presets.issue_agent = {
    agent_template_id: preset?.agent_template_id ?? null,
    environment_template_ids: [...ids],
  };
  await db.update(agentClusters).set({ config, updatedAt: new Date() }).where(eq(agentClusters.id, cluster.id));
}

export async function listTemplates(app: AppContext, project: ProjectRow): Promise<EnvironmentTemplateRow[]> {
  return app.db
    .select()
    .from(environmentTemplates)
    .where(eq(environmentTemplates.projectId, project.id))
    .orderBy(asc(environmentTemplates.createdAt));
}

export async function loadTemplate(db: DbOrTx, projectId: string, id: string): Promise<EnvironmentTemplateRow> {
  const [t] = await db
    .select()
    .from(environmentTemplates)
    .where(and(eq(environmentTemplates.projectId, projectId), eq(environmentTemplates.id, id)));
  if (!t) throw errors.notFound("Environment template not found");
  return t;
}

/** A masked secret value sent back means "keep the stored one"; a masked value with nothing stored is refused. */
function keepSecrets(
  config: Record<string, unknown>,
  previous: Record<string, unknown> | null,
): Record<string, unknown> {
  const out = { ...config };
  for (const key of ["headers", "env"]) {
    const map = config[key] as Record<string, string> | undefined;
    if (!map) continue;
    const old = (previous?.[key] ?? {}) as Record<string, string>;
    out[key] = Object.fromEntries(
      Object.entries(map).map(([k, v]) => {
        if (v !== SECRET_MASK) return [k, v];
        if (typeof old[k] !== "string") throw errors.field(`config.${key}.${k}`, "Enter the value.");
        return [k, old[k]];
      }),
    );
  }
  return out;
}

/**
 * The repository guard when a sandbox config is saved (issue #24 point 4): a URL that resolves to an internal or
 * metadata address, or a local path outside SANDBOX_LOCAL_REPOSITORIES, is a 400 on its field. A host that does
 * not resolve now or a local repository not made yet is let through: the checkout checks again and says why.
 */
async function checkRepositories(app: AppContext, config: SandboxConfigInput, field: string): Promise<void> {
  const policy = { localDirs: app.config.sandboxLocalRepositories, allowPrivate: app.config.outboundAllowPrivate };
  for (const [i, { repository }] of config.ide_configs.entries()) {
    try {
      await guardRepository(repository.url, policy);
    } catch (e) {
      if (!(e instanceof RepositoryRefused)) throw e;
      if (e.code !== "dns" && e.code !== "missing")
        throw errors.field(`${field}.ide_configs.${i}.repository.url`, e.message);
    }
  }
}

/**
 * A remote MCP server's URL is checked by the outgoing-request guard as a webhook's is (core/safe-fetch.ts): an
 * internal or metadata address is refused unless the instance allows internal targets. A host that does not resolve
 * now is kept (the guard checks every connection again, DNS included).
 */
async function checkMcpUrl(app: AppContext, type: string, config: Record<string, unknown>): Promise<void> {
  if (type !== "generic_mcp") return;
  try {
    await assertFetchable(String(config.url), { allowPrivate: app.config.outboundAllowPrivate });
  } catch (e) {
    if (!(e instanceof OutboundError)) throw e;
    if (e.code === "dns") return;
    if (e.code === "address") throw errors.field("config.url", "URL resolves to a blocked IP address.");
    throw errors.field("config.url", "Enter a valid URL.");
  }
}

/** POST P/environments/templates/: create, or replace the type and config of `environment_template_id`; presets follow `preset_names`. */
export async function saveTemplate(
  app: AppContext,
  project: ProjectRow,
  userId: string,
  body: SaveEnvironmentTemplateBody,
): Promise<EnvironmentTemplateRow> {
  const parsed = ENVIRONMENT_CONFIG_SCHEMAS[body.type].parse(body.config) as Record<string, unknown>;
  if (body.type === "sandbox") await checkRepositories(app, parsed as SandboxConfigInput, "config");
  await checkMcpUrl(app, body.type, parsed);
  return app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    let row: EnvironmentTemplateRow;
    if (body.environment_template_id) {
      const existing = await loadTemplate(tx, project.id, body.environment_template_id);
      const config = keepSecrets(
        parsed,
        existing.type === body.type ? (existing.config as Record<string, unknown>) : null,
      );
      [row] = await tx
        .update(environmentTemplates)
        .set({ type: body.type, config, updatedAt: new Date(), updatedById: userId })
        .where(eq(environmentTemplates.id, existing.id))
        .returning();
    } else {
      const config = keepSecrets(parsed, null);
      [row] = await tx
        .insert(environmentTemplates)
        .values({
          workspaceId: project.workspaceId,
          projectId: project.id,
          clusterId: cluster.id,
          type: body.type,
          config,
          createdById: userId,
          updatedById: userId,
        })
        .returning();
    }
    if (body.preset_names?.includes("issue_agent")) await setPresetTemplate(tx, cluster, row.id, true);
    return row;
  });
}

export async function deleteTemplate(
  app: AppContext,
  project: ProjectRow,
  template: EnvironmentTemplateRow,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    await setPresetTemplate(tx, cluster, template.id, false);
    await tx.delete(environmentTemplates).where(eq(environmentTemplates.id, template.id));
  });
}

// ---------------------------------------------------------------- sandboxes

export async function listLiveSandboxes(app: AppContext, project: ProjectRow): Promise<SandboxRow[]> {
  return app.db
    .select()
    .from(sandboxes)
    .where(and(eq(sandboxes.projectId, project.id), inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES])))
    .orderBy(asc(sandboxes.createdAt));
}

export async function loadSandbox(db: DbOrTx, projectId: string, id: string): Promise<SandboxRow> {
  const [s] = await db
    .select()
    .from(sandboxes)
    .where(and(eq(sandboxes.projectId, projectId), eq(sandboxes.id, id)));
  if (!s) throw errors.notFound("Sandbox not found");
  return s;
}

/** The runtime's view of a sandbox config (made for the run `executionId`, if any). */
export function sandboxSpec(config: SandboxConfigInput, executionId: string | null = null): SandboxSpec {
  return {
    repositories: config.ide_configs.map(({ repository: r }) => ({
      url: r.url,
      branch: r.branch || null,
      slug: r.repo_slug.replace(/\//g, "-"),
    })),
    setupScript: config.setup_script ?? null,
    network: config.network ?? false,
    allowedHosts: config.allowed_hosts ?? [],
    env: config.env ?? {},
    executionId,
    limits: {
      ...(config.cpu_time_s ? { cpuSeconds: config.cpu_time_s } : {}),
      ...(config.memory_mb ? { memoryBytes: config.memory_mb * 1024 * 1024 } : {}),
      ...(config.command_timeout_s ? { wallSeconds: config.command_timeout_s } : {}),
    },
  };
}

/**
 * POST P/environments/sandboxes/: from a sandbox template or a config (neither → the spec's 400). Without a
 * sandbox runtime on this server it is refused at once (503): nothing ever runs unsandboxed. The checkout and
 * the setup script run in the `sandbox:start` job; the row says `starting` until then.
 */
export async function createSandbox(
  app: AppContext,
  project: ProjectRow,
  userId: string,
  body: CreateSandboxBody,
): Promise<SandboxRow> {
  if (!body.sandbox_template_id && !body.sandbox_config) throw errors.badRequest(SANDBOX_SOURCE_REQUIRED);
  let config: SandboxConfigInput;
  let templateId: string | null = null;
  if (body.sandbox_template_id) {
    const [t] = await app.db
      .select()
      .from(environmentTemplates)
      .where(
        and(
          eq(environmentTemplates.projectId, project.id),
          eq(environmentTemplates.id, body.sandbox_template_id),
          eq(environmentTemplates.type, "sandbox"),
        ),
      );
    if (!t) throw errors.badRequest("Sandbox template not found");
    config = t.config as SandboxConfigInput;
    templateId = t.id;
  } else {
    config = body.sandbox_config!;
    await checkRepositories(app, config, "sandbox_config");
  }
  const unavailable = await sandboxRuntime(app).unavailableReason();
  if (unavailable) throw errors.body(503, { error: new SandboxUnavailableError(unavailable).message });
  // network on where it cannot be isolated is refused, never the server's own network instead
  const noNetwork = config.network ? await sandboxRuntime(app).networkUnavailableReason() : null;
  if (noNetwork) throw errors.body(503, { error: networkRefusal(noNetwork) });
  const lifetime = config.max_lifetime_s ?? SANDBOX_DEFAULT_LIFETIME_S;
  return app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    const [row] = await tx
      .insert(sandboxes)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        clusterId: cluster.id,
        templateId,
        config,
        expiresAt: sql`now() + make_interval(secs => ${lifetime})` as unknown as Date,
        createdById: userId,
        updatedById: userId,
      })
      .returning();
    await app.jobs.enqueue(tx, SANDBOX_START_TASK, { sandboxId: row.id }, { maxAttempts: 1 });
    return row;
  });
}

/**
 * The `sandbox:start` job (and a run's own sandboxes): check out the repositories and run the setup script;
 * `active`, or `error` with the reason. A run passes its `signal` (cancel, its time limit) and its id.
 */
export async function startSandbox(
  app: AppContext,
  sandboxId: string,
  opts: { signal?: AbortSignal; executionId?: string } = {},
): Promise<void> {
  const [row] = await app.db.select().from(sandboxes).where(eq(sandboxes.id, sandboxId));
  if (!row || row.status !== "starting") return;
  const rt = sandboxRuntime(app);
  const starting = and(eq(sandboxes.id, sandboxId), eq(sandboxes.status, "starting"));
  try {
    const prepared = await rt.prepare(
      sandboxId,
      sandboxSpec(row.config as SandboxConfigInput, opts.executionId ?? null),
      opts.signal,
    );
    const done = await app.db
      .update(sandboxes)
      .set({ status: "active", baseCommits: prepared.baseCommits, updatedAt: new Date() })
      .where(starting)
      .returning({ id: sandboxes.id });
    // shut down or expired while it was starting
    if (!done.length) await rt.shutdown(sandboxId);
  } catch (e) {
    const reason =
      e instanceof SandboxError || e instanceof SandboxUnavailableError ? e.message : "The sandbox could not start.";
    await app.db
      .update(sandboxes)
      .set({ status: "error", statusReason: reason, updatedAt: new Date() })
      .where(starting);
    if (!(e instanceof SandboxError || e instanceof SandboxUnavailableError)) throw e;
  }
}

/** POST {id}/shutdown/: stopped at once (its running commands killed, its checkout removed); a stopped one stays as it is. */
export async function shutdownSandbox(app: AppContext, sandbox: SandboxRow): Promise<SandboxRow> {
  const [row] = await app.db
    .update(sandboxes)
    .set({ status: "stopped", statusReason: "shutdown", stoppedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(sandboxes.id, sandbox.id), inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES])))
    .returning();
  if (!row) return sandbox;
  await sandboxRuntime(app).shutdown(sandbox.id);
  return row;
}

/** POST {id}/refresh/: `expires_at` moves `extend_lifetime` seconds later (from now if already due), at most a day ahead. */
export async function refreshSandbox(
  app: AppContext,
  sandbox: SandboxRow,
  body: RefreshSandboxBody,
): Promise<SandboxRow> {
  const [row] = await app.db
    .update(sandboxes)
    .set({
      expiresAt:
        sql`least(greatest(${sandboxes.expiresAt}, now()) + make_interval(secs => ${body.extend_lifetime}), now() + make_interval(secs => ${SANDBOX_MAX_LIFETIME_S}))` as unknown as Date,
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxes.id, sandbox.id), inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES])))
    .returning();
  if (!row) throw errors.badRequest(SANDBOX_NOT_RUNNING);
  return row;
}

/** The `sandbox:expire` job (every minute): sandboxes past `expires_at` are stopped as expired. */
export async function expireSandboxes(app: AppContext): Promise<number> {
  const rows = await app.db
    .update(sandboxes)
    .set({ status: "stopped", statusReason: "expired", stoppedAt: new Date(), updatedAt: new Date() })
    .where(and(inArray(sandboxes.status, [...LIVE_SANDBOX_STATUSES]), lte(sandboxes.expiresAt, sql`now()`)))
    .returning({ id: sandboxes.id });
  const rt = sandboxRuntime(app);
  for (const r of rows) await rt.shutdown(r.id);
  return rows.length;
}

export function registerSandboxJobs(app: AppContext): void {
  app.jobs.register<{ sandboxId: string }>(SANDBOX_START_TASK, (p) => startSandbox(app, p.sandboxId), {
    maxAttempts: 1,
  });
  app.jobs.register(SANDBOX_EXPIRE_TASK, () => expireSandboxes(app), { schedule: "* * * * *", maxAttempts: 1 });
}
