import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";

const i = schema.issues;

/**
 * One work item with everything the list-item and detail shapes need, in one statement per call
 * (used for single items and small sets: detail, create/patch responses, sub-items, relations).
 */
export const issueViewFields = {
  issue: i,
  stateGroup: schema.states.group,
  cycleId: sql<string | null>`(SELECT ci.cycle FROM cycle_issues ci WHERE ci.issue = ${i.id} LIMIT 1)`,
  moduleIds: sql<
    string[]
  >`COALESCE((SELECT array_agg(mi.module::text ORDER BY mi.created_at) FROM module_issues mi JOIN modules m ON m.id = mi.module WHERE mi.issue = ${i.id} AND m.archived_at IS NULL), '{}'::text[])`,
  labelIds: sql<
    string[]
  >`COALESCE((SELECT array_agg(il.label::text ORDER BY il.created_at) FROM issue_labels il WHERE il.issue = ${i.id}), '{}'::text[])`,
  assigneeIds: sql<
    string[]
  >`COALESCE((SELECT array_agg(ia.assignee::text ORDER BY ia.created_at) FROM issue_assignees ia WHERE ia.issue = ${i.id}), '{}'::text[])`,
  subIssuesCount: sql<number>`(SELECT count(*)::int FROM issues c WHERE c.parent = ${i.id} AND c.deleted_at IS NULL AND c.archived_at IS NULL AND c.is_draft = false)`,
  linkCount: sql<number>`(SELECT count(*)::int FROM issue_links l WHERE l.issue = ${i.id})`,
  attachmentCount: sql<number>`(SELECT count(*)::int FROM file_assets f WHERE f.issue = ${i.id} AND f.entity_type = 'ISSUE_ATTACHMENT' AND f.is_uploaded AND NOT f.is_deleted)`,
  taskCount: sql<number>`(SELECT count(*)::int FROM issue_tasks t WHERE t.issue = ${i.id})`,
};

export type IssueRow = typeof schema.issues.$inferSelect;
export interface IssueView {
  issue: IssueRow;
  stateGroup: string | null;
  cycleId: string | null;
  moduleIds: string[];
  labelIds: string[];
  assigneeIds: string[];
  subIssuesCount: number;
  linkCount: number;
  attachmentCount: number;
  taskCount: number;
}

/**
 * `IDENT-seq` in a workspace, in one statement: the project (identifier in any case), the caller's active
 * membership (null when not a member) and the live item's view (null when there is no such item).
 * Null when the workspace has no project with that identifier.
 */
export async function lookupIssueByKey(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  identifier: string,
  sequence: number,
) {
  const pm = schema.projectMembers;
  const [row] = await db
    .select({ ...issueViewFields, project: schema.projects, member: pm })
    .from(schema.projects)
    .leftJoin(pm, and(eq(pm.projectId, schema.projects.id), eq(pm.memberId, userId), eq(pm.isActive, true)))
    .leftJoin(i, and(eq(i.projectId, schema.projects.id), eq(i.sequenceId, sequence), isNull(i.deletedAt)))
    .leftJoin(schema.states, eq(schema.states.id, i.stateId))
    .where(
      and(
        eq(schema.projects.workspaceId, workspaceId),
        sql`upper(${schema.projects.identifier}) = ${identifier.toUpperCase()}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const { project, member, ...view } = row;
  return { project, member, view: view.issue ? (view as IssueView) : null };
}

/** Views of the given items (any order; deleted ones included only when asked). */
export async function loadIssueViews(
  db: DbOrTx,
  ids: readonly string[],
  opts: { includeDeleted?: boolean } = {},
): Promise<IssueView[]> {
  if (ids.length === 0) return [];
  const where = opts.includeDeleted ? inArray(i.id, [...ids]) : and(inArray(i.id, [...ids]), isNull(i.deletedAt));
  const rows = await db
    .select(issueViewFields)
    .from(i)
    .leftJoin(schema.states, eq(schema.states.id, i.stateId))
    .where(where);
  return rows as IssueView[];
}

export async function loadIssueView(db: DbOrTx, id: string): Promise<IssueView | null> {
  const [row] = await loadIssueViews(db, [id]);
  return row ?? null;
}

/** Views in the order of `ids` (missing ones dropped). */
export async function loadIssueViewsOrdered(db: DbOrTx, ids: readonly string[]): Promise<IssueView[]> {
  const views = await loadIssueViews(db, ids);
  const byId = new Map(views.map((v) => [v.issue.id, v]));
  return ids.map((id) => byId.get(id)).filter((v): v is IssueView => !!v);
}
