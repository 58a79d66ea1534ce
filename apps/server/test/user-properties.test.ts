import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { schema } from "../src/db/client.ts";

/** P/user-properties/, P/epics-user-properties/ and P/issue-display-properties/ (wire-facts §7). */
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

const DEFAULT_FILTERS = {
  priority: null,
  state: null,
  state_group: null,
  cycle: null,
  module: null,
  assignees: null,
  mentions: null,
  created_by: null,
  labels: null,
  start_date: null,
  target_date: null,
  issue_type: null,
  subscriber: null,
  project: null,
  team_project: null,
};
const DEFAULT_DISPLAY_FILTERS = {
  layout: "list",
  group_by: null,
  sub_group_by: null,
  order_by: "sort_order",
  type: null,
  sub_issue: true,
  show_empty_groups: true,
  show_hierarchy: false,
  calendar_date_range: "",
};
const DEFAULT_DISPLAY_PROPERTIES = {
  assignee: true,
  start_date: true,
  due_date: true,
  labels: true,
  key: true,
  priority: true,
  state: true,
  sub_issue_count: true,
  link: true,
  attachment_count: true,
  estimate: true,
  created_on: true,
  updated_on: true,
  modules: true,
  cycle: true,
  issue_type: true,
};

describe("GET user-properties", () => {
  it("creates the caller's preferences with the defaults on first read", async () => {
    const res = await ws.member.get(`${pr.base}/user-properties/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      filters: DEFAULT_FILTERS,
      display_filters: DEFAULT_DISPLAY_FILTERS,
      display_properties: DEFAULT_DISPLAY_PROPERTIES,
      rich_filters: {},
      preferences: {},
      sort_order: 65535,
      user: ws.member.userId,
      project: pr.id,
      workspace: ws.id,
    });
    const again = await ws.member.get(`${pr.base}/user-properties/`);
    expect(again.body.id).toBe(res.body.id);
  });
  it("keeps separate preferences per user and for epics", async () => {
    const mine = await ws.admin.get(`${pr.base}/user-properties/`);
    const theirs = await ws.member.get(`${pr.base}/user-properties/`);
    const epics = await ws.admin.get(`${pr.base}/epics-user-properties/`);
    expect(epics.status).toBe(200);
    expect(new Set([mine.body.id, theirs.body.id, epics.body.id]).size).toBe(3);
    expect(epics.body.display_filters).toEqual(DEFAULT_DISPLAY_FILTERS);
  });
});

describe("PATCH user-properties", () => {
  const patch = (body: unknown, who = () => ws.admin) => who().patch(`${pr.base}/user-properties/`, body);

  it("merges a partial change and answers 200 with the whole object", async () => {
    const res = await patch({ filters: { priority: ["high", "urgent"] }, display_properties: { labels: false } });
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({ ...DEFAULT_FILTERS, priority: ["high", "urgent"] });
    expect(res.body.display_properties).toEqual({ ...DEFAULT_DISPLAY_PROPERTIES, labels: false });
    const next = await patch({ filters: { labels: [] } });
    expect(next.body.filters).toEqual({ ...DEFAULT_FILTERS, priority: ["high", "urgent"], labels: [] });
    const read = await ws.admin.get(`${pr.base}/user-properties/`);
    expect(read.body.filters.priority).toEqual(["high", "urgent"]);
  });

  it("applies the display rules: kanban defaults to state, clearing group_by clears sub_group_by", async () => {
    const kanban = await patch({ display_filters: { layout: "kanban", group_by: null } });
    expect(kanban.body.display_filters).toMatchObject({ layout: "kanban", group_by: "state", order_by: "sort_order" });
    const same = await patch({ display_filters: { group_by: "priority", sub_group_by: "priority" } });
    expect(same.body.display_filters).toMatchObject({ group_by: "priority", sub_group_by: null });
    const list = await patch({ display_filters: { layout: "list", group_by: "state", sub_group_by: "priority" } });
    expect(list.body.display_filters).toMatchObject({ layout: "list", group_by: "state", sub_group_by: "priority" });
    const cleared = await patch({ display_filters: { group_by: null } });
    expect(cleared.body.display_filters).toMatchObject({ group_by: null, sub_group_by: null });
  });

  it("stores rich filters, preferences, sort_order and client-side display extras", async () => {
    const rich = { and: [{ priority__in: "high" }] };
    const res = await patch({
      rich_filters: rich,
      preferences: { collapsed: ["a"] },
      sort_order: 12.5,
      display_filters: { calendar: { layout: "week" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.rich_filters).toEqual(rich);
    expect(res.body.preferences).toEqual({ collapsed: ["a"] });
    expect(res.body.sort_order).toBe(12.5);
    expect(res.body.display_filters.calendar).toEqual({ layout: "week" });
  });

  it("ignores unknown keys", async () => {
    const before = await ws.admin.get(`${pr.base}/user-properties/`);
    const res = await patch({ colour: "red" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.body);
  });

  it("rejects bad values with 400 field errors", async () => {
    const cases: [unknown, string][] = [
      [{ display_filters: { layout: "grid" } }, "display_filters.layout"],
      [{ display_filters: { group_by: "colour" } }, "display_filters.group_by"],
      [{ display_filters: { order_by: "colour" } }, "display_filters.order_by"],
      [{ display_filters: { sub_issue: "yes" } }, "display_filters.sub_issue"],
      [{ display_properties: { sparkle: true } }, "display_properties"],
      [{ display_properties: { labels: "no" } }, "display_properties.labels"],
      [{ filters: { priority: "high" } }, "filters.priority"],
      [{ filters: { labels: ["x".repeat(300)] } }, "filters.labels.0"],
      [{ rich_filters: { colour: "red" } }, "rich_filters"],
      [{ sort_order: "abc" }, "sort_order"],
      [{ filters: [] }, "filters"],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body), JSON.stringify(body)).toEqual([field]);
      expect(res.body[field][0]).toEqual(expect.any(String));
    }
    const richMsg = await patch({ rich_filters: { colour: "red" } });
    expect(richMsg.body).toEqual({ rich_filters: ["Filtering on field 'colour' is not allowed"] });
  });

  it("rejects malformed JSON with 400", async () => {
    const res = await ws.admin.request("PATCH", `${pr.base}/user-properties/`, "{bad", {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^JSON parse error/);
  });

  it("epics preferences are patched separately", async () => {
    const res = await ws.admin.patch(`${pr.base}/epics-user-properties/`, {
      display_filters: { order_by: "-priority" },
    });
    expect(res.status).toBe(200);
    expect(res.body.display_filters.order_by).toBe("-priority");
    const issues = await ws.admin.get(`${pr.base}/user-properties/`);
    expect(issues.body.display_filters.order_by).toBe("sort_order");
  });

  it("starts a list in manual order (work-tracking §9) and keeps an order saved before, as Plane's client saves it", async () => {
    const p2 = await projectFixture(t, ws);
    // a new person's list: manual order
    expect((await ws.guest.get(`${p2.base}/user-properties/`)).body.display_filters.order_by).toBe("sort_order");
    // preferences stored by an earlier version with the old default stay as they are
    await t.db.db.insert(schema.projectUserProperties).values({
      workspaceId: ws.id,
      projectId: p2.id,
      userId: ws.member.userId,
      kind: "issues",
      filters: DEFAULT_FILTERS,
      displayFilters: { ...DEFAULT_DISPLAY_FILTERS, order_by: "-created_at" },
      displayProperties: DEFAULT_DISPLAY_PROPERTIES,
      richFilters: {},
      preferences: {},
      createdById: ws.member.userId,
      updatedById: ws.member.userId,
    });
    expect((await ws.member.get(`${p2.base}/user-properties/`)).body.display_filters.order_by).toBe("-created_at");
    // Plane's client writes a change of another option back through the same endpoint: the order stays
    await ws.member.patch(`${p2.base}/user-properties/`, { display_filters: { group_by: "priority" } });
    expect((await ws.member.get(`${p2.base}/user-properties/`)).body.display_filters).toMatchObject({
      order_by: "-created_at",
      group_by: "priority",
    });
    // and a choice made now is kept
    await ws.guest.patch(`${p2.base}/user-properties/`, { display_filters: { order_by: "-updated_at" } });
    expect((await ws.guest.get(`${p2.base}/user-properties/`)).body.display_filters.order_by).toBe("-updated_at");
  });
});

describe("issue-display-properties", () => {
  it("GET returns the caller's preferences; POST {properties} updates the toggles", async () => {
    const get = await ws.guest.get(`${pr.base}/issue-display-properties/`);
    expect(get.status).toBe(200);
    expect(get.body.display_properties).toEqual(DEFAULT_DISPLAY_PROPERTIES);
    const post = await ws.guest.post(`${pr.base}/issue-display-properties/`, {
      properties: { key: false, estimate: false },
    });
    expect(post.status).toBe(200);
    expect(post.body.display_properties).toEqual({ ...DEFAULT_DISPLAY_PROPERTIES, key: false, estimate: false });
    expect(post.body.id).toBe(get.body.id);
    const viaProps = await ws.guest.get(`${pr.base}/user-properties/`);
    expect(viaProps.body.display_properties.key).toBe(false);
  });
  it("POST without properties is a 400", async () => {
    const res = await ws.guest.post(`${pr.base}/issue-display-properties/`, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["properties"]);
  });
});

describe("role matrix", () => {
  const urls = () => [
    `${pr.base}/user-properties/`,
    `${pr.base}/epics-user-properties/`,
    `${pr.base}/issue-display-properties/`,
  ];
  it("admin, member and guest read and save their own preferences", async () => {
    for (const who of [ws.admin, ws.member, ws.guest]) {
      for (const url of urls()) expect((await who.get(url)).status, url).toBe(200);
      expect(
        (await who.patch(`${pr.base}/user-properties/`, { display_filters: { show_empty_groups: false } })).status,
      ).toBe(200);
      expect(
        (await who.patch(`${pr.base}/epics-user-properties/`, { display_properties: { key: false } })).status,
      ).toBe(200);
      expect((await who.post(`${pr.base}/issue-display-properties/`, { properties: { key: true } })).status).toBe(200);
    }
  });
  it("non-members get 403 and anonymous callers 401", async () => {
    for (const url of urls()) {
      const out = await ws.outsider.get(url);
      expect(out.status).toBe(403);
      expect(out.body).toEqual({ detail: "You do not have permission to perform this action." });
      expect((await ws.anon.get(url)).status).toBe(401);
    }
    expect((await ws.outsider.patch(`${pr.base}/user-properties/`, {})).status).toBe(403);
    const anon = await ws.anon.patch(`${pr.base}/user-properties/`, {});
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: "Authentication credentials were not provided." });
    expect((await ws.outsider.post(`${pr.base}/issue-display-properties/`, { properties: {} })).status).toBe(403);
  });
  it("unknown projects are 404", async () => {
    const res = await ws.admin.get(
      `/api/workspaces/${ws.slug}/projects/00000000-0000-4000-8000-000000000000/user-properties/`,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "The required object does not exist." });
  });
});
