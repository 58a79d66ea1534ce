import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { expectMatrix } from "./helpers/work-items.ts";

/**
 * The workspace drafts list context (work-tracking.md §2, §9): W/draft-issues/ on the list engine — the caller's own
 * drafts only, 50 a page (cursor 50:0:0), the drafts' filter set, groupings and orders, each item the draft as
 * W/draft-issues/{id}/ presents it (Plane's client reads that shape); what a draft cannot be listed by is a 400.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let label: string;
const ids: Record<string, string> = {};
const W = () => `/api/workspaces/${ws.slug}`;
const idsOf = (r: any[]) => r.map((x) => x.id);

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  label = (await ws.admin.post(`${pr.base}/issue-labels/`, { name: "drafted", color: "#0000ff" })).body.id;
  const url = `${W()}/draft-issues/`;
  // created one after another: newest first is C, B, A
  const make = async (key: string, body: Record<string, unknown>) => {
    const r = await ws.member.post(url, body);
    expect(r.status).toBe(201);
    ids[key] = r.body.id;
  };
  await make("A", {
    name: "Alpha plan",
    project_id: pr.id,
    priority: "high",
    state_id: pr.states["In Progress"],
    label_ids: [label],
    assignee_ids: [ws.member.userId],
    target_date: "2031-05-01",
  });
  await make("B", { name: "bravo idea", priority: "low" });
  await make("C", { name: "Charlie fix", project_id: other.id, priority: "high", state_id: other.states.Backlog });
  // someone else's draft never shows
  await ws.admin.post(url, { name: "Admin's own", priority: "high" });
});
afterAll(async () => {
  await t?.close();
});

describe("workspace drafts list context W/draft-issues/", () => {
  it("lists only the caller's drafts, newest first, 50 a page, each as the draft's own answer", async () => {
    const list = await ws.member.get(`${W()}/draft-issues/`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total_count: 3,
      count: 3,
      grouped_by: null,
      next_cursor: "50:1:0",
      prev_cursor: "50:0:1",
      next_page_results: false,
    });
    expect(idsOf(list.body.results)).toEqual([ids.C, ids.B, ids.A]);
    const one = await ws.member.get(`${W()}/draft-issues/${ids.A}/`);
    expect(list.body.results[2]).toEqual(one.body);
    expect(Object.keys(list.body.results[2])).toEqual(Object.keys(one.body));
    const paged = await ws.member.get(`${W()}/draft-issues/?per_page=2&cursor=2:1:0`);
    expect(paged.body).toMatchObject({ total_count: 3, count: 1, prev_page_results: true });
    expect(idsOf(paged.body.results)).toEqual([ids.A]);
    expect((await ws.admin.get(`${W()}/draft-issues/`)).body.total_count).toBe(1);
  });

  it("filters by the drafts' filter set", async () => {
    const get = async (q: string) => idsOf((await ws.member.get(`${W()}/draft-issues/?${q}`)).body.results).sort();
    expect(await get("priority=high")).toEqual([ids.A, ids.C].sort());
    expect(await get(`project=${pr.id}`)).toEqual([ids.A]);
    expect(await get("project=None")).toEqual([ids.B]);
    expect(await get(`labels=${label}`)).toEqual([ids.A]);
    expect(await get("labels=None")).toEqual([ids.B, ids.C].sort());
    expect(await get(`assignees=${ws.member.userId}`)).toEqual([ids.A]);
    expect(await get("state_group=started")).toEqual([ids.A]);
    expect(await get(`state=${other.states.Backlog}`)).toEqual([ids.C]);
    expect(await get("target_date=2031-04-01;after")).toEqual([ids.A]);
    expect(await get(`filters=${encodeURIComponent(JSON.stringify({ name__icontains: "bravo" }))}`)).toEqual([ids.B]);
  });

  it("groups and sub-groups the drafts", async () => {
    const byPriority = (await ws.member.get(`${W()}/draft-issues/?group_by=priority&order_by=name`)).body;
    expect(byPriority.grouped_by).toBe("priority");
    expect(Object.keys(byPriority.results)).toEqual(["urgent", "high", "medium", "low", "none"]);
    expect(idsOf(byPriority.results.high.results)).toEqual([ids.A, ids.C]);
    expect(byPriority.results.high.total_results).toBe(2);
    expect(idsOf(byPriority.results.low.results)).toEqual([ids.B]);
    expect(byPriority.results.high.results[0]).toMatchObject({ name: "Alpha plan", is_draft: true, project_id: pr.id });

    const byLabel = (await ws.member.get(`${W()}/draft-issues/?group_by=labels__id`)).body;
    expect(idsOf(byLabel.results[label].results)).toEqual([ids.A]);
    expect(byLabel.results[label].results[0].labels__id).toBe(label);
    expect(idsOf(byLabel.results.None.results).sort()).toEqual([ids.B, ids.C].sort());

    const byProject = (await ws.member.get(`${W()}/draft-issues/?group_by=project_id&sub_group_by=priority`)).body;
    expect(byProject.sub_grouped_by).toBe("priority");
    expect(idsOf(byProject.results[pr.id].results.high.results)).toEqual([ids.A]);
    expect(idsOf(byProject.results.None.results.low.results)).toEqual([ids.B]);

    const byAssignee = (await ws.member.get(`${W()}/draft-issues/?group_by=assignees__id`)).body;
    expect(idsOf(byAssignee.results[ws.member.userId].results)).toEqual([ids.A]);
  });

  it("orders the drafts", async () => {
    const get = async (o: string) => idsOf((await ws.member.get(`${W()}/draft-issues/?order_by=${o}`)).body.results);
    expect(await get("name")).toEqual([ids.A, ids.B, ids.C]);
    expect(await get("-name")).toEqual([ids.C, ids.B, ids.A]);
    expect(await get("created_at")).toEqual([ids.A, ids.B, ids.C]);
    // urgent → none, then newest first
    expect(await get("-priority")).toEqual([ids.C, ids.A, ids.B]);
    expect(await get("labels__name")).toEqual([ids.A, ids.C, ids.B]);
    expect(await get("target_date")).toEqual([ids.A, ids.C, ids.B]);
  });

  it("refuses what a draft cannot be listed by", async () => {
    const mentions = await ws.member.get(`${W()}/draft-issues/?mentions=${ws.member.userId}`);
    expect(mentions.status).toBe(400);
    expect(mentions.body).toMatchObject({ code: "invalid_filter_field" });
    const subscriber = await ws.member.get(`${W()}/draft-issues/?subscriber=${ws.member.userId}`);
    expect(subscriber.status).toBe(400);
    const byAuthor = await ws.member.get(`${W()}/draft-issues/?group_by=created_by`);
    expect(byAuthor.status).toBe(400);
    expect(byAuthor.body).toEqual({ detail: "Drafts cannot be grouped by 'created_by'." });
    expect((await ws.member.get(`${W()}/draft-issues/?order_by=-link_count`)).status).toBe(400);
    expect((await ws.member.get(`${W()}/draft-issues/?order_by=sequence_id`)).status).toBe(400);
    expect((await ws.member.get(`${W()}/draft-issues/?cursor=oops`)).status).toBe(400);
  });

  it("keeps the role guard, and a converted draft leaves the list", async () => {
    await expectMatrix(ws, (c) => c.get(`${W()}/draft-issues/?group_by=priority`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    const converted = await ws.member.post(`${W()}/draft-to-issue/${ids.C}/`, {});
    expect(converted.status).toBe(201);
    const after = (await ws.member.get(`${W()}/draft-issues/?group_by=priority`)).body;
    expect(after.total_count).toBe(2);
    expect(idsOf(after.results.high.results)).toEqual([ids.A]);
  });
});
