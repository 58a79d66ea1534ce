/**
 * The one streaming interface over model providers. The agent loop speaks only this; `openai.ts` and
 * `anthropic.ts` translate it to the two wire protocols (streamed chat completions with tool calls, streamed
 * messages with tool use).
 */
export type ProviderKind = "openai" | "anthropic";

/** Where and how to reach a model (a model configuration with its API key opened). */
export interface ModelEndpoint {
  provider: ProviderKind;
  /** OpenAI style includes the version (`https://api.openai.com/v1`); Anthropic style may omit it. */
  baseUrl: string;
  model: string;
  /** Empty: no key is sent (local servers). */
  apiKey: string;
  maxOutputTokens?: number | null;
  temperature?: number | null;
  /** The base URL may be on an internal address (the instance's OUTBOUND_ALLOW_PRIVATE; core/safe-fetch.ts). */
  allowPrivate?: boolean;
}

/** A tool the model may call; `parameters` is a JSON Schema object. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments parsed from the streamed JSON; `{}` when they were not valid JSON (see `argsError`). */
  args: Record<string, unknown>;
  /** The arguments as the model wrote them. */
  rawArgs: string;
  /** Set when `rawArgs` is not a JSON object: the loop should tell the model instead of running the tool. */
  argsError?: string;
}

export type ChatMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; toolName: string; content: string; isError?: boolean };

export interface StreamRequest {
  system?: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** Overrides the endpoint's `maxOutputTokens`. */
  maxOutputTokens?: number;
  /** Cancels the request and the stream (the loop's cancel). */
  signal?: AbortSignal;
  /** Whole-request limit; past it the stream fails with a `timeout` ProviderError. */
  timeoutMs?: number;
}

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "other";

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export type StreamEvent =
  | { type: "text"; delta: string }
  | { type: "reasoning"; delta: string }
  /** A tool call has begun (its arguments are still streaming). */
  | { type: "tool_call_start"; id: string; name: string }
  /** A complete tool call with its arguments. */
  | { type: "tool_call"; call: ToolCall }
  /** Always the last event of a successful stream. */
  | { type: "finish"; reason: FinishReason; usage: Usage; model: string };

export interface ModelClient {
  stream(req: StreamRequest): AsyncIterable<StreamEvent>;
}

/** Output tokens asked for when neither the request nor the configuration says (Anthropic requires a value). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
