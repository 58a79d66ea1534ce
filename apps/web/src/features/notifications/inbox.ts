import type { Notification } from "@stride/shared/contract";
import type { InboxFilters } from "../../api/notifications.ts";

/** The inbox as it opens: the All tab, every type, neither archived nor snoozed rows. */
export const DEFAULT_INBOX: InboxFilters = { tab: "all", types: [], archived: false, snoozed: false, unread: false };

const FIELD_NAME: Record<string, string> = {
  assignees: "assignee", labels: "label", state: "state", priority: "priority", name: "title", description: "description",
  start_date: "start date", target_date: "due date", cycles: "cycle", modules: "module", parent: "parent", estimate_point: "estimate",
};

/** One line of what happened, for the inbox row: "Ada Admin assigned you", "… commented", "… changed the priority to high". */
export function describeNotification(n: Notification): string {
  const who = n.triggered_by_details?.display_name ?? "Someone";
  const a = n.data.issue_activity;
  if (n.is_mentioned_notification) return `${who} mentioned you`;
  if (a.verb === "created" && a.field === null) return `${who} created the work item and assigned you`;
  if (a.field === "comment") return a.verb === "created" ? `${who} commented` : `${who} updated a comment`;
  if (a.field === "assignees") return a.new_identifier === n.receiver ? `${who} assigned you` : a.new_value ? `${who} added assignee ${a.new_value}` : `${who} removed assignee ${a.old_value ?? ""}`.trim();
  const field = FIELD_NAME[a.field ?? ""] ?? (a.field ?? "the work item").replace(/_/g, " ");
  if (a.field === "description") return `${who} updated the description`;
  if (!a.new_value) return `${who} removed the ${field}`;
  return `${who} changed the ${field} to ${a.new_value}`;
}
