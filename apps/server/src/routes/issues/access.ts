import { and, eq, inArray, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { rawOf, rowOf } from "../../db/raw.ts";
import { errors } from "../../http/errors.ts";
import { allows, canSeeWorkItem, type Policy } from "../../http/policies.ts";
import type { ProjectCtx, ProjectRow, ProjectMemberRow } from "../../http/route.ts";
import { isEpicPath } from "../../http/paths.ts";
import { pageLoad } from "../../http/page-loads.ts";
import type { IssueRow } from "./queries.ts";

/** 404 for a work item named in a body that is not in the project (work-tracking.md §8). */
export const workItemNotFound = () => errors.notFound("Work item not found");
/** 404 of the lookup by project identifier and sequence (work-tracking.md §8). */
export const issueNotFound = () => errors.notFound("Issue not found");

/** 403 body when a guest asks for someone else's work item. */
export const notAllowedToView = () => errors.body(403, { error: "You are not allowed to view this issue" });

export interface IssueLoadOpts {
  /** Archived items load too (default true: detail, history and sub-resources work on archived items). */
  archived?: boolean;
  /** Project drafts load too (default true). */
  drafts?: boolean;
  /** Only archived items (GET P/issues/{id}/archive/). */
  onlyArchived?: boolean;
  /** A guest who may not see the item gets 404 instead of the 403 "not allowed to view" body. */
  hiddenAsNotFound?: boolean;
}

/**
 * Load the work item of `:issueId` in the route's project, applying guest visibility (after the policy gate,
 * which already admitted only project members).
 * Deleted items are never found; `epics/` paths only find epics.
 */
export async function loadIssueForRoute(
  ctx: ProjectCtx<{ issueId: string }>,
  opts: IssueLoadOpts = {},
): Promise<IssueRow> {
  // once per page when the server runs a page's requests (the item's parts read it each), core/page-loads.ts
  const issue = await pageLoad(issueLoadKey(ctx.project.id, ctx.params.issueId), () =>
    findIssue(ctx.app.db, ctx.project.id, ctx.params.issueId),
  );
  if (!issue) throw errors.notFound();
  if (isEpicPath(ctx) && !issue.isEpic) throw errors.notFound();
  if (opts.archived === false && issue.archivedAt) throw errors.notFound();
  if (opts.onlyArchived && !issue.archivedAt) throw errors.notFound();
  if (opts.drafts === false && issue.isDraft) throw errors.notFound();
  if (opts.hiddenAsNotFound && !visibleTo(ctx.user.id, ctx.project, ctx.projectMember)(issue)) throw errors.notFound();
  assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
  return issue;
}

export function assertCanSee(
  userId: string,
  project: ProjectRow,
  member: ProjectMemberRow | null,
  issue: { createdById: string | null },
) {
  const ok = canSeeWorkItem({
    userId,
    projectRole: member?.role ?? null,
    guestViewAllFeatures: project.guestViewAllFeatures,
    creatorId: issue.createdById,
  });
  if (!ok) throw notAllowedToView();
}

export function visibleTo(userId: string, project: ProjectRow, member: ProjectMemberRow | null) {
  return (issue: { createdById: string | null }) =>
    canSeeWorkItem({
      userId,
      projectRole: member?.role ?? null,
      guestViewAllFeatures: project.guestViewAllFeatures,
      creatorId: issue.createdById,
    });
}

/** The page load (core/page-loads.ts) of the item `issueId` of `projectId`. */
export const issueLoadKey = (projectId: string, issueId: string) => `issue:${projectId}:${issueId}`;

/**
 * The item of every item route (PATCH, GET, DELETE, …): a prepared statement, one round trip. With the row comes
 * its version (`xmin`, the transaction that wrote this version of the row), which a PATCH writes against.
 */
const FIND_ISSUE = `SELECT xmin::text AS "#version", * FROM issues WHERE id = $1 AND project = $2 AND deleted_at IS NULL LIMIT 1`;

const versions = new WeakMap<IssueRow, string>();

export async function findIssue(db: DbOrTx, projectId: string, issueId: string): Promise<IssueRow | null> {
  const [raw] = await rawOf(db).unsafe(FIND_ISSUE, [issueId, projectId], { prepare: true });
  if (!raw) return null;
  const row = rowOf(schema.issues, raw);
  versions.set(row, raw["#version"] as string);
  return row;
}

/**
 * The version of a row `findIssue` read (its `xmin`): an update `WHERE xmin = version` writes only if the row has
 * not changed since (any update of the row, by any transaction, gives it a new xmin). Undefined for rows read otherwise.
 */
export function issueVersion(row: IssueRow): string | undefined {
  return versions.get(row);
}

/**
 * The work items `ids` (already deduplicated) of the project, not deleted; 404 "Work item not found" unless
 * every one is found (and, with `canSee`, visible). `forUpdate` locks the rows inside a transaction.
 */
export async function findProjectIssues(
  db: DbOrTx,
  projectId: string,
  ids: string[],
  opts: { forUpdate?: boolean; canSee?: (issue: IssueRow) => boolean } = {},
): Promise<IssueRow[]> {
  if (!ids.length) return [];
  const q = db
    .select()
    .from(schema.issues)
    .where(
      and(inArray(schema.issues.id, ids), eq(schema.issues.projectId, projectId), isNull(schema.issues.deletedAt)),
    );
  // locked in id order, the order every command locks items in (issue #24 point 14)
  const rows = opts.forUpdate ? await q.orderBy(schema.issues.id).for("no key update") : await q;
  if (rows.length !== ids.length || (opts.canSee && !rows.every(opts.canSee))) throw workItemNotFound();
  return rows;
}

/**
 * Check a declarative policy from inside a command, for decisions that depend on the body
 * (e.g. uploading a workspace logo needs workspace admin). Same rules as the route pipeline.
 */
export function requirePolicy(
  policy: Policy,
  ctx: { userId: string; workspaceRole?: number | null; projectRole?: number | null; creatorId?: string | null },
) {
  if (!allows(policy, ctx)) throw errors.forbidden();
}
