import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { assetUrl, coverImageUrl, presentUserLite } from "../../http/present.ts";
import type { IssueView } from "../issues/queries.ts";
import { columns, type Expanders, type V1Object } from "./shape.ts";

/**
 * v1 presenters (wire-facts §12): the app's rows in v1's shapes. They map rows only; the commands, queries and
 * policies are the app's own.
 */
type UserRow = typeof schema.users.$inferSelect;
type ProjectRow = typeof schema.projects.$inferSelect;

/** GET /api/v1/users/me/. */
export function presentV1Me(u: UserRow): V1Object {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    avatar: u.avatar,
    avatar_url: assetUrl(u.avatarAssetId, u.avatar),
    display_name: u.displayName,
  };
}

/** A workspace member: user-lite + role. */
export function presentV1Member(u: UserRow, role: number): V1Object {
  return { ...presentUserLite(u), role };
}

/** A project: all columns + the caller's and the counts' extras. */
export async function presentV1Projects(db: DbOrTx, userId: string, rows: ProjectRow[]): Promise<V1Object[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const extras = await db.execute<{
    id: string;
    total_members: number;
    total_cycles: number;
    total_modules: number;
    member_role: number | null;
    sort_order: number | null;
  }>(sql`
    SELECT p.id,
      (SELECT count(*)::int FROM project_members m JOIN users u ON u.id = m.member WHERE m.project = p.id AND m.is_active AND NOT u.is_bot) AS total_members,
      (SELECT count(*)::int FROM cycles c WHERE c.project = p.id) AS total_cycles,
      (SELECT count(*)::int FROM modules md WHERE md.project = p.id) AS total_modules,
      me.role AS member_role, me.sort_order AS sort_order
    FROM projects p
    LEFT JOIN project_members me ON me.project = p.id AND me.member = ${userId} AND me.is_active
    WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const byId = new Map([...extras].map((e) => [e.id, e]));
  return rows.map((r) => {
    const x = byId.get(r.id);
    return {
      ...columns(schema.projects, r),
      total_members: x?.total_members ?? 0,
      total_cycles: x?.total_cycles ?? 0,
      total_modules: x?.total_modules ?? 0,
      is_member: x?.member_role != null,
      sort_order: x?.sort_order ?? null,
      member_role: x?.member_role ?? null,
      is_deployed: false,
      cover_image_url: coverImageUrl(r),
    };
  });
}

export const presentV1State = (s: typeof schema.states.$inferSelect): V1Object => columns(schema.states, s);
export const presentV1Label = (l: typeof schema.labels.$inferSelect): V1Object => columns(schema.labels, l);

/** A work item: all issue columns but description_json / description_stripped, with assignee and label ids. */
export function presentV1WorkItem(v: IssueView): V1Object {
  const base = columns(schema.issues, v.issue, ["is_epic"]);
  return { ...base, type_id: v.issue.typeId, assignees: v.assigneeIds, labels: v.labelIds };
}

export function presentV1Comment(c: typeof schema.issueComments.$inferSelect, isMember: boolean): V1Object {
  return { ...columns(schema.issueComments, c), is_member: isMember };
}

export const presentV1Link = (l: typeof schema.issueLinks.$inferSelect): V1Object => columns(schema.issueLinks, l);
export const presentV1Activity = (a: typeof schema.issueActivities.$inferSelect): V1Object =>
  columns(schema.issueActivities, a);

// ---------------------------------------------------------------- expand

async function usersById(db: DbOrTx, ids: string[]) {
  const rows = await db.select().from(schema.users).where(inArray(schema.users.id, ids));
  return new Map(rows.map((u) => [u.id, presentUserLite(u) as unknown as V1Object]));
}

/** `expand=` of work items: assignees, labels, state, project, parent, estimate_point, created_by, updated_by. */
export function workItemExpanders(db: DbOrTx, projectId: string): Expanders {
  return {
    assignees: (ids) => usersById(db, ids),
    created_by: (ids) => usersById(db, ids),
    updated_by: (ids) => usersById(db, ids),
    labels: async (ids) =>
      new Map(
        (
          await db
            .select()
            .from(schema.labels)
            .where(and(inArray(schema.labels.id, ids), eq(schema.labels.projectId, projectId)))
        ).map((l) => [l.id, presentV1Label(l)]),
      ),
    state: async (ids) =>
      new Map(
        (await db.select().from(schema.states).where(inArray(schema.states.id, ids))).map((s) => [
          s.id,
          { id: s.id, name: s.name, color: s.color, group: s.group },
        ]),
      ),
    project: async (ids) =>
      new Map(
        (await db.select().from(schema.projects).where(inArray(schema.projects.id, ids))).map((p) => [
          p.id,
          columns(schema.projects, p),
        ]),
      ),
    parent: async (ids) =>
      new Map(
        (await db.select().from(schema.issues).where(inArray(schema.issues.id, ids))).map((i) => [
          i.id,
          { ...columns(schema.issues, i, ["is_epic"]), type_id: i.typeId },
        ]),
      ),
    estimate_point: async (ids) =>
      new Map(
        (await db.select().from(schema.estimatePoints).where(inArray(schema.estimatePoints.id, ids))).map((e) => [
          e.id,
          columns(schema.estimatePoints, e),
        ]),
      ),
  };
}

/** `expand=` of other objects' author fields. */
export function authorExpanders(db: DbOrTx): Expanders {
  return {
    created_by: (ids) => usersById(db, ids),
    updated_by: (ids) => usersById(db, ids),
    actor: (ids) => usersById(db, ids),
  };
}
