import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";

/**
 * Reads that write (defaults created on first read, recent visits) publish no live event (core/silent.ts, the
 * `stride.silent` check in db/sql/live-events.sql); real changes of the same rows still do.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let W: string;
beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  W = `/api/workspaces/${ws.slug}`;
});
afterAll(async () => {
  await t?.close();
});

const READ_WRITTEN = [
  "project_user_properties",
  "workspace_user_properties",
  "workspace_home_preferences",
  "workspace_sidebar_preferences",
  "user_recent_visits",
];

/** The events of those tables on a person's stream (and anywhere else, for safety). */
async function eventsOf(userId: string) {
  const rows = await t.app.sql<{ stream: string; event: { t: string; op: string; f?: string[] } }[]>`
    SELECT stream, event FROM live_events WHERE event->>'t' IN ${t.app.sql(READ_WRITTEN)} AND (stream = ${"user:" + userId} OR event::text LIKE ${"%" + userId + "%"}) ORDER BY stream, seq`;
  return rows.map((r) => ({ t: r.event.t, op: r.event.op, f: r.event.f }));
}

describe("reads that write are silent", () => {
  it("first GETs create defaults and record visits without publishing; a PATCH of the same rows publishes", async () => {
    const c = ws.member;
    const item = await createItem(ws, pr);
    const reads = [
      `${pr.base}/user-properties/`,
      `${pr.base}/epics-user-properties/`,
      `${W}/user-properties/`,
      `${W}/home-preferences/`,
      `${W}/sidebar-preferences/`,
      `${pr.base}/`,
      `${pr.base}/issues/${item.id}/`,
    ];
    for (const url of reads) {
      const res = await c.get(url);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
    }
    // the rows were written…
    const made = await t.app.sql<{ n: number }[]>`SELECT
      (SELECT count(*)::int FROM project_user_properties WHERE "user" = ${c.userId}) +
      (SELECT count(*)::int FROM workspace_home_preferences WHERE "user" = ${c.userId}) +
      (SELECT count(*)::int FROM workspace_sidebar_preferences WHERE "user" = ${c.userId}) +
      (SELECT count(*)::int FROM user_recent_visits WHERE "user" = ${c.userId}) AS n`;
    expect(made[0].n).toBeGreaterThanOrEqual(6);
    // …and nobody heard of them
    expect(await eventsOf(c.userId)).toEqual([]);

    // real changes of those rows publish, to the owner's stream
    expect((await c.patch(`${pr.base}/user-properties/`, { display_filters: { layout: "kanban" } })).status).toBe(200);
    expect((await c.patch(`${W}/home-preferences/recents/`, { is_enabled: false })).status).toBe(200);
    expect((await c.patch(`${W}/sidebar-preferences/views/`, { is_pinned: true })).status).toBe(200);
    expect(await eventsOf(c.userId)).toEqual([
      { t: "project_user_properties", op: "update", f: ["display_filters"] },
      { t: "workspace_home_preferences", op: "update", f: ["is_enabled"] },
      { t: "workspace_sidebar_preferences", op: "update", f: ["is_pinned"] },
    ]);
  });

  it("a PATCH whose transaction first creates the defaults publishes the change (as an update)", async () => {
    const c = ws.guest;
    expect((await c.patch(`${W}/home-preferences/my_stickies/`, { sort_order: 5 })).status).toBe(200);
    expect(await eventsOf(c.userId)).toEqual([{ t: "workspace_home_preferences", op: "update", f: ["sort_order"] }]);
    // the setting ends with the silent write: later writes of the same transaction and connection publish
    expect((await c.get(`${W}/sidebar-preferences/`)).status).toBe(200);
    expect((await c.patch(`${W}/sidebar-preferences/views/`, { is_pinned: true })).status).toBe(200);
    expect((await eventsOf(c.userId)).map((e) => e.t)).toEqual([
      "workspace_home_preferences",
      "workspace_sidebar_preferences",
    ]);
  });
});
