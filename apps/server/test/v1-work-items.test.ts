import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let admin: ApiKeyClient;
let member: ApiKeyClient;
let guest: ApiKeyClient;
let W: string;
let P: string;

const FORBIDDEN = { error: "You don't have the required permissions." };
const V1_NOT_FOUND = { error: "The requested resource does not exist." };
const ITEM_KEYS = [
  "archived_at",
  "assignees",
  "completed_at",
  "created_at",
  "created_by",
  "deleted_at",
  "description_binary",
  "description_html",
  "estimate_point",
  "external_id",
  "external_source",
  "id",
  "is_draft",
  "labels",
  "name",
  "parent",
  "point",
  "priority",
  "project",
  "property_values",
  "sequence_id",
  "sort_order",
  "start_date",
  "state",
  "target_date",
  "type",
  "type_id",
  "updated_at",
  "updated_by",
  "workspace",
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { identifier: "APIW" });
  // guests here see every item, so their refusals below are about the action, not visibility
  await t.db.db.update(schema.projects).set({ guestViewAllFeatures: true }).where(eq(schema.projects.id, pr.id));
  [admin, member, guest] = await Promise.all([apiKeyFor(ws.admin), apiKeyFor(ws.member), apiKeyFor(ws.guest)]);
  W = `/api/v1/workspaces/${ws.slug}`;
  P = `${W}/projects/${pr.id}`;
});
afterAll(async () => {
  await t?.close();
});

describe("v1 work items", () => {
  it("creates with v1 field names (201, all columns), reads, patches (200) and deletes (204) under both paths", async () => {
    const label = (await member.post(`${P}/labels/`, { name: "api" })).body.id;
    const made = await member.post(`${P}/work-items/`, {
      name: "From the API",
      description_html: "<p>hi <script>x</script></p>",
      state: pr.states["Todo"],
      priority: "high",
      assignees: [ws.member.userId],
      labels: [label],
      start_date: "2026-01-01",
      target_date: "2026-01-05",
    });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(ITEM_KEYS.sort());
    expect(made.body).toMatchObject({
      name: "From the API",
      state: pr.states["Todo"],
      priority: "high",
      assignees: [ws.member.userId],
      labels: [label],
      project: pr.id,
      workspace: ws.id,
      sequence_id: 1,
      parent: null,
      start_date: "2026-01-01",
      target_date: "2026-01-05",
      created_by: ws.member.userId,
    });
    expect(made.body.description_html).not.toContain("script");
    const id = made.body.id;

    const got = await member.get(`${P}/issues/${id}/`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    const patched = await member.patch(`${P}/issues/${id}/`, { name: "Renamed", priority: "low", labels: [] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Renamed", priority: "low", labels: [] });
    // the change is recorded as the app records it
    const acts = await member.get(`${P}/work-items/${id}/activities/`);
    expect(
      acts.body.results.some(
        (a: { field: string; new_value: string }) => a.field === "name" && a.new_value === "Renamed",
      ),
    ).toBe(true);
    expect((await member.get(`${P}/work-items/${id}/activities/${acts.body.results[0].id}/`)).body.id).toBe(
      acts.body.results[0].id,
    );

    // 400s are the contract's field errors
    expect(await member.post(`${P}/work-items/`, { name: "" })).toMatchObject({
      status: 400,
      body: { name: ["This field may not be blank."] },
    });
    expect(await member.post(`${P}/work-items/`, { name: "x", priority: "huge" })).toMatchObject({ status: 400 });

    // guests may not delete others' items; the creator may
    expect(await guest.delete(`${P}/work-items/${id}/`)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await member.delete(`${P}/work-items/${id}/`)).status).toBe(204);
    expect(await member.get(`${P}/work-items/${id}/`)).toMatchObject({ status: 404, body: V1_NOT_FOUND });
  });

  it("a v1 write reaches the app's cached list (the list-version triggers see it)", async () => {
    const app = `/api/workspaces/${ws.slug}/projects/${pr.id}/issues/?per_page=100&cursor=100:0:0`;
    const before = await ws.member.get(app);
    expect(before.status).toBe(200);
    const made = await member.post(`${P}/work-items/`, { name: "cache check" });
    const after = await ws.member.get(app);
    expect(after.body.results.map((r: { id: string }) => r.id)).toContain(made.body.id);
    await member.patch(`${P}/work-items/${made.body.id}/`, { name: "cache checked" });
    const renamed = await ws.member.get(app);
    expect(renamed.body.results.find((r: { id: string }) => r.id === made.body.id).name).toBe("cache checked");
    await member.delete(`${P}/work-items/${made.body.id}/`);
    expect((await ws.member.get(app)).body.results.map((r: { id: string }) => r.id)).not.toContain(made.body.id);
  });

  it("lists through the list engine with the envelope, order_by, fields and expand", async () => {
    const names = ["one", "two", "three"];
    for (const name of names)
      expect((await member.post(`${P}/issues/`, { name, assignees: [ws.member.userId] })).status).toBe(201);
    const list = await member.get(`${P}/issues/?per_page=2`);
    expect(list.status).toBe(200);
    expect(list.body.total_count).toBeGreaterThanOrEqual(3);
    expect(list.body.results).toHaveLength(2);
    // default order: newest first
    expect(list.body.results[0].name).toBe("three");
    expect(Object.keys(list.body.results[0]).sort()).toEqual(ITEM_KEYS.sort());

    const shaped = await member.get(
      `${P}/work-items/?fields=name,state,assignees&expand=state,assignees&order_by=created_at`,
    );
    const first = shaped.body.results[0];
    expect(Object.keys(first).sort()).toEqual(["assignees", "id", "name", "state"]);
    expect(first.state).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      group: expect.any(String),
      color: expect.any(String),
    });
    expect(first.assignees[0]).toMatchObject({ id: ws.member.userId, display_name: expect.any(String) });
    expect(await member.get(`${P}/work-items/?order_by=nonsense`)).toMatchObject({ status: 400 });
  });

  it("looks items up by external id and source, refuses duplicates with 409 {error, id}", async () => {
    const made = await member.post(`${P}/work-items/`, {
      name: "Imported",
      external_id: "GH-1",
      external_source: "github",
    });
    expect(made.status).toBe(201);
    const found = await member.get(`${P}/work-items/?external_id=GH-1&external_source=github`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(made.body.id);
    expect(await member.get(`${P}/work-items/?external_id=GH-2&external_source=github`)).toMatchObject({
      status: 404,
      body: V1_NOT_FOUND,
    });
    const dup = await member.post(`${P}/work-items/`, {
      name: "Again",
      external_id: "GH-1",
      external_source: "github",
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: expect.any(String), id: made.body.id });
  });

  it("finds an item by PROJ-12 (identifier exact) and by search", async () => {
    const made = await member.post(`${P}/work-items/`, { name: "Searchable zebra" });
    const key = `APIW-${made.body.sequence_id}`;
    const byKey = await member.get(`${W}/work-items/${key}/`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.id).toBe(made.body.id);
    expect((await member.get(`${W}/issues/${key}/`)).body.id).toBe(made.body.id);
    expect((await member.get(`${W}/work-items/apiw-${made.body.sequence_id}/`)).status).toBe(404);
    expect((await member.get(`${W}/work-items/APIW-99999/`)).status).toBe(404);

    const search = await member.get(`${W}/work-items/search/?search=zebra`);
    expect(search.status).toBe(200);
    expect(search.body.issues).toEqual([
      {
        name: "Searchable zebra",
        id: made.body.id,
        sequence_id: made.body.sequence_id,
        project__identifier: "APIW",
        project_id: pr.id,
        workspace__slug: ws.slug,
      },
    ]);
    expect((await member.get(`${W}/issues/search/?search=zebra&project_id=${pr.id}`)).body.issues).toHaveLength(1);
  });

  it("a guest who sees only their own items is told so, as in the app", async () => {
    const other = await projectFixture(t, ws);
    const item = (
      await member.post(`/api/v1/workspaces/${ws.slug}/projects/${other.id}/work-items/`, { name: "Hidden" })
    ).body.id;
    expect(await guest.get(`/api/v1/workspaces/${ws.slug}/projects/${other.id}/work-items/${item}/`)).toMatchObject({
      status: 403,
      body: { error: "You are not allowed to view this issue" },
    });
    const list = await guest.get(`/api/v1/workspaces/${ws.slug}/projects/${other.id}/work-items/`);
    expect(list.body.results).toEqual([]);
  });

  it("archives a done item (204), lists it among archived ones, unarchives it; 4091 for an open one", async () => {
    const open = (await member.post(`${P}/work-items/`, { name: "still open" })).body.id;
    expect(await member.post(`${P}/work-items/${open}/archive/`)).toMatchObject({
      status: 400,
      body: { error_code: 4091 },
    });
    const done = (await member.post(`${P}/work-items/`, { name: "finished", state: pr.states["Done"] })).body.id;
    expect((await member.post(`${P}/work-items/${done}/archive/`)).status).toBe(204);
    expect((await member.get(`${P}/archived-work-items/`)).body.results.map((r: { id: string }) => r.id)).toEqual([
      done,
    ]);
    expect((await member.get(`${P}/work-items/`)).body.results.map((r: { id: string }) => r.id)).not.toContain(done);
    expect((await member.delete(`${P}/work-items/${done}/unarchive/`)).status).toBe(204);
    expect((await member.get(`${P}/archived-issues/`)).body.results).toEqual([]);
    expect((await member.delete(`${P}/work-items/${done}/unarchive/`)).status).toBe(404);
  });

  it("relations: POST {relation_type, issues} (201), GET lists each kind as {project_id, issue_id}", async () => {
    const [a, b] = [
      (await member.post(`${P}/work-items/`, { name: "blocker" })).body.id,
      (await member.post(`${P}/work-items/`, { name: "blocked" })).body.id,
    ];
    const made = await member.post(`${P}/work-items/${a}/relations/`, { relation_type: "blocking", issues: [b] });
    expect(made.status).toBe(201);
    expect(made.body).toHaveLength(1);
    expect(made.body[0]).toMatchObject({ relation_type: expect.any(String) });
    const mine = await member.get(`${P}/work-items/${a}/relations/`);
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body).sort()).toEqual([
      "blocked_by",
      "blocking",
      "duplicate",
      "finish_after",
      "finish_before",
      "relates_to",
      "start_after",
      "start_before",
    ]);
    expect(mine.body.blocking).toEqual([{ project_id: pr.id, issue_id: b }]);
    expect((await member.get(`${P}/work-items/${b}/relations/`)).body.blocked_by).toEqual([
      { project_id: pr.id, issue_id: a },
    ]);
    expect(
      await member.post(`${P}/work-items/${a}/relations/`, { relation_type: "nonsense", issues: [b] }),
    ).toMatchObject({ status: 400 });
    expect(
      await guest.post(`${P}/work-items/${a}/relations/`, { relation_type: "relates_to", issues: [b] }),
    ).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it("links: create (201), list, get, patch, delete", async () => {
    const item = (await member.post(`${P}/work-items/`, { name: "Linked" })).body.id;
    const L = `${P}/work-items/${item}/links/`;
    const made = await member.post(L, { url: "https://example.com/a", title: "A" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: "https://example.com/a", title: "A", issue: item });
    expect(await member.post(L, { url: "ftp://example.com" })).toMatchObject({
      status: 400,
      body: { url: ["Enter a valid URL."] },
    });
    expect((await member.get(L)).body.results).toHaveLength(1);
    expect((await member.get(`${L}${made.body.id}/`)).body.title).toBe("A");
    expect((await member.patch(`${L}${made.body.id}/`, { title: "B" })).body.title).toBe("B");
    expect(await guest.post(L, { url: "https://example.com/b" })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await member.delete(`${L}${made.body.id}/`)).status).toBe(204);
  });

  it("comments: create (201), list, get, patch by the author, delete; others may not edit", async () => {
    const item = (await member.post(`${P}/work-items/`, { name: "Discussed" })).body.id;
    const C = `${P}/issues/${item}/comments/`;
    const made = await guest.post(C, { comment_html: "<p>hello</p>", external_id: "c1", external_source: "jira" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      comment_html: "<p>hello</p>",
      issue: item,
      actor: ws.guest.userId,
      is_member: true,
      access: "INTERNAL",
    });
    expect(made.body.comment_stripped).toBeUndefined();
    expect(made.body.comment_json).toBeUndefined();
    expect(
      await guest.post(C, { comment_html: "<p>again</p>", external_id: "c1", external_source: "jira" }),
    ).toMatchObject({ status: 409, body: { id: made.body.id } });
    expect((await member.get(C)).body.results.map((c: { id: string }) => c.id)).toEqual([made.body.id]);
    expect((await member.get(`${C}?external_id=c1&external_source=jira`)).body.id).toBe(made.body.id);
    expect(await member.patch(`${C}${made.body.id}/`, { comment_html: "<p>edit</p>" })).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    expect((await guest.patch(`${C}${made.body.id}/`, { comment_html: "<p>edited</p>" })).body.comment_html).toBe(
      "<p>edited</p>",
    );
    expect((await admin.delete(`${C}${made.body.id}/`)).status).toBe(204);
    expect((await member.get(`${C}${made.body.id}/`)).status).toBe(404);
  });
});
