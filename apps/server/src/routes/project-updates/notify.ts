import { and, eq, ne } from "drizzle-orm";
import type { ProjectUpdateNotificationData, ProjectUpdateStatus } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { scheduleNotificationMail } from "../notifications/mail.ts";

/**
 * Notifications of project updates (issue #29 point 4), made by a job enqueued in the writing transaction (never in
 * the request): a new update goes to every active person in the project but its author; a comment on an update to
 * the update's author (when someone else wrote it and the author is still in the project). Rows go out live on each
 * receiver's `user:` stream and into their batched notification mail, like work-item notifications.
 */
export const PROJECT_UPDATE_NOTIFY_TASK = "notifications:project-update";
export interface ProjectUpdateNotifyJob {
  update_id: string;
  comment_id: string | null;
  actor_id: string;
}

const N = schema.notifications;

/** Create the job's notifications (idempotent: one per receiver and update or comment). Returns how many. */
export async function notifyProjectUpdate(
  db: DbOrTx,
  job: ProjectUpdateNotifyJob,
  mailDelayMs?: number,
): Promise<number> {
  const [row] = await db
    .select({ u: schema.projectUpdates, p: schema.projects })
    .from(schema.projectUpdates)
    .innerJoin(schema.projects, eq(schema.projects.id, schema.projectUpdates.projectId))
    .where(eq(schema.projectUpdates.id, job.update_id))
    .limit(1);
  if (!row || row.p.archivedAt || !row.p.isProjectUpdatesEnabled) return 0;
  const { u, p } = row;
  let comment: typeof schema.projectUpdateComments.$inferSelect | undefined;
  if (job.comment_id) {
    [comment] = await db
      .select()
      .from(schema.projectUpdateComments)
      .where(eq(schema.projectUpdateComments.id, job.comment_id))
      .limit(1);
    if (!comment) return 0;
  }
  // people only (an agent's bot is never told anything), active in the project, never the one who wrote it
  const members = await db
    .select({ id: schema.projectMembers.memberId })
    .from(schema.projectMembers)
    .innerJoin(schema.users, eq(schema.users.id, schema.projectMembers.memberId))
    .where(
      and(
        eq(schema.projectMembers.projectId, p.id),
        eq(schema.projectMembers.isActive, true),
        eq(schema.users.isBot, false),
        eq(schema.users.isActive, true),
        ne(schema.projectMembers.memberId, job.actor_id),
      ),
    );
  const receivers = comment ? members.filter((m) => m.id === u.createdById).map((m) => m.id) : members.map((m) => m.id);
  if (receivers.length === 0) return 0;
  const data: ProjectUpdateNotificationData = {
    project_update: {
      id: u.id,
      key: comment?.id ?? u.id,
      kind: comment ? "comment" : "update",
      status: u.status as ProjectUpdateStatus,
      project_id: p.id,
      project_name: p.name,
      project_identifier: p.identifier,
      comment_id: comment?.id ?? null,
    },
  };
  const html = comment ? comment.commentHtml : u.descriptionHtml;
  const stripped = comment ? comment.commentStripped : u.descriptionStripped;
  const inserted = await db
    .insert(N)
    .values(
      receivers.map((receiverId) => ({
        workspaceId: p.workspaceId,
        projectId: p.id,
        entityName: "project_update",
        receiverId,
        triggeredById: job.actor_id,
        sender: `in_app:project_updates:${comment ? "author" : "member"}`,
        title: `${p.name} update`,
        data,
        messageHtml: html,
        messageStripped: stripped,
        createdById: job.actor_id,
        updatedById: job.actor_id,
      })),
    )
    .onConflictDoNothing()
    .returning({ receiverId: N.receiverId });
  if (mailDelayMs !== undefined && inserted.length)
    await scheduleNotificationMail(
      db,
      inserted.map((r) => r.receiverId),
      mailDelayMs,
    );
  return inserted.length;
}

export function registerProjectUpdateJobs(app: AppContext): void {
  app.jobs.register<ProjectUpdateNotifyJob>(
    PROJECT_UPDATE_NOTIFY_TASK,
    (job) => app.db.transaction((tx) => notifyProjectUpdate(tx, job, app.config.notificationMailDelayMs)),
    { maxAttempts: 5 },
  );
}
