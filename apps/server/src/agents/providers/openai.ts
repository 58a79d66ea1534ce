import { ProviderError, midStreamError } from "./errors.ts";
import { hostOf, joinUrl, json, parseArgs, postSse } from "./http.ts";
import type { ChatMessage, FinishReason, ModelClient, ModelEndpoint, StreamEvent, StreamRequest } from "./types.ts";

/** OpenAI-compatible chat completions, streamed (OpenAI, vLLM, Ollama, LM Studio, llama.cpp, …). */
export function openaiClient(ep: ModelEndpoint): ModelClient {
  return { stream: (req) => streamOpenai(ep, req) };
}

type ToolCallDelta = { index?: number; id?: string; function?: { name?: string; arguments?: string } };

interface Chunk {
  model?: string;
  choices?: {
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: ToolCallDelta[];
    };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string } | string;
}

function finishReason(r: string | null | undefined): FinishReason {
  switch (r) {
    case "stop":
      return "stop";
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "length":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return "other";
  }
}

export function openaiMessages(system: string | undefined, messages: ChatMessage[]): unknown[] {
  const out: unknown[] = [];
  if (system) out.push({ role: "system", content: system });
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: m.content });
    else if (m.role === "assistant") {
      const calls = m.toolCalls?.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.rawArgs || JSON.stringify(c.args) },
      }));
      out.push({
        role: "assistant",
        content: m.content || (calls?.length ? null : ""),
        ...(calls?.length ? { tool_calls: calls } : {}),
      });
    } else out.push({ role: "tool", tool_call_id: m.toolCallId, content: m.content });
  }
  return out;
}

/** OpenAI's own reasoning models refuse `max_tokens`; other compatible servers know only `max_tokens`. */
const tokenField = (baseUrl: string) => (hostOf(baseUrl) === "api.openai.com" ? "max_completion_tokens" : "max_tokens");

/** The chat completions request of a turn: the model, the conversation, the tools, the output limit. */
function openaiRequest(ep: ModelEndpoint, req: StreamRequest) {
  const maxTokens = req.maxOutputTokens ?? ep.maxOutputTokens ?? undefined;
  const body: Record<string, unknown> = {
    model: ep.model,
    messages: openaiMessages(req.system, req.messages),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (req.tools?.length)
    body.tools = req.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
  if (maxTokens) body[tokenField(ep.baseUrl)] = maxTokens;
  if (ep.temperature !== null && ep.temperature !== undefined) body.temperature = ep.temperature;
  const headers: Record<string, string> = ep.apiKey ? { authorization: `Bearer ${ep.apiKey}` } : {};
  return { headers, body };
}

type PendingCall = { id: string; name: string; args: string };

/** A chunk's part of the tool calls being streamed: a call's start (once its name is known) and its arguments. */
function* toolCallDeltas(calls: Map<number, PendingCall>, deltas: ToolCallDelta[]): Generator<StreamEvent> {
  for (const tc of deltas) {
    const i = tc.index ?? 0;
    let c = calls.get(i);
    if (!c) {
      c = { id: tc.id || `call_${i}`, name: tc.function?.name ?? "", args: "" };
      calls.set(i, c);
      if (c.name) yield { type: "tool_call_start", id: c.id, name: c.name };
    } else if (tc.function?.name && !c.name) {
      c.name = tc.function.name;
      yield { type: "tool_call_start", id: c.id, name: c.name };
    }
    if (tc.id && c.id.startsWith("call_") && tc.id !== c.id && c.args === "") c.id = tc.id;
    c.args += tc.function?.arguments ?? "";
  }
}

async function* streamOpenai(ep: ModelEndpoint, req: StreamRequest): AsyncGenerator<StreamEvent> {
  const url = joinUrl(ep.baseUrl, "/chat/completions");
  const host = hostOf(url);
  const { headers, body } = openaiRequest(ep, req);
  const calls = new Map<number, PendingCall>();
  let reason: FinishReason | null = null;
  let model = ep.model;
  const usage = { inputTokens: 0, outputTokens: 0 };
  let done = false;

  const flushCalls = function* (): Generator<StreamEvent> {
    for (const [, c] of [...calls].sort((a, b) => a[0] - b[0]))
      yield { type: "tool_call", call: { id: c.id, name: c.name, rawArgs: c.args, ...parseArgs(c.args) } };
    calls.clear();
  };

  for await (const ev of postSse({
    url,
    headers,
    body,
    model: ep.model,
    signal: req.signal,
    timeoutMs: req.timeoutMs,
    allowPrivate: ep.allowPrivate,
  })) {
    if (ev.data === "[DONE]") {
      done = true;
      break;
    }
    const chunk = json<Chunk>(ev.data, host);
    if (chunk.error) throw midStreamError(host, typeof chunk.error === "string" ? chunk.error : chunk.error.message);
    if (chunk.model) model = chunk.model;
    if (chunk.usage) {
      usage.inputTokens = chunk.usage.prompt_tokens ?? usage.inputTokens;
      usage.outputTokens = chunk.usage.completion_tokens ?? usage.outputTokens;
    }
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const d = choice.delta ?? {};
    const thought = d.reasoning_content ?? d.reasoning;
    if (thought) yield { type: "reasoning", delta: thought };
    if (d.content) yield { type: "text", delta: d.content };
    yield* toolCallDeltas(calls, d.tool_calls ?? []);
    if (choice.finish_reason) {
      reason = finishReason(choice.finish_reason);
      yield* flushCalls();
    }
  }
  if (!done && reason === null)
    throw new ProviderError("dropped", `${host} ended the stream before the answer was complete.`);
  yield* flushCalls();
  yield { type: "finish", reason: reason ?? "stop", usage, model };
}
