import { describe, expect, it } from "vitest";
import { parseSse, type SseEvent } from "./sse.ts";
import { parseArgs } from "./http.ts";
import { httpError, networkError, providerMessage } from "./errors.ts";
import { anthropicMessages, anthropicUrl } from "./anthropic.ts";
import { openaiMessages } from "./openai.ts";

async function collect(chunks: (string | Uint8Array)[]): Promise<SseEvent[]> {
  const enc = new TextEncoder();
  async function* gen() {
    for (const c of chunks) yield typeof c === "string" ? enc.encode(c) : c;
  }
  const out: SseEvent[] = [];
  for await (const e of parseSse(gen())) out.push(e);
  return out;
}

describe("parseSse", () => {
  it("dispatches on blank lines, joins data lines, keeps event names", async () => {
    expect(await collect(["event: a\ndata: 1\n\ndata: x\ndata: y\n\n"])).toEqual([
      { event: "a", data: "1" },
      { event: undefined, data: "x\ny" },
    ]);
  });

  it("joins events split anywhere across chunks, including inside a CRLF", async () => {
    const text = 'event: message_start\r\ndata: {"a":1}\r\n\r\ndata: [DONE]\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: "message_start", data: '{"a":1}' },
        { event: undefined, data: "[DONE]" },
      ]);
    }
  });

  it("accepts CR-only line ends, ignores comments and unknown fields, drops one leading space only", async () => {
    expect(await collect([": keep-alive\rid: 3\rretry: 10\rdata:  two spaces\r\r"])).toEqual([
      { event: undefined, data: " two spaces" },
    ]);
  });

  it("joins a UTF-8 character split across chunks", async () => {
    const bytes = new TextEncoder().encode("data: héllo ✓\n\n");
    const i = bytes.indexOf(0xc3) + 1;
    expect(await collect([bytes.slice(0, i), bytes.slice(i)])).toEqual([{ event: undefined, data: "héllo ✓" }]);
  });

  it("does not dispatch an event without data, and dispatches an unterminated last one", async () => {
    expect(await collect(["event: ping\n\n", "data: last"])).toEqual([{ event: undefined, data: "last" }]);
  });
});

describe("tool arguments", () => {
  it("parses objects and notes broken or non-object JSON", () => {
    expect(parseArgs('{"path":"a.txt"}')).toEqual({ args: { path: "a.txt" } });
    expect(parseArgs("")).toEqual({ args: {} });
    expect(parseArgs('{"path":')).toEqual({ args: {}, argsError: "The tool arguments are not valid JSON." });
    expect(parseArgs("[1]")).toEqual({ args: {}, argsError: "The tool arguments are not a JSON object." });
  });
});

describe("provider errors in words a person can act on", () => {
  const ctx = { host: "api.example.com", model: "m1", url: "https://api.example.com/v1/chat/completions" };
  it("tells a bad key, an unknown model and a wrong base URL apart", () => {
    expect(httpError(401, '{"error":{"message":"Incorrect API key"}}', ctx)).toMatchObject({
      kind: "auth",
      detail: "Incorrect API key",
    });
    expect(httpError(404, '{"error":{"message":"nope","code":"model_not_found"}}', ctx)).toMatchObject({
      kind: "model_not_found",
    });
    expect(httpError(404, '{"type":"error","error":{"type":"not_found_error","message":"model: m1"}}', ctx).kind).toBe(
      "model_not_found",
    );
    expect(httpError(404, "<html>Not Found</html>", ctx)).toMatchObject({
      kind: "not_found",
      message: "Nothing answers at https://api.example.com/v1/chat/completions (HTTP 404). Check the base URL.",
    });
    expect(httpError(429, "{}", ctx).kind).toBe("rate_limited");
    expect(httpError(503, "", ctx).kind).toBe("server");
  });
  it("names connection failures: refused, unknown host, reset, TLS, timeout, cancel", () => {
    const ctx = { host: "h:1", timedOut: false, aborted: false };
    const fetchFailed = (code: string) =>
      Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });
    expect(networkError(fetchFailed("ECONNREFUSED"), ctx).message).toBe(
      "Could not connect to h:1: the connection was refused. Check the base URL and that the server is running.",
    );
    expect(networkError(fetchFailed("ENOTFOUND"), ctx).message).toBe(
      "Could not find the host h:1. Check the base URL.",
    );
    expect(networkError(fetchFailed("EAI_AGAIN"), ctx).kind).toBe("unreachable");
    expect(networkError(fetchFailed("ECONNRESET"), ctx).message).toMatch(/closed the connection/);
    expect(networkError(fetchFailed("DEPTH_ZERO_SELF_SIGNED_CERT"), ctx).message).toMatch(/secure connection/);
    // several addresses tried (AggregateError): the first one's code
    expect(
      networkError(Object.assign(new TypeError("fetch failed"), { cause: { errors: [{ code: "ECONNREFUSED" }] } }), ctx)
        .message,
    ).toMatch(/refused/);
    expect(networkError(new Error("x"), { ...ctx, timedOut: true, timeoutMs: 20000 }).message).toBe(
      "h:1 did not answer within 20 s. Check that the server is running and not overloaded, or try a smaller model.",
    );
    expect(networkError(new Error("x"), { ...ctx, aborted: true }).kind).toBe("aborted");
  });

  it("reads the provider's message from each body shape", () => {
    expect(providerMessage('{"error":"model \\"x\\" not found"}')).toEqual({ message: 'model "x" not found' });
    expect(
      providerMessage('{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'),
    ).toEqual({ message: "invalid x-api-key", code: "authentication_error" });
    expect(providerMessage("<html>")).toEqual({ message: undefined });
  });
});

describe("message conversion", () => {
  const call = { id: "c1", name: "read_file", args: { path: "a" }, rawArgs: '{"path":"a"}' };
  const history = [
    { role: "user" as const, content: "hi" },
    { role: "assistant" as const, content: "", toolCalls: [call, { ...call, id: "c2" }] },
    { role: "tool" as const, toolCallId: "c1", toolName: "read_file", content: "A" },
    { role: "tool" as const, toolCallId: "c2", toolName: "read_file", content: "B", isError: true },
  ];
  it("OpenAI: system first, assistant tool_calls, one tool message per result", () => {
    expect(openaiMessages("sys", history)).toEqual([
      { role: "system", content: "sys" },
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } },
          { id: "c2", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "A" },
      { role: "tool", tool_call_id: "c2", content: "B" },
    ]);
  });
  it("Anthropic: tool_use blocks, tool results grouped in one user turn", () => {
    expect(anthropicMessages(history)).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "c1", name: "read_file", input: { path: "a" } },
          { type: "tool_use", id: "c2", name: "read_file", input: { path: "a" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "c1", content: "A" },
          { type: "tool_result", tool_use_id: "c2", content: "B", is_error: true },
        ],
      },
    ]);
  });
  it("Anthropic URL with or without /v1", () => {
    expect(anthropicUrl("https://api.anthropic.com")).toBe("https://api.anthropic.com/v1/messages");
    expect(anthropicUrl("http://h:1/v1/")).toBe("http://h:1/v1/messages");
  });
});
