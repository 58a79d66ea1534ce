import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

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

describe("P/issue-drafts/ is a list of the list engine", () => {
  it("orders, filters and groups the caller's drafts like any work-item list", async () => {
    const url = `${pr.base}/issue-drafts/`;
    const alpha = (await ws.member.post(url, { name: "Alpha", priority: "high" })).body;
    const beta = (await ws.member.post(url, { name: "Beta", priority: "low" })).body;
    await ws.admin.post(url, { name: "Not the member's", priority: "high" });

    const newest = await ws.member.get(url);
    expect(newest.status).toBe(200);
    expect(newest.body.results.map((x: any) => x.id)).toEqual([beta.id, alpha.id]);
    expect(newest.body.results[0]).toMatchObject({
      name: "Beta",
      is_draft: true,
      state__group: "backlog",
      label_ids: [],
      assignee_ids: [],
    });

    const byName = await ws.member.get(`${url}?order_by=name`);
    expect(byName.body.results.map((x: any) => x.name)).toEqual(["Alpha", "Beta"]);

    const high = await ws.member.get(`${url}?priority=high`);
    expect(high.body).toMatchObject({ total_count: 1, grouped_by: null });
    expect(high.body.results.map((x: any) => x.id)).toEqual([alpha.id]);

    const grouped = await ws.member.get(`${url}?group_by=priority`);
    expect(grouped.body).toMatchObject({ grouped_by: "priority", total_count: 2 });
    expect(grouped.body.results.high.results.map((x: any) => x.id)).toEqual([alpha.id]);
    expect(grouped.body.results.low.results.map((x: any) => x.id)).toEqual([beta.id]);

    const bad = await ws.member.get(`${url}?order_by=nonsense`);
    expect(bad.status).toBe(400);
  });
});
