import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, roleWorld, type ProjectFixture, type RoleWorld } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { makeRepo, processesWith, removeSandboxCgroups, TEST_REPOS_DIR } from "./helpers/sandbox.ts";
import { schema } from "../src/db/client.ts";
import { ensureBubblewrap } from "../src/agents/sandbox/bwrap.ts";
import { sandboxRuntime } from "../src/agents/sandbox/runtime.ts";
import { SANDBOX_EXPIRE_TASK } from "../src/routes/environments/commands.ts";

/** Environment templates and sandboxes (agents.md §2, §3; platform.md §5, §6, §7) against real git and bubblewrap. */

let t: TestServer;
let w: RoleWorld;
let repo: { dir: string; head: string };

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const SOURCE_REQUIRED = { error: "Either sandboxTemplateId or sandboxConfig must be provided" };

beforeAll(async () => {
  expect(ensureBubblewrap()).toBeTruthy();
  t = await startTestServer();
  w = await roleWorld(t);
  repo = makeRepo({ "README.md": "hello\n", "package.json": "{}\n" });
});
afterAll(async () => {
  // stop whatever the tests left running, then the server
  for (const s of await t.db.db.select({ id: schema.sandboxes.id }).from(schema.sandboxes))
    await sandboxRuntime(t.app).shutdown(s.id);
  removeSandboxCgroups(sandboxRuntime(t.app));
  await t?.close();
  fs.rmSync(repo.dir, { recursive: true, force: true });
});

const sandboxConfig = (extra: Record<string, unknown> = {}) => ({
  ide_configs: [{ repository: { repo_slug: "acme/app", url: repo.dir, branch: "main" } }],
  ...extra,
});

async function template(p: ProjectFixture, body: Record<string, unknown> = {}) {
  const r = await w.ws.admin.post(`${p.base}/environments/templates/`, {
    type: "sandbox",
    config: sandboxConfig(),
    ...body,
  });
  expect(r.status).toBe(200);
  return r.body.environment_template;
}

/** Create a sandbox and run its start job; returns the row as the API shows it. */
async function startedSandbox(p: ProjectFixture, body: Record<string, unknown>) {
  const r = await w.ws.admin.post(`${p.base}/environments/sandboxes/`, body);
  expect(r.status).toBe(201);
  expect(r.body.sandbox.status).toBe("starting");
  await t.app.jobs.drain();
  const [row] = await t.db.db.select().from(schema.sandboxes).where(eq(schema.sandboxes.id, r.body.sandbox.id));
  return row;
}

describe("roles: repositories and sandboxes are admin only (platform.md §6)", () => {
  it("every route answers project admins (and workspace admins in the project), refuses the rest before reading the body", async () => {
    const p = w.project;
    const tpl = await template(p);
    const sbx = (await w.ws.admin.post(`${p.base}/environments/sandboxes/`, { sandbox_template_id: tpl.id })).body
      .sandbox;
    const calls: [string, string, unknown, number][] = [
      ["GET", `${p.base}/environments/templates/`, undefined, 200],
      ["POST", `${p.base}/environments/templates/`, { type: "sandbox", config: sandboxConfig() }, 200],
      ["GET", `${p.base}/environments/sandboxes/`, undefined, 200],
      ["POST", `${p.base}/environments/sandboxes/`, { sandbox_template_id: tpl.id }, 201],
      ["POST", `${p.base}/environments/sandboxes/${sbx.id}/refresh/`, { extend_lifetime: 60 }, 200],
      ["POST", `${p.base}/environments/sandboxes/${sbx.id}/shutdown/`, {}, 200],
    ];
    // a workspace admin outside the project is not its admin here (docs/decisions.md: only project administration)
    const refused: [Client, number, unknown][] = [
      [w.ws.member, 403, FORBIDDEN],
      [w.ws.guest, 403, FORBIDDEN],
      [w.wsAdminOnly, 403, DENIED],
      [w.ws.outsider, 403, DENIED],
      [w.ws.anon, 401, UNAUTH],
    ];
    for (const [method, url, body] of calls) {
      for (const [c, status, err] of refused) {
        const r = await c.request(method, url, body);
        expect([method, url, r.status, r.body]).toEqual([method, url, status, err]);
        // a bad body changes nothing: the role is checked first
        if (method === "POST") expect((await c.request(method, url, { nonsense: 1 })).status).toBe(status);
      }
    }
    for (const [method, url, body, ok] of calls) {
      const r = await w.ws.admin.request(method, url, body);
      expect([method, url, r.status]).toEqual([method, url, ok]);
    }
    const del = `${p.base}/environments/templates/${tpl.id}/`;
    for (const [c, status, err] of refused)
      expect([(await c.delete(del)).status, (await c.delete(del)).body]).toEqual([status, err]);
    expect((await w.ws.admin.delete(del)).status).toBe(204);
    await t.app.jobs.drain();
  });
});

describe("environment templates", () => {
  it("creates, lists, replaces and deletes a sandbox template; issue_agent preset follows", async () => {
    const p = await projectFixture(t, w.ws);
    const created = await template(p, { preset_names: ["issue_agent"] });
    expect(created).toEqual({
      id: expect.any(String),
      cluster_id: expect.any(String),
      type: "sandbox",
      config: sandboxConfig(),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [cluster] = await t.db.db.select().from(schema.agentClusters).where(eq(schema.agentClusters.projectId, p.id));
    expect(cluster.id).toBe(created.cluster_id);
    expect(cluster.config).toEqual({
      agent_presets: { issue_agent: { agent_template_id: null, environment_template_ids: [created.id] } },
    });

    const list = await w.ws.admin.get(`${p.base}/environments/templates/`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ environment_templates: [created] });
    // another project sees none of it
    expect(
      (await w.ws.admin.get(`${w.project.base}/environments/templates/`)).body.environment_templates.map(
        (x: { id: string }) => x.id,
      ),
    ).not.toContain(created.id);

    const replaced = await template(p, {
      environment_template_id: created.id,
      config: sandboxConfig({ setup_script: "npm ci", network: true, max_lifetime_s: 600 }),
    });
    expect(replaced).toMatchObject({
      id: created.id,
      config: { setup_script: "npm ci", network: true, max_lifetime_s: 600 },
    });
    expect((await w.ws.admin.get(`${p.base}/environments/templates/`)).body.environment_templates).toHaveLength(1);

    expect((await w.ws.admin.delete(`${p.base}/environments/templates/${created.id}/`)).status).toBe(204);
    expect((await w.ws.admin.get(`${p.base}/environments/templates/`)).body).toEqual({ environment_templates: [] });
    const [after] = await t.db.db.select().from(schema.agentClusters).where(eq(schema.agentClusters.projectId, p.id));
    expect(after.config).toEqual({
      agent_presets: { issue_agent: { agent_template_id: null, environment_template_ids: [] } },
    });
    const gone = await w.ws.admin.delete(`${p.base}/environments/templates/${created.id}/`);
    expect([gone.status, gone.body]).toEqual([404, { error: "Environment template not found" }]);
    const replaceGone = await w.ws.admin.post(`${p.base}/environments/templates/`, {
      type: "sandbox",
      config: sandboxConfig(),
      environment_template_id: created.id,
    });
    expect([replaceGone.status, replaceGone.body]).toEqual([404, { error: "Environment template not found" }]);
  });

  it("MCP templates: secret values are never shown, and a masked value sent back keeps the stored one", async () => {
    const p = await projectFixture(t, w.ws);
    const remote = await template(p, {
      type: "generic_mcp",
      config: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer s3cret" } },
    });
    expect(remote.config).toEqual({ url: "https://mcp.example.com/mcp", headers: { Authorization: "********" } });
    const local = await template(p, {
      type: "local_mcp",
      config: { command: "node", args: ["server.js"], env: { TOKEN: "tok-xyz-secret" } },
    });
    expect(local.config).toEqual({ command: "node", args: ["server.js"], env: { TOKEN: "********" } });
    expect(JSON.stringify((await w.ws.admin.get(`${p.base}/environments/templates/`)).body)).not.toMatch(
      /s3cret|tok-xyz-secret/,
    );
    await template(p, {
      environment_template_id: remote.id,
      type: "generic_mcp",
      config: { url: "https://mcp.example.com/v2", headers: { Authorization: "********", "X-Extra": "1" } },
    });
    const [row] = await t.db.db
      .select()
      .from(schema.environmentTemplates)
      .where(eq(schema.environmentTemplates.id, remote.id));
    expect(row.config).toEqual({
      url: "https://mcp.example.com/v2",
      headers: { Authorization: "Bearer s3cret", "X-Extra": "1" },
    });
    const masked = await w.ws.admin.post(`${p.base}/environments/templates/`, {
      type: "generic_mcp",
      config: { url: "https://x.example.com/", headers: { Key: "********" } },
    });
    expect([masked.status, masked.body]).toEqual([400, { "config.headers.Key": ["Enter the value."] }]);
  });

  it("refuses bad templates with field errors", async () => {
    const base = `${w.project.base}/environments/templates/`;
    const post = (body: unknown) => w.ws.admin.post(base, body);
    expect((await post({ config: sandboxConfig() })).body).toEqual({ type: ["This field is required."] });
    expect((await post({ type: "docker", config: {} })).body).toEqual({ type: ['"docker" is not a valid choice.'] });
    expect((await post({ type: "sandbox", config: [] })).body).toEqual({ config: ["Expected a dictionary of items."] });
    expect((await post({ type: "sandbox", config: {} })).body).toEqual({
      "config.ide_configs": ["This field is required."],
    });
    expect((await post({ type: "sandbox", config: { ide_configs: [] } })).body).toEqual({
      "config.ide_configs": ["This list may not be empty."],
    });
    const badUrl = await post({
      type: "sandbox",
      config: { ide_configs: [{ repository: { repo_slug: "a", url: "ext::sh -c id" } }] },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body["config.ide_configs.0.repository.url"][0]).toMatch(/git repository URL/);
    expect((await post({ type: "sandbox", config: sandboxConfig({ max_lifetime_s: 10 }) })).body).toEqual({
      "config.max_lifetime_s": ["Ensure this value is greater than or equal to 60."],
    });
    expect((await post({ type: "generic_mcp", config: { url: "ftp://x" } })).body).toEqual({
      "config.url": ["Enter a valid URL."],
    });
    expect((await post({ type: "local_mcp", config: {} })).body).toEqual({
      "config.command": ["This field is required."],
    });
    expect((await post({ type: "sandbox", config: sandboxConfig(), preset_names: ["other"] })).body).toEqual({
      "preset_names.0": ['"other" is not a valid choice.'],
    });
  });
});

describe("sandboxes", () => {
  it("neither a template nor a config: the spec's message (platform.md §5)", async () => {
    const url = `${w.project.base}/environments/sandboxes/`;
    for (const body of [{}, { sandbox_template_id: null, sandbox_config: null }]) {
      const r = await w.ws.admin.post(url, body);
      expect([r.status, r.body]).toEqual([400, SOURCE_REQUIRED]);
    }
    const unknown = await w.ws.admin.post(url, { sandbox_template_id: crypto.randomUUID() });
    expect([unknown.status, unknown.body]).toEqual([400, { error: "Sandbox template not found" }]);
    const mcp = await template(w.project, { type: "generic_mcp", config: { url: "https://mcp.example.com/" } });
    expect((await w.ws.admin.post(url, { sandbox_template_id: mcp.id })).body).toEqual({
      error: "Sandbox template not found",
    });
    expect((await w.ws.admin.post(url, { sandbox_config: { ide_configs: [] } })).body).toEqual({
      "sandbox_config.ide_configs": ["This list may not be empty."],
    });
  });

  it("from a template: starting, then active with the repository checked out and the setup script run; published live", async () => {
    const p = await projectFixture(t, w.ws);
    const tpl = await template(p, {
      config: sandboxConfig({ setup_script: "echo done > .setup-ran", max_lifetime_s: 600 }),
    });
    const before = Date.now();
    const row = await startedSandbox(p, { sandbox_template_id: tpl.id });
    expect(row).toMatchObject({ status: "active", templateId: tpl.id, baseCommits: { "": repo.head } });
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 599_000);
    const dir = sandboxRuntime(t.app).checkoutDir(row.id);
    expect(fs.readFileSync(path.join(dir, "README.md"), "utf8")).toBe("hello\n");
    expect(fs.readFileSync(path.join(dir, ".setup-ran"), "utf8")).toBe("done\n");

    const list = await w.ws.admin.get(`${p.base}/environments/sandboxes/`);
    expect(list.body).toEqual({
      sandboxes: [
        {
          id: row.id,
          status: "active",
          template_id: tpl.id,
          config: tpl.config,
          status_reason: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          expires_at: row.expiresAt.toISOString(),
        },
      ],
    });
    const events = (await t.db.db.execute(
      sql`SELECT event FROM live_events WHERE stream = ${"project:" + p.id} AND event->>'t' = 'sandboxes' AND event->>'id' = ${row.id} ORDER BY seq`,
    )) as unknown as { event: { op: string } }[];
    expect(events.map((e) => e.event.op)).toEqual(["insert", "update"]);
  });

  it("from a config; a repository git cannot check out ends in error with git's words", async () => {
    const p = await projectFixture(t, w.ws);
    const ok = await startedSandbox(p, { sandbox_config: sandboxConfig() });
    expect(ok).toMatchObject({ status: "active", templateId: null });
    const bad = await startedSandbox(p, {
      sandbox_config: {
        ide_configs: [{ repository: { repo_slug: "x", url: path.join(TEST_REPOS_DIR, "nonexistent", "repo.git") } }],
      },
    });
    expect(bad.status).toBe("error");
    expect(bad.statusReason).toMatch(/does not exist|not a git repository|Could not read/i);
    const failing = await startedSandbox(p, {
      sandbox_config: sandboxConfig({ setup_script: "echo nope >&2; exit 3" }),
    });
    expect(failing).toMatchObject({ status: "error", statusReason: "The setup script failed with exit code 3: nope" });
    expect(sandboxRuntime(t.app).exists(failing.id)).toBe(false);
    // running sandboxes only
    expect(
      (await w.ws.admin.get(`${p.base}/environments/sandboxes/`)).body.sandboxes.map((s: { id: string }) => s.id),
    ).toEqual([ok.id]);
  });

  it("refresh moves expires_at; bad input and stopped sandboxes are refused", async () => {
    const p = await projectFixture(t, w.ws);
    const row = await startedSandbox(p, { sandbox_config: sandboxConfig({ max_lifetime_s: 120 }) });
    const url = `${p.base}/environments/sandboxes/${row.id}/refresh/`;
    const r = await w.ws.admin.post(url, { extend_lifetime: 3600 });
    expect(r.status).toBe(200);
    expect(new Date(r.body.sandbox.expires_at).getTime()).toBe(row.expiresAt.getTime() + 3600_000);
    expect((await w.ws.admin.post(url, {})).body).toEqual({ extend_lifetime: ["This field is required."] });
    expect((await w.ws.admin.post(url, { extend_lifetime: 0 })).body).toEqual({
      extend_lifetime: ["Ensure this value is greater than or equal to 1."],
    });
    expect((await w.ws.admin.post(url, { extend_lifetime: "x" })).body).toEqual({
      extend_lifetime: ["A valid integer is required."],
    });
    expect(
      (
        await w.ws.admin.post(`${p.base}/environments/sandboxes/${crypto.randomUUID()}/refresh/`, {
          extend_lifetime: 5,
        })
      ).body,
    ).toEqual({ error: "Sandbox not found" });
    // another project's sandbox is not found here
    expect(
      (await w.ws.admin.post(`${w.project.base}/environments/sandboxes/${row.id}/refresh/`, { extend_lifetime: 5 }))
        .status,
    ).toBe(404);
    await w.ws.admin.post(`${p.base}/environments/sandboxes/${row.id}/shutdown/`, {});
    const stopped = await w.ws.admin.post(url, { extend_lifetime: 60 });
    expect([stopped.status, stopped.body]).toEqual([400, { error: "The sandbox is not running." }]);
  });

  it("shutdown kills a long-running command within 1 s, removes the checkout, and is idempotent", async () => {
    const p = await projectFixture(t, w.ws);
    const row = await startedSandbox(p, { sandbox_config: sandboxConfig() });
    const rt = sandboxRuntime(t.app);
    const marker = `${6000 + crypto.randomInt(1000)}.${crypto.randomInt(1e6)}`;
    const run = rt.exec(row.id, `sleep ${marker}`);
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(1);
    const r = await w.ws.admin.post(`${p.base}/environments/sandboxes/${row.id}/shutdown/`, {});
    expect(r.status).toBe(200);
    expect(r.body.sandbox).toMatchObject({ id: row.id, status: "stopped", status_reason: "shutdown" });
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
    expect(await run).toMatchObject({ killed: true });
    expect(rt.exists(row.id)).toBe(false);
    const again = await w.ws.admin.post(`${p.base}/environments/sandboxes/${row.id}/shutdown/`, {});
    expect([again.status, again.body.sandbox.status]).toEqual([200, "stopped"]);
    expect((await w.ws.admin.get(`${p.base}/environments/sandboxes/`)).body).toEqual({ sandboxes: [] });
  });

  it("a sandbox shut down while it starts never becomes active", async () => {
    const p = await projectFixture(t, w.ws);
    const r = await w.ws.admin.post(`${p.base}/environments/sandboxes/`, { sandbox_config: sandboxConfig() });
    expect(
      (await w.ws.admin.post(`${p.base}/environments/sandboxes/${r.body.sandbox.id}/shutdown/`, {})).body.sandbox
        .status,
    ).toBe("stopped");
    await t.app.jobs.drain();
    const [row] = await t.db.db.select().from(schema.sandboxes).where(eq(schema.sandboxes.id, r.body.sandbox.id));
    expect(row.status).toBe("stopped");
    expect(sandboxRuntime(t.app).exists(row.id)).toBe(false);
  });

  it("the expiry job stops sandboxes past expires_at (killing their commands) and leaves the others", async () => {
    const p = await projectFixture(t, w.ws);
    const old = await startedSandbox(p, { sandbox_config: sandboxConfig() });
    const fresh = await startedSandbox(p, { sandbox_config: sandboxConfig() });
    const rt = sandboxRuntime(t.app);
    const marker = `${7000 + crypto.randomInt(1000)}.${crypto.randomInt(1e6)}`;
    const run = rt.exec(old.id, `sleep ${marker}`);
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(1);
    await t.db.db
      .update(schema.sandboxes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sandboxes.id, old.id));
    expect(t.app.jobs.cronItems().find((c) => c.task === SANDBOX_EXPIRE_TASK)?.match).toBe("* * * * *");
    await t.app.jobs.enqueue(t.db.db, SANDBOX_EXPIRE_TASK, {});
    await t.app.jobs.drain();
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
    expect(await run).toMatchObject({ killed: true });
    const rows = await t.db.db
      .select()
      .from(schema.sandboxes)
      .where(sql`${schema.sandboxes.id} IN (${old.id}, ${fresh.id})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.statusReason]]))).toEqual({
      [old.id]: ["stopped", "expired"],
      [fresh.id]: ["active", null],
    });
    expect(rt.exists(old.id)).toBe(false);
    expect(rt.exists(fresh.id)).toBe(true);
  });
});

describe("trust (issue #24)", () => {
  it("repositories go through the outbound guard when saved: internal and metadata addresses, file:// and paths outside the allowed folders", async () => {
    const base = `${w.project.base}/environments/templates/`;
    const save = (url: string) =>
      w.ws.admin.post(base, { type: "sandbox", config: { ide_configs: [{ repository: { repo_slug: "a", url } }] } });
    const fieldOf = (r: { status: number; body: Record<string, string[]> }) => [
      r.status,
      r.body["config.ide_configs.0.repository.url"]?.[0],
    ];
    expect(fieldOf(await save(`file://${process.cwd()}`))).toEqual([
      400,
      expect.stringMatching(/SANDBOX_LOCAL_REPOSITORIES/),
    ]);
    expect(fieldOf(await save(process.cwd()))).toEqual([400, expect.stringMatching(/SANDBOX_LOCAL_REPOSITORIES/)]);
    expect(fieldOf(await save("http://169.254.169.254/latest/meta-data/repo.git"))).toEqual([
      400,
      expect.stringMatching(/cloud metadata address/),
    ]);
    expect(fieldOf(await save("http://127.0.0.1:5432/repo.git"))).toEqual([
      400,
      expect.stringMatching(/internal address/),
    ]);
    // a local repository not made yet inside an allowed folder is taken: the checkout says what is wrong
    expect((await save(path.join(TEST_REPOS_DIR, "later", "repo.git"))).status).toBe(200);
    const oneOff = await w.ws.admin.post(`${w.project.base}/environments/sandboxes/`, {
      sandbox_config: { ide_configs: [{ repository: { repo_slug: "a", url: "git://10.9.9.9/repo" } }] },
    });
    expect([oneOff.status, oneOff.body["sandbox_config.ide_configs.0.repository.url"]?.[0]]).toEqual([
      400,
      expect.stringMatching(/internal address/),
    ]);
  });

  it("a setup script that prints the environment shows no server secret; the repository's own variables are given, and shown masked", async () => {
    const canary = `stride-canary-${crypto.randomBytes(8).toString("hex")}`;
    process.env.STRIDE_TEST_CANARY = canary;
    try {
      const p = await projectFixture(t, w.ws);
      const leaked = await startedSandbox(p, {
        sandbox_config: sandboxConfig({ setup_script: "tr '\\0' '\\n' < /proc/1/environ >&2; exit 1" }),
      });
      expect(leaked.status).toBe("error");
      expect(leaked.statusReason).toMatch(/^The setup script failed with exit code 1: PATH=/);
      expect(leaked.statusReason).not.toContain(canary);
      const r = await w.ws.admin.post(`${p.base}/environments/sandboxes/`, {
        sandbox_config: sandboxConfig({
          env: { REPO_TOKEN: "s3cret" },
          setup_script: 'test "$REPO_TOKEN" = s3cret && test -z "$STRIDE_TEST_CANARY"',
        }),
      });
      expect(r.body.sandbox.config.env).toEqual({ REPO_TOKEN: "********" });
      await t.app.jobs.drain();
      const [row] = await t.db.db.select().from(schema.sandboxes).where(eq(schema.sandboxes.id, r.body.sandbox.id));
      expect([row.status, row.statusReason]).toEqual(["active", null]);
      const reserved = await w.ws.admin.post(`${p.base}/environments/sandboxes/`, {
        sandbox_config: sandboxConfig({ env: { STRIDE_SANDBOX_ID: "x" } }),
      });
      expect(reserved.body["sandbox_config.env"]).toEqual([
        "STRIDE_SANDBOX_ID and STRIDE_EXECUTION_ID are set by the sandbox.",
      ]);
    } finally {
      delete process.env.STRIDE_TEST_CANARY;
    }
  });

  it("network on where the server cannot isolate it is refused (503), never the server's own network", async () => {
    const t3 = await startTestServer();
    try {
      const w3 = await roleWorld(t3);
      sandboxRuntime(t3.app, { slirp4netnsPath: "/nonexistent/slirp4netns" });
      const r = await w3.ws.admin.post(`${w3.project.base}/environments/sandboxes/`, {
        sandbox_config: sandboxConfig({ network: true }),
      });
      expect(r.status).toBe(503);
      expect(r.body.error).toMatch(
        /^Network access for sandboxes is not available on this server: missing slirp4netns/,
      );
      expect(await t3.db.db.select().from(schema.sandboxes)).toEqual([]);
      expect(
        (await w3.ws.admin.post(`${w3.project.base}/environments/sandboxes/`, { sandbox_config: sandboxConfig() }))
          .status,
      ).toBe(201);
    } finally {
      for (const s of await t3.db.db.select({ id: schema.sandboxes.id }).from(schema.sandboxes))
        await sandboxRuntime(t3.app).shutdown(s.id);
      await t3.close();
    }
  });
});

describe("no sandbox runtime on the server", () => {
  it("refuses to create a sandbox with a clear error, and nothing runs", async () => {
    const t2 = await startTestServer();
    try {
      const w2 = await roleWorld(t2);
      sandboxRuntime(t2.app, { bwrapPath: "/nonexistent/bwrap" });
      const r = await w2.ws.admin.post(`${w2.project.base}/environments/sandboxes/`, {
        sandbox_config: sandboxConfig(),
      });
      expect(r.status).toBe(503);
      expect(r.body.error).toMatch(
        /^No sandbox runtime is available on this server: bubblewrap \(bwrap\) is missing or cannot create namespaces\./,
      );
      expect(await t2.db.db.select().from(schema.sandboxes)).toEqual([]);
    } finally {
      await t2.close();
    }
  });
});
