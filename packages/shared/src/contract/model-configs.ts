import { z } from "zod";
import { choice, fieldError, integerIn, MSG, requiredText, text } from "./fields.ts";
import {
  MODEL_BASE_URL_RE,
  MODEL_CONFIG_MSG,
  MODEL_CONFIG_NAME_MAX,
  MODEL_CONFIG_NAME_RE,
  MODEL_PROVIDERS,
  type ModelProvider,
} from "../agent-settings.ts";

/** Model configurations of a project (agents.md §2): OpenAI- or Anthropic-compatible endpoints, keyed by name. */
export { MODEL_CONFIG_MSG, MODEL_PROVIDERS, type ModelProvider };

/** The `{name}` of `P/model-configs/{name}/`. */
export const modelConfigName = requiredText(MODEL_CONFIG_NAME_MAX)
  .regex(MODEL_CONFIG_NAME_RE, MODEL_CONFIG_MSG.nameChars)
  .refine((s) => s.toLowerCase() !== "test", MODEL_CONFIG_MSG.nameReserved);

/** An http(s) URL, or empty for the provider's default. */
const baseUrl = () =>
  text(2000)
    .trim()
    .refine((s) => s === "" || MODEL_BASE_URL_RE.test(s), MSG.url);

const endpointFields = {
  provider: choice(MODEL_PROVIDERS),
  base_url: baseUrl().optional(),
  model: requiredText(200),
  /** Write-only. Omitted: keep the stored key; "" or null: remove it. */
  api_key: text(4000).trim().nullable().optional(),
  max_output_tokens: integerIn(1, 1_000_000).nullable().optional(),
  temperature: z
    .number({ error: fieldError(MSG.number) })
    .min(0, MODEL_CONFIG_MSG.temperature)
    .max(2, MODEL_CONFIG_MSG.temperature)
    .nullable()
    .optional(),
};

/** POST P/model-configs/{name}/: create or replace. */
export const saveModelConfigBody = z.object(endpointFields);
export type SaveModelConfigBody = z.infer<typeof saveModelConfigBody>;

/**
 * POST P/model-configs/test/: `{name}` tests the saved configuration; a full config (with `provider`) tests it
 * unsaved, taking the saved key of the same name when `api_key` is omitted (the edit form never has it).
 */
export const testModelConfigBody = z.object({
  name: text(MODEL_CONFIG_NAME_MAX).trim().optional(),
  provider: choice(MODEL_PROVIDERS).optional(),
  base_url: endpointFields.base_url,
  model: requiredText(200).optional(),
  api_key: endpointFields.api_key,
  max_output_tokens: endpointFields.max_output_tokens,
  temperature: endpointFields.temperature,
});
export type TestModelConfigBody = z.infer<typeof testModelConfigBody>;

export interface ModelConfig {
  name: string;
  provider: ModelProvider;
  base_url: string;
  model: string;
  has_api_key: boolean;
  max_output_tokens: number | null;
  temperature: number | null;
  created_at: string;
  updated_at: string;
}

export interface ModelConfigList {
  model_configs: ModelConfig[];
}

export interface ModelConfigTestResult {
  ok: boolean;
  model: string;
  latency_ms: number;
  error?: string;
}
