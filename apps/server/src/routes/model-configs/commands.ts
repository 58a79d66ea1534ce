import { and, asc, eq } from "drizzle-orm";
import {
  MODEL_CONFIG_MSG,
  modelConfigName,
  type SaveModelConfigBody,
  type TestModelConfigBody,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { open, seal } from "../../core/crypto-box.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { DEFAULT_BASE_URL, testModel, type ModelEndpoint, type ModelTestResult } from "../../agents/providers/index.ts";
import type { ModelConfigRow } from "./presenters.ts";

const { modelConfigs } = schema;

export function listModelConfigs(db: DbOrTx, projectId: string): Promise<ModelConfigRow[]> {
  return db.select().from(modelConfigs).where(eq(modelConfigs.projectId, projectId)).orderBy(asc(modelConfigs.name));
}

export async function findModelConfig(db: DbOrTx, projectId: string, name: string): Promise<ModelConfigRow | null> {
  const [row] = await db
    .select()
    .from(modelConfigs)
    .where(and(eq(modelConfigs.projectId, projectId), eq(modelConfigs.name, name.trim())));
  return row ?? null;
}

export async function loadModelConfig(db: DbOrTx, projectId: string, name: string): Promise<ModelConfigRow> {
  const row = await findModelConfig(db, projectId, name);
  if (!row) throw errors.notFound(MODEL_CONFIG_MSG.notFound);
  return row;
}

/** A configuration's endpoint with its key opened, for the provider clients (the agent loop uses this too). */
export function endpointOf(app: AppContext, row: ModelConfigRow): ModelEndpoint {
  return {
    provider: row.provider === "anthropic" ? "anthropic" : "openai",
    baseUrl: row.baseUrl,
    model: row.model,
    apiKey: open(app.secretKey, "model-config", row.apiKeySealed),
    maxOutputTokens: row.maxOutputTokens,
    temperature: row.temperature,
    allowPrivate: app.config.outboundAllowPrivate,
  };
}

/**
 * A saved key goes only to the base URL it was saved with (issue #24 point 10): a body that
 * omits `api_key` (keep the saved key) while naming another base URL is refused, so that the key is entered again.
 */
function assertKeyStaysWithUrl(saved: ModelConfigRow | null, body: { api_key?: string | null }, baseUrl: string): void {
  if (body.api_key === undefined && saved && saved.apiKeySealed !== "" && saved.baseUrl !== baseUrl)
    throw errors.field("api_key", MODEL_CONFIG_MSG.keyForOtherUrl);
}

/** Create or replace by name. An omitted `api_key` keeps the stored key (for the same base URL only); "" or null removes it. */
export async function saveModelConfig(
  app: AppContext,
  project: ProjectRow,
  userId: string,
  rawName: string,
  body: SaveModelConfigBody,
): Promise<ModelConfigRow> {
  const parsed = modelConfigName.safeParse(rawName);
  if (!parsed.success) throw errors.field("name", parsed.error.issues[0].message);
  const name = parsed.data;
  const baseUrl = body.base_url || DEFAULT_BASE_URL[body.provider];
  assertKeyStaysWithUrl(await findModelConfig(app.db, project.id, name), body, baseUrl);
  const values = {
    provider: body.provider,
    baseUrl,
    model: body.model,
    maxOutputTokens: body.max_output_tokens ?? null,
    temperature: body.temperature ?? null,
    updatedAt: new Date(),
    updatedById: userId,
    ...(body.api_key === undefined ? {} : { apiKeySealed: seal(app.secretKey, "model-config", body.api_key ?? "") }),
  };
  const [row] = await app.db
    .insert(modelConfigs)
    .values({ ...values, workspaceId: project.workspaceId, projectId: project.id, name, createdById: userId })
    .onConflictDoUpdate({ target: [modelConfigs.projectId, modelConfigs.name], set: values })
    .returning();
  return row;
}

export async function deleteModelConfig(app: AppContext, row: ModelConfigRow): Promise<void> {
  await app.db.delete(modelConfigs).where(eq(modelConfigs.id, row.id));
}

/** The endpoint a test call uses: the saved configuration by name, or the unsaved one in the body. */
export async function testEndpoint(
  app: AppContext,
  projectId: string,
  body: TestModelConfigBody,
): Promise<ModelEndpoint> {
  const saved = body.name ? await findModelConfig(app.db, projectId, body.name) : null;
  if (!body.provider) {
    if (!body.name) throw errors.field("name", "This field is required.");
    if (!saved) throw errors.notFound(MODEL_CONFIG_MSG.notFound);
    return endpointOf(app, saved);
  }
  if (!body.model) throw errors.field("model", "This field is required.");
  const baseUrl = body.base_url || DEFAULT_BASE_URL[body.provider];
  assertKeyStaysWithUrl(saved, body, baseUrl);
  return {
    provider: body.provider,
    baseUrl,
    model: body.model,
    apiKey: body.api_key === undefined ? (saved ? endpointOf(app, saved).apiKey : "") : (body.api_key ?? ""),
    maxOutputTokens: body.max_output_tokens ?? null,
    temperature: body.temperature ?? null,
    allowPrivate: app.config.outboundAllowPrivate,
  };
}

export async function runModelTest(
  app: AppContext,
  projectId: string,
  body: TestModelConfigBody,
): Promise<ModelTestResult> {
  return testModel(await testEndpoint(app, projectId, body), app.config.modelTestTimeoutMs);
}
