import type { ModelConfig, ModelProvider } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";

export type ModelConfigRow = typeof schema.modelConfigs.$inferSelect;

/** The API key is write-only: only whether one is stored. */
export function presentModelConfig(r: ModelConfigRow): ModelConfig {
  return {
    name: r.name,
    provider: r.provider as ModelProvider,
    base_url: r.baseUrl,
    model: r.model,
    has_api_key: r.apiKeySealed !== "",
    max_output_tokens: r.maxOutputTokens,
    temperature: r.temperature,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
