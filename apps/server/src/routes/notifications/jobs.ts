import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { canSeeWorkItem } from "@stride/shared";
import type { NotificationData } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { activityJobPlanners, type ActivityJobPlanner, type ActivityRow } from "../../domain/activity.ts";
import { escapeHtml } from "../../core/mail.ts";
import { extractMentionIds, stripHtml } from "../../domain/text.ts";
import { registerNotificationMailJob, scheduleNotificationMail } from "./mail.ts";
import { DEFAULT_PREFS, newMentions, preferenceOf, recipientsOf, type NotificationPrefs } from "./rules.ts";

/** The job that turns recorded work-item activity into notifications, after the change commits. */
export const NOTIFY_TASK = "notifications:activity";
interface NotifyPayload {
  activity_ids: string[];
}

/**
 * The activity job planner (core/activity.ts): one job per write, enqueued with the write's activity rows in the
 * writing transaction, so notifications exist exactly for committed changes and are never built in the request.
 */
const planNotifications: ActivityJobPlanner = (rows) => {
  const ids = rows
    .filter((r) => r.issueId && preferenceOf({ verb: r.verb, field: r.field, actorId: r.actorId }) !== null)
    .map((r) => r.id);
  return ids.length
    ? [{ task: NOTIFY_TASK, payload: { activity_ids: ids } satisfies NotifyPayload, maxAttempts: 5 }]
    : [];
};

export function registerNotificationJobs(app: AppContext): void {
  if (!activityJobPlanners.includes(planNotifications)) activityJobPlanners.push(planNotifications);
  app.jobs.register<NotifyPayload>(
    NOTIFY_TASK,
    (p) => app.db.transaction((tx) => notifyActivities(tx, p.activity_ids ?? [], app.config.notificationMailDelayMs)),
    { maxAttempts: 5 },
  );
  registerNotificationMailJob(app);
}

const N = schema.notifications;

/** Create the notifications of these activity rows (idempotent: one per activity and receiver). Returns how many. */
export async function notifyActivities(
  db: DbOrTx,
  activityIds: readonly string[],
  mailDelayMs?: number,
): Promise<number> {
  if (activityIds.length === 0) return 0;
  const acts = await db
    .select()
    .from(schema.issueActivities)
    .where(inArray(schema.issueActivities.id, [...activityIds]));
  const byIssue = new Map<string, ActivityRow[]>();
  for (const a of acts) if (a.issueId) byIssue.set(a.issueId, [...(byIssue.get(a.issueId) ?? []), a]);
  let made = 0;
  for (const [issueId, rows] of byIssue) {
    // a new item's other rows (cycle, module, parent) are part of its creation
    const creation = rows.find((r) => r.verb === "created" && r.field === null);
    made += await notifyIssue(db, issueId, creation ? [creation] : rows, mailDelayMs);
  }
  return made;
}

/** The work item with what a notification names: its project's identifier and guest rule, its state. */
async function notifiedItem(db: DbOrTx, issueId: string) {
  const [item] = await db
    .select({
      issue: schema.issues,
      ident: schema.projects.identifier,
      guestAll: schema.projects.guestViewAllFeatures,
      stateName: schema.states.name,
      stateGroup: schema.states.group,
    })
    .from(schema.issues)
    .innerJoin(schema.projects, eq(schema.projects.id, schema.issues.projectId))
    .leftJoin(schema.states, eq(schema.states.id, schema.issues.stateId))
    .where(eq(schema.issues.id, issueId))
    .limit(1);
  return item;
}

type NotifiedItem = NonNullable<Awaited<ReturnType<typeof notifiedItem>>>;

/** Who may be told of the item: its assignees and subscribers, who of the project can see it, and their preferences. */
async function audienceOf(db: DbOrTx, item: NotifiedItem) {
  const issue = item.issue;
  const [assignees, subscribers, members] = await Promise.all([
    db
      .select({ id: schema.issueAssignees.assigneeId, at: schema.issueAssignees.createdAt })
      .from(schema.issueAssignees)
      .where(eq(schema.issueAssignees.issueId, issue.id)),
    db
      .select({ id: schema.issueSubscribers.subscriberId })
      .from(schema.issueSubscribers)
      .where(eq(schema.issueSubscribers.issueId, issue.id)),
    // people only: an agent's bot is never told anything
    db
      .select({ id: schema.projectMembers.memberId, role: schema.projectMembers.role })
      .from(schema.projectMembers)
      .innerJoin(schema.users, eq(schema.users.id, schema.projectMembers.memberId))
      .where(
        and(
          eq(schema.projectMembers.projectId, issue.projectId),
          eq(schema.projectMembers.isActive, true),
          eq(schema.users.isBot, false),
        ),
      ),
  ]);
  const roles = new Map(members.map((m) => [m.id, m.role]));
  const canSee = (u: string) =>
    roles.has(u) &&
    canSeeWorkItem({
      userId: u,
      projectRole: roles.get(u),
      guestViewAllFeatures: item.guestAll,
      creatorId: issue.createdById,
    });
  const prefRows = members.length
    ? await db
        .select()
        .from(schema.userNotificationPreferences)
        .where(
          inArray(
            schema.userNotificationPreferences.userId,
            members.map((m) => m.id),
          ),
        )
    : [];
  const prefs = new Map<string, NotificationPrefs>(prefRows.map((p) => [p.userId, p]));
  const prefsOf = (u: string) => prefs.get(u) ?? DEFAULT_PREFS;
  return { assignees, subscribers, canSee, prefsOf };
}

/** The `data` of an activity's notification: the item and the activity. */
function notificationData(item: NotifiedItem, a: ActivityRow): NotificationData {
  const issue = item.issue;
  return {
    issue: {
      id: issue.id,
      name: issue.name,
      identifier: item.ident,
      sequence_id: issue.sequenceId,
      state_name: item.stateName,
      state_group: item.stateGroup,
    },
    issue_activity: {
      id: a.id,
      verb: a.verb,
      field: a.field,
      actor: a.actorId,
      new_value: a.newValue,
      old_value: a.oldValue,
      issue_comment: a.issueCommentId,
      old_identifier: a.oldIdentifier,
      new_identifier: a.newIdentifier,
      ...(a.onBehalfOfId ? { on_behalf_of: a.onBehalfOfId } : {}),
    },
  };
}

/**
 * One row per activity and receiver. A continued description entry (core/activity.ts: one entry per editing
 * session) is the same activity again: a follower told of its first save who is mentioned by a later one gets
 * that row turned into the mention (unread, newest), so the mention is not lost to the follower's notification.
 */
async function insertNotifications(db: DbOrTx, values: (typeof N.$inferInsert)[]) {
  const now = new Date();
  return db
    .insert(N)
    .values(values)
    .onConflictDoUpdate({
      target: [N.issueActivityId, N.receiverId],
      set: {
        sender: sql`excluded.sender`,
        isMentionedNotification: true,
        data: sql`excluded.data`,
        messageHtml: sql`excluded.message_html`,
        messageStripped: sql`excluded.message_stripped`,
        readAt: null,
        archivedAt: null,
        snoozedTill: null,
        emailedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      setWhere: sql`excluded.is_mentioned_notification AND NOT ${N.isMentionedNotification}`,
    })
    .returning({ id: N.id, receiverId: N.receiverId });
}

async function notifyIssue(db: DbOrTx, issueId: string, acts: ActivityRow[], mailDelayMs?: number): Promise<number> {
  const item = await notifiedItem(db, issueId);
  if (!item || item.issue.deletedAt || item.issue.isDraft) return 0;
  const issue = item.issue;
  const { assignees, subscribers, canSee, prefsOf } = await audienceOf(db, item);

  const values: (typeof N.$inferInsert)[] = [];
  // a new item is news to the people assigned in its creation (written in its transaction), not to later assignees
  const assignedAtCreation = assignees.filter((r) => r.at.getTime() <= issue.createdAt.getTime()).map((r) => r.id);
  const createdWith = acts.some((a) => a.verb === "created" && a.field === null)
    ? await descriptionAtCreation(db, issue)
    : null;
  for (const a of acts) {
    const creation = a.verb === "created" && a.field === null;
    const mentioned = creation
      ? extractMentionIds(createdWith)
      : a.field === "description" || (a.field === "comment" && a.verb !== "deleted")
        ? newMentions(extractMentionIds(a.oldValue), extractMentionIds(a.newValue))
        : [];
    const recipients = recipientsOf(
      {
        verb: a.verb,
        field: a.field,
        actorId: a.actorId,
        onBehalfOfId: a.onBehalfOfId,
        newStateGroup: a.field === "state" ? item.stateGroup : null,
      },
      {
        creatorId: issue.createdById,
        assigneeIds: creation ? assignedAtCreation : assignees.map((r) => r.id),
        subscriberIds: subscribers.map((r) => r.id),
        mentionedIds: mentioned,
      },
      canSee,
      prefsOf,
    );
    const data = notificationData(item, a);
    const rich = a.field === "comment" || a.field === "description";
    for (const r of recipients) {
      values.push({
        workspaceId: issue.workspaceId,
        projectId: issue.projectId,
        issueId: issue.id,
        issueActivityId: a.id,
        entityName: "issue",
        receiverId: r.receiverId,
        triggeredById: a.actorId,
        sender: `in_app:issue_activities:${r.reason}`,
        title: issue.name,
        data,
        messageHtml: rich && a.newValue ? a.newValue : `<p>${escapeHtml(a.comment)}</p>`,
        messageStripped: rich && a.newValue ? stripHtml(a.newValue) : a.comment,
        isMentionedNotification: r.reason === "mentioned",
        createdById: a.actorId,
        updatedById: a.actorId,
      });
    }
  }
  if (values.length === 0) return 0;
  const inserted = await insertNotifications(db, values);
  // mail (batched per receiver; sent only when SMTP is configured)
  if (mailDelayMs !== undefined && inserted.length)
    await scheduleNotificationMail(
      db,
      inserted.map((r) => r.receiverId),
      mailDelayMs,
    );
  return inserted.length;
}

/**
 * The description a work item was created with: the text its first description change started from, else its text
 * now. A creation's job may run after later edits; their mentions are those edits' news, not the creation's.
 */
async function descriptionAtCreation(
  db: DbOrTx,
  issue: { id: string; descriptionHtml: string | null },
): Promise<string | null> {
  const A = schema.issueActivities;
  const [first] = await db
    .select({ old: A.oldValue })
    .from(A)
    .where(and(eq(A.issueId, issue.id), eq(A.field, "description")))
    .orderBy(asc(A.createdAt))
    .limit(1);
  return first ? first.old : issue.descriptionHtml;
}
