/**
 * Inbox rules shared by the web (platform.md §4 Notification, §9): snooze options and the custom time slots,
 * and unread counts that never drop below zero.
 */
export const NOTIFICATIONS_PAGE_SIZE = 300;
export const NOTIFICATIONS_FIRST_CURSOR = `${NOTIFICATIONS_PAGE_SIZE}:0:0`;

/** The inbox's type filters (GET W/users/notifications/?type=…): items the reader is assigned to, created, follows. */
export const NOTIFICATION_TYPES = ["assigned", "created", "subscribed"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TABS = ["all", "mentions"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const SNOOZE_OPTIONS = [
  { key: "1d", label: "1 day", days: 1 },
  { key: "3d", label: "3 days", days: 3 },
  { key: "5d", label: "5 days", days: 5 },
  { key: "1w", label: "1 week", days: 7 },
  { key: "2w", label: "2 weeks", days: 14 },
] as const;

/** When a preset snooze ends: that many days from now. */
export function snoozeUntil(days: number, now = new Date()): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/** The custom snooze's time slots: every 30 minutes from 12:00 to 11:30 (with AM / PM chosen beside them). */
export const SNOOZE_TIME_SLOTS: readonly string[] = Array.from(
  { length: 24 },
  (_, i) => `${Math.floor(i / 2) === 0 ? 12 : Math.floor(i / 2)}:${i % 2 ? "30" : "00"}`,
);

/** A custom snooze's end in local time: a `yyyy-MM-dd` day, a slot of SNOOZE_TIME_SLOTS and AM / PM; null if invalid. */
export function customSnooze(day: string, slot: string, period: "AM" | "PM"): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{1,2}):(\d{2})$/.exec(slot);
  if (!d || !t || !SNOOZE_TIME_SLOTS.includes(slot)) return null;
  const hour12 = Number(t[1]) % 12;
  const out = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hour12 + (period === "PM" ? 12 : 0), Number(t[2]));
  return Number.isNaN(out.getTime()) ? null : out;
}

/** An unread count after `delta` (read: -1, unread: +1), never below zero. */
export function nextUnread(count: number, delta: number): number {
  return Math.max(0, count + delta);
}
