import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { apiKeyFor } from "./helpers/api-key.ts";
import { LiveClient } from "./helpers/live.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";
import { PROJECT_UPDATE_NOTIFY_TASK } from "../src/routes/project-updates/notify.ts";

/**
 * Project updates (issue #29 point 4): status updates with comments and reactions, the project list's latest
 * status, notifications through the job queue, the v1 API, the feature switch and the roles.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

const OFF = { error: "Project updates are not enabled for this project." };
const FORBIDDEN = { error: "You don't have the required permissions." };
const NOT_MEMBER = { detail: "You do not have permission to perform this action." };

const switchUpdates = (p: ProjectFixture, on: boolean) =>
  ws.admin.patch(`${p.base}/`, { is_project_updates_enabled: on });
async function post(c: Client, body: Record<string, unknown>, p = pr) {
  const res = await c.post(`${p.base}/updates/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}
const inbox = async (c: Client) =>
  ((await c.get(`/api/workspaces/${ws.slug}/users/notifications/`)).body as Record<string, any>[]).filter(
    (n) => n.entity_name === "project_update",
  );

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(() => t?.close());

describe("the feature switch", () => {
  it("off (the default): the updates answer 400 with the spec's body after the role check; on: they answer", async () => {
    const p = await projectFixture(t, ws);
    const some = "00000000-0000-4000-8000-000000000000";
    for (const [method, path, body] of [
      ["GET", `${p.base}/updates/`],
      ["POST", `${p.base}/updates/`, { status: "ON-TRACK" }],
      ["POST", `${p.base}/updates/`, { status: "nope" }],
      ["GET", `${p.base}/updates/${some}/`],
      ["GET", `${p.base}/updates/${some}/comments/`],
      ["POST", `${p.base}/updates/${some}/reactions/`, { reaction: "1" }],
    ] as [string, string, unknown?][]) {
      expect(await ws.member.request(method, path, body), `${method} ${path}`).toMatchObject({
        status: 400,
        body: OFF,
      });
    }
    expect(await ws.guest.post(`${p.base}/updates/`, { status: "ON-TRACK" })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    expect(await ws.outsider.get(`${p.base}/updates/`)).toMatchObject({ status: 403, body: NOT_MEMBER });
    expect((await switchUpdates(p, true)).status).toBe(200);
    expect((await ws.member.get(`${p.base}/updates/`)).body).toEqual([]);
  });
});

describe("updates", () => {
  beforeAll(async () => {
    await switchUpdates(pr, true);
  });

  it("a member posts a status with a written update (sanitised) and the project's progress; newest first", async () => {
    await createItem(ws, pr, { state_id: pr.states.Done });
    await createItem(ws, pr);
    const first = await post(ws.member, {
      status: "ON-TRACK",
      description_html: "<p>All good</p><script>alert(1)</script>",
    });
    expect(first).toMatchObject({
      project_id: pr.id,
      workspace_id: ws.id,
      status: "ON-TRACK",
      description_html: "<p>All good</p>",
      description_stripped: "All good",
      progress: { total_issues: 2, completed_issues: 1 },
      created_by: ws.member.userId,
      created_by_detail: { id: ws.member.userId },
      comments_count: 0,
      update_reactions: [],
    });
    const second = await post(ws.admin, { status: "AT-RISK", description_html: "<p>Slipping</p>" });
    expect((await ws.guest.get(`${pr.base}/updates/`)).body.map((u: { id: string }) => u.id).slice(0, 2)).toEqual([
      second.id,
      first.id,
    ]);
    expect(await ws.member.post(`${pr.base}/updates/`, { status: "GREEN" })).toMatchObject({
      status: 400,
      body: { status: ['"GREEN" is not a valid choice.'] },
    });
    expect(await ws.member.post(`${pr.base}/updates/`, {})).toMatchObject({
      status: 400,
      body: { status: ["This field is required."] },
    });
    expect(await ws.guest.post(`${pr.base}/updates/`, { status: "ON-TRACK" })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
  });

  it("its author or an admin edits or deletes it; other members may not", async () => {
    const u = await post(ws.member, { status: "ON-TRACK" });
    const path = `${pr.base}/updates/${u.id}/`;
    const other = await t.user({ firstName: "Nia", lastName: "Member" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: other.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: other.userId, role: 15 });
    expect(await other.patch(path, { status: "OFF-TRACK" })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await ws.guest.delete(path)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(
      (
        await ws.member.patch(path, {
          status: "OFF-TRACK",
          description_html: "<p>Blocked <img src=x onerror=alert(1)></p>",
        })
      ).body,
    ).toMatchObject({ status: "OFF-TRACK", description_html: expect.not.stringContaining("onerror") });
    expect((await ws.admin.patch(path, { status: "AT-RISK" })).body.status).toBe("AT-RISK");
    expect((await other.delete(path)).status).toBe(403);
    expect((await ws.member.delete(path)).status).toBe(204);
    expect((await ws.member.get(path)).status).toBe(404);
  });

  it("comments and reactions: everyone in the project; a comment is changed by its author or an admin", async () => {
    const u = await post(ws.member, { status: "ON-TRACK" });
    const base = `${pr.base}/updates/${u.id}`;
    const c = await ws.guest.post(`${base}/comments/`, {
      comment_html: "<p>Nice <b>work</b></p><iframe src=x></iframe>",
    });
    expect(c.status, c.text).toBe(201);
    expect(c.body).toMatchObject({
      update_id: u.id,
      comment_html: "<p>Nice <b>work</b></p>",
      comment_stripped: "Nice work",
      actor: ws.guest.userId,
      edited_at: null,
    });
    expect((await ws.member.patch(`${base}/comments/${c.body.id}/`, { comment_html: "<p>x</p>" })).status).toBe(403);
    expect(
      (await ws.guest.patch(`${base}/comments/${c.body.id}/`, { comment_html: "<p>Nice work!</p>" })).body,
    ).toMatchObject({ comment_html: "<p>Nice work!</p>", edited_at: expect.any(String) });
    await ws.member.post(`${base}/comments/`, { comment_html: "<p>Thanks</p>" });
    expect(
      (await ws.member.get(`${base}/comments/`)).body.map((x: { comment_stripped: string }) => x.comment_stripped),
    ).toEqual(["Nice work!", "Thanks"]);

    expect((await ws.guest.post(`${base}/reactions/`, { reaction: "128077" })).status).toBe(201);
    expect((await ws.guest.post(`${base}/reactions/`, { reaction: "128077" })).status).toBe(201); // twice: one
    await ws.admin.post(`${base}/reactions/`, { reaction: "127881" });
    let got = (await ws.member.get(`${base}/`)).body;
    expect(got.comments_count).toBe(2);
    expect(got.update_reactions.map((r: { reaction: string; actor: string }) => [r.reaction, r.actor]).sort()).toEqual(
      [
        ["127881", ws.admin.userId],
        ["128077", ws.guest.userId],
      ].sort(),
    );
    expect((await ws.guest.delete(`${base}/reactions/128077/`)).status).toBe(204);
    got = (await ws.member.get(`${base}/`)).body;
    expect(got.update_reactions).toHaveLength(1);
    expect((await ws.admin.delete(`${base}/comments/${c.body.id}/`)).status).toBe(204);
    expect((await ws.member.get(`${base}/`)).body.comments_count).toBe(1);
  });

  it("an update of another project is not found here", async () => {
    const other = await projectFixture(t, ws);
    await switchUpdates(other, true);
    const u = await post(ws.admin, { status: "ON-TRACK" }, other);
    expect(await ws.member.get(`${pr.base}/updates/${u.id}/`)).toMatchObject({ status: 404 });
  });
});

describe("notifications", () => {
  it("a new update is told to the project's other people by a job (not in the request); a comment to the update's author", async () => {
    const p = await projectFixture(t, ws, { network: 0 }); // private
    await switchUpdates(p, true);
    const u = await post(ws.member, { status: "AT-RISK", description_html: "<p>The vendor is late</p>" }, p);
    expect(await inbox(ws.admin)).toEqual([]);
    expect((await t.app.jobs.list(t.db.db, PROJECT_UPDATE_NOTIFY_TASK)).length).toBeGreaterThan(0);
    await t.app.jobs.drain();
    const [n] = (await inbox(ws.admin)).filter((x) => x.data.project_update.id === u.id);
    expect(n).toMatchObject({
      project: p.id,
      entity_name: "project_update",
      entity_identifier: null,
      receiver: ws.admin.userId,
      triggered_by: ws.member.userId,
      sender: "in_app:project_updates:member",
      message_stripped: "The vendor is late",
      data: {
        project_update: {
          id: u.id,
          key: u.id,
          kind: "update",
          status: "AT-RISK",
          project_id: p.id,
          project_identifier: p.identifier,
          comment_id: null,
        },
      },
    });
    expect((await inbox(ws.guest)).filter((x) => x.data.project_update.id === u.id)).toHaveLength(1);
    expect((await inbox(ws.member)).filter((x) => x.data.project_update.id === u.id)).toEqual([]); // not the author
    // a workspace member outside the private project hears nothing
    const outside = await t.user({ firstName: "Oz", lastName: "Outside" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: outside.userId, role: 15 });
    expect(await inbox(outside)).toEqual([]);

    const c = await ws.guest.post(`${p.base}/updates/${u.id}/comments/`, { comment_html: "<p>Can we help?</p>" });
    await t.app.jobs.drain();
    const toAuthor = (await inbox(ws.member)).filter((x) => x.data.project_update.kind === "comment");
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]).toMatchObject({
      sender: "in_app:project_updates:author",
      triggered_by: ws.guest.userId,
      data: { project_update: { comment_id: c.body.id, key: c.body.id } },
    });
    expect((await inbox(ws.admin)).filter((x) => x.data.project_update.kind === "comment")).toEqual([]);
    // the job is idempotent: run again, no second row
    const { notifyProjectUpdate } = await import("../src/routes/project-updates/notify.ts");
    expect(await notifyProjectUpdate(t.db.db, { update_id: u.id, comment_id: null, actor_id: ws.member.userId })).toBe(
      0,
    );
  });
});

describe("the projects list shows each project's latest status", () => {
  it("for the project's members while updates are on", async () => {
    const p = await projectFixture(t, ws);
    const details = async (c: Client) =>
      ((await c.get(`/api/workspaces/${ws.slug}/projects/details/`)).body as Record<string, any>[]).find(
        (x) => x.id === p.id,
      );
    expect((await details(ws.member))!.latest_update).toBeNull();
    await switchUpdates(p, true);
    await post(ws.member, { status: "ON-TRACK" }, p);
    const latest = await post(ws.admin, { status: "OFF-TRACK" }, p);
    expect((await details(ws.member))!.latest_update).toEqual({
      id: latest.id,
      status: "OFF-TRACK",
      created_at: latest.created_at,
      created_by: ws.admin.userId,
    });
    expect((await ws.member.get(`${p.base}/`)).body.latest_update.status).toBe("OFF-TRACK");
    // a workspace member who is not in this public project sees the project but not its updates
    const stranger = await t.user({ firstName: "Sam", lastName: "Stranger" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: stranger.userId, role: 15 });
    expect((await details(stranger))!.latest_update).toBeNull();
    await switchUpdates(p, false);
    expect((await details(ws.member))!.latest_update).toBeNull();
  });
});

describe("API v1 and realtime", () => {
  beforeAll(async () => {
    await switchUpdates(pr, true);
  });

  it("lists, posts, reads, edits and deletes updates with an API key; OpenAPI describes them", async () => {
    const key = await apiKeyFor(ws.member);
    const V1 = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}/updates/`;
    const made = await key.post(V1, { status: "ON-TRACK", description_html: "<p>v1</p>" });
    expect(made.status, made.text).toBe(201);
    expect((await key.get(V1)).body[0].id).toBe(made.body.id);
    expect((await key.patch(`${V1}${made.body.id}/`, { status: "AT-RISK" })).body.status).toBe("AT-RISK");
    expect((await key.delete(`${V1}${made.body.id}/`)).status).toBe(204);
    expect(await key.get(`${V1}${made.body.id}/`)).toMatchObject({
      status: 404,
      body: { error: "The requested resource does not exist." },
    });
    const guestKey = await apiKeyFor(ws.guest);
    expect(await guestKey.post(V1, { status: "ON-TRACK" })).toMatchObject({ status: 403, body: FORBIDDEN });
    const paths = Object.keys((await t.anon().get("/api/v1/openapi.json")).body.paths);
    expect(paths).toContain("/api/v1/workspaces/{slug}/projects/{projectId}/updates/");
    expect(paths).toContain("/api/v1/workspaces/{slug}/projects/{projectId}/updates/{updateId}/");
  });

  it("updates, comments and reactions publish live on the project's stream", async () => {
    const l = await LiveClient.open(t.url, ws.guest);
    try {
      expect(await l.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
      const u = await post(ws.member, { status: "ON-TRACK" });
      await ws.admin.post(`${pr.base}/updates/${u.id}/comments/`, { comment_html: "<p>ok</p>" });
      await ws.admin.post(`${pr.base}/updates/${u.id}/reactions/`, { reaction: "128077" });
      for (const table of ["project_updates", "project_update_comments", "project_update_reactions"]) {
        await l.waitFor((m) => m.type === "event" && m.event.t === table && m.event.p === pr.id);
      }
    } finally {
      l.close();
    }
  });
});

describe("deleting", () => {
  it("an update takes its comments and reactions with it", async () => {
    await switchUpdates(pr, true);
    const u = await post(ws.member, { status: "ON-TRACK" });
    await ws.admin.post(`${pr.base}/updates/${u.id}/comments/`, { comment_html: "<p>ok</p>" });
    await ws.admin.post(`${pr.base}/updates/${u.id}/reactions/`, { reaction: "128077" });
    expect((await ws.member.delete(`${pr.base}/updates/${u.id}/`)).status).toBe(204);
    expect(
      await t.db.db.select().from(schema.projectUpdateComments).where(eq(schema.projectUpdateComments.updateId, u.id)),
    ).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(schema.projectUpdateReactions)
        .where(eq(schema.projectUpdateReactions.updateId, u.id)),
    ).toEqual([]);
  });
});
