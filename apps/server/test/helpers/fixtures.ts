import crypto from "node:crypto";
import { schema } from "../../src/db/client.ts";
import { hashToken } from "../../src/http/session.ts";
import { startTestServer, type TestServer } from "./server.ts";
import type { Client } from "./client.ts";

/**
 * Arrange helpers: they set up state directly (database or API) so each test can act through the API.
 * A role matrix: admin (20), member (15), guest (5) of the workspace, plus an outsider (no membership)
 * and an anonymous client.
 */
export interface WorkspaceFixture {
  slug: string;
  id: string;
  admin: Client;
  member: Client;
  guest: Client;
  outsider: Client;
  anon: Client;
}

export async function workspaceFixture(
  t: TestServer,
  slug = "ws-" + crypto.randomBytes(4).toString("hex"),
): Promise<WorkspaceFixture> {
  const admin = await t.user({ firstName: "Ada", lastName: "Admin" });
  const member = await t.user({ firstName: "Max", lastName: "Member" });
  const guest = await t.user({ firstName: "Gus", lastName: "Guest" });
  const outsider = await t.user({ firstName: "Otto", lastName: "Outsider" });
  const [ws] = await t.db.db
    .insert(schema.workspaces)
    .values({
      name: slug.toUpperCase(),
      slug,
      ownerId: admin.userId,
      createdById: admin.userId,
      updatedById: admin.userId,
    })
    .returning();
  await t.db.db.insert(schema.workspaceMembers).values([
    { workspaceId: ws.id, memberId: admin.userId, role: 20 },
    { workspaceId: ws.id, memberId: member.userId, role: 15 },
    { workspaceId: ws.id, memberId: guest.userId, role: 5 },
  ]);
  return { slug, id: ws.id, admin, member, guest, outsider, anon: t.anon() };
}

export interface ProjectFixture {
  id: string;
  identifier: string;
  /** Default states by name (Backlog, Todo, In Progress, Done, Cancelled). */
  states: Record<string, string>;
  base: string;
}

/**
 * Create a project through the API as the workspace admin (so default states come from the real command),
 * then add the workspace member and guest as project members with their roles.
 */
export async function projectFixture(
  t: TestServer,
  ws: WorkspaceFixture,
  opts: { name?: string; identifier?: string; network?: number } = {},
): Promise<ProjectFixture> {
  const identifier = opts.identifier ?? "P" + crypto.randomBytes(4).toString("hex").toUpperCase();
  const res = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
    name: opts.name ?? `Project ${identifier}`,
    identifier,
    network: opts.network ?? 2,
  });
  if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
  const id = res.body.id as string;
  await t.db.db
    .insert(schema.projectMembers)
    .values([
      { workspaceId: ws.id, projectId: id, memberId: ws.member.userId, role: 15 },
      { workspaceId: ws.id, projectId: id, memberId: ws.guest.userId, role: 5 },
    ])
    .onConflictDoNothing();
  const states = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${id}/states/`);
  const byName: Record<string, string> = {};
  for (const s of states.body as { id: string; name: string }[]) byName[s.name] = s.id;
  return { id, identifier, states: byName, base: `/api/workspaces/${ws.slug}/projects/${id}` };
}

/** Give a signed-in client a god-mode (admin-kind) session as well, for `auth: "admin"` routes. */
export async function addAdminSession(t: TestServer, c: Client): Promise<void> {
  const token = crypto.randomBytes(24).toString("base64url");
  await t.db.db
    .insert(schema.sessions)
    .values({ id: hashToken(token), userId: c.userId, kind: "admin", expiresAt: new Date(Date.now() + 86400_000) });
  c.setCookie(t.app.config.adminSessionCookieName, token);
}

/** Make a user an instance admin (god mode). */
export async function makeInstanceAdmin(t: TestServer, userId: string): Promise<void> {
  const [instance] = await t.db.db.select().from(schema.instances).limit(1);
  if (!instance) throw new Error("no instance row");
  await t.db.db
    .insert(schema.instanceAdmins)
    .values({ userId, instanceId: instance.id, role: 20 })
    .onConflictDoNothing();
}

/**
 * Every kind of caller of one workspace and one real project:
 * - `admin`: workspace admin, project admin (its creator) and instance admin;
 * - `member`: workspace member and project member; `guest`: workspace guest and project guest;
 * - `wsAdminOnly`: a workspace admin who is not a member of the project (nor of `privateProject`);
 * - `outsider`: signed in, not a member of the workspace; `anon`: no session.
 * With `privateProject`, a second project, private (network 0), with the same members as `project`.
 * Every signed-in caller also holds a god-mode session, so `auth: "admin"` routes judge them by their policy.
 */
export interface RoleWorld {
  ws: WorkspaceFixture;
  project: ProjectFixture;
  wsAdminOnly: Client;
  privateProject?: ProjectFixture;
}

export async function roleWorld(
  t: TestServer,
  opts: { network?: number; privateProject?: boolean } = {},
): Promise<RoleWorld> {
  const ws = await workspaceFixture(t);
  const wsAdminOnly = await t.user({ firstName: "Wanda", lastName: "WorkspaceAdmin" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: wsAdminOnly.userId, role: 20 });
  const project = await projectFixture(t, ws, { network: opts.network });
  const privateProject = opts.privateProject ? await projectFixture(t, ws, { network: 0 }) : undefined;
  await makeInstanceAdmin(t, ws.admin.userId);
  for (const c of [ws.admin, ws.member, ws.guest, ws.outsider, wsAdminOnly]) await addAdminSession(t, c);
  return { ws, project, wsAdminOnly, privateProject };
}

/** A fresh server with one workspace and two of its projects: `pr` where a test acts, `other` to prove scoping. */
export async function twoProjectWorld(): Promise<{
  t: TestServer;
  ws: WorkspaceFixture;
  pr: ProjectFixture;
  other: ProjectFixture;
}> {
  const t = await startTestServer();
  const ws = await workspaceFixture(t);
  const pr = await projectFixture(t, ws);
  const other = await projectFixture(t, ws);
  return { t, ws, pr, other };
}
