/**
 * The inbox (wire-facts §9, platform.md §4/§7): a person's notifications in a workspace, with the All and
 * Mentions tabs, filters, and the unread counts the sidebar shows. Read / unread, archive and snooze change the
 * cached rows and counts at once (never below zero) and roll back when the server refuses; the realtime
 * channel's `notifications` events (api/live-map.ts) refetch both.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATIONS_FIRST_CURSOR, NOTIFICATIONS_PAGE_SIZE, nextUnread, type NotificationTab } from "@stride/shared";
import type { Notification, NotificationType, NotificationUnreadCounts, Paginated } from "@stride/shared/contract";
import { notificationEndpoints as N } from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type { Notification, NotificationType, NotificationUnreadCounts };

/** What the inbox shows: a tab, the type filters, and whether it shows archived, snoozed or only unread rows. */
export interface InboxFilters {
  tab: NotificationTab;
  types: NotificationType[];
  archived: boolean;
  snoozed: boolean;
  unread: boolean;
}

export const notificationKeys = {
  all: (slug: string) => ["notifications", slug] as const,
  list: (slug: string, f: InboxFilters) => ["notifications", slug, "list", f] as const,
  unread: (slug: string) => ["notifications", slug, "unread"] as const,
};

/** The query string of a filter set (also the body of mark-all-read). */
export function inboxParams(f: InboxFilters): Record<string, string> {
  const p: Record<string, string> = { snoozed: String(f.snoozed), archived: String(f.archived) };
  if (f.types.length) p.type = f.types.join(",");
  if (f.unread) p.read = "false";
  if (f.tab === "mentions") p.mentioned = "true";
  return p;
}

export const inboxQuery = (slug: string, f: InboxFilters) =>
  queryOptions({
    queryKey: notificationKeys.list(slug, f),
    queryFn: () =>
      // with `per_page` and `cursor` the answer is the envelope (TypeScript cannot see the query)
      (
        call(N.list, { slug }, undefined, {
          query: { ...inboxParams(f), per_page: String(NOTIFICATIONS_PAGE_SIZE), cursor: NOTIFICATIONS_FIRST_CURSOR },
        }) as Promise<Paginated<Notification>>
      ).then((r) => r.results),
  });

export const unreadQuery = (slug: string) =>
  queryOptions({
    queryKey: notificationKeys.unread(slug),
    queryFn: () => call(N.unread, { slug }),
  });

export const useInbox = (slug: string, f: InboxFilters) => useQuery(inboxQuery(slug, f));
export const useUnreadCounts = (slug: string) => useQuery(unreadQuery(slug));

type Qc = ReturnType<typeof useQueryClient>;

/** Change one row in every cached inbox list and move the unread counts; returns the undo. */
function patchCached(
  qc: Qc,
  slug: string,
  id: string,
  patch: Partial<Notification>,
  unreadDelta: number,
  mention: boolean,
) {
  const snaps = qc.getQueriesData<Notification[]>({ queryKey: notificationKeys.all(slug) });
  qc.setQueriesData<Notification[]>({ queryKey: [...notificationKeys.all(slug), "list"] }, (old) =>
    old?.map((n) => (n.id === id ? { ...n, ...patch } : n)),
  );
  if (unreadDelta)
    qc.setQueryData<NotificationUnreadCounts>(
      notificationKeys.unread(slug),
      (c) =>
        c &&
        (mention
          ? { ...c, mention_unread_notifications_count: nextUnread(c.mention_unread_notifications_count, unreadDelta) }
          : { ...c, total_unread_notifications_count: nextUnread(c.total_unread_notifications_count, unreadDelta) }),
    );
  return () => {
    for (const [k, v] of snaps) qc.setQueryData(k, v);
  };
}

export type InboxAction =
  | { kind: "read" | "unread" | "archive" | "unarchive"; n: Notification }
  | { kind: "snooze"; n: Notification; till: string | null };

/** The endpoint of each action but the snooze (a PATCH of the notification). */
const ACTION_ENDPOINT = { read: N.read, unread: N.markUnread, archive: N.archive, unarchive: N.unarchive };

/** Read / unread / archive / unarchive / snooze one notification, optimistically. */
export function useInboxAction(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not update the notification" },
    mutationFn: (a: InboxAction) => {
      const at = { slug, notificationId: a.n.id };
      return a.kind === "snooze" ? call(N.update, at, { snoozed_till: a.till }) : call(ACTION_ENDPOINT[a.kind], at);
    },
    onMutate: async (a) => {
      await qc.cancelQueries({ queryKey: notificationKeys.all(slug) });
      const now = new Date().toISOString();
      const unread = !a.n.read_at && !a.n.archived_at;
      const patch: Partial<Notification> =
        a.kind === "read"
          ? { read_at: now }
          : a.kind === "unread"
            ? { read_at: null }
            : a.kind === "archive"
              ? { archived_at: now }
              : a.kind === "unarchive"
                ? { archived_at: null }
                : { snoozed_till: a.kind === "snooze" ? a.till : null };
      const delta =
        a.kind === "read"
          ? unread
            ? -1
            : 0
          : a.kind === "unread"
            ? a.n.read_at
              ? 1
              : 0
            : a.kind === "archive" && unread
              ? -1
              : 0;
      return { undo: patchCached(qc, slug, a.n.id, patch, delta, a.n.is_mentioned_notification) };
    },
    onError: (_e, _a, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all(slug) }),
  });
}

/** Mark every unread notification of the active tab and filters read: its count goes to zero at once. */
export function useMarkAllRead(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not mark all as read" },
    mutationFn: (f: InboxFilters) => call(N.markAllRead, { slug }, inboxParams({ ...f, unread: false })),
    onMutate: async (f) => {
      await qc.cancelQueries({ queryKey: notificationKeys.all(slug) });
      const snaps = qc.getQueriesData({ queryKey: notificationKeys.all(slug) });
      const now = new Date().toISOString();
      qc.setQueryData<Notification[]>(notificationKeys.list(slug, f), (old) =>
        old?.map((n) => (n.read_at ? n : { ...n, read_at: now })),
      );
      qc.setQueryData<NotificationUnreadCounts>(
        notificationKeys.unread(slug),
        (c) =>
          c &&
          (f.tab === "mentions"
            ? { ...c, mention_unread_notifications_count: 0 }
            : { ...c, total_unread_notifications_count: 0 }),
      );
      return {
        undo: () => {
          for (const [k, v] of snaps) qc.setQueryData(k, v);
        },
      };
    },
    onError: (_e, _f, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all(slug) }),
  });
}
