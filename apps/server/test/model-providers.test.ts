import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  modelClient,
  ProviderError,
  type ModelEndpoint,
  type StreamEvent,
  type ToolSpec,
} from "../src/agents/providers/index.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";

/** The provider clients against the scripted model server: both wire protocols over real HTTP. */
let ms: ModelServer;
beforeAll(async () => {
  ms = await startModelServer({ apiKey: "k", models: ["m"] });
});
afterAll(async () => {
  await ms?.close();
});
beforeEach(() => ms.reset());

const TOOLS: ToolSpec[] = [
  {
    name: "write_file",
    description: "Write a file",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" } },
      required: ["path", "content"],
    },
  },
];
// the scripted server is on loopback: allowed as the instance's OUTBOUND_ALLOW_PRIVATE would
const endpoint = (provider: "openai" | "anthropic"): ModelEndpoint => ({
  provider,
  baseUrl: provider === "openai" ? ms.openaiBaseUrl : ms.anthropicBaseUrl,
  model: "m",
  apiKey: "k",
  allowPrivate: true,
});

async function collect(it: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}
const text = (evs: StreamEvent[], type: "text" | "reasoning") =>
  evs
    .filter((e) => e.type === type)
    .map((e) => (e as { delta: string }).delta)
    .join("");

for (const provider of ["openai", "anthropic"] as const) {
  describe(`${provider} client`, () => {
    it("streams reasoning, text, tool calls with JSON arguments, usage and the finish reason", async () => {
      ms.script({
        reasoning: "I should write the file.",
        text: "Writing it now.",
        toolCalls: [
          { id: "c1", name: "write_file", args: { path: "a.txt", content: "héllo\n" } },
          { id: "c2", name: "write_file", args: { path: "b.txt", content: "" } },
        ],
        usage: { input: 120, output: 34 },
      });
      const evs = await collect(
        modelClient(endpoint(provider)).stream({
          system: "You are careful.",
          messages: [{ role: "user", content: "write a.txt" }],
          tools: TOOLS,
        }),
      );
      expect(text(evs, "reasoning")).toBe("I should write the file.");
      expect(text(evs, "text")).toBe("Writing it now.");
      expect(evs.filter((e) => e.type === "tool_call_start")).toEqual([
        { type: "tool_call_start", id: "c1", name: "write_file" },
        { type: "tool_call_start", id: "c2", name: "write_file" },
      ]);
      const calls = evs.flatMap((e) => (e.type === "tool_call" ? [e.call] : []));
      expect(calls).toEqual([
        {
          id: "c1",
          name: "write_file",
          args: { path: "a.txt", content: "héllo\n" },
          rawArgs: '{"path":"a.txt","content":"héllo\\n"}',
        },
        {
          id: "c2",
          name: "write_file",
          args: { path: "b.txt", content: "" },
          rawArgs: '{"path":"b.txt","content":""}',
        },
      ]);
      expect(evs[evs.length - 1]).toEqual({
        type: "finish",
        reason: "tool_calls",
        usage: { inputTokens: 120, outputTokens: 34 },
        model: "m",
      });

      const req = ms.requests[0];
      if (provider === "openai") {
        expect(req.headers.authorization).toBe("Bearer k");
        expect(req.body.messages[0]).toEqual({ role: "system", content: "You are careful." });
        expect(req.body.tools).toEqual([
          {
            type: "function",
            function: { name: "write_file", description: "Write a file", parameters: TOOLS[0].parameters },
          },
        ]);
        expect(req.body.stream_options).toEqual({ include_usage: true });
      } else {
        expect(req.headers["x-api-key"]).toBe("k");
        expect(req.body.system).toBe("You are careful.");
        expect(req.body.tools).toEqual([
          { name: "write_file", description: "Write a file", input_schema: TOOLS[0].parameters },
        ]);
        expect(req.body.max_tokens).toBe(4096);
      }
    });

    it("sends a tool round trip back in the protocol's shape and finishes with stop", async () => {
      ms.script({ text: "Done." });
      const call = { id: "c1", name: "write_file", args: { path: "a" }, rawArgs: '{"path":"a"}' };
      const evs = await collect(
        modelClient(endpoint(provider)).stream({
          messages: [
            { role: "user", content: "go" },
            { role: "assistant", content: "", toolCalls: [call] },
            { role: "tool", toolCallId: "c1", toolName: "write_file", content: "ok" },
          ],
        }),
      );
      expect(evs[evs.length - 1]).toMatchObject({ type: "finish", reason: "stop" });
      const msgs = ms.requests[0].body.messages;
      if (provider === "openai") expect(msgs[2]).toEqual({ role: "tool", tool_call_id: "c1", content: "ok" });
      else
        expect(msgs[2]).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "ok" }] });
    });

    it("reports broken tool-call JSON instead of throwing, and the length finish", async () => {
      ms.script({
        toolCalls: [{ id: "c9", name: "write_file", args: '{"path": "a' }],
        finish: provider === "openai" ? "length" : "max_tokens",
      });
      const evs = await collect(
        modelClient(endpoint(provider)).stream({ messages: [{ role: "user", content: "go" }] }),
      );
      expect(evs.find((e) => e.type === "tool_call")).toMatchObject({
        call: { id: "c9", args: {}, argsError: "The tool arguments are not valid JSON." },
      });
      expect(evs[evs.length - 1]).toMatchObject({ type: "finish", reason: "length" });
    });

    it("stops when the caller aborts mid-stream: the stream ends at once and its connection is closed", async () => {
      // the answer starts, then the server stalls far longer than the test may take: only the abort can end it
      ms.script({ text: "a long answer", stallAfterMs: 60_000 });
      const controller = new AbortController();
      const seen: StreamEvent[] = [];
      const run = (async () => {
        for await (const e of modelClient(endpoint(provider)).stream({
          messages: [{ role: "user", content: "go" }],
          signal: controller.signal,
        }))
          seen.push(e);
      })().catch((e: unknown) => e);
      await vi.waitFor(() => expect(ms.requests).toHaveLength(1));
      controller.abort();
      const err = await run;
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).kind).toBe("aborted");
      expect(seen.some((e) => e.type === "finish")).toBe(false);
      await vi.waitFor(() => expect(ms.requests[0].abandoned).toBe(true));
    });

    it("refuses a base URL on an internal address unless allowed, before any request", async () => {
      const err = await collect(
        modelClient({ ...endpoint(provider), allowPrivate: false }).stream({
          messages: [{ role: "user", content: "go" }],
        }),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ kind: "unreachable", message: expect.stringContaining("OUTBOUND_ALLOW_PRIVATE=1") });
      expect(ms.requests).toHaveLength(0);
    });

    it("fails with a clear error on a refused key", async () => {
      const err = await collect(
        modelClient({ ...endpoint(provider), apiKey: "bad" }).stream({ messages: [{ role: "user", content: "go" }] }),
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: "auth", status: 401 });
    });
  });
}
