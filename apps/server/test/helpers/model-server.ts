import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A scripted model server for tests: real HTTP on 127.0.0.1 speaking streamed OpenAI chat completions
 * (`POST /v1/chat/completions`, tool calls) and streamed Anthropic messages (`POST /v1/messages`, tool use).
 * Each request takes the next scripted turn (a default "ok" answer when the script is empty) and is recorded,
 * so tests can assert the key header, the model, the messages and the tools the client sent.
 *
 * Checks made before a turn is taken, like real providers: a wrong or missing key → 401 and an unknown model
 * → 404, each in the protocol's own error body. Script `{ error }` for any other status (with `headers`, e.g.
 * Retry-After), `{ drop: true }` to close the connection without an answer, `{ dropAfterFrames }` to send part of
 * the answer and then close the connection, `{ delayMs }` for a slow server (headers only after the delay),
 * `{ stallAfterMs }` to send part of the answer and then hang, `{ gate }` to answer only when the test says so.
 */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** An object (sent as JSON in pieces) or a raw string (sent as is, e.g. to test broken JSON). */
  args: Record<string, unknown> | string;
}

export interface ScriptedTurn {
  reasoning?: string;
  text?: string;
  toolCalls?: ScriptedToolCall[];
  usage?: { input: number; output: number };
  /** Wire finish reason; default "tool_calls"/"tool_use" when there are tool calls, else "stop"/"end_turn". */
  finish?: string;
  /** The model name the answer reports (default: the requested one). */
  model?: string;
  /** Wait this long before answering at all. */
  delayMs?: number;
  /** Send the first events, then hang this long (or until closed) before finishing. */
  stallAfterMs?: number;
  /** Answer only once this settles (or the server closes): a test lets a run go on when it has seen what it waits for. */
  gate?: Promise<unknown>;
  /** Send this many frames of the answer, then close the connection (a dropped connection mid-answer). */
  dropAfterFrames?: number;
}

export interface ScriptedError {
  error: { status: number; body?: unknown; headers?: Record<string, string> };
  delayMs?: number;
}

/** Close the connection without answering (a dropped connection). */
export interface ScriptedDrop {
  drop: true;
}

export type Turn = ScriptedTurn | ScriptedError | ScriptedDrop;

export interface RecordedRequest {
  protocol: "openai" | "anthropic" | "other";
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** The client closed the connection before the whole answer was sent (it aborted the stream). */
  abandoned?: boolean;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Base URL for an OpenAI-compatible configuration (`…/v1`). */
  openaiBaseUrl: string;
  /** Base URL for an Anthropic-compatible configuration. */
  anthropicBaseUrl: string;
  apiKey: string;
  models: string[];
  requests: RecordedRequest[];
  /** Queue turns; each request takes the next one. */
  script: (...turns: Turn[]) => void;
  /** Drop queued turns and recorded requests. */
  reset: () => void;
  close: () => Promise<void>;
}

export interface ModelServerOptions {
  /** The key clients must send; "" accepts any (or none). Default "test-key". */
  apiKey?: string;
  /** Models the server knows. Default ["test-model"]. */
  models?: string[];
}

/** Wait `ms`, or until the server closes. */
const sleep = (ms: number, state: { closed: boolean; waits: Set<() => void> }) =>
  new Promise<void>((resolve) => {
    if (state.closed) return resolve();
    const done = () => {
      clearTimeout(t);
      state.waits.delete(done);
      resolve();
    };
    const t = setTimeout(done, ms);
    state.waits.add(done);
  });

/** Wait until `p` settles, or until the server closes. */
const until = (p: Promise<unknown>, state: { closed: boolean; waits: Set<() => void> }) =>
  new Promise<void>((resolve) => {
    if (state.closed) return resolve();
    const done = () => {
      state.waits.delete(done);
      resolve();
    };
    state.waits.add(done);
    p.then(done, done);
  });

/** Split a string into up to three pieces, so clients must join streamed fragments. */
function pieces(s: string): string[] {
  if (s.length < 3) return [s];
  const a = Math.ceil(s.length / 3);
  return [s.slice(0, a), s.slice(a, 2 * a), s.slice(2 * a)].filter(Boolean);
}

function openaiEvents(turn: ScriptedTurn, model: string): unknown[] {
  const id = "chatcmpl-scripted";
  const base = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const out: unknown[] = [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
  ];
  for (const p of pieces(turn.reasoning ?? ""))
    if (p) out.push({ ...base, choices: [{ index: 0, delta: { reasoning_content: p }, finish_reason: null }] });
  for (const p of pieces(turn.text ?? ""))
    if (p) out.push({ ...base, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] });
  (turn.toolCalls ?? []).forEach((c, index) => {
    const args = typeof c.args === "string" ? c.args : JSON.stringify(c.args);
    out.push({
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index, id: c.id ?? `call_${index + 1}`, type: "function", function: { name: c.name, arguments: "" } },
            ],
          },
          finish_reason: null,
        },
      ],
    });
    for (const p of pieces(args))
      out.push({
        ...base,
        choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: p } }] }, finish_reason: null }],
      });
  });
  const finish = turn.finish ?? (turn.toolCalls?.length ? "tool_calls" : "stop");
  out.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  const u = turn.usage ?? { input: 10, output: 5 };
  out.push({
    ...base,
    choices: [],
    usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output },
  });
  return out;
}

function anthropicEvents(turn: ScriptedTurn, model: string): { event: string; data: unknown }[] {
  const u = turn.usage ?? { input: 10, output: 5 };
  const out: { event: string; data: unknown }[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          id: "msg_scripted",
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          usage: { input_tokens: u.input, output_tokens: 1 },
        },
      },
    },
    { event: "ping", data: { type: "ping" } },
  ];
  let index = 0;
  if (turn.reasoning) {
    out.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: { type: "thinking", thinking: "" } },
    });
    for (const p of pieces(turn.reasoning))
      out.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: p } },
      });
    out.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  if (turn.text) {
    out.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    });
    for (const p of pieces(turn.text))
      out.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "text_delta", text: p } },
      });
    out.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  (turn.toolCalls ?? []).forEach((c, i) => {
    const args = typeof c.args === "string" ? c.args : JSON.stringify(c.args);
    out.push({
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: c.id ?? `toolu_${i + 1}`, name: c.name, input: {} },
      },
    });
    for (const p of pieces(args))
      out.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: p } },
      });
    out.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  });
  const finish = turn.finish ?? (turn.toolCalls?.length ? "tool_use" : "end_turn");
  out.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: finish, stop_sequence: null },
      usage: { output_tokens: u.output },
    },
  });
  out.push({ event: "message_stop", data: { type: "message_stop" } });
  return out;
}

function authError(protocol: "openai" | "anthropic") {
  return protocol === "openai"
    ? {
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      }
    : { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } };
}

function modelError(protocol: "openai" | "anthropic", model: string) {
  return protocol === "openai"
    ? {
        error: {
          message: `The model \`${model}\` does not exist or you do not have access to it.`,
          type: "invalid_request_error",
          param: null,
          code: "model_not_found",
        },
      }
    : { type: "error", error: { type: "not_found_error", message: `model: ${model}` } };
}

export async function startModelServer(opts: ModelServerOptions = {}): Promise<ModelServer> {
  const apiKey = opts.apiKey ?? "test-key";
  const models = opts.models ?? ["test-model"];
  const queue: Turn[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const state = { closed: false, waits: new Set<() => void>() };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: any = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // recorded as text
    }
    const path = (req.url ?? "/").split("?")[0];
    const protocol =
      req.method === "POST" && path === "/v1/chat/completions"
        ? "openai"
        : req.method === "POST" && path === "/v1/messages"
          ? "anthropic"
          : "other";
    const recorded: RecordedRequest = { protocol, method: req.method ?? "", path, headers: req.headers, body };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished && !state.closed) recorded.abandoned = true;
    });
    const sendJson = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    if (protocol === "other") return sendJson(404, { error: "Not found" });

    const sentKey =
      protocol === "openai"
        ? (req.headers.authorization ?? "").replace(/^Bearer /, "")
        : String(req.headers["x-api-key"] ?? "");
    if (apiKey && sentKey !== apiKey) return sendJson(401, authError(protocol));
    const model = String(body?.model ?? "");
    if (!models.includes(model)) return sendJson(404, modelError(protocol, model));

    const turn: Turn = queue.shift() ?? { text: "ok" };
    if ("drop" in turn) return req.socket.destroy();
    if (turn.delayMs) await sleep(turn.delayMs, state);
    if ("gate" in turn && turn.gate) await until(turn.gate, state);
    if (state.closed) return res.destroy();
    if ("error" in turn)
      return sendJson(
        turn.error.status,
        turn.error.body ?? { error: { message: `Scripted error ${turn.error.status}` } },
        turn.error.headers,
      );

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const answeredModel = turn.model ?? model;
    const frames: string[] =
      protocol === "openai"
        ? [...openaiEvents(turn, answeredModel).map((d) => `data: ${JSON.stringify(d)}\n\n`), "data: [DONE]\n\n"]
        : anthropicEvents(turn, answeredModel).map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    const stallAt = turn.stallAfterMs ? Math.min(2, frames.length - 1) : -1;
    for (let i = 0; i < frames.length; i++) {
      if (state.closed || res.destroyed) return;
      if (i === stallAt) await sleep(turn.stallAfterMs!, state);
      if (state.closed || res.destroyed) return;
      if (i === turn.dropAfterFrames) return req.socket.destroy();
      // Each frame goes out in two writes, so clients must join events split across reads.
      const f = frames[i];
      const cut = Math.max(1, Math.floor(f.length / 2));
      res.write(f.slice(0, cut));
      res.write(f.slice(cut));
    }
    res.end();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    apiKey,
    models,
    requests,
    script: (...turns) => {
      queue.push(...turns);
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      state.closed = true;
      for (const done of [...state.waits]) done();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
