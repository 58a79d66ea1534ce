import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

let t: TestServer;
let ws: WorkspaceFixture;
beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => { await t?.close(); });

const STATE_KEYS = ["color", "default", "description", "group", "id", "name", "order", "project_id", "sequence", "workspace_id"];

describe("POST W/projects/ and GET P/states/", () => {
  it("creates a project with the six default states, Backlog default and Triage hidden", async () => {
    const res = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, { name: "Web", identifier: "web", network: 2 });
    expect(res.status).toBe(201);
    expect(res.body.identifier).toBe("WEB");
    expect(res.body.member_role).toBe(20);
    expect(res.body.members).toEqual([ws.admin.userId]);
    const states = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${res.body.id}/states/`);
    expect(states.status).toBe(200);
    expect(states.body.map((s: any) => [s.name, s.color, s.sequence, s.group, s.default])).toEqual([
      ["Backlog", "#60646C", 15000, "backlog", true],
      ["Todo", "#60646C", 25000, "unstarted", false],
      ["In Progress", "#F59E0B", 35000, "started", false],
      ["Done", "#46A758", 45000, "completed", false],
      ["Cancelled", "#9AA4BC", 55000, "cancelled", false],
    ]);
    expect(Object.keys(states.body[0]).sort()).toEqual(STATE_KEYS);
    expect(res.body.default_state).toBe(states.body[0].id);
    const triage = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${res.body.id}/intake-state/`);
    expect(triage.status).toBe(200);
    expect(triage.body).toMatchObject({ name: "Triage", color: "#4E5355", sequence: 65000, group: "triage", default: false });
  });

  it("projectFixture works against the real command", async () => {
    const p = await projectFixture(t, ws);
    expect(Object.keys(p.states).sort()).toEqual(["Backlog", "Cancelled", "Done", "In Progress", "Todo"]);
    const asGuest = await ws.guest.get(`${p.base}/states/`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body).toHaveLength(5);
  });
});
