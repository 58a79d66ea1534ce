import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MODEL_CONFIG_MSG } from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { startModelServer, type ModelServer } from "./helpers/model-server.ts";
import { schema } from "../src/db/client.ts";
import { open } from "../src/core/crypto-box.ts";

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { error: MODEL_CONFIG_MSG.notFound };
const KEYS = [
  "base_url",
  "created_at",
  "has_api_key",
  "max_output_tokens",
  "model",
  "name",
  "provider",
  "temperature",
  "updated_at",
];
const KEY = "sk-test-secret-key-0123456789";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let ms: ModelServer;
let host: string;

beforeAll(async () => {
  // the scripted model server listens on loopback: the instance allows internal targets (OUTBOUND_ALLOW_PRIVATE)
  t = await startTestServer({ modelTestTimeoutMs: 1500, outboundAllowPrivate: true });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  ms = await startModelServer({ apiKey: KEY, models: ["test-model", "claude-test"] });
  host = new URL(ms.url).host;
});
afterAll(async () => {
  await ms?.close();
  await t?.close();
});
beforeEach(() => ms.reset());

const base = () => `${pr.base}/model-configs`;
const openaiConfig = (extra: Record<string, unknown> = {}) => ({
  provider: "openai",
  base_url: ms.openaiBaseUrl,
  model: "test-model",
  api_key: KEY,
  ...extra,
});
const anthropicConfig = (extra: Record<string, unknown> = {}) => ({
  provider: "anthropic",
  base_url: ms.anthropicBaseUrl,
  model: "claude-test",
  api_key: KEY,
  ...extra,
});
const storedRow = async (name: string) =>
  (await t.db.db.select().from(schema.modelConfigs).where(eq(schema.modelConfigs.name, name)))[0];

describe("POST P/model-configs/{name}/", () => {
  it("creates a configuration: the key is write-only (never in an answer) and sealed in the database", async () => {
    const res = await ws.admin.post(`${base()}/gpt/`, openaiConfig({ max_output_tokens: 2048, temperature: 0.2 }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.model_config).sort()).toEqual(KEYS);
    expect(res.body.model_config).toMatchObject({
      name: "gpt",
      provider: "openai",
      base_url: ms.openaiBaseUrl,
      model: "test-model",
      has_api_key: true,
      max_output_tokens: 2048,
      temperature: 0.2,
    });
    expect(res.text).not.toContain(KEY);
    const row = await storedRow("gpt");
    expect(row.apiKeySealed).not.toContain(KEY);
    expect(row.apiKeySealed.startsWith("enc:v1:")).toBe(true);
    expect(open(t.app.secretKey, "model-config", row.apiKeySealed)).toBe(KEY);
    const list = await ws.admin.get(`${base()}/`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(KEY);
    expect(list.body.model_configs.map((c: { name: string }) => c.name)).toContain("gpt");
  });

  it("replaces by name: an omitted key is kept, an empty one removed; an empty base URL is the provider's default", async () => {
    await ws.admin.post(`${base()}/replace-me/`, anthropicConfig());
    const kept = await ws.admin.post(`${base()}/replace-me/`, {
      provider: "anthropic",
      base_url: ms.anthropicBaseUrl,
      model: "claude-test-2",
    });
    expect(kept.body.model_config).toMatchObject({
      has_api_key: true,
      model: "claude-test-2",
      max_output_tokens: null,
      temperature: null,
    });
    expect(open(t.app.secretKey, "model-config", (await storedRow("replace-me")).apiKeySealed)).toBe(KEY);
    const moved = await ws.admin.post(`${base()}/replace-me/`, {
      provider: "anthropic",
      base_url: "",
      model: "claude-test",
      api_key: KEY,
    });
    expect(moved.body.model_config).toMatchObject({ has_api_key: true, base_url: "https://api.anthropic.com" });
    const cleared = await ws.admin.post(`${base()}/replace-me/`, { provider: "openai", model: "m", api_key: "" });
    expect(cleared.body.model_config).toMatchObject({
      has_api_key: false,
      provider: "openai",
      base_url: "https://api.openai.com/v1",
      model: "m",
    });
    expect((await storedRow("replace-me")).apiKeySealed).toBe("");
    const list = await ws.admin.get(`${base()}/`);
    expect(list.body.model_configs.filter((c: { name: string }) => c.name === "replace-me")).toHaveLength(1);
  });

  it("takes names with spaces (URL-encoded) and lists configurations by name", async () => {
    const pr2 = await projectFixture(t, ws);
    expect(
      (await ws.admin.post(`${pr2.base}/model-configs/${encodeURIComponent("Local Llama 3.1")}/`, openaiConfig()))
        .status,
    ).toBe(200);
    expect((await ws.admin.post(`${pr2.base}/model-configs/claude/`, anthropicConfig())).status).toBe(200);
    const list = await ws.admin.get(`${pr2.base}/model-configs/`);
    expect(list.body.model_configs.map((c: { name: string }) => c.name)).toEqual(["Local Llama 3.1", "claude"]);
    // configurations belong to their project
    expect((await ws.admin.get(`${base()}/`)).body.model_configs.map((c: { name: string }) => c.name)).not.toContain(
      "claude",
    );
  });

  it("validates the name and every field with the field's message", async () => {
    const bad = async (name: string, body: Record<string, unknown>) => {
      const res = await ws.admin.post(`${base()}/${encodeURIComponent(name)}/`, body);
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(await bad("-x", openaiConfig())).toEqual({ name: [MODEL_CONFIG_MSG.nameChars] });
    expect(await bad("a/b", openaiConfig())).toEqual({ name: [MODEL_CONFIG_MSG.nameChars] });
    expect(await bad("x".repeat(101), openaiConfig())).toEqual({
      name: ["Ensure this field has no more than 100 characters."],
    });
    expect(await bad("ok", { model: "m" })).toEqual({ provider: ["This field is required."] });
    expect(await bad("ok", openaiConfig({ provider: "gemini" }))).toEqual({
      provider: ['"gemini" is not a valid choice.'],
    });
    expect(await bad("ok", openaiConfig({ base_url: "ftp://example.com" }))).toEqual({
      base_url: ["Enter a valid URL."],
    });
    expect(await bad("ok", openaiConfig({ model: " " }))).toEqual({ model: ["This field may not be blank."] });
    expect(await bad("ok", openaiConfig({ model: undefined }))).toEqual({ model: ["This field is required."] });
    expect(await bad("ok", openaiConfig({ temperature: 3 }))).toEqual({ temperature: [MODEL_CONFIG_MSG.temperature] });
    expect(await bad("ok", openaiConfig({ max_output_tokens: 0 }))).toEqual({
      max_output_tokens: ["Ensure this value is greater than or equal to 1."],
    });
    expect(await bad("ok", openaiConfig({ max_output_tokens: 1.5 }))).toEqual({
      max_output_tokens: ["A valid integer is required."],
    });
    expect((await ws.admin.get(`${base()}/`)).body.model_configs.map((c: { name: string }) => c.name)).not.toContain(
      "ok",
    );
  });
});

describe("DELETE P/model-configs/{name}/", () => {
  it("deletes (204), then the name is not found (404)", async () => {
    await ws.admin.post(`${base()}/${encodeURIComponent("to delete")}/`, openaiConfig());
    expect((await ws.admin.delete(`${base()}/${encodeURIComponent("to delete")}/`)).status).toBe(204);
    expect(await storedRow("to delete")).toBeUndefined();
    const again = await ws.admin.delete(`${base()}/${encodeURIComponent("to delete")}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });
});

describe("roles: model configuration is admin only (platform §6)", () => {
  it("refuses members, guests, outsiders and anonymous callers on every call, before reading the body", async () => {
    await ws.admin.post(`${base()}/roles/`, openaiConfig());
    const calls: [string, string, unknown][] = [
      ["GET", `${base()}/`, undefined],
      ["POST", `${base()}/roles/`, { provider: "nope" }],
      ["POST", `${base()}/test/`, { name: "roles" }],
      ["DELETE", `${base()}/roles/`, undefined],
    ];
    for (const [method, path, body] of calls) {
      for (const c of [ws.member, ws.guest])
        expect(await c.request(method, path, body)).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(await ws.outsider.request(method, path, body)).toMatchObject({ status: 403, body: DENIED });
      expect(await ws.anon.request(method, path, body)).toMatchObject({ status: 401, body: UNAUTH });
    }
    expect(ms.requests).toHaveLength(0);
    expect(await storedRow("roles")).toBeDefined();
  });

  it("refuses a workspace admin who is not in the project, and lets one who is (any role) manage it", async () => {
    const wsAdmin = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: wsAdmin.userId, role: 20 });
    expect(await wsAdmin.post(`${base()}/ws-admin/`, openaiConfig())).toMatchObject({ status: 403, body: DENIED });
    expect(await wsAdmin.get(`${base()}/`)).toMatchObject({ status: 403, body: DENIED });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: wsAdmin.userId, role: 5 });
    expect((await wsAdmin.post(`${base()}/ws-admin/`, openaiConfig())).status).toBe(200);
    expect((await wsAdmin.get(`${base()}/`)).status).toBe(200);
    expect((await wsAdmin.delete(`${base()}/ws-admin/`)).status).toBe(204);
  });
});

describe("POST P/model-configs/test/", () => {
  const test = (body: unknown) => ws.admin.post(`${base()}/test/`, body);

  it("OpenAI: makes a real streamed request with the key and reports success, model and latency", async () => {
    await ws.admin.post(`${base()}/openai-ok/`, openaiConfig());
    ms.script({ text: "ok", model: "test-model-2025" });
    const res = await test({ name: "openai-ok" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["latency_ms", "model", "ok"]);
    expect(res.body).toMatchObject({ ok: true, model: "test-model-2025" });
    expect(res.body.latency_ms).toBeGreaterThanOrEqual(0);
    expect(ms.requests).toHaveLength(1);
    const r = ms.requests[0];
    expect(r).toMatchObject({ protocol: "openai", path: "/v1/chat/completions" });
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.body).toMatchObject({ model: "test-model", stream: true, max_tokens: 16 });
    expect(r.body.messages).toEqual([{ role: "user", content: "Reply with the single word: ok" }]);
  });

  it("Anthropic: sends x-api-key and anthropic-version, and reports success", async () => {
    await ws.admin.post(`${base()}/claude-ok/`, anthropicConfig());
    const res = await test({ name: "claude-ok" });
    expect(res.body).toMatchObject({ ok: true, model: "claude-test" });
    const r = ms.requests[0];
    expect(r).toMatchObject({ protocol: "anthropic", path: "/v1/messages" });
    expect(r.headers["x-api-key"]).toBe(KEY);
    expect(r.headers["anthropic-version"]).toBe("2023-06-01");
    expect(r.headers.authorization).toBeUndefined();
    expect(r.body).toMatchObject({ model: "claude-test", stream: true, max_tokens: 16 });
  });

  it("tests an unsaved configuration, taking the saved key of the same name when the key is left out", async () => {
    await ws.admin.post(`${base()}/edit-me/`, anthropicConfig());
    expect(
      (
        await test({
          name: "edit-me",
          provider: "anthropic",
          base_url: ms.anthropicBaseUrl,
          model: "claude-test",
          temperature: 0.5,
        })
      ).body,
    ).toMatchObject({ ok: true, model: "claude-test" });
    expect(ms.requests[0].headers["x-api-key"]).toBe(KEY);
    expect((await test(anthropicConfig())).body.ok).toBe(true);
    expect((await test({ provider: "openai", base_url: ms.openaiBaseUrl, model: "test-model" })).body.ok).toBe(false); // no key at all
  });

  it("never sends a saved key to another base URL than the one it was saved with (issue #24 point 10)", async () => {
    const elsewhere = await startModelServer({ apiKey: "" });
    try {
      await ws.admin.post(`${base()}/bound/`, openaiConfig());
      // a test call of the edit form with another base URL and the key left out: refused, nothing is sent
      const probe = await test({
        name: "bound",
        provider: "openai",
        base_url: elsewhere.openaiBaseUrl,
        model: "test-model",
      });
      expect([probe.status, probe.body]).toEqual([400, { api_key: [MODEL_CONFIG_MSG.keyForOtherUrl] }]);
      // saving another base URL while keeping the saved key: refused, the configuration is as it was
      const moved = await ws.admin.post(`${base()}/bound/`, {
        provider: "openai",
        base_url: elsewhere.openaiBaseUrl,
        model: "test-model",
      });
      expect([moved.status, moved.body]).toEqual([400, { api_key: [MODEL_CONFIG_MSG.keyForOtherUrl] }]);
      // the provider's default is another base URL too
      expect((await ws.admin.post(`${base()}/bound/`, { provider: "openai", model: "test-model" })).status).toBe(400);
      expect((await storedRow("bound")).baseUrl).toBe(ms.openaiBaseUrl);
      expect(elsewhere.requests).toEqual([]);
      // with the key entered again (or removed) the move is made
      expect(
        (
          await ws.admin.post(`${base()}/bound/`, {
            provider: "openai",
            base_url: elsewhere.openaiBaseUrl,
            model: "test-model",
            api_key: "other-key",
          })
        ).status,
      ).toBe(200);
      expect((await test({ name: "bound" })).body.ok).toBe(true);
      expect(elsewhere.requests.map((r) => r.headers.authorization)).toEqual(["Bearer other-key"]);
    } finally {
      await elsewhere.close();
    }
  });

  for (const [protocol, config] of [
    ["OpenAI", openaiConfig],
    ["Anthropic", anthropicConfig],
  ] as const) {
    it(`${protocol}: a refused key, an unknown model and a wrong base URL are told apart in words a person can act on`, async () => {
      const badKey = await test(config({ api_key: "sk-wrong" }));
      expect(badKey.status).toBe(200);
      expect(badKey.body).toMatchObject({ ok: false });
      expect(badKey.body.error).toMatch(
        new RegExp(
          `^The API key was refused by ${host} \\(HTTP 401\\)\\. Check the key, or that it may use this model\\. The server said: `,
        ),
      );
      expect(badKey.text).not.toContain("sk-wrong");

      const badModel = await test(config({ model: "nope" }));
      expect(badModel.body).toMatchObject({ ok: false, model: "nope" });
      expect(badModel.body.error).toMatch(
        new RegExp(`^The model "nope" does not exist on ${host}\\. Check the model name\\.`),
      );

      const wrongUrl = await test(config({ base_url: `${ms.url}/nothing/here` }));
      expect(wrongUrl.body.ok).toBe(false);
      expect(wrongUrl.body.error).toMatch(
        /^Nothing answers at http:\/\/127\.0\.0\.1:\d+\/nothing\/here\/.* \(HTTP 404\)\. Check the base URL\.$/,
      );
    });

    it(`${protocol}: a slow server times out, a failing one says so`, async () => {
      ms.script({ delayMs: 5000, text: "late" });
      const slow = await test(config());
      expect(slow.body).toMatchObject({
        ok: false,
        error: `${host} did not answer within 1.5 s. Check that the server is running and not overloaded, or try a smaller model.`,
      });
      ms.script({ error: { status: 500, body: { error: { message: "upstream exploded" } } } });
      const failed = await test(config());
      expect(failed.body).toMatchObject({
        ok: false,
        error: `${host} failed to answer (HTTP 500). Try again later. The server said: upstream exploded`,
      });
    });
  }

  it("an unreachable host: the connection is refused", async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const res = await test(openaiConfig({ base_url: `http://127.0.0.1:${port}/v1` }));
    expect(res.body).toMatchObject({
      ok: false,
      error: `Could not connect to 127.0.0.1:${port}: the connection was refused. Check the base URL and that the server is running.`,
    });
  });

  it("a server that does not stream (wrong provider type or URL) is named", async () => {
    const http = await import("node:http");
    const plain = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html></html>");
    });
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    const port = (plain.address() as net.AddressInfo).port;
    try {
      const res = await test(openaiConfig({ base_url: `http://127.0.0.1:${port}` }));
      expect(res.body).toMatchObject({
        ok: false,
        error: `127.0.0.1:${port} did not answer with a stream (content type "text/html"). Check the base URL and the provider type.`,
      });
    } finally {
      await new Promise<void>((r) => plain.close(() => r()));
    }
  });

  it("refuses base URLs on internal addresses unless the instance allows them; metadata addresses always (SSRF guard)", async () => {
    await ws.admin.post(`${base()}/on-loopback/`, openaiConfig());
    const internal = `is on an internal network address, which model calls may not reach unless the instance allows it (OUTBOUND_ALLOW_PRIVATE=1).`;
    t.app.config.outboundAllowPrivate = false;
    try {
      // the saved configuration and unsaved ones: loopback, private, link-local, IPv6 loopback — no request leaves
      expect((await test({ name: "on-loopback" })).body).toMatchObject({ ok: false, error: `${host} ${internal}` });
      for (const base_url of [
        "http://10.1.2.3:8000/v1",
        "http://192.168.1.20/v1",
        "http://169.254.10.10/v1",
        "http://[::1]:11434/v1",
        "http://localhost:11434/v1",
      ]) {
        const res = await test(openaiConfig({ base_url }));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ ok: false, error: `${new URL(base_url).host} ${internal}` });
      }
      expect(ms.requests).toHaveLength(0);
    } finally {
      t.app.config.outboundAllowPrivate = true;
    }
    // allowed: the same saved configuration answers; a cloud metadata address stays refused
    ms.script({ text: "ok" });
    expect((await test({ name: "on-loopback" })).body).toMatchObject({ ok: true });
    expect((await test(openaiConfig({ base_url: "http://169.254.169.254/v1" }))).body).toMatchObject({
      ok: false,
      error: expect.stringContaining("169.254.169.254"),
    });
    expect(ms.requests).toHaveLength(1);
  });

  it("needs a saved name or a full configuration", async () => {
    expect(await test({})).toMatchObject({ status: 400, body: { name: ["This field is required."] } });
    expect(await test({ name: "no-such-config" })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await test({ provider: "openai" })).toMatchObject({
      status: 400,
      body: { model: ["This field is required."] },
    });
    expect(await test({ provider: "x", model: "m" })).toMatchObject({
      status: 400,
      body: { provider: ['"x" is not a valid choice.'] },
    });
    expect(ms.requests).toHaveLength(0);
  });
});
