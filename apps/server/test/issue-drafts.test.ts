import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { countDraftIssues } from "../src/routes/issue-drafts/index.ts";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { expectMatrix } from "./helpers/work-items.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let label: string;

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  label = (await ws.admin.post(`${pr.base}/issue-labels/`, { name: "drafted", color: "#0000ff" })).body.id;
});
afterAll(async () => {
  await t?.close();
});

describe("project drafts P/issue-drafts/", () => {
  it("creates drafts that stay out of the work items until is_draft turns false", async () => {
    const url = `${pr.base}/issue-drafts/`;
    const d = await ws.member.post(url, { name: "Half an idea", priority: "low" });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({
      name: "Half an idea",
      is_draft: true,
      priority: "low",
      state_id: pr.states.Backlog,
    });
    const list = await ws.member.get(url);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_count: 1, count: 1, next_page_results: false, grouped_by: null });
    expect(list.body.results.map((x: any) => x.id)).toEqual([d.body.id]);
    expect((await ws.admin.get(url)).body.results).toEqual([]);
    expect((await ws.admin.get(`${url}${d.body.id}/`)).status).toBe(404);
    const got = await ws.member.get(`${url}${d.body.id}/`);
    expect(got.body).toMatchObject({ id: d.body.id, description_html: "<p></p>", is_draft: true });
    const edited = await ws.member.patch(`${url}${d.body.id}/`, { name: "A whole idea" });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe("A whole idea");
    const published = await ws.member.patch(`${url}${d.body.id}/`, { is_draft: false });
    expect(published.body.is_draft).toBe(false);
    expect((await ws.member.get(url)).body.results).toEqual([]);
    expect((await ws.member.get(`${pr.base}/issues/${d.body.id}/`)).body.is_draft).toBe(false);
  });

  it("deletes drafts and pages the list", async () => {
    const url = `${pr.base}/issue-drafts/`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await ws.admin.post(url, { name: `d${i}` })).body.id);
    const page = await ws.admin.get(`${url}?per_page=2`);
    expect(page.body).toMatchObject({ total_count: 3, count: 2, next_page_results: true, next_cursor: "2:1:0" });
    expect(page.body.results.map((x: any) => x.id)).toEqual([ids[2], ids[1]]);
    expect((await ws.admin.get(`${url}?cursor=2:1:0`)).body.results.map((x: any) => x.id)).toEqual([ids[0]]);
    expect((await ws.admin.delete(`${url}${ids[0]}/`)).status).toBe(204);
    expect((await ws.admin.get(url)).body.total_count).toBe(2);
    expect((await ws.admin.get(`${url}?per_page=5000`)).body).toEqual({
      detail: "Invalid per_page value. Cannot exceed 1000.",
    });
    expect((await ws.admin.get(`${url}?cursor=bad`)).body).toEqual({ detail: "Invalid cursor parameter." });
    expect((await ws.admin.post(url, { name: "" })).body).toEqual({ name: ["This field may not be blank."] });
  });

  it("applies the role matrix", async () => {
    await expectMatrix(ws, (c) => c.post(`${pr.base}/issue-drafts/`, { name: "m" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/issue-drafts/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("workspace drafts W/draft-issues/", () => {
  const W = () => `/api/workspaces/${ws.slug}`;

  it("creates, lists (page size 50), edits and deletes the author's drafts", async () => {
    const url = `${W()}/draft-issues/`;
    const d = await ws.member.post(url, { name: "", description_html: "<p>later</p>" });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({
      name: "",
      project_id: null,
      is_draft: true,
      label_ids: [],
      assignee_ids: [],
      module_ids: [],
      cycle_id: null,
      description_html: "<p>later</p>",
    });
    const withProject = await ws.member.post(url, {
      name: "Scoped",
      project_id: pr.id,
      state_id: pr.states.Todo,
      label_ids: [label],
      assignee_ids: [ws.member.userId, ws.guest.userId],
    });
    expect(withProject.status).toBe(201);
    expect(withProject.body).toMatchObject({
      project_id: pr.id,
      state_id: pr.states.Todo,
      label_ids: [label],
      assignee_ids: [ws.member.userId],
    });
    const list = await ws.member.get(url);
    expect(list.body).toMatchObject({ total_count: 2, count: 2, next_cursor: "50:1:0", prev_cursor: "50:0:1" });
    expect(list.body.results.map((x: any) => x.id)).toEqual([withProject.body.id, d.body.id]);
    expect((await ws.admin.get(url)).body.total_count).toBe(0);
    expect(await countDraftIssues(t.app.db, ws.id, ws.member.userId)).toBe(2);
    const edited = await ws.member.patch(`${url}${d.body.id}/`, { name: "Named", priority: "high" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Named", priority: "high", description_html: "<p>later</p>" });
    expect((await ws.member.get(`${url}${d.body.id}/`)).body.name).toBe("Named");
    expect((await ws.admin.get(`${url}${d.body.id}/`)).status).toBe(404);
    expect((await ws.admin.delete(`${url}${d.body.id}/`)).status).toBe(404);
    expect((await ws.member.delete(`${url}${d.body.id}/`)).status).toBe(204);
    expect(await countDraftIssues(t.app.db, ws.id, ws.member.userId)).toBe(1);
  });

  it("validates references against the draft's project", async () => {
    const url = `${W()}/draft-issues/`;
    expect((await ws.member.post(url, { state_id: pr.states.Todo })).body).toEqual({
      state_id: ["A project is needed for this field."],
    });
    expect((await ws.member.post(url, { project_id: pr.id, state_id: other.states.Todo })).body).toEqual({
      non_field_errors: ["State is not valid please pass a valid state_id"],
    });
    expect((await ws.member.post(url, { project_id: crypto.randomUUID() })).body).toEqual({
      project_id: ["Invalid project"],
    });
    expect((await ws.member.post(url, { start_date: "2025-02-02", target_date: "2025-02-01" })).body).toEqual({
      non_field_errors: ["Start date cannot exceed target date"],
    });
    expect((await ws.member.post(url, { name: "x".repeat(256) })).body).toEqual({
      name: ["Ensure this field has no more than 255 characters."],
    });
    expect((await ws.member.post(url, { priority: "whenever" })).body).toEqual({
      priority: ['"whenever" is not a valid choice.'],
    });
    const loner = await t.user();
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: loner.userId, role: 15 });
    // a project the caller is not in is named like a project of nothing (issue #24)
    const denied = await loner.post(url, { name: "x", project_id: pr.id });
    expect([denied.status, denied.body]).toEqual([400, { project_id: ["Invalid project"] }]);
    const moved = await ws.member.post(url, { name: "m", project_id: pr.id, state_id: pr.states.Todo });
    const patched = await ws.member.patch(`${url}${moved.body.id}/`, { project_id: other.id });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ project_id: other.id, state_id: null });
  });

  it("turns a draft into a work item with draft-to-issue", async () => {
    const url = `${W()}/draft-issues/`;
    const [cycle] = await t.db.db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "Now", ownedById: ws.admin.userId })
      .returning();
    const d = (
      await ws.member.post(url, {
        name: "Ship it",
        project_id: pr.id,
        label_ids: [label],
        cycle_id: cycle.id,
        priority: "medium",
      })
    ).body;
    const res = await ws.member.post(`${W()}/draft-to-issue/${d.id}/`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Ship it",
      project_id: pr.id,
      label_ids: [label],
      cycle_id: cycle.id,
      priority: "medium",
      is_draft: false,
      sequence_id: expect.any(Number),
    });
    expect((await ws.member.get(`${url}${d.id}/`)).status).toBe(404);
    expect((await ws.member.get(`${pr.base}/issues/${res.body.id}/`)).status).toBe(200);
    const noProject = (await ws.member.post(url, { name: "Nowhere" })).body;
    expect(await ws.member.post(`${W()}/draft-to-issue/${noProject.id}/`, {}).then((r) => [r.status, r.body])).toEqual([
      400,
      { error: "Project is required to create a work item." },
    ]);
    const unnamed = (await ws.member.post(url, { project_id: pr.id })).body;
    expect((await ws.member.post(`${W()}/draft-to-issue/${unnamed.id}/`, {})).body).toEqual({
      name: ["This field may not be blank."],
    });
    const named = await ws.member.post(`${W()}/draft-to-issue/${unnamed.id}/`, { name: "Named now" });
    expect(named.status).toBe(201);
    expect((await ws.member.post(`${W()}/draft-to-issue/${crypto.randomUUID()}/`, {})).status).toBe(404);
  });

  it("is for workspace admins and members", async () => {
    const W0 = `/api/workspaces/${ws.slug}`;
    await expectMatrix(ws, (c) => c.post(`${W0}/draft-issues/`, { name: "m" }), {
      admin: 201,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${W0}/draft-issues/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const mine = (await ws.member.post(`${W0}/draft-issues/`, { name: "x", project_id: pr.id })).body;
    await expectMatrix(ws, (c) => c.post(`${W0}/draft-to-issue/${mine.id}/`, {}), {
      admin: 404,
      member: 201,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const [row] = await t.db.db.select().from(schema.draftIssues).where(eq(schema.draftIssues.id, mine.id));
    expect(row).toBeUndefined();
  });
});
