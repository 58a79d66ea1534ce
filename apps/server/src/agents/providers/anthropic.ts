import { ProviderError, midStreamError } from "./errors.ts";
import { hostOf, joinUrl, json, parseArgs, postSse } from "./http.ts";
import {
  DEFAULT_MAX_OUTPUT_TOKENS,
  type ChatMessage,
  type FinishReason,
  type ModelClient,
  type ModelEndpoint,
  type StreamEvent,
  type StreamRequest,
} from "./types.ts";

export const ANTHROPIC_VERSION = "2023-06-01";

/** Anthropic-compatible messages API, streamed, with tool use. */
export function anthropicClient(ep: ModelEndpoint): ModelClient {
  return { stream: (req) => streamAnthropic(ep, req) };
}

/** `{base}/v1/messages`, whether or not the base URL already ends in `/v1`. */
export function anthropicUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(base) ? base + "/messages" : joinUrl(base, "/v1/messages");
}

type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: "tool_result"; tool_use_id: string; content: string; is_error?: boolean };

/** Anthropic wants alternating turns: tool results go back as one user turn of tool_result blocks. */
export function anthropicMessages(messages: ChatMessage[]): { role: "user" | "assistant"; content: Block[] }[] {
  const out: { role: "user" | "assistant"; content: Block[] }[] = [];
  const push = (role: "user" | "assistant", blocks: Block[]) => {
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === "user") push("user", [{ type: "text", text: m.content }]);
    else if (m.role === "assistant") {
      const blocks: Block[] = m.content ? [{ type: "text", text: m.content }] : [];
      for (const c of m.toolCalls ?? []) blocks.push({ type: "tool_use", id: c.id, name: c.name, input: c.args });
      if (blocks.length) push("assistant", blocks);
    } else
      push("user", [
        {
          type: "tool_result",
          tool_use_id: m.toolCallId,
          content: m.content,
          ...(m.isError ? { is_error: true } : {}),
        },
      ]);
  }
  return out;
}

function finishReason(r: string | null | undefined): FinishReason {
  switch (r) {
    case "end_turn":
    case "stop_sequence":
    case "pause_turn":
      return "stop";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return "other";
  }
}

interface Ev {
  type: string;
  index?: number;
  message?: { model?: string; usage?: { input_tokens?: number; output_tokens?: number } };
  content_block?: { type: string; id?: string; name?: string; text?: string; thinking?: string };
  delta?: { type?: string; text?: string; partial_json?: string; thinking?: string; stop_reason?: string | null };
  usage?: { input_tokens?: number; output_tokens?: number };
  error?: { type?: string; message?: string };
}

/** The Messages API request of a turn: the model, its output limit, the conversation, the tools. */
function anthropicRequest(ep: ModelEndpoint, req: StreamRequest) {
  const body: Record<string, unknown> = {
    model: ep.model,
    max_tokens: req.maxOutputTokens ?? ep.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    messages: anthropicMessages(req.messages),
    stream: true,
  };
  if (req.system) body.system = req.system;
  if (req.tools?.length)
    body.tools = req.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  if (ep.temperature !== null && ep.temperature !== undefined) body.temperature = ep.temperature;
  const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION };
  if (ep.apiKey) headers["x-api-key"] = ep.apiKey;
  return { headers, body };
}

/** An `error` event in the stream: an overload or a rate limit the caller may retry, else a server failure. */
function streamError(ev: Ev, host: string): ProviderError {
  const kind = ev.error?.type === "rate_limit_error" ? "rate_limited" : "server";
  return midStreamError(host, ev.error?.message, kind);
}

async function* streamAnthropic(ep: ModelEndpoint, req: StreamRequest): AsyncGenerator<StreamEvent> {
  const url = anthropicUrl(ep.baseUrl);
  const host = hostOf(url);
  const { headers, body } = anthropicRequest(ep, req);
  const blocks = new Map<number, { kind: string; id: string; name: string; args: string }>();
  let reason: FinishReason | null = null;
  let model = ep.model;
  const usage = { inputTokens: 0, outputTokens: 0 };
  let stopped = false;

  for await (const sse of postSse({
    url,
    headers,
    body,
    model: ep.model,
    signal: req.signal,
    timeoutMs: req.timeoutMs,
    allowPrivate: ep.allowPrivate,
  })) {
    const ev = json<Ev>(sse.data, host);
    switch (ev.type) {
      case "message_start":
        if (ev.message?.model) model = ev.message.model;
        usage.inputTokens = ev.message?.usage?.input_tokens ?? 0;
        usage.outputTokens = ev.message?.usage?.output_tokens ?? 0;
        break;
      case "content_block_start": {
        const b = ev.content_block;
        const i = ev.index ?? 0;
        if (!b) break;
        blocks.set(i, { kind: b.type, id: b.id ?? `toolu_${i}`, name: b.name ?? "", args: "" });
        if (b.type === "tool_use") yield { type: "tool_call_start", id: b.id ?? `toolu_${i}`, name: b.name ?? "" };
        else if (b.type === "text" && b.text) yield { type: "text", delta: b.text };
        else if (b.type === "thinking" && b.thinking) yield { type: "reasoning", delta: b.thinking };
        break;
      }
      case "content_block_delta": {
        const d = ev.delta ?? {};
        if (d.type === "text_delta" && d.text) yield { type: "text", delta: d.text };
        else if (d.type === "thinking_delta" && d.thinking) yield { type: "reasoning", delta: d.thinking };
        else if (d.type === "input_json_delta") {
          const b = blocks.get(ev.index ?? 0);
          if (b) b.args += d.partial_json ?? "";
        }
        break;
      }
      case "content_block_stop": {
        const b = blocks.get(ev.index ?? 0);
        if (b?.kind === "tool_use")
          yield { type: "tool_call", call: { id: b.id, name: b.name, rawArgs: b.args, ...parseArgs(b.args) } };
        blocks.delete(ev.index ?? 0);
        break;
      }
      case "message_delta":
        if (ev.delta?.stop_reason) reason = finishReason(ev.delta.stop_reason);
        if (ev.usage?.output_tokens !== undefined) usage.outputTokens = ev.usage.output_tokens;
        if (ev.usage?.input_tokens) usage.inputTokens = ev.usage.input_tokens;
        break;
      case "message_stop":
        stopped = true;
        break;
      case "error":
        throw streamError(ev, host);
      default:
        break; // ping and future event types
    }
    if (stopped) break;
  }
  if (!stopped) throw new ProviderError("dropped", `${host} ended the stream before the answer was complete.`);
  yield { type: "finish", reason: reason ?? "stop", usage, model };
}
