import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { PROJECT_NETWORK, ROLE } from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectMemberRow, ProjectRow } from "../../http/route.ts";
import { upsertProjectMember } from "../projects/commands.ts";
import type { AddProjectMembersBody } from "./schemas.ts";

const { projectMembers, projects, workspaceMembers, users } = schema;

export const MEMBER_NOT_FOUND = "Member not found";
export const ROLE_ABOVE_WORKSPACE = "You cannot add a user with role higher than the workspace role";
export const LAST_ADMIN = "The project must keep at least one admin";
export const LAST_ADMIN_LEAVE =
  "You cannot leave the project as you are the only admin of the project. Please delete the project or make another member an admin first";

/**
 * The highest project role a workspace role allows: a workspace guest can only be a project guest;
 * workspace members and admins may hold any project role (creators and leads are project admins).
 * Lowering a workspace role caps project roles in the workspace-members command (`capProjectRoles`).
 */
export function maxProjectRole(workspaceRole: number): number {
  return workspaceRole >= ROLE.MEMBER ? ROLE.ADMIN : ROLE.GUEST;
}

/** An active project membership by its id or by the member's user id; 404 "Member not found" otherwise. */
export async function loadActiveMember(db: DbOrTx, projectId: string, memberId: string): Promise<ProjectMemberRow> {
  if (!z.uuid().safeParse(memberId).success) throw errors.notFound(MEMBER_NOT_FOUND);
  const [m] = await db
    .select({ pm: projectMembers })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.memberId))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.isActive, true),
        eq(users.isBot, false),
        sql`(${projectMembers.id} = ${memberId} or ${projectMembers.memberId} = ${memberId})`,
      ),
    )
    .limit(1);
  if (!m) throw errors.notFound(MEMBER_NOT_FOUND);
  return m.pm;
}

/** Serialise membership changes of one project so the last-admin rule holds under concurrency. */
async function lockProjectMembers(tx: Tx, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"project-members:" + projectId}))`);
}

async function otherActiveAdmins(tx: DbOrTx, projectId: string, exceptMembershipId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.isActive, true),
        eq(projectMembers.role, ROLE.ADMIN),
        ne(projectMembers.id, exceptMembershipId),
      ),
    );
  return n;
}

async function workspaceRoles(db: DbOrTx, workspaceId: string, userIds: string[]): Promise<Map<string, number>> {
  const rows = userIds.length
    ? await db
        .select({ memberId: workspaceMembers.memberId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            inArray(workspaceMembers.memberId, userIds),
            eq(workspaceMembers.isActive, true),
          ),
        )
    : [];
  return new Map(rows.map((r) => [r.memberId, r.role]));
}

/**
 * Add members (or re-activate / re-role existing ones). Each must be an active workspace member, and a project
 * role may not exceed what their workspace role allows. All or nothing.
 */
export async function addProjectMembers(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  input: AddProjectMembersBody,
): Promise<ProjectMemberRow[]> {
  if (!input.members.length) throw errors.badRequest("At least one member is required");
  const wanted = new Map<string, number>();
  for (const m of input.members) wanted.set(m.member_id, m.role ?? ROLE.GUEST);
  return app.db.transaction(async (tx) => {
    await lockProjectMembers(tx, project.id);
    const roles = await workspaceRoles(tx, project.workspaceId, [...wanted.keys()]);
    for (const [userId, role] of wanted) {
      const wsRole = roles.get(userId);
      if (wsRole === undefined)
        throw errors.badRequest("The user is not an active member of this workspace", { member_id: userId });
      if (role > maxProjectRole(wsRole)) throw errors.badRequest(ROLE_ABOVE_WORKSPACE, { member_id: userId });
    }
    const out: ProjectMemberRow[] = [];
    for (const [userId, role] of wanted) {
      const [current] = await tx
        .select()
        .from(projectMembers)
        .where(
          and(
            eq(projectMembers.projectId, project.id),
            eq(projectMembers.memberId, userId),
            eq(projectMembers.isActive, true),
          ),
        )
        .limit(1);
      if (
        current &&
        current.role === ROLE.ADMIN &&
        role < ROLE.ADMIN &&
        (await otherActiveAdmins(tx, project.id, current.id)) === 0
      ) {
        throw errors.badRequest(LAST_ADMIN);
      }
      out.push(await upsertProjectMember(tx, project, userId, role, actorId));
    }
    return out;
  });
}

/** Change a member's role within the workspace-role limit, never demoting the last admin. */
export async function updateProjectMemberRole(
  app: AppContext,
  project: ProjectRow,
  member: ProjectMemberRow,
  actor: { id: string; workspaceRole: number },
  role: number,
): Promise<ProjectMemberRow> {
  return app.db.transaction(async (tx) => {
    await lockProjectMembers(tx, project.id);
    const [current] = await tx
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.id, member.id), eq(projectMembers.isActive, true)))
      .limit(1);
    if (!current) throw errors.notFound(MEMBER_NOT_FOUND);
    if (current.memberId === actor.id && actor.workspaceRole < ROLE.ADMIN)
      throw errors.badRequest("You cannot update your own role");
    const wsRole = (await workspaceRoles(tx, project.workspaceId, [current.memberId])).get(current.memberId);
    if (wsRole === undefined) throw errors.badRequest("The user is not an active member of this workspace");
    if (role > maxProjectRole(wsRole)) throw errors.badRequest(ROLE_ABOVE_WORKSPACE);
    if (current.role === ROLE.ADMIN && role < ROLE.ADMIN && (await otherActiveAdmins(tx, project.id, current.id)) === 0)
      throw errors.badRequest(LAST_ADMIN);
    const [row] = await tx
      .update(projectMembers)
      .set({ role, updatedAt: new Date(), updatedById: actor.id })
      .where(eq(projectMembers.id, current.id))
      .returning();
    return row;
  });
}

/** Remove (deactivate) a member; not oneself (use leave) and never the last admin. */
export async function removeProjectMember(
  app: AppContext,
  project: ProjectRow,
  member: ProjectMemberRow,
  actorId: string,
): Promise<void> {
  if (member.memberId === actorId)
    throw errors.badRequest("You cannot remove yourself from the project. Please use leave project");
  await app.db.transaction(async (tx) => {
    await lockProjectMembers(tx, project.id);
    const [current] = await tx
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.id, member.id), eq(projectMembers.isActive, true)))
      .limit(1);
    if (!current) throw errors.notFound(MEMBER_NOT_FOUND);
    if (current.role === ROLE.ADMIN && (await otherActiveAdmins(tx, project.id, current.id)) === 0)
      throw errors.badRequest(LAST_ADMIN);
    await tx
      .update(projectMembers)
      .set({ isActive: false, updatedAt: new Date(), updatedById: actorId })
      .where(eq(projectMembers.id, current.id));
  });
}

/** The caller leaves the project; the only admin cannot. */
export async function leaveProject(app: AppContext, project: ProjectRow, membership: ProjectMemberRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockProjectMembers(tx, project.id);
    if (membership.role === ROLE.ADMIN && (await otherActiveAdmins(tx, project.id, membership.id)) === 0)
      throw errors.badRequest(LAST_ADMIN_LEAVE);
    await tx
      .update(projectMembers)
      .set({ isActive: false, updatedAt: new Date(), updatedById: membership.memberId })
      .where(eq(projectMembers.id, membership.id));
  });
}

export const JOINED_PROJECTS = "Projects joined successfully";

/**
 * The caller joins projects of the workspace (Plane's "Join", `POST /api/users/me/workspaces/{slug}/projects/invitations/`)
 * with their workspace role (platform.md §3): a public project for any workspace member, a private one only for a
 * workspace admin. A membership they left is made active again; one they hold stays as it is. An id that is not a live
 * project of the workspace the caller may join answers 404 as if it did not exist. All or nothing.
 */
export async function joinProjects(
  app: AppContext,
  workspaceId: string,
  user: { id: string; workspaceRole: number },
  projectIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(projectIds)];
  const rows = await app.db
    .select({ id: projects.id, workspaceId: projects.workspaceId, network: projects.network })
    .from(projects)
    .where(and(inArray(projects.id, ids), eq(projects.workspaceId, workspaceId), isNull(projects.archivedAt)));
  const joinable = rows.filter((p) => p.network === PROJECT_NETWORK.PUBLIC || user.workspaceRole >= ROLE.ADMIN);
  if (joinable.length !== ids.length) throw errors.notFound("Project not found");
  const role = Math.min(user.workspaceRole, maxProjectRole(user.workspaceRole));
  await app.db.transaction(async (tx) => {
    // one order of the projects' locks for every join (two joins of the same projects never wait on each other in a circle)
    for (const p of joinable.sort((a, b) => a.id.localeCompare(b.id))) {
      await lockProjectMembers(tx, p.id);
      const [current] = await tx
        .select({ id: projectMembers.id })
        .from(projectMembers)
        .where(
          and(
            eq(projectMembers.projectId, p.id),
            eq(projectMembers.memberId, user.id),
            eq(projectMembers.isActive, true),
          ),
        )
        .limit(1);
      if (!current) await upsertProjectMember(tx, p, user.id, role, user.id);
    }
  });
}
