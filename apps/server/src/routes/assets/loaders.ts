import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../core/route.ts";
import { errors } from "../../core/errors.ts";
import { assertCanSee, findIssue, loadIssueForRoute } from "../issues/access.ts";
import { FA } from "./commands.ts";
import { USER_TYPES } from "./shared.ts";

/** The caller's own avatar / cover. */
export async function loadUserAsset(ctx: Ctx<{ assetId: string }, any, any, any>) {
  const [a] = await ctx.app.db
    .select()
    .from(FA)
    .where(and(eq(FA.id, ctx.params.assetId), eq(FA.userId, ctx.user.id), inArray(FA.entityType, USER_TYPES), eq(FA.isDeleted, false)))
    .limit(1);
  if (!a) throw errors.notFound();
  return a;
}

/** An asset of the scoped workspace (deleted ones only when asked, for restore). */
export async function loadWorkspaceAsset(ctx: Ctx<{ assetId: string }, any, any, any>, opts: { includeDeleted?: boolean } = {}) {
  const [a] = await ctx.app.db.select().from(FA).where(and(eq(FA.id, ctx.params.assetId), eq(FA.workspaceId, ctx.workspace.id))).limit(1);
  if (!a || (a.isDeleted && !opts.includeDeleted)) throw errors.notFound();
  return a;
}

/** An asset of the scoped project; one linked to a work item the caller may not see is hidden. */
export async function loadProjectAsset(ctx: Ctx<{ assetId: string }, any, any, any>) {
  if (!ctx.projectMember) throw errors.permissionDenied();
  const [a] = await ctx.app.db.select().from(FA).where(and(eq(FA.id, ctx.params.assetId), eq(FA.projectId, ctx.project.id), eq(FA.isDeleted, false))).limit(1);
  if (!a) throw errors.notFound();
  if (a.issueId) {
    const issue = await findIssue(ctx.app.db, ctx.project.id, a.issueId);
    if (issue) assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
  }
  return a;
}

/** An attachment of the work item in the path. */
export async function loadAttachment(ctx: Ctx<{ issueId: string; assetId: string }, any, any, any>) {
  const issue = await loadIssueForRoute(ctx);
  const [a] = await ctx.app.db
    .select()
    .from(FA)
    .where(and(eq(FA.id, ctx.params.assetId), eq(FA.issueId, issue.id), eq(FA.entityType, "ISSUE_ATTACHMENT"), eq(FA.isDeleted, false)))
    .limit(1);
  if (!a) throw errors.notFound();
  return a;
}
