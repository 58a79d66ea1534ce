import { and, eq, inArray, min, or, sql, type SQL } from "drizzle-orm";
import { ROLE } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { ProjectRow } from "../../http/route.ts";
import { presentProjectFull, type ProjectExtras } from "./presenters.ts";
import { favoritedIds } from "../../domain/favorites.ts";
import { latestUpdates } from "../project-updates/commands.ts";

const { projects, projectMembers, users, deployBoards } = schema;

/**
 * Which projects of a workspace a caller may see (wire-facts §4): workspace admins all of them,
 * members their own and public ones, guests only their own.
 */
export function visibleProjectsWhere(workspaceId: string, userId: string, workspaceRole: number): SQL {
  const own = sql`exists (select 1 from ${projectMembers} pm where pm.project = ${projects.id} and pm.member = ${userId} and pm.is_active)`;
  const inWorkspace = eq(projects.workspaceId, workspaceId);
  if (workspaceRole >= ROLE.ADMIN) return inWorkspace;
  if (workspaceRole >= ROLE.MEMBER) return and(inWorkspace, or(own, eq(projects.network, 2)))!;
  return and(inWorkspace, own)!;
}

/** True when the caller can see the project (used for favourites and stats). */
export async function isProjectVisible(
  db: DbOrTx,
  project: ProjectRow,
  userId: string,
  workspaceRole: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, project.id), visibleProjectsWhere(project.workspaceId, userId, workspaceRole)))
    .limit(1);
  return rows.length > 0;
}

/** The caller's active memberships (role, sort_order) for the given projects. */
export async function callerMemberships(db: DbOrTx, userId: string, projectIds: string[]) {
  const map = new Map<string, { role: number; sortOrder: number }>();
  if (!projectIds.length) return map;
  const rows = await db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role, sortOrder: projectMembers.sortOrder })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
        inArray(projectMembers.projectId, projectIds),
      ),
    );
  for (const r of rows) map.set(r.projectId, { role: r.role, sortOrder: r.sortOrder });
  return map;
}

/** Per-caller extras of the full project object, for many projects at once. */
export async function projectExtras(
  db: DbOrTx,
  userId: string,
  projectIds: string[],
): Promise<Map<string, ProjectExtras>> {
  const out = new Map<string, ProjectExtras>();
  if (!projectIds.length) return out;
  const [mine, favs, members, boards] = await Promise.all([
    callerMemberships(db, userId, projectIds),
    favoritedIds(db, userId, "project", projectIds),
    db
      .select({ projectId: projectMembers.projectId, memberId: projectMembers.memberId })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.memberId))
      .where(
        and(inArray(projectMembers.projectId, projectIds), eq(projectMembers.isActive, true), eq(users.isBot, false)),
      )
      .orderBy(projectMembers.createdAt),
    db
      .select({ projectId: deployBoards.projectId, anchor: deployBoards.anchor })
      .from(deployBoards)
      .where(and(inArray(deployBoards.projectId, projectIds), eq(deployBoards.entityName, "project"))),
  ]);
  const anchors = new Map(boards.map((b) => [b.projectId, b.anchor]));
  const favSet = favs;
  const memberIds = new Map<string, string[]>();
  for (const m of members) {
    const list = memberIds.get(m.projectId) ?? [];
    list.push(m.memberId);
    memberIds.set(m.projectId, list);
  }
  for (const id of projectIds) {
    const me = mine.get(id);
    out.set(id, {
      isFavorite: favSet.has(id),
      sortOrder: me?.sortOrder ?? null,
      memberRole: me?.role ?? null,
      memberIds: memberIds.get(id) ?? [],
      // the published board's anchor (routes/publish), null while unpublished
      anchor: anchors.get(id) ?? null,
    });
  }
  return out;
}

/** Present full project objects for the caller. */
export async function presentProjectsFull(db: DbOrTx, userId: string, rows: ProjectRow[]) {
  const extras = await projectExtras(
    db,
    userId,
    rows.map((r) => r.id),
  );
  // the latest status update (issue #29 point 4) of the projects that have updates on, for their members
  const latest = await latestUpdates(
    db,
    rows.filter((r) => r.isProjectUpdatesEnabled && extras.get(r.id)?.memberRole).map((r) => r.id),
  );
  return rows.map((r) => presentProjectFull(r, { ...extras.get(r.id)!, latestUpdate: latest.get(r.id) ?? null }));
}

export async function presentOneProjectFull(db: DbOrTx, userId: string, projectId: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return (await presentProjectsFull(db, userId, [row]))[0];
}

/**
 * Sort order for a user's new project membership: above their current first project
 * (smallest sort_order − 10000), else the default 65535.
 */
export async function nextMemberSortOrder(db: DbOrTx, workspaceId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ m: min(projectMembers.sortOrder) })
    .from(projectMembers)
    .where(and(eq(projectMembers.workspaceId, workspaceId), eq(projectMembers.memberId, userId)));
  return row?.m === null || row?.m === undefined ? 65535 : Number(row.m) - 10000;
}
