import { and, asc, eq, inArray } from "drizzle-orm";
import { AGENT_MSG, type AgentTemplateConfig, type ClusterPresets } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import type { ProjectRow } from "../../http/route.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { ensureCluster } from "../environments/commands.ts";
import { findModelConfig } from "../model-configs/commands.ts";
import type { SaveAgentTemplateBody } from "./schemas.ts";
import { makeAgentBot, retireAgentBot, syncAgentBot } from "./bots.ts";

const { agentClusters, agentTemplates, environmentTemplates } = schema;

export type AgentTemplateRow = typeof agentTemplates.$inferSelect;
type ClusterRow = typeof agentClusters.$inferSelect;

export function listAgentTemplates(app: AppContext, project: ProjectRow): Promise<AgentTemplateRow[]> {
  return app.db
    .select()
    .from(agentTemplates)
    .where(eq(agentTemplates.projectId, project.id))
    .orderBy(asc(agentTemplates.createdAt));
}

export async function findAgentTemplate(db: DbOrTx, projectId: string, id: string): Promise<AgentTemplateRow | null> {
  const [t] = await db
    .select()
    .from(agentTemplates)
    .where(and(eq(agentTemplates.projectId, projectId), eq(agentTemplates.id, id)));
  return t ?? null;
}

export async function loadAgentTemplate(db: DbOrTx, projectId: string, id: string): Promise<AgentTemplateRow> {
  const t = await findAgentTemplate(db, projectId, id);
  if (!t) throw errors.notFound(AGENT_MSG.templateNotFound);
  return t;
}

/** The config's references must be the project's: its model configuration and its environment templates. */
async function checkReferences(db: DbOrTx, projectId: string, config: AgentTemplateConfig): Promise<void> {
  if (!(await findModelConfig(db, projectId, config.model_config)))
    throw errors.field("config.model_config", AGENT_MSG.modelConfigNotFound);
  const ids = [...new Set(config.environment_template_ids ?? [])];
  if (ids.length) {
    const found = await db
      .select({ id: environmentTemplates.id })
      .from(environmentTemplates)
      .where(and(eq(environmentTemplates.projectId, projectId), inArray(environmentTemplates.id, ids)));
    if (found.length !== ids.length)
      throw errors.field("config.environment_template_ids", AGENT_MSG.environmentNotFound);
  }
}

async function setIssueAgentPreset(db: DbOrTx, cluster: ClusterRow, template: AgentTemplateRow | null): Promise<void> {
  const config = structuredClone(cluster.config as ClusterPresets);
  config.agent_presets ??= {};
  const envIds = (template?.config as AgentTemplateConfig | undefined)?.environment_template_ids;
  const previous = config.agent_presets.issue_agent;
  config.agent_presets.issue_agent = {
    agent_template_id: template?.id ?? null,
    environment_template_ids: envIds?.length ? [...envIds] : (previous?.environment_template_ids ?? []),
  };
  await db.update(agentClusters).set({ config, updatedAt: new Date() }).where(eq(agentClusters.id, cluster.id));
}

/** POST P/agent/templates/: create, or replace the config of `agent_template_id`; `preset_names: ["issue_agent"]` points the preset at it. */
export async function saveAgentTemplate(
  app: AppContext,
  project: ProjectRow,
  userId: string,
  body: SaveAgentTemplateBody,
): Promise<AgentTemplateRow> {
  return app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    await checkReferences(tx, project.id, body.config);
    let row: AgentTemplateRow;
    if (body.agent_template_id) {
      const existing = await loadAgentTemplate(tx, project.id, body.agent_template_id);
      [row] = await tx
        .update(agentTemplates)
        .set({ config: body.config, updatedAt: new Date(), updatedById: userId })
        .where(eq(agentTemplates.id, existing.id))
        .returning();
      row = { ...row, botUserId: await syncAgentBot(tx, row) };
    } else {
      [row] = await tx
        .insert(agentTemplates)
        .values({
          workspaceId: project.workspaceId,
          projectId: project.id,
          clusterId: cluster.id,
          config: body.config,
          createdById: userId,
          updatedById: userId,
        })
        .returning();
      row = { ...row, botUserId: await makeAgentBot(tx, row) };
    }
    if (body.preset_names?.includes("issue_agent")) await setIssueAgentPreset(tx, cluster, row);
    return row;
  });
}

/** DELETE P/agent/templates/{id}/: a preset pointing at it is left without an agent template; its bot is retired. */
export async function deleteAgentTemplate(
  app: AppContext,
  project: ProjectRow,
  template: AgentTemplateRow,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const cluster = await ensureCluster(tx, project);
    const preset = (cluster.config as ClusterPresets).agent_presets?.issue_agent;
    if (preset?.agent_template_id === template.id) await setIssueAgentPreset(tx, cluster, null);
    await retireAgentBot(tx, template);
    await tx.delete(agentTemplates).where(eq(agentTemplates.id, template.id));
  });
}
