import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/**
 * Plane's clients, the last gaps (issue #30): each test sends the body Plane's web client sends and checks the
 * answer it needs.
 */
let t: TestServer;
let ws: WorkspaceFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
});
afterAll(async () => { await t?.close(); });

/** A project made by the workspace admin alone (nobody else is in it). */
async function adminProject(network: 0 | 2) {
  const identifier = "J" + Math.random().toString(36).slice(2, 6).toUpperCase();
  const res = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, { name: `Joinable ${identifier}`, identifier, network });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}
const joinUrl = () => `/api/users/me/workspaces/${ws.slug}/projects/invitations/`;

describe("joining a project (Plane's Join on a project card)", () => {
  it("a workspace member joins a public project with their workspace role", async () => {
    const pid = await adminProject(2);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).status).toBe(409);
    const res = await ws.member.post(joinUrl(), { project_ids: [pid] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ message: "Projects joined successfully" });
    const got = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.member_role).toBe(15);
    const me = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/project-members/me/`);
    expect(me.body.role).toBe(15);
    // joining again changes nothing
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    const members = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${pid}/members/`);
    expect((members.body as { member: string }[]).filter((m) => m.member === ws.member.userId)).toHaveLength(1);
  });

  it("a member who left joins again; an admin joins a private project as admin", async () => {
    const pid = await adminProject(2);
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    expect((await ws.member.post(`/api/workspaces/${ws.slug}/projects/${pid}/members/leave/`, {})).status).toBe(204);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).status).toBe(409);
    expect((await ws.member.post(joinUrl(), { project_ids: [pid] })).status).toBe(201);
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${pid}/`)).body.member_role).toBe(15);

    const secret = await adminProject(0);
    const other = await t.user({ firstName: "Ina", lastName: "Admin" });
    await t.db.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${other.userId}, 20)`;
    expect((await other.post(joinUrl(), { project_ids: [secret] })).status).toBe(201);
    expect((await other.get(`/api/workspaces/${ws.slug}/projects/${secret}/`)).body.member_role).toBe(20);
  });

  it("refuses what the caller may not join: a private project, an unknown id, a guest, an outsider", async () => {
    const secret = await adminProject(0);
    const open = await adminProject(2);
    const denied = await ws.member.post(joinUrl(), { project_ids: [open, secret] });
    expect(denied.status, denied.text).toBe(404);
    expect(denied.body).toEqual({ error: "Project not found" });
    // all or nothing: the public one was not joined either
    expect((await ws.member.get(`/api/workspaces/${ws.slug}/projects/${open}/`)).status).toBe(409);
    expect((await ws.member.post(joinUrl(), { project_ids: [crypto.randomUUID()] })).status).toBe(404);
    expect((await ws.guest.post(joinUrl(), { project_ids: [open] })).status).toBe(403);
    expect((await ws.outsider.post(joinUrl(), { project_ids: [open] })).status).toBe(403);
    expect((await ws.anon.post(joinUrl(), { project_ids: [open] })).status).toBe(401);
    expect((await ws.member.post(joinUrl(), { project_ids: ["x"] })).status).toBe(400);
  });
});
