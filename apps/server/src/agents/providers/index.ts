import { DEFAULT_MODEL_BASE_URL } from "@stride/shared";
import { anthropicClient } from "./anthropic.ts";
import { openaiClient } from "./openai.ts";
import { ProviderError } from "./errors.ts";
import type { ModelClient, ModelEndpoint, ProviderKind } from "./types.ts";

export * from "./types.ts";
export { ProviderError } from "./errors.ts";

/** The base URL a provider uses when a configuration leaves it empty. */
export const DEFAULT_BASE_URL: Record<ProviderKind, string> = DEFAULT_MODEL_BASE_URL;

/** The streaming client for an endpoint's protocol. */
export function modelClient(ep: ModelEndpoint): ModelClient {
  return ep.provider === "anthropic" ? anthropicClient(ep) : openaiClient(ep);
}

export interface ModelTestResult {
  ok: boolean;
  model: string;
  latency_ms: number;
  error?: string;
}

/**
 * The test call: one real minimal streamed request ("reply ok", a few output tokens). Success names the model
 * the server says answered and the time to the end of the answer; failure is the ProviderError's message.
 */
export async function testModel(ep: ModelEndpoint, timeoutMs: number): Promise<ModelTestResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    for await (const ev of modelClient(ep).stream({
      messages: [{ role: "user", content: "Reply with the single word: ok" }],
      maxOutputTokens: 16,
      timeoutMs,
    })) {
      if (ev.type === "finish") return { ok: true, model: ev.model || ep.model, latency_ms: ms() };
    }
    return { ok: false, model: ep.model, latency_ms: ms(), error: "The server ended the answer without finishing it." };
  } catch (e) {
    const message = e instanceof ProviderError ? e.message : `The test call failed: ${(e as Error).message}`;
    return { ok: false, model: ep.model, latency_ms: ms(), error: message };
  }
}
