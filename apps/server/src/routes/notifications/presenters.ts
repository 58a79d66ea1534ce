import type { Notification, NotificationData } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { auditFields, iso, userLiteOrNull } from "../../http/present.ts";

type NotificationRow = typeof schema.notifications.$inferSelect;
type UserRow = typeof schema.users.$inferSelect;

/** A notification (wire-facts §9) with its sender's user-lite (and, for an agent's change, the person it acted for). */
export function presentNotification(
  n: NotificationRow,
  triggeredBy: UserRow | null,
  onBehalfOf: UserRow | null = null,
): Notification {
  return {
    id: n.id,
    workspace: n.workspaceId,
    project: n.projectId,
    data: n.data as NotificationData,
    entity_identifier: n.issueId,
    entity_name: n.entityName,
    title: n.title,
    message: n.message ?? null,
    message_html: n.messageHtml,
    message_stripped: n.messageStripped,
    sender: n.sender,
    triggered_by: n.triggeredById,
    receiver: n.receiverId,
    read_at: iso(n.readAt),
    snoozed_till: iso(n.snoozedTill),
    archived_at: iso(n.archivedAt),
    triggered_by_details: userLiteOrNull(triggeredBy),
    on_behalf_of_details: userLiteOrNull(onBehalfOf),
    is_inbox_issue: n.isInboxIssue,
    is_intake_issue: n.isInboxIssue,
    is_mentioned_notification: n.isMentionedNotification,
    ...auditFields(n),
  };
}
