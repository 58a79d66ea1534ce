import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import type { TestServer } from "./helpers/server.ts";
import { projectFixture, twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, expectMatrix } from "./helpers/work-items.ts";
import { download, uploadAs } from "./helpers/assets.ts";
import { png, text } from "./helpers/files.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let boards: string;

const NOT_PUBLISHED = { error: "Project is not published" };

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  boards = `${pr.base}/project-deploy-boards/`;
});
afterAll(async () => {
  await t?.close();
});

async function publish(p: ProjectFixture, body: Record<string, unknown> = {}) {
  const res = await ws.admin.post(`${p.base}/project-deploy-boards/`, body);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; anchor: string } & Record<string, unknown>;
}

describe("project-deploy-boards", () => {
  it("answers the unpublished defaults without an anchor, then publishes (get-or-create) and unpublishes", async () => {
    const before = await ws.guest.get(boards);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      is_comments_enabled: false,
      is_reactions_enabled: false,
      is_votes_enabled: false,
      intake: null,
      view_props: { list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true },
    });
    // view_props comes from `views`; the view_props key is ignored on create
    const b = await publish(pr, {
      is_comments_enabled: true,
      views: { list: true, kanban: true, calendar: false, gantt: false, spreadsheet: false },
      view_props: { list: false },
    });
    expect(b.anchor).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatchObject({
      entity_name: "project",
      entity_identifier: pr.id,
      project: pr.id,
      workspace: ws.id,
      is_comments_enabled: true,
      is_reactions_enabled: false,
      is_votes_enabled: false,
      intake: null,
      view_props: { list: true, kanban: true, calendar: false, gantt: false, spreadsheet: false },
      is_activity_enabled: true,
      is_disabled: false,
      project_details: { id: pr.id, identifier: pr.identifier },
      workspace_detail: { slug: ws.slug, id: ws.id },
    });
    const again = await publish(pr, { is_reactions_enabled: true });
    expect(again).toMatchObject({ id: b.id, anchor: b.anchor, is_reactions_enabled: false });
    expect((await ws.guest.get(boards)).body).toMatchObject({ id: b.id, anchor: b.anchor });
    // the project object carries the anchor while published
    expect((await ws.member.get(`${pr.base}/`)).body.anchor).toBe(b.anchor);

    const patched = await ws.member.patch(`${boards}${b.id}/`, {
      is_reactions_enabled: true,
      view_props: { calendar: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      is_reactions_enabled: true,
      is_comments_enabled: true,
      view_props: { list: true, kanban: true, calendar: true, gantt: false },
    });

    expect((await ws.member.delete(`${boards}${b.id}/`)).status).toBe(204);
    expect((await ws.admin.get(boards)).body.anchor).toBeUndefined();
    expect((await ws.member.get(`${pr.base}/`)).body.anchor).toBeNull();
    expect((await t.anon().get(`/api/public/anchor/${b.anchor}/meta/`)).body).toEqual(NOT_PUBLISHED);
  });

  it("refuses bad input with field errors and a board of another project with 404", async () => {
    expect((await ws.admin.post(boards, { is_comments_enabled: "maybe" })).body).toEqual({
      is_comments_enabled: ["Must be a valid boolean."],
    });
    const bad = await ws.admin.post(boards, { intake: "00000000-0000-4000-8000-000000000000" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["intake"]);
    const b = await publish(other);
    expect((await ws.admin.patch(`${boards}${b.id}/`, { is_votes_enabled: true })).status).toBe(404);
    expect((await ws.admin.delete(`${boards}${b.id}/`)).status).toBe(404);
    // the project's own intake is accepted
    await ws.admin.patch(`${other.base}/`, { intake_view: true });
    const [intake] = await t.db.db.select().from(schema.intakes).where(eq(schema.intakes.projectId, other.id));
    const withIntake = await ws.admin.patch(`${other.base}/project-deploy-boards/${b.id}/`, { intake: intake.id });
    expect(withIntake.body).toMatchObject({ intake: intake.id });
    expect((await ws.admin.delete(`${other.base}/project-deploy-boards/${b.id}/`)).status).toBe(204);
  });

  it("lets anyone in the project read the settings and members publish (role matrix)", async () => {
    await expectMatrix(ws, (c) => c.get(boards), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.post(boards, {}), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const id = (await ws.admin.get(boards)).body.id as string;
    await expectMatrix(ws, (c) => c.patch(`${boards}${id}/`, { is_votes_enabled: true }), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(
      ws,
      (c, role) => c.delete(`${boards}${role === "member" ? id : "00000000-0000-4000-8000-000000000000"}/`),
      { admin: 404, member: 204, guest: 403, outsider: 403, anon: 401 },
    );
  });
});

describe("the public space API", () => {
  it("reads a published project anonymously: meta, settings, states, labels, members, cycles, modules", async () => {
    const label = (await ws.admin.post(`${pr.base}/issue-labels/`, { name: "bug", color: "#ff0000" })).body;
    const b = await publish(pr);
    const anon = t.anon();
    const base = `/api/public/anchor/${b.anchor}`;
    expect((await anon.get(`${base}/meta/`)).body).toMatchObject({ id: pr.id, identifier: pr.identifier });
    expect((await anon.get(`${base}/settings/`)).body).toMatchObject({ id: b.id, anchor: b.anchor });
    const states = (await anon.get(`${base}/states/`)).body as { name: string; group: string }[];
    expect(states.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Backlog", "Todo", "In Progress", "Done", "Cancelled"]),
    );
    expect(states.some((s) => s.group === "triage")).toBe(false);
    expect(Object.keys(states[0]).sort()).toEqual(["color", "group", "id", "name", "sequence"]);
    expect((await anon.get(`${base}/labels/`)).body).toEqual([
      { id: label.id, name: "bug", color: "#ff0000", parent: null },
    ]);
    const members = (await anon.get(`${base}/members/`)).body as { member: string }[];
    expect(members.map((m) => m.member)).toEqual(
      expect.arrayContaining([ws.admin.userId, ws.member.userId, ws.guest.userId]),
    );
    expect(Object.keys(members[0]).sort()).toEqual(["id", "member", "member__avatar", "member__display_name"]);
    expect((await anon.get(`${base}/cycles/`)).body).toEqual([]);
    expect((await anon.get(`${base}/modules/`)).status).toBe(200);
    // the space's redirect lookup
    expect((await anon.get(`/api/public/workspaces/${ws.slug}/projects/${pr.id}/anchor/`)).body).toMatchObject({
      anchor: b.anchor,
    });
  });

  it("lists the published project's items grouped by state, with the public item fields", async () => {
    const b = await publish(pr);
    const item = await createItem(ws, pr, { name: "Public one", priority: "high", state_id: pr.states.Todo });
    const anon = t.anon();
    const flat = await anon.get(`/api/public/anchor/${b.anchor}/issues/?per_page=50&cursor=50:0:0`);
    expect(flat.status).toBe(200);
    const row = (flat.body.results as any[]).find((r) => r.id === item.id);
    expect(Object.keys(row).sort()).toEqual([
      "assignee_ids",
      "created_by",
      "cycle_id",
      "estimate_point",
      "id",
      "label_ids",
      "module_ids",
      "name",
      "parent_id",
      "priority",
      "project_id",
      "reaction_items",
      "sequence_id",
      "sort_order",
      "start_date",
      "state__group",
      "state_id",
      "target_date",
      "vote_items",
    ]);
    expect(row).toMatchObject({
      name: "Public one",
      priority: "high",
      state_id: pr.states.Todo,
      state__group: "unstarted",
    });
    const grouped = await anon.get(
      `/api/public/anchor/${b.anchor}/issues/?group_by=state_id&per_page=50&cursor=50:0:0`,
    );
    expect(grouped.body.grouped_by).toBe("state_id");
    expect(grouped.body.results[pr.states.Todo].results.map((r: any) => r.id)).toContain(item.id);
    expect(grouped.body.results[pr.states.Done]).toEqual({ results: [], total_results: 0 });
    expect((await anon.get(`/api/public/anchor/${b.anchor}/issues/?group_by=name`)).status).toBe(400);
    expect(
      (await anon.get(`/api/public/anchor/${b.anchor}/issues/?group_by=priority&sub_group_by=priority`)).status,
    ).toBe(400);
    const filtered = await anon.get(`/api/public/anchor/${b.anchor}/issues/?priority=low`);
    expect((filtered.body.results as any[]).map((r) => r.id)).not.toContain(item.id);
    const detail = await anon.get(`/api/public/anchor/${b.anchor}/issues/${item.id}/`);
    expect(detail.body).toMatchObject({ id: item.id, description_html: expect.any(String), description_binary: null });
    expect(detail.body.comments).toBeUndefined();
    // items of other projects are not reachable through the anchor
    const foreign = await createItem(ws, other);
    expect((await anon.get(`/api/public/anchor/${b.anchor}/issues/${foreign.id}/`)).status).toBe(404);
  });

  it("refuses an unpublished project, an unknown anchor and a disabled board", async () => {
    const anon = t.anon();
    expect((await anon.get(`/api/public/anchor/${"0".repeat(32)}/meta/`)).body).toEqual(NOT_PUBLISHED);
    expect((await anon.get(`/api/public/anchor/nonsense/issues/`)).status).toBe(404);
    expect((await anon.get(`/api/public/workspaces/${ws.slug}/projects/${other.id}/anchor/`)).body).toEqual(
      NOT_PUBLISHED,
    );
    const b = await publish(other);
    await ws.admin.patch(`${other.base}/project-deploy-boards/${b.id}/`, { is_disabled: true });
    const res = await anon.get(`/api/public/anchor/${b.anchor}/issues/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_PUBLISHED);
    await ws.admin.delete(`${other.base}/project-deploy-boards/${b.id}/`);
  });

  it("takes comments, reactions and votes from signed-in people when allowed, and records outsiders as public members", async () => {
    const b = await publish(pr);
    await ws.admin.patch(`${boards}${b.id}/`, { is_comments_enabled: false, is_reactions_enabled: false });
    const item = await createItem(ws, pr, { name: "Discuss me" });
    const base = `/api/public/anchor/${b.anchor}/issues/${item.id}`;
    // anonymous readers may read but not write
    expect((await t.anon().post(`${base}/comments/`, { comment_html: "<p>hi</p>" })).status).toBe(401);
    const off = await ws.outsider.post(`${base}/comments/`, { comment_html: "<p>hi</p>" });
    expect(off.status).toBe(400);
    expect(off.body.error).toMatch(/^Comments are not enabled/);
    expect((await ws.outsider.post(`${base}/reactions/`, { reaction: "128077" })).status).toBe(400);
    expect((await t.anon().get(`${base}/comments/`)).body).toEqual([]);

    await ws.admin.patch(`${boards}${b.id}/`, { is_comments_enabled: true, is_reactions_enabled: true });
    const made = await ws.outsider.post(`${base}/comments/`, { comment_html: "<p>Nice <script>x</script></p>" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      access: "EXTERNAL",
      actor: ws.outsider.userId,
      comment_html: "<p>Nice </p>",
      actor_detail: { id: ws.outsider.userId },
    });
    const pm = await t.db.db
      .select()
      .from(schema.projectPublicMembers)
      .where(
        and(
          eq(schema.projectPublicMembers.projectId, pr.id),
          eq(schema.projectPublicMembers.memberId, ws.outsider.userId),
        ),
      );
    expect(pm).toHaveLength(1);
    // internal comments stay internal
    await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>internal</p>" });
    const listed = await t.anon().get(`${base}/comments/`);
    expect(listed.body.map((c: any) => c.comment_html)).toEqual(["<p>Nice </p>"]);
    // only the author edits or deletes
    expect(
      (await ws.member.patch(`${base}/comments/${made.body.id}/`, { comment_html: "<p>mine now</p>" })).status,
    ).toBe(403);
    expect(
      (await ws.outsider.patch(`${base}/comments/${made.body.id}/`, { comment_html: "<p>Nicer</p>" })).body,
    ).toMatchObject({ comment_html: "<p>Nicer</p>" });

    const r = await ws.outsider.post(`${base}/reactions/`, { reaction: "128077" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      issue: item.id,
      actor: ws.outsider.userId,
      reaction: "128077",
      actor_detail: { id: ws.outsider.userId },
    });
    expect((await t.anon().get(`${base}/reactions/`)).body).toEqual([]);
    const cr = await ws.member.post(`/api/public/anchor/${b.anchor}/comments/${made.body.id}/reactions/`, {
      reaction: "127881",
    });
    expect(cr.status).toBe(201);
    expect(cr.body).toMatchObject({ comment: made.body.id, reaction: "127881", display_name: expect.any(String) });

    const v = await ws.outsider.post(`${base}/votes/`, { vote: 1 });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({
      issue: item.id,
      vote: 1,
      actor: ws.outsider.userId,
      project: pr.id,
      workspace: ws.id,
    });
    expect((await ws.outsider.post(`${base}/votes/`, { vote: -1 })).body.vote).toBe(-1);
    expect((await ws.outsider.post(`${base}/votes/`, { vote: 3 })).status).toBe(400);
    expect((await t.anon().get(`${base}/votes/`)).body).toEqual([]);
    const seen = await t.anon().get(`${base}/`);
    expect(seen.body.vote_items).toEqual([
      { vote: -1, actor_details: expect.objectContaining({ id: ws.outsider.userId }) },
    ]);
    expect(seen.body.reaction_items).toEqual([
      { reaction: "128077", actor_details: expect.objectContaining({ id: ws.outsider.userId }) },
    ]);

    expect((await ws.outsider.delete(`${base}/votes/`)).status).toBe(204);
    expect((await ws.outsider.delete(`${base}/reactions/128077/`)).status).toBe(204);
    expect(
      (await ws.member.delete(`/api/public/anchor/${b.anchor}/comments/${made.body.id}/reactions/127881/`)).status,
    ).toBe(204);
    expect((await ws.outsider.delete(`${base}/comments/${made.body.id}/`)).status).toBe(204);
    expect((await t.anon().get(`${base}/comments/`)).body).toEqual([]);
  });
});

describe("the public space's images (anchor assets)", () => {
  const PA = (p: ProjectFixture) => `/api/assets/v2/workspaces/${ws.slug}/projects/${p.id}/`;
  const image = (p: ProjectFixture, entity_type: string, entity_identifier: string) =>
    uploadAs(
      ws.admin,
      PA(p),
      PA(p),
      { name: "shot.png", type: "image/png", bytes: png() },
      { entity_type, entity_identifier },
    );

  it("shows description and external comment images of the published project only", async () => {
    const b = await publish(pr);
    await ws.admin.patch(`${boards}${b.id}/`, { is_comments_enabled: true });
    const item = await createItem(ws, pr, { name: "With a picture" });
    const desc = await image(pr, "ISSUE_DESCRIPTION", item.id);
    const external = (
      await ws.outsider.post(`/api/public/anchor/${b.anchor}/issues/${item.id}/comments/`, {
        comment_html: "<p>look</p>",
      })
    ).body;
    const internal = (await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>inside</p>" }))
      .body;
    const extImg = await image(pr, "COMMENT_DESCRIPTION", external.id);
    const intImg = await image(pr, "COMMENT_DESCRIPTION", internal.id);
    const att = `${PA(pr)}issues/${item.id}/attachments/`;
    const attachment = await uploadAs(ws.admin, att, att, {
      name: "plan.txt",
      type: "text/plain",
      bytes: text("plan"),
    });
    const unlinked = await image(pr, "ISSUE_DESCRIPTION", "");
    const foreignItem = await createItem(ws, other);
    const foreign = await image(other, "ISSUE_DESCRIPTION", foreignItem.id);

    const anon = t.anon();
    const get = (id: string, anchor = b.anchor) => anon.get(`/api/public/assets/v2/anchor/${anchor}/${id}/`);
    const shown = await get(desc.asset_id);
    expect(shown.status).toBe(302);
    const file = await download(t, shown.location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect((await get(extImg.asset_id)).status).toBe(302);
    // never: an internal comment's image, an attachment, an image saved into nothing, another project's image
    for (const id of [intImg.asset_id, attachment.asset_id, unlinked.asset_id, foreign.asset_id]) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.location).toBeFalsy();
    }
    // comments turned off: their images go too
    await ws.admin.patch(`${boards}${b.id}/`, { is_comments_enabled: false });
    expect((await get(extImg.asset_id)).status).toBe(404);
    expect((await get(desc.asset_id)).status).toBe(302);
    // an item that leaves the public list (archived) takes its images along
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { state_id: pr.states.Done });
    expect((await ws.admin.post(`${pr.base}/issues/${item.id}/archive/`, {})).status).toBe(200);
    expect((await get(desc.asset_id)).status).toBe(404);
  });

  it("answers 404 'Project is not published' once the project is unpublished", async () => {
    const b = await publish(other);
    const item = await createItem(ws, other, { name: "Soon private" });
    const img = await image(other, "ISSUE_DESCRIPTION", item.id);
    expect((await t.anon().get(`/api/public/assets/v2/anchor/${b.anchor}/${img.asset_id}/`)).status).toBe(302);
    expect((await ws.admin.delete(`${other.base}/project-deploy-boards/${b.id}/`)).status).toBe(204);
    const res = await t.anon().get(`/api/public/assets/v2/anchor/${b.anchor}/${img.asset_id}/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_PUBLISHED);
  });
});

describe("published views (P/views/{id}/publish/)", () => {
  it("publishes a saved view: the space shows only the items its filters keep, and nothing once unpublished", async () => {
    const view = (
      await ws.member.post(`${pr.base}/views/`, { name: "Urgent things", filters: { priority: ["urgent"] } })
    ).body;
    const url = `${pr.base}/views/${view.id}/publish/`;
    expect((await ws.member.get(url)).body).toMatchObject({ is_votes_enabled: false, view_props: { list: true } });
    expect((await ws.member.get(url)).body.anchor).toBeUndefined();
    const made = await ws.member.post(url, {
      is_votes_enabled: true,
      views: { list: true, kanban: false, calendar: false, gantt: false, spreadsheet: true },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      entity_name: "view",
      entity_identifier: view.id,
      project: pr.id,
      is_votes_enabled: true,
      view_props: { list: true, kanban: false, spreadsheet: true },
      view_details: { id: view.id, name: "Urgent things" },
    });
    expect((await ws.member.post(url, {})).body.id).toBe(made.body.id);
    // a view board is not the project's board
    const projectBoard = (await ws.admin.get(boards)).body;
    expect(projectBoard.id).not.toBe(made.body.id);

    const urgent = await createItem(ws, pr, { name: "Fire", priority: "urgent" });
    const calm = await createItem(ws, pr, { name: "Calm", priority: "low" });
    const anon = t.anon();
    const base = `/api/public/anchor/${made.body.anchor}`;
    expect((await anon.get(`${base}/settings/`)).body).toMatchObject({
      entity_name: "view",
      view_details: { name: "Urgent things" },
    });
    const ids = ((await anon.get(`${base}/issues/?per_page=50`)).body.results as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(urgent.id);
    expect(ids).not.toContain(calm.id);
    // a request narrows the view, never widens it
    expect(((await anon.get(`${base}/issues/?priority=low`)).body.results as unknown[]).length).toBe(0);
    expect((await anon.get(`${base}/issues/${urgent.id}/`)).status).toBe(200);
    expect((await anon.get(`${base}/issues/${calm.id}/`)).status).toBe(404);
    expect((await ws.outsider.post(`${base}/issues/${calm.id}/votes/`, { vote: 1 })).status).toBe(404);
    expect((await ws.outsider.post(`${base}/issues/${urgent.id}/votes/`, { vote: 1 })).status).toBe(201);
    const calmImage = await uploadAs(
      ws.admin,
      `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/`,
      `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/`,
      { name: "x.png", type: "image/png", bytes: png() },
      { entity_type: "ISSUE_DESCRIPTION", entity_identifier: calm.id },
    );
    expect((await anon.get(`/api/public/assets/v2/anchor/${made.body.anchor}/${calmImage.asset_id}/`)).status).toBe(
      404,
    );

    const patched = await ws.member.patch(url, { is_comments_enabled: true });
    expect(patched.body).toMatchObject({ id: made.body.id, is_comments_enabled: true });
    expect((await ws.member.delete(url)).status).toBe(204);
    expect((await anon.get(`${base}/issues/`)).body).toEqual(NOT_PUBLISHED);
    expect((await ws.member.delete(url)).status).toBe(404);
    expect((await ws.member.patch(url, { is_comments_enabled: true })).status).toBe(404);
  });

  it("refuses roles and views the caller cannot see, and a deleted view stops its space", async () => {
    const view = (await ws.member.post(`${pr.base}/views/`, { name: "Shared" })).body;
    const url = `${pr.base}/views/${view.id}/publish/`;
    await expectMatrix(ws, (c) => c.get(url), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.post(url, {}), { admin: 200, member: 200, guest: 403, outsider: 403, anon: 401 });
    // someone else's private view does not exist for the caller
    const mine = (await ws.member.post(`${pr.base}/views/`, { name: "Mine", access: 0 })).body;
    expect((await ws.admin.post(`${pr.base}/views/${mine.id}/publish/`, {})).status).toBe(404);
    // a view of another project is not reachable through this project
    const foreign = (await ws.admin.post(`${other.base}/views/`, { name: "Elsewhere" })).body;
    expect((await ws.admin.post(`${pr.base}/views/${foreign.id}/publish/`, {})).status).toBe(404);

    const b = (await ws.admin.get(url)).body;
    expect((await t.anon().get(`/api/public/anchor/${b.anchor}/meta/`)).status).toBe(200);
    expect((await ws.member.delete(`${pr.base}/views/${view.id}/`)).status).toBe(204);
    expect((await t.anon().get(`/api/public/anchor/${b.anchor}/meta/`)).body).toEqual(NOT_PUBLISHED);
    // and its board goes with it
    expect(await t.db.db.select().from(schema.deployBoards).where(eq(schema.deployBoards.anchor, b.anchor))).toEqual(
      [],
    );
  });
});

describe("intake through the published space", () => {
  it("files a signed-in visitor's request as a pending intake item when the board and the project's intake allow it", async () => {
    const p = await projectFixture(t, ws, { name: "Intake space", identifier: "INS" });
    const b = await publish(p);
    const base = `/api/public/anchor/${b.anchor}`;
    await ws.admin.patch(`${p.base}/`, { intake_view: true });
    const [intake] = await t.db.db.select().from(schema.intakes).where(eq(schema.intakes.projectId, p.id));
    const items = `${base}/intakes/${intake.id}/intake-issues/`;
    const body = {
      issue: { name: "Dark mode please", priority: "high", description_html: "<p>My eyes <script>x</script></p>" },
    };

    // the board takes no requests yet
    const off = await ws.outsider.post(items, body);
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ error: "Intake is not enabled for this project board" });
    await ws.admin.patch(`${p.base}/project-deploy-boards/${b.id}/`, { intake: intake.id });
    // signed out: refused
    expect((await t.anon().post(items, body)).status).toBe(401);
    expect((await ws.outsider.post(items, { issue: {} })).body).toEqual({ "issue.name": ["This field is required."] });

    const made = await ws.outsider.post(items, body);
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      intake: intake.id,
      status: -2,
      source: "SPACE",
      created_by: ws.outsider.userId,
      issue: { name: "Dark mode please", priority: "high" },
    });
    const issueId = made.body.issue.id as string;
    // it waits in the project's intake, out of the project's (and the space's) lists
    const pending = await ws.admin.get(`${p.base}/inbox-issues/`);
    expect(pending.body.results.map((r: any) => r.issue.id)).toContain(issueId);
    expect(((await t.anon().get(`${base}/issues/`)).body.results as { id: string }[]).map((r) => r.id)).not.toContain(
      issueId,
    );
    expect((await ws.admin.get(`${p.base}/issues/${issueId}/`)).body.description_html).toBe("<p>My eyes </p>");
    // the alias path, and only one's own requests
    expect(
      (await ws.outsider.get(`${base}/intakes/${intake.id}/inbox-issues/`)).body.map((r: any) => r.issue.id),
    ).toEqual([issueId]);
    expect((await ws.member.get(items)).body).toEqual([]);
    expect((await ws.member.get(`${items}${issueId}/`)).status).toBe(404);
    expect((await ws.member.patch(`${items}${issueId}/`, { issue: { name: "mine" } })).status).toBe(404);
    expect(
      (await ws.outsider.patch(`${items}${issueId}/`, { issue: { name: "Dark mode, please" } })).body.issue.name,
    ).toBe("Dark mode, please");
    // another intake id in the path is not this board's
    expect((await ws.outsider.get(`${base}/intakes/00000000-0000-4000-8000-000000000000/intake-issues/`)).status).toBe(
      404,
    );

    // once accepted it can no longer be changed from the space
    expect((await ws.admin.patch(`${p.base}/inbox-issues/${issueId}/`, { status: 1 })).status).toBe(200);
    expect((await ws.outsider.patch(`${items}${issueId}/`, { issue: { name: "again" } })).status).toBe(400);
    expect((await ws.outsider.delete(`${items}${issueId}/`)).status).toBe(400);

    // a second request is withdrawn while pending
    const second = (await ws.outsider.post(items, { issue: { name: "Withdraw me" } })).body;
    expect((await ws.outsider.delete(`${items}${second.issue.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${p.base}/issues/${second.issue.id}/`)).status).toBe(404);

    // the project's intake turned off: refused
    await ws.admin.patch(`${p.base}/`, { intake_view: false });
    const closed = await ws.outsider.post(items, body);
    expect(closed.status).toBe(404);
    expect(closed.body).toEqual({ error: "Intake not found" });
    // another project's board cannot reach this intake
    const ob = await publish(other);
    expect(
      (await ws.outsider.post(`/api/public/anchor/${ob.anchor}/intakes/${intake.id}/intake-issues/`, body)).status,
    ).toBe(400);
  });
});
