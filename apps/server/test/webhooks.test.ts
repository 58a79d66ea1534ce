import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { WEBHOOK_DELIVER_TASK } from "../src/routes/webhooks/commands.ts";
import { WEBHOOK_EVENT_TASK } from "../src/domain/webhook-events.ts";
import { cleanupExpired } from "../src/core/cleanup.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";

/** A receiver on loopback that records every request with its raw bytes and answers with `status`. */
interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  path: string;
}
let receiver: http.Server;
let received: Received[] = [];
let answer = 200;
let hookUrl = "";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let base = "";

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks), path: req.url ?? "" });
      res.writeHead(answer, { "content-type": "text/plain" });
      res.end(answer >= 400 ? "receiver failed" : "thanks");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestServer({ outboundAllowPrivate: true });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  base = `/api/workspaces/${ws.slug}`;
});
afterAll(async () => {
  await t?.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  received = [];
  answer = 200;
  t.app.config.outboundAllowPrivate = true;
  await t.db.db.delete(schema.webhooks).where(eq(schema.webhooks.workspaceId, ws.id));
  await t.app.jobs.drain();
});

const ALL = { project: true, issue: true, module: true, cycle: true, issue_comment: true };
async function createHook(body: Record<string, unknown> = ALL, url = hookUrl) {
  const res = await ws.admin.post(`${base}/webhooks/`, { url, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any> & { id: string; secret_key: string };
}
const verify = (secret: string, r: Received) =>
  crypto.createHmac("sha256", secret).update(r.raw).digest("hex") === r.headers["x-plane-signature"];
const bodies = () => received.map((r) => JSON.parse(r.raw.toString("utf8")) as Record<string, any>);
/** Make every queued job due now (the queue's clock, not a sleep). */
const makeDue = () =>
  t.db.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE attempts < max_attempts`);

describe("webhooks CRUD (W/webhooks/)", () => {
  it("creates with the secret shown once, lists and reads without it, updates, regenerates and deletes", async () => {
    const created = await createHook({ issue: true });
    expect(created).toMatchObject({
      url: hookUrl,
      is_active: true,
      project: false,
      issue: true,
      module: false,
      cycle: false,
      issue_comment: false,
      is_internal: false,
      version: "v1",
      workspace: ws.id,
    });
    expect(created.secret_key).toMatch(/^plane_wh_[0-9a-f]{32}$/);
    expect(created).toHaveProperty("created_at");

    const list = await ws.admin.get(`${base}/webhooks/`);
    expect(list.status).toBe(200);
    expect(list.body.map((w: any) => w.id)).toEqual([created.id]);
    expect(list.body[0]).not.toHaveProperty("secret_key");
    const one = await ws.admin.get(`${base}/webhooks/${created.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("secret_key");
    expect(one.body.id).toBe(created.id);

    const patched = await ws.admin.patch(`${base}/webhooks/${created.id}/`, { is_active: false, cycle: true });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ is_active: false, cycle: true, issue: true });
    expect(patched.body).not.toHaveProperty("secret_key");

    const regen = await ws.admin.post(`${base}/webhooks/${created.id}/regenerate/`, {});
    expect(regen.status, regen.text).toBe(200);
    expect(regen.body.secret_key).toMatch(/^plane_wh_[0-9a-f]{32}$/);
    expect(regen.body.secret_key).not.toBe(created.secret_key);

    expect((await ws.admin.delete(`${base}/webhooks/${created.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${base}/webhooks/${created.id}/`)).status).toBe(404);
    expect((await ws.admin.get(`${base}/webhooks/`)).body).toEqual([]);
  });

  it("refuses a duplicate URL (409), a bad URL and bad flags (400)", async () => {
    await createHook();
    const dup = await ws.admin.post(`${base}/webhooks/`, { url: hookUrl });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: "URL already exists for the workspace" });
    expect((await ws.admin.post(`${base}/webhooks/`, {})).body).toEqual({ url: ["This field is required."] });
    expect((await ws.admin.post(`${base}/webhooks/`, { url: "ftp://example.com/x" })).body).toEqual({
      url: ["Enter a valid URL."],
    });
    expect((await ws.admin.post(`${base}/webhooks/`, { url: "not a url" })).status).toBe(400);
    expect((await ws.admin.post(`${base}/webhooks/`, { url: hookUrl + "2", issue: "maybe" })).body).toEqual({
      issue: ["Must be a valid boolean."],
    });
    expect((await ws.admin.get(`${base}/webhooks/${crypto.randomUUID()}/`)).status).toBe(404);
  });

  it("is for workspace admins only: members, guests, outsiders and anonymous callers are refused", async () => {
    const hook = await createHook();
    for (const c of [ws.member, ws.guest]) {
      expect((await c.get(`${base}/webhooks/`)).status).toBe(403);
      expect((await c.post(`${base}/webhooks/`, { url: hookUrl + "x" })).status).toBe(403);
      expect((await c.patch(`${base}/webhooks/${hook.id}/`, { is_active: false })).status).toBe(403);
      expect((await c.post(`${base}/webhooks/${hook.id}/regenerate/`, {})).status).toBe(403);
      expect((await c.delete(`${base}/webhooks/${hook.id}/`)).status).toBe(403);
      expect((await c.get(`${base}/webhook-logs/${hook.id}/`)).status).toBe(403);
    }
    expect((await ws.outsider.get(`${base}/webhooks/`)).status).toBe(403);
    expect((await ws.anon.get(`${base}/webhooks/`)).status).toBe(401);
    // a webhook of another workspace is not found from this one
    const other = await workspaceFixture(t);
    expect((await other.admin.get(`/api/workspaces/${other.slug}/webhooks/${hook.id}/`)).status).toBe(404);
  });

  it("refuses internal targets unless the instance allows them (SSRF guard on save)", async () => {
    t.app.config.outboundAllowPrivate = false;
    for (const url of [
      hookUrl,
      "http://localhost:9/x",
      "http://10.0.0.8/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const res = await ws.admin.post(`${base}/webhooks/`, { url });
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ url: ["URL resolves to a blocked IP address."] });
    }
    t.app.config.outboundAllowPrivate = true;
    expect((await ws.admin.post(`${base}/webhooks/`, { url: "http://169.254.169.254/latest/" })).body).toEqual({
      url: ["URL resolves to a blocked IP address."],
    });
  });
});

describe("webhook delivery (wire-facts §13)", () => {
  it("signs the exact bytes sent, with Plane's headers and body", async () => {
    const hook = await createHook({ issue: true });
    const item = await createItem(ws, pr, { name: "Grüße ✓" });
    expect(received).toEqual([]); // nothing in the request
    await t.app.jobs.drain();
    expect(received).toHaveLength(1);
    const r = received[0];
    expect(r.path).toBe("/hook");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["user-agent"]).toBe("Autopilot");
    expect(r.headers["x-plane-event"]).toBe("issue");
    expect(r.headers["x-plane-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(verify(hook.secret_key, r)).toBe(true);
    // Plane's serialisation: ", " / ": " separators and \\uXXXX escapes, keys in order
    const text = r.raw.toString("utf8");
    expect(
      text.startsWith(
        `{"event": "issue", "action": "created", "webhook_id": "${hook.id}", "workspace_id": "${ws.id}", "data": {`,
      ),
    ).toBe(true);
    expect(text).toContain("Gr\\u00fc\\u00dfe \\u2713");
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(["event", "action", "webhook_id", "workspace_id", "data", "activity"]);
    expect(body.data).toMatchObject({ id: item.id, name: "Grüße ✓", project_id: pr.id });
    expect(body.activity).toMatchObject({
      field: null,
      new_value: null,
      old_value: null,
      actor: { id: ws.admin.userId },
    });

    // the log has the attempt: status, duration, excerpt
    const logs = await ws.admin.get(`${base}/webhook-logs/${hook.id}/`);
    expect(logs.status).toBe(200);
    expect(logs.body).toHaveLength(1);
    expect(logs.body[0]).toMatchObject({
      webhook: hook.id,
      event_type: "issue",
      action: "created",
      response_status: 200,
      response_body: "thanks",
      retry_count: 0,
      error: null,
      next_retry_at: null,
    });
    expect(logs.body[0].request_body).toBe(text);
    expect(logs.body[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("sends one delivery per changed field on an update, and only to active webhooks with the event's flag", async () => {
    const hook = await createHook({ issue: true });
    await createHook({ project: true }, hookUrl + "?projects-only");
    const inactive = await createHook({ issue: true, is_active: false }, hookUrl + "?inactive");
    const item = await createItem(ws, pr);
    await t.app.jobs.drain();
    received = [];
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "Renamed", priority: "high" });
    expect(res.status, res.text).toBe(204);
    await t.app.jobs.drain();
    expect(received.map((r) => r.path)).toEqual(["/hook", "/hook"]);
    const got = bodies();
    expect(got.map((b) => b.action)).toEqual(["updated", "updated"]);
    expect(got.map((b) => b.activity.field).sort()).toEqual(["name", "priority"]);
    expect(got.find((b) => b.activity.field === "priority")!.activity).toMatchObject({
      old_value: "none",
      new_value: "high",
    });
    expect(got.every((b) => b.webhook_id === hook.id && b.data.name === "Renamed")).toBe(true);
    expect(received.every((r) => verify(hook.secret_key, r))).toBe(true);
    expect((await ws.admin.get(`${base}/webhook-logs/${inactive.id}/`)).body).toEqual([]);
  });

  it("comments, projects, cycles and modules fire their own events", async () => {
    const hook = await createHook();
    const item = await createItem(ws, pr);
    await t.app.jobs.drain();
    received = [];
    const c = await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>hello</p>" });
    expect(c.status, c.text).toBe(201);
    const cy = await ws.admin.post(`${pr.base}/cycles/`, { name: "Sprint 1" });
    expect(cy.status, cy.text).toBe(201);
    const mo = await ws.admin.post(`${pr.base}/modules/`, { name: "Mod 1" });
    expect(mo.status, mo.text).toBe(201);
    const pj = await ws.admin.patch(`${pr.base}/`, { name: "Renamed project" });
    expect(pj.status, pj.text).toBe(200);
    await t.app.jobs.drain();
    const got = bodies().map((b) => [b.event, b.action, b.activity.field, b.data.id]);
    expect(got).toEqual(
      expect.arrayContaining([
        ["issue_comment", "created", null, c.body.id],
        ["cycle", "created", null, cy.body.id],
        ["module", "created", null, mo.body.id],
        ["project", "updated", "name", pr.id],
      ]),
    );
    expect(got).toHaveLength(4);
    expect(bodies().find((b) => b.event === "project")!.activity).toMatchObject({ new_value: "Renamed project" });
    expect(received.map((r) => r.headers["x-plane-event"]).sort()).toEqual([
      "cycle",
      "issue_comment",
      "module",
      "project",
    ]);
    expect(received.every((r) => verify(hook.secret_key, r))).toBe(true);
  });

  it("retries a failing receiver with exponential backoff, logging every attempt, then gives up", async () => {
    const hook = await createHook({ issue: true });
    answer = 500;
    await createItem(ws, pr);
    await t.app.jobs.drain();
    expect(received).toHaveLength(1);
    // the retry waits: draining now runs nothing
    expect(await t.app.jobs.drain()).toBe(0);
    const delays: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const [pending] = await t.app.jobs.list(t.db.db, WEBHOOK_DELIVER_TASK);
      expect(pending.failed).toBe(false);
      delays.push(Math.round((pending.runAt.getTime() - Date.now()) / 1000));
      await makeDue();
      expect(await t.app.jobs.drain()).toBe(1);
      expect(received).toHaveLength(i + 1);
    }
    // 30 s, 1 min, 2 min, 4 min, 8 min (each within a few seconds of test time)
    const expected = [30, 60, 120, 240, 480];
    delays.forEach((d, i) => expect(Math.abs(d - expected[i])).toBeLessThanOrEqual(3));
    expect(await t.app.jobs.list(t.db.db, WEBHOOK_DELIVER_TASK)).toEqual([]); // 6 attempts: no more
    const logs = (await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body as any[];
    expect(logs.map((l) => l.retry_count).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(logs.every((l) => l.response_status === 500 && l.response_body === "receiver failed")).toBe(true);
    expect(logs.filter((l) => l.next_retry_at === null).map((l) => l.retry_count)).toEqual([5]);
    // the same delivery, the same bytes, every time
    expect(new Set(received.map((r) => r.headers["x-plane-delivery"])).size).toBe(1);
    expect(new Set(received.map((r) => r.raw.toString())).size).toBe(1);
  });

  it("a receiver that recovers stops the retries; a webhook turned off meanwhile gets nothing", async () => {
    const hook = await createHook({ issue: true });
    answer = 503;
    await createItem(ws, pr);
    await t.app.jobs.drain();
    answer = 200;
    await makeDue();
    await t.app.jobs.drain();
    expect(received).toHaveLength(2);
    expect(await t.app.jobs.list(t.db.db, WEBHOOK_DELIVER_TASK)).toEqual([]);

    answer = 500;
    await createItem(ws, pr);
    await t.app.jobs.drain();
    expect(received).toHaveLength(3);
    await ws.admin.patch(`${base}/webhooks/${hook.id}/`, { is_active: false });
    await makeDue();
    await t.app.jobs.drain();
    expect(received).toHaveLength(3);
  });

  it("refuses to deliver to an internal target when the instance does not allow it, and does not retry", async () => {
    const hook = await createHook({ issue: true });
    t.app.config.outboundAllowPrivate = false;
    await createItem(ws, pr);
    await t.app.jobs.drain();
    expect(received).toEqual([]);
    const [log] = (await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body as any[];
    expect(log).toMatchObject({ response_status: null, next_retry_at: null });
    expect(log.error).toContain("127.0.0.1");
    expect(await t.app.jobs.list(t.db.db, WEBHOOK_DELIVER_TASK)).toEqual([]);
  });

  it("queues nothing for a workspace without a listening webhook", async () => {
    await createHook({ project: true });
    await createItem(ws, pr);
    expect(await t.app.jobs.list(t.db.db, WEBHOOK_EVENT_TASK)).toEqual([]);
  });

  it("sends a test event on demand (admins only, active webhooks only)", async () => {
    const hook = await createHook({});
    expect((await ws.member.post(`${base}/webhooks/${hook.id}/test/`, {})).status).toBe(403);
    const res = await ws.admin.post(`${base}/webhooks/${hook.id}/test/`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.delivery_id).toMatch(/^[0-9a-f-]{36}$/);
    await t.app.jobs.drain();
    expect(received).toHaveLength(1);
    expect(received[0].headers["x-plane-event"]).toBe("test");
    expect(received[0].headers["x-plane-delivery"]).toBe(res.body.delivery_id);
    expect(verify(hook.secret_key, received[0])).toBe(true);
    expect(bodies()[0]).toMatchObject({ event: "test", action: "test", webhook_id: hook.id, workspace_id: ws.id });
    const [log] = (await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body as any[];
    expect(log).toMatchObject({ event_type: "test", response_status: 200, delivery_id: res.body.delivery_id });

    // regenerating the secret signs later deliveries with the new one
    const regen = await ws.admin.post(`${base}/webhooks/${hook.id}/regenerate/`, {});
    await ws.admin.post(`${base}/webhooks/${hook.id}/test/`, {});
    await t.app.jobs.drain();
    expect(verify(regen.body.secret_key, received[1])).toBe(true);
    expect(verify(hook.secret_key, received[1])).toBe(false);

    await ws.admin.patch(`${base}/webhooks/${hook.id}/`, { is_active: false });
    const off = await ws.admin.post(`${base}/webhooks/${hook.id}/test/`, {});
    expect(off.status).toBe(400);
  });

  it("keeps delivery logs for 30 days (the hourly cleanup)", async () => {
    const hook = await createHook({});
    await ws.admin.post(`${base}/webhooks/${hook.id}/test/`, {});
    await ws.admin.post(`${base}/webhooks/${hook.id}/test/`, {});
    await t.app.jobs.drain();
    const [old] = (await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body as any[];
    await t.db.db
      .update(schema.webhookLogs)
      .set({ createdAt: new Date(Date.now() - 31 * 86400_000) })
      .where(eq(schema.webhookLogs.id, old.id));
    expect((await cleanupExpired(t.app)).webhookLogs).toBe(1);
    expect(((await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body as any[]).map((l) => l.id)).not.toContain(
      old.id,
    );
    expect((await ws.admin.get(`${base}/webhook-logs/${hook.id}/`)).body).toHaveLength(1);
  });
});
