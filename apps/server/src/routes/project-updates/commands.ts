import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ProjectUpdateProgress, ProjectUpdateStatus } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow, ProjectCtx } from "../../http/route.ts";
import { stripHtml } from "../../domain/text.ts";
import { PROJECT_UPDATE_NOTIFY_TASK, type ProjectUpdateNotifyJob } from "./notify.ts";

export type UpdateRow = typeof schema.projectUpdates.$inferSelect;
export type UpdateCommentRow = typeof schema.projectUpdateComments.$inferSelect;
const U = schema.projectUpdates;
const commentTable = schema.projectUpdateComments;
const R = schema.projectUpdateReactions;

/** The update `:updateId` of the route's project, else 404. */
export async function loadUpdate(ctx: ProjectCtx<{ updateId: string }>): Promise<UpdateRow> {
  const [row] = await ctx.app.db
    .select()
    .from(U)
    .where(and(eq(U.id, ctx.params.updateId), eq(U.projectId, ctx.project.id)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** The comment `:commentId` of the route's update, else 404. */
export async function loadUpdateComment(
  ctx: ProjectCtx<{ updateId: string; commentId: string }>,
): Promise<{ update: UpdateRow; comment: UpdateCommentRow }> {
  const update = await loadUpdate(ctx);
  const [comment] = await ctx.app.db
    .select()
    .from(commentTable)
    .where(and(eq(commentTable.id, ctx.params.commentId), eq(commentTable.updateId, update.id)))
    .limit(1);
  if (!comment) throw errors.notFound();
  return { update, comment };
}

/**
 * The project's work items as its lists count them (live, not drafts or epics, not waiting in triage) and how many
 * of them are closed (completed or cancelled).
 */
async function progressOf(db: DbOrTx, projectId: string): Promise<ProjectUpdateProgress> {
  const [row] = await db.execute<{ total: number; done: number }>(sql`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE s."group" IN ('completed', 'cancelled'))::int AS done
    FROM issues i LEFT JOIN states s ON s.id = i.state
    WHERE i.project = ${projectId} AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND NOT i.is_epic
      AND s."group" IS DISTINCT FROM 'triage'`);
  return { total_issues: Number(row?.total ?? 0), completed_issues: Number(row?.done ?? 0) };
}

const notify = (app: AppContext, tx: DbOrTx, job: ProjectUpdateNotifyJob) =>
  app.jobs.enqueue(tx, PROJECT_UPDATE_NOTIFY_TASK, job, { maxAttempts: 5 });

/** Post an update: the row with the project's progress now, and the job that tells the project's members. */
export async function createUpdate(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  body: { status: ProjectUpdateStatus; description_html?: string },
): Promise<UpdateRow> {
  return app.db.transaction(async (tx) => {
    const html = body.description_html ?? "<p></p>";
    const [row] = await tx
      .insert(U)
      .values({
        projectId: project.id,
        workspaceId: project.workspaceId,
        status: body.status,
        descriptionHtml: html,
        descriptionStripped: stripHtml(html),
        progress: await progressOf(tx, project.id),
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    await notify(app, tx, { update_id: row.id, comment_id: null, actor_id: actorId });
    return row;
  });
}

export async function patchUpdate(
  db: DbOrTx,
  update: UpdateRow,
  actorId: string,
  body: { status?: ProjectUpdateStatus; description_html?: string },
): Promise<UpdateRow> {
  const html = body.description_html ?? update.descriptionHtml;
  const [row] = await db
    .update(U)
    .set({
      status: body.status ?? update.status,
      descriptionHtml: html,
      descriptionStripped: stripHtml(html),
      updatedAt: new Date(),
      updatedById: actorId,
    })
    .where(eq(U.id, update.id))
    .returning();
  return row;
}

export async function deleteUpdate(db: DbOrTx, update: UpdateRow): Promise<void> {
  await db.delete(U).where(eq(U.id, update.id));
}

/** Comment on an update; its author hears of it (the job). */
export async function createUpdateComment(
  app: AppContext,
  update: UpdateRow,
  actorId: string,
  html: string,
): Promise<UpdateCommentRow> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(commentTable)
      .values({
        updateId: update.id,
        projectId: update.projectId,
        workspaceId: update.workspaceId,
        commentHtml: html,
        commentStripped: stripHtml(html),
        actorId,
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    await notify(app, tx, { update_id: update.id, comment_id: row.id, actor_id: actorId });
    return row;
  });
}

export async function patchUpdateComment(
  db: DbOrTx,
  comment: UpdateCommentRow,
  actorId: string,
  html: string,
): Promise<UpdateCommentRow> {
  const now = new Date();
  const [row] = await db
    .update(commentTable)
    .set({ commentHtml: html, commentStripped: stripHtml(html), editedAt: now, updatedAt: now, updatedById: actorId })
    .where(eq(commentTable.id, comment.id))
    .returning();
  return row;
}

export async function deleteUpdateComment(db: DbOrTx, comment: UpdateCommentRow): Promise<void> {
  await db.delete(commentTable).where(eq(commentTable.id, comment.id));
}

/** Add the caller's reaction (adding it twice keeps one). */
export async function addUpdateReaction(db: DbOrTx, update: UpdateRow, actorId: string, reaction: string) {
  await db
    .insert(R)
    .values({
      updateId: update.id,
      projectId: update.projectId,
      workspaceId: update.workspaceId,
      actorId,
      reaction,
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(R)
    .where(and(eq(R.updateId, update.id), eq(R.actorId, actorId), eq(R.reaction, reaction)))
    .limit(1);
  return row;
}

export async function removeUpdateReaction(
  db: DbOrTx,
  update: UpdateRow,
  actorId: string,
  reaction: string,
): Promise<void> {
  await db.delete(R).where(and(eq(R.updateId, update.id), eq(R.actorId, actorId), eq(R.reaction, reaction)));
}

/** The latest update of each project that has one (for the full project objects' `latest_update`; one read). */
export async function latestUpdates(db: DbOrTx, projectIds: string[]): Promise<Map<string, UpdateRow>> {
  const out = new Map<string, UpdateRow>();
  if (!projectIds.length) return out;
  const rows = await db
    .selectDistinctOn([U.projectId])
    .from(U)
    .where(inArray(U.projectId, projectIds))
    .orderBy(U.projectId, desc(U.createdAt), desc(U.id));
  for (const r of rows) out.set(r.projectId, r);
  return out;
}
