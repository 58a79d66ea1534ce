import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

const INBOX = `${WORKSPACE_API}/users/notifications/` as const;
const ONE = `${INBOX}:notificationId/` as const;

/**
 * The inbox (wire-facts §9): the list (an array, or the envelope when `per_page` and `cursor` are sent), the unread
 * counts, mark all read, and one notification's read / archive / snooze.
 */
export const notificationEndpoints = {
  list: endpoint("GET", INBOX).answers<C.Notification[] | C.Paginated<C.Notification>>(),
  unread: endpoint("GET", `${INBOX}unread/`).answers<C.NotificationUnreadCounts>(),
  markAllRead: endpoint("POST", `${INBOX}mark-all-read/`).sends<C.MarkAllReadBody>().answers<{ message: string }>(),
  get: endpoint("GET", ONE).answers<C.Notification>(),
  update: endpoint("PATCH", ONE).sends<In<typeof C.updateNotificationBody>>().answers<C.Notification>(),
  remove: endpoint("DELETE", ONE).answers<void>(),
  read: endpoint("POST", `${ONE}read/`).answers<C.Notification>(),
  markUnread: endpoint("DELETE", `${ONE}read/`).answers<C.Notification>(),
  archive: endpoint("POST", `${ONE}archive/`).answers<C.Notification>(),
  unarchive: endpoint("DELETE", `${ONE}archive/`).answers<C.Notification>(),
};
