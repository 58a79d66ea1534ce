import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/**
 * Issue #8 "done when": the calls Plane's web client makes when it opens a project's planning screens answer with
 * real data in the wire shapes (not 404): P/cycles/, P/modules/, W/modules/, P/views/, P/estimates/,
 * W/user-properties/ and W/user-favorites/. The per-endpoint files (cycles, modules, views, estimates,
 * user-favorites, workspace-user-properties) test each in depth; this one is the client's first screen, in one place.
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

describe("Plane's web client on the planning screens", () => {
  it("gets real answers for cycles, modules, views, estimates, user properties and favourites", async () => {
    expect(
      (await ws.admin.patch(`${pr.base}/`, { cycle_view: true, module_view: true, issue_views_view: true })).status,
    ).toBe(200);
    const W = `/api/workspaces/${ws.slug}`;
    const cycle = (await ws.admin.post(`${pr.base}/cycles/`, { name: "Sprint 1" })).body as { id: string };
    const mod = (await ws.admin.post(`${pr.base}/modules/`, { name: "Launch" })).body as { id: string };
    const view = (await ws.admin.post(`${pr.base}/views/`, { name: "Urgent", filters: { priority: ["urgent"] } }))
      .body as { id: string };
    const est = await ws.admin.post(`${pr.base}/estimates/`, {
      estimate: { name: "Fibonacci", type: "points", last_used: true },
      estimate_points: ["1", "2", "3"].map((value, i) => ({ key: i + 1, value })),
    });
    expect(est.status).toBe(200);
    expect((await ws.member.post(`${pr.base}/user-favorite-cycles/`, { cycle: cycle.id })).status).toBeLessThan(300);

    const get = async (path: string) => {
      const res = await ws.member.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };
    expect(await get(`${pr.base}/cycles/`)).toEqual([
      expect.objectContaining({
        id: cycle.id,
        name: "Sprint 1",
        project_id: pr.id,
        status: "DRAFT",
        is_favorite: true,
      }),
    ]);
    expect(await get(`${pr.base}/modules/`)).toEqual([
      expect.objectContaining({ id: mod.id, name: "Launch", project_id: pr.id, status: "planned" }),
    ]);
    expect(await get(`${W}/modules/`)).toEqual([expect.objectContaining({ id: mod.id, project_id: pr.id })]);
    expect(await get(`${pr.base}/views/`)).toEqual([
      expect.objectContaining({
        id: view.id,
        name: "Urgent",
        project: pr.id,
        filters: expect.objectContaining({ priority: ["urgent"] }),
      }),
    ]);
    expect(await get(`${pr.base}/estimates/`)).toEqual([
      expect.objectContaining({
        name: "Fibonacci",
        type: "points",
        last_used: true,
        points: [
          expect.objectContaining({ key: 1, value: "1" }),
          expect.objectContaining({ key: 2, value: "2" }),
          expect.objectContaining({ key: 3, value: "3" }),
        ],
      }),
    ]);
    expect(await get(`${W}/user-properties/`)).toMatchObject({
      navigation_project_limit: 10,
      navigation_control_preference: "ACCORDION",
      workspace: ws.id,
    });
    expect(await get(`${W}/user-favorites/`)).toEqual([
      expect.objectContaining({
        entity_type: "cycle",
        entity_identifier: cycle.id,
        is_folder: false,
        entity_data: expect.objectContaining({ name: "Sprint 1" }),
      }),
    ]);
  });
});
