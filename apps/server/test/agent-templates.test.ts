import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_MSG } from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { roleWorld, type RoleWorld } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";

/** Agent templates, the issue_agent preset and the agent types' metadata (agents.md §2; platform.md §6, §7). */

let t: TestServer;
let w: RoleWorld;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };

beforeAll(async () => {
  t = await startTestServer();
  w = await roleWorld(t);
  const r = await w.ws.admin.post(`${w.project.base}/model-configs/fast/`, {
    provider: "openai",
    base_url: "http://127.0.0.1:9/v1",
    model: "m",
  });
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const cfg = (extra: Record<string, unknown> = {}) => ({
  type: "coding",
  name: "Coder",
  model_config: "fast",
  instructions: "Be brief.",
  max_steps: 12,
  timeout_s: 600,
  ...extra,
});
const cluster = async () =>
  (await t.db.db.select().from(schema.agentClusters).where(eq(schema.agentClusters.projectId, w.project.id)))[0]!;

describe("agent templates", () => {
  it("creates, lists, replaces and deletes; preset_names points issue_agent at the template and its environments", async () => {
    const base = `${w.project.base}/agent/templates/`;
    const env = await w.ws.admin.post(`${w.project.base}/environments/templates/`, {
      type: "generic_mcp",
      config: { url: "https://mcp.example.com/mcp" },
    });
    const created = await w.ws.admin.post(base, {
      config: cfg({ environment_template_ids: [env.body.environment_template.id] }),
      preset_names: ["issue_agent"],
    });
    expect(created.status).toBe(200);
    const tpl = created.body.agent_template;
    expect(Object.keys(tpl).sort()).toEqual(["bot_user_id", "cluster_id", "config", "created_at", "id", "updated_at"]);
    expect(tpl.config).toMatchObject({ type: "coding", name: "Coder", model_config: "fast", max_steps: 12 });
    const c = await cluster();
    expect(tpl.cluster_id).toBe(c.id);
    expect(c.config).toEqual({
      agent_presets: {
        issue_agent: { agent_template_id: tpl.id, environment_template_ids: [env.body.environment_template.id] },
      },
    });

    const replaced = await w.ws.admin.post(base, { config: cfg({ name: "Coder 2" }), agent_template_id: tpl.id });
    expect(replaced.body.agent_template).toMatchObject({ id: tpl.id, config: { name: "Coder 2" } });
    const listed = await w.ws.member.get(base);
    expect(listed.status).toBe(200);
    expect(
      listed.body.agent_templates.map((x: { id: string; config: { name: string } }) => [x.id, x.config.name]),
    ).toEqual([[tpl.id, "Coder 2"]]);

    expect((await w.ws.admin.delete(`${base}${tpl.id}/`)).status).toBe(204);
    expect((await cluster()).config).toMatchObject({ agent_presets: { issue_agent: { agent_template_id: null } } });
    expect((await w.ws.admin.delete(`${base}${tpl.id}/`)).body).toEqual({ error: AGENT_MSG.templateNotFound });
  });

  it("refuses an unknown model configuration, unknown environments, and a bad config with field messages", async () => {
    const base = `${w.project.base}/agent/templates/`;
    expect((await w.ws.admin.post(base, { config: cfg({ model_config: "nope" }) })).body).toEqual({
      "config.model_config": [AGENT_MSG.modelConfigNotFound],
    });
    expect(
      (
        await w.ws.admin.post(base, {
          config: cfg({ environment_template_ids: ["00000000-0000-4000-8000-000000000000"] }),
        })
      ).body,
    ).toEqual({ "config.environment_template_ids": [AGENT_MSG.environmentNotFound] });
    const bad = await w.ws.admin.post(base, { config: cfg({ type: "robot", max_steps: 0 }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty(["config.type"]);
    expect(bad.body).toHaveProperty(["config.max_steps"]);
    expect(
      (await w.ws.admin.post(base, { config: cfg(), agent_template_id: "00000000-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(404);
  });

  it("metadata names the three agent types with requires_sandbox and a config schema", async () => {
    const r = await w.ws.member.get(`${w.project.base}/agent/templates/metadata/`);
    expect(r.status).toBe(200);
    expect(r.body.plugin_metadata).toEqual([]);
    expect(
      r.body.agent_metadata.map((m: { type: string; requires_sandbox: boolean }) => [m.type, m.requires_sandbox]),
    ).toEqual([
      ["coding", true],
      ["triage", false],
      ["assistant", false],
    ]);
    const coding = r.body.agent_metadata[0];
    expect(coding.config_schema.properties).toHaveProperty("model_config");
    expect(coding.config_schema.required).toEqual(expect.arrayContaining(["type", "name", "model_config"]));
    expect(coding.tools).toEqual(
      expect.arrayContaining(["run_command", "write_file", "create_task", "update_task", "add_comment", "set_state"]),
    );
    expect(r.body.agent_metadata[1].tools).not.toContain("run_command");
  });

  it("roles: members read, only admins write; the role is checked before the body", async () => {
    const p = w.project.base;
    const tpl = (await w.ws.admin.post(`${p}/agent/templates/`, { config: cfg() })).body.agent_template;
    const reads: [string, string][] = [
      ["GET", `${p}/agent/templates/`],
      ["GET", `${p}/agent/templates/metadata/`],
    ];
    const writes: [string, string, unknown][] = [
      ["POST", `${p}/agent/templates/`, { config: cfg() }],
      ["DELETE", `${p}/agent/templates/${tpl.id}/`, undefined],
    ];
    const outside: [Client, number, unknown][] = [
      [w.ws.guest, 403, FORBIDDEN],
      [w.wsAdminOnly, 403, DENIED],
      [w.ws.outsider, 403, DENIED],
      [w.ws.anon, 401, UNAUTH],
    ];
    for (const [m, url] of reads) {
      expect((await w.ws.member.request(m, url)).status).toBe(200);
      for (const [c, status, body] of outside) {
        const r = await c.request(m, url);
        expect([url, r.status, r.body]).toEqual([url, status, body]);
      }
    }
    for (const [m, url, body] of writes) {
      for (const [c, status, err] of [[w.ws.member, 403, FORBIDDEN] as const, ...outside]) {
        const r = await c.request(m, url, m === "POST" ? { nonsense: 1 } : body);
        expect([m, url, r.status, r.body]).toEqual([m, url, status, err]);
      }
    }
    expect((await w.ws.admin.post(`${p}/agent/templates/`, { config: cfg() })).status).toBe(200);
  });
});
