import crypto from "node:crypto";
import { eq, sql as dsql } from "drizzle-orm";
import { schema, type DbOrTx, type Db } from "../db/client.ts";
import { open, seal } from "./crypto-box.ts";
import { envInstanceConfig } from "../config.ts";
import type { AppContext } from "./context.ts";
import { STRIDE_VERSION } from "../version.ts";

/**
 * Instance configuration (wire-facts-2 §1): string values keyed by name, flags as "1"/"0".
 * Keys marked `encrypted` are stored with AES-256-GCM under a key derived from the app secret.
 */
export interface ConfigKeyDef {
  key: string;
  category: string;
  default: string;
  encrypted?: boolean;
}

export const CONFIG_KEYS: readonly ConfigKeyDef[] = [
  { key: "ENABLE_SIGNUP", category: "AUTHENTICATION", default: "1" },
  { key: "ENABLE_EMAIL_PASSWORD", category: "AUTHENTICATION", default: "1" },
  { key: "ENABLE_MAGIC_LINK_LOGIN", category: "AUTHENTICATION", default: "0" },
  { key: "IS_GOOGLE_ENABLED", category: "AUTHENTICATION", default: "0" },
  { key: "IS_GITHUB_ENABLED", category: "AUTHENTICATION", default: "0" },
  { key: "IS_GITLAB_ENABLED", category: "AUTHENTICATION", default: "0" },
  { key: "DISABLE_WORKSPACE_CREATION", category: "WORKSPACE_MANAGEMENT", default: "0" },
  { key: "GOOGLE_CLIENT_ID", category: "GOOGLE", default: "" },
  { key: "GOOGLE_CLIENT_SECRET", category: "GOOGLE", default: "", encrypted: true },
  { key: "ENABLE_GOOGLE_SYNC", category: "GOOGLE", default: "0" },
  { key: "GITHUB_CLIENT_ID", category: "GITHUB", default: "" },
  { key: "GITHUB_CLIENT_SECRET", category: "GITHUB", default: "", encrypted: true },
  { key: "GITHUB_ORGANIZATION_ID", category: "GITHUB", default: "" },
  { key: "ENABLE_GITHUB_SYNC", category: "GITHUB", default: "0" },
  { key: "GITLAB_HOST", category: "GITLAB", default: "" },
  { key: "GITLAB_CLIENT_ID", category: "GITLAB", default: "" },
  { key: "GITLAB_CLIENT_SECRET", category: "GITLAB", default: "", encrypted: true },
  { key: "ENABLE_GITLAB_SYNC", category: "GITLAB", default: "0" },
  { key: "IS_GITEA_ENABLED", category: "GITEA", default: "0" },
  { key: "GITEA_HOST", category: "GITEA", default: "" },
  { key: "GITEA_CLIENT_ID", category: "GITEA", default: "" },
  { key: "GITEA_CLIENT_SECRET", category: "GITEA", default: "", encrypted: true },
  { key: "ENABLE_GITEA_SYNC", category: "GITEA", default: "0" },
  { key: "IS_OIDC_ENABLED", category: "OIDC", default: "0" },
  { key: "OIDC_ISSUER_URL", category: "OIDC", default: "" },
  { key: "OIDC_CLIENT_ID", category: "OIDC", default: "" },
  { key: "OIDC_CLIENT_SECRET", category: "OIDC", default: "", encrypted: true },
  { key: "OIDC_BUTTON_LABEL", category: "OIDC", default: "" },
  { key: "ENABLE_OIDC_SYNC", category: "OIDC", default: "0" },
  { key: "ENABLE_SMTP", category: "SMTP", default: "0" },
  { key: "EMAIL_HOST", category: "SMTP", default: "" },
  { key: "EMAIL_HOST_USER", category: "SMTP", default: "" },
  { key: "EMAIL_HOST_PASSWORD", category: "SMTP", default: "", encrypted: true },
  { key: "EMAIL_PORT", category: "SMTP", default: "587" },
  { key: "EMAIL_FROM", category: "SMTP", default: "" },
  { key: "EMAIL_USE_TLS", category: "SMTP", default: "1" },
  { key: "EMAIL_USE_SSL", category: "SMTP", default: "0" },
  { key: "LLM_API_KEY", category: "AI", default: "", encrypted: true },
  { key: "LLM_PROVIDER", category: "AI", default: "openai" },
  { key: "LLM_MODEL", category: "AI", default: "gpt-4o-mini" },
  { key: "GPT_ENGINE", category: "AI", default: "gpt-3.5-turbo" },
  { key: "UNSPLASH_ACCESS_KEY", category: "UNSPLASH", default: "", encrypted: true },
];

/** The running version, recorded on the instance row at every start (`current_version` of /api/instances/). */
export const CURRENT_VERSION: string = STRIDE_VERSION;

/** AES-256-GCM (core/crypto-box.ts); output `enc:v1:<base64(iv ‖ tag ‖ ciphertext)>`. Empty strings stay empty. */
export function encryptValue(secretKey: string, plain: string): string {
  return seal(secretKey, "instance-config", plain);
}

/** Decrypt a stored value; a value that cannot be decrypted (other secret key, corrupt) reads as "". */
export function decryptValue(secretKey: string, stored: string | null): string {
  return open(secretKey, "instance-config", stored);
}

export type ConfigRow = typeof schema.instanceConfigurations.$inferSelect & {
  /** The environment sets this key (config.ts `envInstanceConfig`): it wins, and god-mode shows it read-only. */
  setByEnvironment?: boolean;
};

/**
 * Every configuration row with its value decrypted. Keys in `fromEnv` (the environment's values) carry those
 * instead, marked `setByEnvironment`; an encrypted one reads as "" (an environment secret is not handed out).
 */
export async function getInstanceConfigRows(
  db: DbOrTx,
  secretKey: string,
  fromEnv: Record<string, string> = {},
): Promise<ConfigRow[]> {
  const rows = await db
    .select()
    .from(schema.instanceConfigurations)
    .orderBy(schema.instanceConfigurations.createdAt, schema.instanceConfigurations.key);
  return rows.map((r) => {
    if (r.key in fromEnv) return { ...r, value: r.isEncrypted ? "" : fromEnv[r.key], setByEnvironment: true };
    return { ...r, value: r.isEncrypted ? decryptValue(secretKey, r.value) : (r.value ?? ""), setByEnvironment: false };
  });
}

/** Decrypted value of every key; keys missing from the table fall back to their defaults; `fromEnv` wins. */
export async function getInstanceConfig(
  db: DbOrTx,
  secretKey: string,
  fromEnv: Record<string, string> = {},
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const def of CONFIG_KEYS) out[def.key] = def.default;
  const rows = await db.select().from(schema.instanceConfigurations);
  for (const r of rows) out[r.key] = r.isEncrypted ? decryptValue(secretKey, r.value) : (r.value ?? "");
  return { ...out, ...fromEnv };
}

/** The instance configuration as the app uses it: god-mode's values with the environment's over them. */
export function instanceConfig(
  app: Pick<AppContext, "db" | "secretKey" | "config">,
  db: DbOrTx = app.db,
): Promise<Record<string, string>> {
  return getInstanceConfig(db, app.secretKey, envInstanceConfig(app.config));
}

/**
 * Update existing keys only (unknown keys are ignored); values are encrypted when the key is.
 * Returns the updated rows with decrypted values.
 */
export async function setInstanceConfig(
  db: DbOrTx,
  secretKey: string,
  values: Record<string, string>,
  updatedBy: string | null = null,
): Promise<ConfigRow[]> {
  const rows = await db.select().from(schema.instanceConfigurations);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const updated: ConfigRow[] = [];
  for (const [key, value] of Object.entries(values)) {
    const row = byKey.get(key);
    if (!row) continue;
    const stored = row.isEncrypted ? encryptValue(secretKey, value) : value;
    const [u] = await db
      .update(schema.instanceConfigurations)
      .set({ value: stored, updatedAt: new Date(), updatedById: updatedBy })
      .where(eq(schema.instanceConfigurations.id, row.id))
      .returning();
    updated.push({ ...u, value });
  }
  return updated;
}

/** True when the value is the flag "1". */
export const isOn = (v: string | undefined | null): boolean => v === "1";

/** The instance row, if seeded. */
export async function getInstance(db: DbOrTx) {
  const [row] = await db.select().from(schema.instances).orderBy(schema.instances.createdAt).limit(1);
  return row ?? null;
}

/**
 * Boot task: seed the instance row (first boot only) and every configuration key with its default.
 * Idempotent and safe when several servers start at once (advisory lock inside one transaction).
 */
export async function seedInstance(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(dsql`SELECT pg_advisory_xact_lock(727274001)`);
    const existing = await getInstance(tx);
    if (!existing) {
      await tx.insert(schema.instances).values({
        instanceName: "Plane Community Edition",
        instanceId: crypto.randomBytes(12).toString("hex"),
        currentVersion: CURRENT_VERSION,
        latestVersion: CURRENT_VERSION,
        edition: "PLANE_COMMUNITY",
        lastCheckedAt: new Date(),
      });
    } else if (existing.currentVersion !== CURRENT_VERSION) {
      await tx
        .update(schema.instances)
        .set({ currentVersion: CURRENT_VERSION, updatedAt: new Date() })
        .where(eq(schema.instances.id, existing.id));
    }
    await tx
      .insert(schema.instanceConfigurations)
      .values(
        CONFIG_KEYS.map((d) => ({ key: d.key, value: d.default, category: d.category, isEncrypted: !!d.encrypted })),
      )
      .onConflictDoNothing({ target: schema.instanceConfigurations.key });
  });
}
