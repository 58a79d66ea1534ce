import { doublePrecision, index, integer, pgTable, text, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

/**
 * A person's own secrets (`/api/users/me/secrets/`), e.g. tokens an agent may use later. The value is sealed
 * with AES-256-GCM (core/crypto-box.ts, purpose "user-secret") and never returned; `value_hint` is its mask.
 */
export const userSecrets = pgTable(
  "user_secrets",
  {
    id: pk(),
    userId: uuid("user")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    valueSealed: text("value_sealed").notNull(),
    valueHint: text("value_hint").notNull().default(""),
    ...audit(),
  },
  (t) => [uniqueIndex("user_secrets_name_uq").on(t.userId, t.name)],
);

/**
 * A project's named model configurations (agents.md §2): an OpenAI- or Anthropic-compatible endpoint. The API
 * key is sealed (purpose "model-config") and write-only.
 */
export const modelConfigs = pgTable(
  "model_configs",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    provider: text("provider").notNull(), // openai | anthropic
    baseUrl: text("base_url").notNull(),
    model: text("model").notNull(),
    apiKeySealed: text("api_key_sealed").notNull().default(""),
    maxOutputTokens: integer("max_output_tokens"),
    temperature: doublePrecision("temperature"),
    ...audit(),
  },
  (t) => [
    uniqueIndex("model_configs_name_uq").on(t.projectId, t.name),
    index("model_configs_project_idx").on(t.projectId),
  ],
);
