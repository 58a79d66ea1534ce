import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { cleanupExpired } from "../src/core/cleanup.ts";

/**
 * POSTs with `Idempotency-Key` (http/idempotency.ts): the web's outbox sends a new work item or a comment again when
 * the first answer was lost, and the server must make it once.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

const items = () => `/api/workspaces/${ws.slug}/projects/${pr.id}/issues/`;
const key = (k: string) => ({ "Idempotency-Key": k });
const named = async (name: string) =>
  (await t.db.sql`SELECT count(*)::int AS n FROM issues WHERE project = ${pr.id} AND name = ${name}`)[0]!.n as number;

describe("POST with Idempotency-Key", () => {
  it("creates a work item once: sent again, the first answer is replayed and nothing new is made", async () => {
    const first = await ws.admin.post(items(), { name: "Once only" }, key("create-once-0001"));
    expect(first.status, first.text).toBe(201);
    const again = await ws.admin.post(items(), { name: "Once only" }, key("create-once-0001"));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.sequence_id).toBe(first.body.sequence_id);
    expect(await named("Once only")).toBe(1);
  });

  it("makes a comment once", async () => {
    const item = await ws.admin.post(items(), { name: "Commented" });
    const url = `${items()}${item.body.id}/comments/`;
    const body = { comment_html: "<p>Just once</p>", access: "INTERNAL" };
    const a = await ws.admin.post(url, body, key("comment-once-0001"));
    // the same body with its keys in another order (the outbox spreads them so) is the same request
    const b = await ws.admin.post(
      url,
      { access: "INTERNAL", comment_html: "<p>Just once</p>" },
      key("comment-once-0001"),
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const rows = await t.db.sql`SELECT count(*)::int AS n FROM issue_comments WHERE issue = ${item.body.id}`;
    expect(rows[0]!.n).toBe(1);
  });

  it("is per caller: another person's same key makes their own item", async () => {
    const a = await ws.admin.post(items(), { name: "Per caller" }, key("shared-key-0001"));
    const b = await ws.member.post(items(), { name: "Per caller" }, key("shared-key-0001"));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(await named("Per caller")).toBe(2);
  });

  it("refuses the key with another body or path (422), and the first item stays the only one", async () => {
    await ws.admin.post(items(), { name: "First body" }, key("reused-key-0001"));
    const other = await ws.admin.post(items(), { name: "Second body" }, key("reused-key-0001"));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: "This Idempotency-Key was already used for another request." });
    expect(await named("Second body")).toBe(0);
  });

  it("frees the key when the request is refused: the corrected request is then made", async () => {
    const bad = await ws.admin.post(items(), { name: "" }, key("refused-key-0001"));
    expect(bad.status).toBe(400);
    const good = await ws.admin.post(items(), { name: "Corrected" }, key("refused-key-0001"));
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 409 while the first request with the key is still running, and takes over a claim a minute old", async () => {
    const k = "running-key-0001";
    const first = await ws.admin.post(items(), { name: "Running" }, key(k));
    // as if the first request were still running: its answer not kept yet
    await t.db.sql`UPDATE idempotent_requests SET status = NULL, body = NULL WHERE body LIKE ${`%${first.body.id}%`}`;
    const busy = await ws.admin.post(items(), { name: "Running" }, key(k));
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ error: "A request with this Idempotency-Key is still being processed; try again." });
    // the process that claimed it died a minute ago: the request runs again
    await t.db.sql`UPDATE idempotent_requests SET created_at = now() - interval '2 minutes' WHERE status IS NULL`;
    const taken = await ws.admin.post(items(), { name: "Running" }, key(k));
    expect(taken.status).toBe(201);
  });

  it("refuses a malformed key, and leaves requests without one or from nobody signed in as they were", async () => {
    const short = await ws.admin.post(items(), { name: "Short key" }, key("short"));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: "Idempotency-Key must be 8 to 255 visible ASCII characters." });
    expect(await named("Short key")).toBe(0);
    await ws.admin.post(items(), { name: "No key" });
    await ws.admin.post(items(), { name: "No key" });
    expect(await named("No key")).toBe(2);
    const anon = await ws.anon.post(items(), { name: "Anon" }, key("anonymous-0001"));
    expect(anon.status).toBe(401);
  });

  it("keeps answers a day: the hourly cleanup deletes older ones", async () => {
    await ws.admin.post(items(), { name: "Old answer" }, key("old-answer-0001"));
    await t.db
      .sql`UPDATE idempotent_requests SET created_at = now() - interval '25 hours' WHERE body LIKE '%Old answer%'`;
    const res = await cleanupExpired(t.app);
    expect(res.idempotentRequests).toBe(1);
    const again = await ws.admin.post(items(), { name: "Old answer" }, key("old-answer-0001"));
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await named("Old answer")).toBe(2);
  });
});
