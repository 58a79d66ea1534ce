import { z } from "zod";
import { fieldError } from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";
import type { UserLite } from "./users.ts";
import type { ProjectUpdateStatus } from "../time-tracking.ts";

// ---------------------------------------------------------------- request bodies and queries

const DATETIME_MSG =
  "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";
/** An ISO date-time or null (DRF's DateTimeField message on anything else). */
const dateTimeOrNull = () =>
  z.union(
    [
      z.null(),
      z
        .string()
        .refine(
          (s) =>
            /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) &&
            !Number.isNaN(Date.parse(s)),
          DATETIME_MSG,
        ),
    ],
    { error: fieldError(DATETIME_MSG) },
  );

/** PATCH W/users/notifications/{id}/: the fields a person may change on their own notification (snooze). */
export const updateNotificationBody = z.object({
  snoozed_till: dateTimeOrNull().optional(),
});
export type UpdateNotificationBody = z.infer<typeof updateNotificationBody>;
/** POST W/users/notifications/mark-all-read/: the inbox's filters (booleans or strings, as Plane's client sends them). */
export type MarkAllReadBody = Partial<
  Record<"type" | "snoozed" | "archived" | "read" | "mentioned", string | boolean | null>
>;

export { NOTIFICATION_TYPES, type NotificationType } from "../notifications.ts";

// ---------------------------------------------------------------- responses

/** `data` of a notification: the work item and the activity as they were when it was sent. */
export interface NotificationData {
  issue: {
    id: string;
    name: string;
    identifier: string;
    sequence_id: number;
    state_name: string | null;
    state_group: string | null;
  };
  issue_activity: {
    id: string;
    verb: string;
    field: string | null;
    actor: string | null;
    new_value: string | null;
    old_value: string | null;
    issue_comment?: string | null;
    old_identifier: string | null;
    new_identifier: string | null;
    /** An agent's change (the actor is its bot): the person who started the run (Stride's; absent otherwise). */
    on_behalf_of?: string | null;
  };
}

/**
 * `data` of a notification about a project update (issue #29 point 4; `entity_name` "project_update", no work item):
 * a new update told to the project's members, or a comment on an update told to its author. `key` is the update's
 * or the comment's id (one notification per receiver and key).
 */
export interface ProjectUpdateNotificationData {
  project_update: {
    id: string;
    key: string;
    kind: "update" | "comment";
    status: ProjectUpdateStatus;
    project_id: string;
    project_name: string;
    project_identifier: string;
    comment_id: string | null;
  };
}

/** `sender`: `in_app:issue_activities:<why the receiver got it>`. */
export type NotificationReason = "created" | "assigned" | "subscribed" | "mentioned";

export interface Notification extends AuditFields {
  id: string;
  workspace: string;
  project: string | null;
  data: NotificationData | ProjectUpdateNotificationData;
  entity_identifier: string | null;
  entity_name: string;
  title: string;
  message: unknown;
  message_html: string;
  message_stripped: string | null;
  sender: string;
  triggered_by: string | null;
  receiver: string;
  read_at: Timestamp | null;
  snoozed_till: Timestamp | null;
  archived_at: Timestamp | null;
  triggered_by_details: UserLite | null;
  /** An agent's change: user-lite of the person the agent acted for (Stride's; docs/decisions.md). */
  on_behalf_of_details: UserLite | null;
  is_inbox_issue: boolean;
  is_intake_issue: boolean;
  is_mentioned_notification: boolean;
}

/** GET W/users/notifications/unread/. */
export interface NotificationUnreadCounts {
  total_unread_notifications_count: number;
  mention_unread_notifications_count: number;
}
