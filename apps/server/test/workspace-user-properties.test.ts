import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/** W/user-properties/ (wire-facts §7): the caller's workspace preferences, defaults wrapped one level. */
let t: TestServer;
let ws: WorkspaceFixture;
let url: string;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  url = `/api/workspaces/${ws.slug}/user-properties/`;
});
afterAll(async () => {
  await t?.close();
});

describe("W/user-properties/", () => {
  it("creates the caller's workspace preferences on first GET with the wrapped defaults and the navigation settings", async () => {
    const res = await ws.member.get(url);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      navigation_project_limit: 10,
      navigation_control_preference: "ACCORDION",
      rich_filters: {},
      user: ws.member.userId,
      workspace: ws.id,
    });
    expect(Object.keys(res.body.filters)).toEqual(["filters"]);
    expect(res.body.filters.filters).toMatchObject({ priority: null, state: null, labels: null });
    expect(res.body.display_filters).toEqual({
      display_filters: expect.objectContaining({ layout: "list", order_by: "-created_at", group_by: null }),
    });
    expect(res.body.display_properties).toEqual({
      display_properties: expect.objectContaining({ assignee: true, key: true }),
    });
    expect((await ws.member.get(url)).body.id).toBe(res.body.id);
    expect((await ws.admin.get(url)).body.id).not.toBe(res.body.id);
  });

  it("PATCH updates the navigation settings and merges the objects one level (200)", async () => {
    const res = await ws.admin.patch(url, {
      navigation_project_limit: 3,
      navigation_control_preference: "TABBED",
      display_filters: { layout: "spreadsheet" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ navigation_project_limit: 3, navigation_control_preference: "TABBED" });
    expect(res.body.display_filters.layout).toBe("spreadsheet");
    expect(res.body.display_filters.display_filters).toBeDefined();
    expect((await ws.admin.get(url)).body.navigation_project_limit).toBe(3);
  });

  it("refuses bad values with field errors; guests keep their own preferences; outsiders 403", async () => {
    const bad = await ws.member.patch(url, { navigation_control_preference: "SIDEWAYS", navigation_project_limit: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["navigation_control_preference", "navigation_project_limit"]);
    expect((await ws.guest.patch(url, { navigation_project_limit: 5 })).body.navigation_project_limit).toBe(5);
    expect((await ws.outsider.get(url)).status).toBe(403);
    expect((await ws.anon.get(url)).status).toBe(401);
  });
});
