import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { isProjectUpdateNotification } from "@stride/shared";
import type { NotificationData, ProjectUpdateNotificationData } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { addJob } from "../../core/jobs.ts";
import { enqueueMail, isSmtpConfigured } from "../../core/mail.ts";
import { instanceConfig } from "../../core/instance-config.ts";
import { notificationMail, projectUpdateMailItem, type MailItem } from "./mail-content.ts";
import { behalfOn, behalfUser as behalf } from "./commands.ts";

/**
 * Notification mail (issue #9 point 8): new notifications schedule one `notifications:mail` job per receiver, keyed
 * by the receiver so that everything arriving within the delay goes out in one mail. The job mails the receiver's
 * notifications that are still unread, unarchived and not mailed, and marks them mailed in the same transaction
 * as it queues the mail (the `mail` task then sends it with its own retries). Nothing is mailed when SMTP is not
 * configured; notifications older than a day are never mailed late.
 */
export const NOTIFICATION_MAIL_TASK = "notifications:mail";
/** Notifications per mail at most; the rest go in the next one. */
export const NOTIFICATION_MAIL_MAX = 50;
const MAIL_LATE_MS = 24 * 3600_000;

interface MailPayload {
  receiver_id: string;
}

/** Schedule the receivers' mails (in the notifying transaction). A pending job keeps its time, so mails batch. */
export async function scheduleNotificationMail(
  tx: DbOrTx,
  receiverIds: Iterable<string>,
  delayMs: number,
): Promise<void> {
  const runAt = new Date(Date.now() + Math.max(0, delayMs));
  for (const id of new Set(receiverIds)) {
    await addJob(tx, NOTIFICATION_MAIL_TASK, { receiver_id: id } satisfies MailPayload, {
      jobKey: `notification-mail:${id}`,
      jobKeyMode: "preserve_run_at",
      runAt,
      maxAttempts: 5,
    });
  }
}

export function registerNotificationMailJob(app: AppContext): void {
  app.jobs.register<MailPayload>(NOTIFICATION_MAIL_TASK, (p) => mailNotifications(app, p.receiver_id), {
    maxAttempts: 5,
  });
}

const N = schema.notifications;

/** Mail one receiver's unmailed unread notifications. Returns how many went into the mail (0: none sent). */
export async function mailNotifications(app: AppContext, receiverId: string): Promise<number> {
  const cfg = await instanceConfig(app);
  if (!isSmtpConfigured(cfg)) return 0;
  const base = app.config.webUrl ? app.config.webUrl.replace(/\/+$/, "") : null;
  return app.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: schema.users.email, active: schema.users.isActive, bot: schema.users.isBot })
      .from(schema.users)
      .where(eq(schema.users.id, receiverId));
    if (!user || !user.active || user.bot || !user.email) return 0;
    const rows = await tx
      .select({
        id: N.id,
        title: N.title,
        data: N.data,
        sender: N.sender,
        stripped: N.messageStripped,
        actor: sql<string | null>`coalesce(nullif(${schema.users.displayName}, ''), ${schema.users.firstName})`,
        behalf: sql<string | null>`coalesce(nullif(${behalf.displayName}, ''), ${behalf.firstName})`,
        slug: schema.workspaces.slug,
        wsName: schema.workspaces.name,
      })
      .from(N)
      .innerJoin(schema.workspaces, eq(schema.workspaces.id, N.workspaceId))
      .leftJoin(schema.users, eq(schema.users.id, N.triggeredById))
      .leftJoin(behalf, behalfOn)
      .where(
        and(
          eq(N.receiverId, receiverId),
          isNull(N.emailedAt),
          isNull(N.readAt),
          isNull(N.archivedAt),
          gt(N.createdAt, new Date(Date.now() - MAIL_LATE_MS)),
        ),
      )
      .orderBy(asc(N.createdAt))
      .limit(NOTIFICATION_MAIL_MAX)
      .for("update", { of: N, skipLocked: true });
    if (rows.length === 0) return 0;
    await tx
      .update(N)
      .set({ emailedAt: new Date() })
      .where(
        inArray(
          N.id,
          rows.map((r) => r.id),
        ),
      );
    const items: MailItem[] = rows.map((r) => {
      const d = r.data as NotificationData | ProjectUpdateNotificationData;
      const actor = `${r.actor ?? "Someone"}${r.behalf ? ` (on behalf of ${r.behalf})` : ""}`;
      if (isProjectUpdateNotification(d))
        return projectUpdateMailItem(d, {
          actor,
          text: r.stripped ?? "",
          workspaceSlug: r.slug,
          workspaceName: r.wsName,
        });
      return {
        key: `${d.issue.identifier}-${d.issue.sequence_id}`,
        title: d.issue.name ?? r.title,
        // an agent's change names the person it acted for
        actor,
        reason: r.sender.split(":").pop() ?? "",
        field: d.issue_activity.field ?? null,
        verb: d.issue_activity.verb ?? null,
        text: r.stripped ?? "",
        workspaceSlug: r.slug,
        workspaceName: r.wsName,
      };
    });
    await enqueueMail(app, tx, notificationMail(user.email, items, base));
    return rows.length;
  });
}
