import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { projectFixture, workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { download, send, uploadAs } from "./helpers/assets.ts";
import { png, text } from "./helpers/files.ts";
import { createItem } from "./helpers/work-items.ts";
import { apiKeyFor } from "./helpers/api-key.ts";

/**
 * Plane's clients, the last gaps (issue #30): each test sends the body Plane's web client sends and checks the
 * answer it needs.
 */
let t: TestServer;
let ws: WorkspaceFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => {
  await t?.close();
});

/** A project made by the workspace admin alone (nobody else is in it). */
async function adminProject(network: 0 | 2) {
  const identifier = "J" + Math.random().toString(36).slice(2, 6).toUpperCase();
  const res = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
    name: `Joinable ${identifier}`,
    identifier,
    network,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}
const joinUrl = () => `/api/users/me/workspaces/${ws.slug}/projects/invitations/`;

describe("joining a project (Plane's Join on a project card)", () => {
  it("a workspace member joins a public project with their workspace role", async () => {
    const pid = await adminProject(2);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).status).toBe(409);
    const res = await ws.member.post(joinUrl(), { project_ids: [pid] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ message: "Projects joined successfully" });
    const got = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.member_role).toBe(15);
    const me = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/project-members/me/`);
    expect(me.body.role).toBe(15);
    // joining again changes nothing
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    const members = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${pid}/members/`);
    expect((members.body as { member: string }[]).filter((m) => m.member === ws.member.userId)).toHaveLength(1);
  });

  it("a member who left joins again; an admin joins a private project as admin", async () => {
    const pid = await adminProject(2);
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    expect((await ws.member.post(`/api/workspaces/${ws.slug}/projects/${pid}/members/leave/`, {})).status).toBe(204);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).status).toBe(409);
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).body.member_role).toBe(15);

    const secret = await adminProject(0);
    const other = await t.user({ firstName: "Ina", lastName: "Admin" });
    await t.db.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${other.userId}, 20)`;
    expect((await other.post(joinUrl(), { project_ids: [secret] })).status).toBe(201);
    expect((await other.get(`/api/workspaces/${ws.slug}/projects/${secret}/`)).body.member_role).toBe(20);
  });

  it("refuses what the caller may not join: a private project, an unknown id, a guest, an outsider", async () => {
    const secret = await adminProject(0);
    const open = await adminProject(2);
    const denied = await ws.member.post(joinUrl(), { project_ids: [open, secret] });
    expect(denied.status, denied.text).toBe(404);
    expect(denied.body).toEqual({ error: "Project not found" });
    // all or nothing: the public one was not joined either
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${open}/`)).status).toBe(409);
    expect((await ws.member.post(joinUrl(), { project_ids: [crypto.randomUUID()] })).status).toBe(404);
    expect((await ws.guest.post(joinUrl(), { project_ids: [open] })).status).toBe(403);
    expect((await ws.outsider.post(joinUrl(), { project_ids: [open] })).status).toBe(403);
    expect((await ws.anon.post(joinUrl(), { project_ids: [open] })).status).toBe(401);
    expect((await ws.member.post(joinUrl(), { project_ids: ["x"] })).status).toBe(400);
  });
});

describe("project covers", () => {
  it("keeps the cover uploaded in Plane's create dialog: the project adopts it through the bulk call", async () => {
    const A = `/api/assets/v2/workspaces/${ws.slug}/`;
    // the dialog uploads the cover before the project exists
    const slot = await uploadAs(
      ws.member,
      A,
      A,
      { name: "cover.png", type: "image/png", bytes: png() },
      { entity_type: "PROJECT_COVER", entity_identifier: "" },
    );
    const identifier = "C" + Math.random().toString(36).slice(2, 6).toUpperCase();
    const made = await ws.member.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: `Covered ${identifier}`,
      identifier,
      network: 2,
      cover_image_url: slot.asset_url,
      logo_props: { in_use: "emoji", emoji: { value: "128640" } },
    });
    expect(made.status, made.text).toBe(201);
    const pid = made.body.id as string;
    const bulk = await ws.member.post(`/api/assets/v2/workspaces/${ws.slug}/projects/${pid}/${pid}/bulk/`, {
      asset_ids: [slot.asset_id],
    });
    expect(bulk.status, bulk.text).toBe(204);
    const got = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`);
    expect(got.body).toMatchObject({
      cover_image_asset: slot.asset_id,
      cover_image_url: `/api/assets/v2/static/${slot.asset_id}/`,
    });
    const list = await ws.member.get(`/api/workspaces/${ws.slug}/projects/details/`);
    expect((list.body as { id: string; cover_image_url: string }[]).find((p) => p.id === pid)?.cover_image_url).toBe(
      `/api/assets/v2/static/${slot.asset_id}/`,
    );
    // the image is served where the client shows it
    const img = await ws.member.get(`/api/assets/v2/static/${slot.asset_id}/`);
    expect(img.status).toBe(302);
  });

  it("offers Stride's own covers and keeps one chosen from them", async () => {
    const covers = await ws.member.get("/api/project-covers/");
    expect(covers.status).toBe(200);
    expect((covers.body as string[]).length).toBeGreaterThanOrEqual(8);
    const chosen = (covers.body as string[])[2];
    const identifier = "S" + Math.random().toString(36).slice(2, 6).toUpperCase();
    // Plane's dialog sends a picked stock cover as an absolute URL in cover_image
    const made = await ws.member.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: `Stock ${identifier}`,
      identifier,
      cover_image: chosen,
      cover_image_url: chosen,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.cover_image_url).toBe(chosen);
    const img = await fetch(chosen);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/svg+xml");
  });
});

describe("images pasted into a comment (Plane's comment editor)", () => {
  it("uploads against the work item and joins the comment that shows it", async () => {
    const pr = await projectFixture(t, ws);
    const item = await createItem(ws, pr);
    const PA = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/`;
    // the comment does not exist yet when the image is pasted: the editor names the work item
    const slot = await uploadAs(
      ws.member,
      PA,
      PA,
      { name: "paste.png", type: "image/png", bytes: png([0, 128, 0]) },
      { entity_type: "COMMENT_DESCRIPTION", entity_identifier: item.id },
    );
    const comment = await ws.member.post(`${pr.base}/issues/${item.id}/comments/`, {
      comment_html: `<p>see</p><image-component src="${slot.asset_id}"></image-component>`,
    });
    expect(comment.status, comment.text).toBe(201);
    const bulk = await ws.member.post(`${PA}${item.id}/bulk/`, { asset_ids: [slot.asset_id] });
    expect(bulk.status, bulk.text).toBe(204);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.asset_id));
    expect(row).toMatchObject({ issueId: item.id, commentId: comment.body.id, projectId: pr.id });
    expect((await ws.member.get(`${PA}${slot.asset_id}/`)).status).toBe(302);
  });
});

describe("the history of a new item (as Plane's server records it)", () => {
  const history = async (base: string, id: string) =>
    (
      (await ws.admin.get(`${base}/issues/${id}/history/?activity_type=issue-property`)).body as Record<
        string,
        unknown
      >[]
    ).map((a) => ({
      verb: a.verb,
      field: a.field,
      new_value: a.new_value,
      new_identifier: a.new_identifier,
      actor: a.actor,
    }));

  it('records "created" then an "added assignee" row per assignee, in the app API', async () => {
    const pr = await projectFixture(t, ws);
    const res = await ws.admin.post(`${pr.base}/issues/`, {
      name: "Assigned at birth",
      assignee_ids: [ws.member.userId, ws.admin.userId],
      label_ids: [],
      state_id: pr.states.Todo,
      priority: "high",
    });
    expect(res.status, res.text).toBe(201);
    const names = Object.fromEntries(
      (
        (await ws.admin.get(`/api/workspaces/${ws.slug}/members/`)).body as {
          member: { id: string; display_name: string };
        }[]
      ).map((m) => [m.member.id, m.member.display_name]),
    );
    expect(await history(pr.base, res.body.id)).toEqual([
      { verb: "created", field: null, new_value: null, new_identifier: null, actor: ws.admin.userId },
      {
        verb: "updated",
        field: "assignees",
        new_value: names[ws.member.userId],
        new_identifier: ws.member.userId,
        actor: ws.admin.userId,
      },
      {
        verb: "updated",
        field: "assignees",
        new_value: names[ws.admin.userId],
        new_identifier: ws.admin.userId,
        actor: ws.admin.userId,
      },
    ]);
    // the assignee hears of the new item once (its creation), not once more for the assignee row
    await t.app.jobs.drain();
    const inbox = (await ws.member.get(`/api/workspaces/${ws.slug}/users/notifications/`)).body as {
      entity_identifier: string;
    }[];
    expect(inbox.filter((n) => n.entity_identifier === res.body.id)).toHaveLength(1);
  });

  it("records the project's default assignee the same way, and nothing more for an item with none", async () => {
    const pr = await projectFixture(t, ws);
    expect((await ws.admin.patch(`${pr.base}/`, { default_assignee: ws.member.userId })).status).toBe(200);
    const dflt = await ws.admin.post(`${pr.base}/issues/`, { name: "Goes to the default assignee" });
    expect((await history(pr.base, dflt.body.id)).map((a) => [a.field, a.new_identifier])).toEqual([
      [null, null],
      ["assignees", ws.member.userId],
    ]);
    const other = await projectFixture(t, ws);
    const bare = await ws.admin.post(`${other.base}/issues/`, { name: "Nobody's", priority: "low" });
    expect((await history(other.base, bare.body.id)).map((a) => a.verb)).toEqual(["created"]);
  });

  it("does the same through API v1", async () => {
    const pr = await projectFixture(t, ws);
    const v1 = await apiKeyFor(ws.admin, { slug: ws.slug });
    const res = await v1.post(`/api/v1/workspaces/${ws.slug}/projects/${pr.id}/work-items/`, {
      name: "From the SDK",
      assignees: [ws.member.userId],
    });
    expect(res.status, res.text).toBe(201);
    expect((await history(pr.base, res.body.id)).map((a) => [a.verb, a.field, a.new_identifier])).toEqual([
      ["created", null, null],
      ["updated", "assignees", ws.member.userId],
    ]);
  });
});

describe("the screens' other calls", () => {
  it("GET /api/timezones/ lists every zone with its offset, for anyone", async () => {
    const res = await ws.anon.get("/api/timezones/");
    expect(res.status).toBe(200);
    const zones = res.body.timezones as { utc_offset: string; gmt_offset: string; value: string; label: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.value === "Asia/Tokyo")).toEqual({
      utc_offset: "UTC+09:00",
      gmt_offset: "GMT+09:00",
      value: "Asia/Tokyo",
      label: "Tokyo, Asia",
    });
    expect(zones.find((z) => z.value === "UTC")).toMatchObject({ utc_offset: "UTC+00:00" });
  });

  it("an intake request's description versions are read under intake-work-items/", async () => {
    const pr = await projectFixture(t, ws);
    expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
    const made = await ws.admin.post(`${pr.base}/intake-issues/`, {
      issue: { name: "Printer on fire", description_html: "<p>first</p>" },
    });
    expect(made.status, made.text).toBe(200);
    const issueId = made.body.issue.id as string;
    expect(
      (await ws.admin.patch(`${pr.base}/intake-issues/${issueId}/`, { issue: { description_html: "<p>second</p>" } }))
        .status,
    ).toBeLessThan(300);
    const list = await ws.admin.get(`${pr.base}/intake-work-items/${issueId}/description-versions/`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.results.length).toBeGreaterThan(0);
    const one = await ws.admin.get(
      `${pr.base}/intake-work-items/${issueId}/description-versions/${list.body.results[0].id}/`,
    );
    expect(one.status, one.text).toBe(200);
    expect((await ws.outsider.get(`${pr.base}/intake-work-items/${issueId}/description-versions/`)).status).toBe(403);
  });

  it("attaches a plain text file that Plane's client sends without a type", async () => {
    const pr = await projectFixture(t, ws);
    const item = await createItem(ws, pr);
    const att = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${item.id}/attachments/`;
    const bytes = text("build failed at step 3\n");
    const slot = await ws.member.post(att, { name: "build.log", type: "", size: bytes.length });
    expect(slot.status, slot.text).toBe(200);
    expect(slot.body.attachment.attributes).toMatchObject({ name: "build.log", type: "text/plain" });
    expect((await send(slot.body, bytes, "")).status).toBe(204);
    expect((await ws.member.patch(`${att}${slot.body.asset_id}/`, {})).status).toBe(204);
    const got = await download(t, (await ws.member.get(`${att}${slot.body.asset_id}/`)).location);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toMatch(/^text\/plain/);
    // what the name does not make safe is still refused
    const exe = await ws.member.post(att, { name: "setup.exe", type: "", size: 10 });
    expect([exe.status, exe.body]).toEqual([400, { error: "Invalid file type.", status: false }]);
  });

  it("a draft from Plane's create dialog with module_ids: null is saved with no modules", async () => {
    const pr = await projectFixture(t, ws);
    const res = await ws.member.post(`/api/workspaces/${ws.slug}/draft-issues/`, {
      name: "Half an idea",
      project_id: pr.id,
      module_ids: null,
      cycle_id: null,
      assignee_ids: [],
      label_ids: [],
      priority: "none",
      state_id: pr.states.Backlog,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.module_ids).toEqual([]);
    const patched = await ws.member.patch(`/api/workspaces/${ws.slug}/draft-issues/${res.body.id}/`, {
      module_ids: null,
    });
    expect(patched.status, patched.text).toBeLessThan(300);
  });
});
