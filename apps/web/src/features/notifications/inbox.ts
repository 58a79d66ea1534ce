import { isProjectUpdateNotification, PROJECT_UPDATE_STATUS_INFO } from "@stride/shared";
import type { Notification } from "@stride/shared/contract";
import type { InboxFilters } from "../../api/notifications.ts";

/** The inbox as it opens: the All tab, every type, neither archived nor snoozed rows. */
export const DEFAULT_INBOX: InboxFilters = { tab: "all", types: [], archived: false, snoozed: false, unread: false };

const FIELD_NAME: Record<string, string> = {
  assignees: "assignee",
  labels: "label",
  state: "state",
  priority: "priority",
  name: "title",
  description: "description",
  start_date: "start date",
  target_date: "due date",
  cycles: "cycle",
  modules: "module",
  parent: "parent",
  estimate_point: "estimate",
};

/** Who did it: the sender's name and, for an agent's change (its bot sent it), the person the agent acted for. */
export function notificationActor(n: Notification): { name: string; isBot: boolean; onBehalfOf: string | null } {
  return {
    name: n.triggered_by_details?.display_name ?? "Someone",
    isBot: !!n.triggered_by_details?.is_bot,
    onBehalfOf: n.on_behalf_of_details?.display_name ?? null,
  };
}

/** What happened, after who did it: "assigned you", "commented", "changed the priority to high". */
export function notificationAction(n: Notification): string {
  const d = n.data;
  if (isProjectUpdateNotification(d)) {
    const u = d.project_update;
    return u.kind === "comment"
      ? "commented on your project update"
      : `posted a project update: ${PROJECT_UPDATE_STATUS_INFO[u.status]?.label ?? u.status}`;
  }
  const a = d.issue_activity;
  if (n.is_mentioned_notification) return "mentioned you";
  if (a.verb === "created" && a.field === null) return "created the work item and assigned you";
  if (a.field === "comment") return a.verb === "created" ? "commented" : "updated a comment";
  if (a.field === "assignees")
    return a.new_identifier === n.receiver
      ? "assigned you"
      : a.new_value
        ? `added assignee ${a.new_value}`
        : `removed assignee ${a.old_value ?? ""}`.trim();
  const field = FIELD_NAME[a.field ?? ""] ?? (a.field ?? "the work item").replace(/_/g, " ");
  if (a.field === "description") return "updated the description";
  if (!a.new_value) return `removed the ${field}`;
  return `changed the ${field} to ${a.new_value}`;
}

/** One line of what happened: "Ada Admin assigned you", "Coder on behalf of Ada Admin commented". */
export function describeNotification(n: Notification): string {
  const who = notificationActor(n);
  return `${who.name}${who.onBehalfOf ? ` on behalf of ${who.onBehalfOf}` : ""} ${notificationAction(n)}`;
}

/** What a row is about: the work item (key and title), or the project of a project update. */
export function notificationSubject(n: Notification): { key: string; title: string } {
  const d = n.data;
  if (isProjectUpdateNotification(d))
    return { key: d.project_update.project_identifier, title: `${d.project_update.project_name} update` };
  return { key: `${d.issue.identifier}-${d.issue.sequence_id}`, title: d.issue.name };
}
