import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem } from "./helpers/work-items.ts";

/**
 * What Plane's own web client sends (issue #6 point 14): `""` for an unset picker on create and update,
 * and `skip_activity` as a string when its editor re-saves the description it just opened.
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

const versionCount = async (issueId: string) =>
  (
    await t.db.db
      .select()
      .from(schema.issueDescriptionVersions)
      .where(eq(schema.issueDescriptionVersions.issueId, issueId))
  ).length;

describe("empty ids mean none", () => {
  it('creates from Plane\'s dialog body: state_id "" → the default state, parent_id "" → no parent', async () => {
    const res = await ws.member.post(`${pr.base}/issues/`, {
      name: "From the create dialog",
      description_html: "<p></p>",
      state_id: "",
      parent_id: "",
      estimate_point: "",
      type_id: "",
      priority: "none",
      assignee_ids: [],
      label_ids: [],
      cycle_id: null,
      module_ids: null,
      start_date: null,
      target_date: null,
      project_id: pr.id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ state_id: pr.states.Backlog, parent_id: null, estimate_point: null });
  });

  it('PATCH: state_id "" moves the item to the default state, parent_id "" detaches it', async () => {
    const parent = await createItem(ws, pr);
    const item = await createItem(ws, pr, { state_id: pr.states.Todo, parent_id: parent.id });
    expect(item.parent_id).toBe(parent.id);
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { state_id: "", parent_id: "" });
    expect(res.status, res.text).toBe(204);
    const got = await ws.admin.get(`${pr.base}/issues/${item.id}/`);
    expect(got.body).toMatchObject({ state_id: pr.states.Backlog, parent_id: null });
    const fields = (await activityRows(t, item.id)).map((a) => a.field);
    expect(fields).toContain("state");
    expect(fields).toContain("parent");
  });

  it("still refuses ids that are neither empty nor UUIDs", async () => {
    const res = await ws.admin.post(`${pr.base}/issues/`, { name: "x", state_id: "backlog" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ state_id: ["Must be a valid UUID."] });
  });

  it('bulk properties and workspace drafts read "" as none too', async () => {
    const item = await createItem(ws, pr, { state_id: pr.states.Todo });
    const bulk = await ws.admin.post(`${pr.base}/bulk-operation-issues/`, {
      issue_ids: [item.id],
      properties: { state_id: "", estimate_point: "", cycle_id: "" },
    });
    expect(bulk.status, bulk.text).toBe(204);
    expect((await ws.admin.get(`${pr.base}/issues/${item.id}/`)).body.state_id).toBe(pr.states.Backlog);

    const draft = await ws.member.post(`/api/workspaces/${ws.slug}/draft-issues/`, {
      name: "Draft",
      project_id: pr.id,
      state_id: "",
      parent_id: "",
      cycle_id: "",
      estimate_point: "",
    });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.body).toMatchObject({ state_id: null, parent_id: null, cycle_id: null, estimate_point: null });
  });
});

describe("skip_activity", () => {
  for (const flag of [true, "true", "True", 1, "1"]) {
    it(`${JSON.stringify(flag)}: saves the description without an activity row or a version`, async () => {
      const item = await createItem(ws, pr, { description_html: "<p>opened</p>" });
      const before = (await activityRows(t, item.id)).length;
      const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
        description_html: "<p>opened, re-saved</p>",
        skip_activity: flag,
      });
      expect(res.status, res.text).toBe(204);
      expect((await ws.admin.get(`${pr.base}/issues/${item.id}/`)).body.description_html).toBe(
        "<p>opened, re-saved</p>",
      );
      expect((await activityRows(t, item.id)).length).toBe(before);
      expect(await versionCount(item.id)).toBe(0);
    });
  }

  for (const flag of [false, "false", "False", 0, "0"]) {
    it(`${JSON.stringify(flag)}: records the description change as usual`, async () => {
      const item = await createItem(ws, pr, { description_html: "<p>one</p>" });
      const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
        description_html: "<p>two</p>",
        skip_activity: flag,
      });
      expect(res.status, res.text).toBe(204);
      const acts = (await activityRows(t, item.id)).filter((a) => a.field === "description");
      expect(acts).toHaveLength(1);
      expect(acts[0]).toMatchObject({ oldValue: "<p>one</p>", newValue: "<p>two</p>" });
      expect(await versionCount(item.id)).toBeGreaterThan(0);
    });
  }

  it("other fields in the same body keep their activity", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>a</p>" });
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
      description_html: "<p>b</p>",
      priority: "high",
      skip_activity: "true",
    });
    expect(res.status, res.text).toBe(204);
    const fields = (await activityRows(t, item.id)).map((a) => a.field);
    expect(fields).toContain("priority");
    expect(fields).not.toContain("description");
  });

  it("refuses a value that is not a boolean form", async () => {
    const item = await createItem(ws, pr);
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
      description_html: "<p>x</p>",
      skip_activity: "sometimes",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ skip_activity: ["Must be a valid boolean."] });
  });
});
