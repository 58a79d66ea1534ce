import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { NotificationUnreadCounts } from "@stride/shared/contract";
import { NOTIFICATION_TYPES } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { InboxFilter } from "./schemas.ts";

const N = schema.notifications;
type NotificationRow = typeof N.$inferSelect;
type UserRow = typeof schema.users.$inferSelect;

const truthy = (v: unknown) => v === true || v === "true" || v === "True" || v === "1";
const falsy = (v: unknown) => v === false || v === "false" || v === "False" || v === "0";

/** Not snoozed now: never snoozed, or the snooze has run out. */
const awake = (now: Date) => or(isNull(N.snoozedTill), lte(N.snoozedTill, now))!;

/**
 * The WHERE of an inbox query (wire-facts §9): the receiver's own rows in the workspace; `snoozed`, `archived`,
 * `read` true/false (absent or empty: either); mention notifications only when `mentioned` is set, the others only
 * when it is not; `type` a comma list of assigned / created / subscribed — the items the receiver is assigned to,
 * created, or follows.
 */
export function inboxWhere(workspaceId: string, userId: string, f: InboxFilter, now = new Date()): SQL {
  const w: SQL[] = [eq(N.workspaceId, workspaceId), eq(N.receiverId, userId)];
  if (truthy(f.snoozed)) w.push(gt(N.snoozedTill, now));
  else if (falsy(f.snoozed)) w.push(awake(now));
  if (truthy(f.archived)) w.push(isNotNull(N.archivedAt));
  else if (falsy(f.archived)) w.push(isNull(N.archivedAt));
  if (truthy(f.read)) w.push(isNotNull(N.readAt));
  else if (falsy(f.read)) w.push(isNull(N.readAt));
  w.push(eq(N.isMentionedNotification, truthy(f.mentioned)));
  const types = String(f.type ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter((t): t is (typeof NOTIFICATION_TYPES)[number] => (NOTIFICATION_TYPES as readonly string[]).includes(t));
  if (types.length) {
    const any: SQL[] = [];
    if (types.includes("assigned"))
      any.push(
        inArray(
          N.issueId,
          sql`(SELECT ${schema.issueAssignees.issueId} FROM ${schema.issueAssignees} WHERE ${schema.issueAssignees.assigneeId} = ${userId})`,
        ),
      );
    if (types.includes("created"))
      any.push(
        inArray(
          N.issueId,
          sql`(SELECT ${schema.issues.id} FROM ${schema.issues} WHERE ${schema.issues.createdById} = ${userId} AND ${schema.issues.workspaceId} = ${workspaceId})`,
        ),
      );
    if (types.includes("subscribed"))
      any.push(
        inArray(
          N.issueId,
          sql`(SELECT ${schema.issueSubscribers.issueId} FROM ${schema.issueSubscribers} WHERE ${schema.issueSubscribers.subscriberId} = ${userId})`,
        ),
      );
    w.push(or(...any)!);
  }
  return and(...w)!;
}

/** A notification with its sender and, for an agent's change, the person the agent acted for. */
export interface InboxRow {
  n: NotificationRow;
  by: UserRow | null;
  behalf: UserRow | null;
}

/** The person an agent's notification was made for (`data.issue_activity.on_behalf_of`), joined as `behalfUser`. */
export const behalfUser = alias(schema.users, "behalf");
export const behalfOn = sql`${behalfUser.id} = (${N.data} -> 'issue_activity' ->> 'on_behalf_of')::uuid`;

/** Notifications with their sender and on-behalf-of person. */
const inboxRows = (db: DbOrTx) =>
  db
    .select({ n: N, by: schema.users, behalf: behalfUser })
    .from(N)
    .leftJoin(schema.users, eq(schema.users.id, N.triggeredById))
    .leftJoin(behalfUser, behalfOn);

/** One page of the inbox, newest first, with the total for the envelope. */
export async function listInbox(
  db: DbOrTx,
  where: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: InboxRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    inboxRows(db).where(where).orderBy(desc(N.createdAt), desc(N.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(N).where(where),
  ]);
  return { rows, total };
}

/** The caller's own notification in the workspace, or 404 (another person's rows do not exist for them). */
export async function loadOwnNotification(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  id: string,
): Promise<InboxRow> {
  const [row] = await inboxRows(db)
    .where(and(eq(N.id, id), eq(N.workspaceId, workspaceId), eq(N.receiverId, userId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** Change one notification (read, archive, snooze) and return it with its sender. */
export async function setNotification(
  db: DbOrTx,
  row: InboxRow,
  set: Partial<Pick<NotificationRow, "readAt" | "archivedAt" | "snoozedTill">>,
  userId: string,
): Promise<InboxRow> {
  const [n] = await db
    .update(N)
    .set({ ...set, updatedAt: new Date(), updatedById: userId })
    .where(eq(N.id, row.n.id))
    .returning();
  return { ...row, n };
}

/** Unread counts of the two tabs: unread, not archived, not snoozed; All counts the non-mention rows. */
export async function unreadCounts(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  now = new Date(),
): Promise<NotificationUnreadCounts> {
  const [r] = await db
    .select({
      total: sql<number>`count(*) FILTER (WHERE NOT ${N.isMentionedNotification})::int`,
      mention: sql<number>`count(*) FILTER (WHERE ${N.isMentionedNotification})::int`,
    })
    .from(N)
    .where(
      and(eq(N.workspaceId, workspaceId), eq(N.receiverId, userId), isNull(N.readAt), isNull(N.archivedAt), awake(now)),
    );
  return { total_unread_notifications_count: r?.total ?? 0, mention_unread_notifications_count: r?.mention ?? 0 };
}

/** Mark every unread notification matching the tab's filters read. */
export async function markAllRead(db: DbOrTx, workspaceId: string, userId: string, f: InboxFilter): Promise<number> {
  const now = new Date();
  const done = await db
    .update(N)
    .set({ readAt: now, updatedAt: now, updatedById: userId })
    .where(and(inboxWhere(workspaceId, userId, { ...f, read: "false" }, now)))
    .returning({ id: N.id });
  return done.length;
}
