import type { NotificationReason } from "@stride/shared/contract";

/**
 * Who is told about one work-item activity, and why (platform.md §4 Notification, issue #9 point 8): the item's
 * subscribers, assignees and the people the change newly mentions — never the actor (nor the person an agent's bot
 * acted for: they started the run and follow it in its execution), never anyone who cannot see
 * the item (a guest of a project without guest_view_all_features sees only the items they created), and only
 * when the receiver's notification preferences take that kind of change. Pure: the job gathers the facts.
 */
export interface NotificationPrefs {
  propertyChange: boolean;
  stateChange: boolean;
  comment: boolean;
  mention: boolean;
  issueCompleted: boolean;
}

export interface ActivityFacts {
  verb: string;
  field: string | null;
  actorId: string | null;
  /** An agent's change: the person who started the run (told no more than the actor is). */
  onBehalfOfId?: string | null;
  /** The state group the item moved to, for a `state` change (completed is its own preference). */
  newStateGroup?: string | null;
}

export interface ItemFacts {
  creatorId: string | null;
  assigneeIds: readonly string[];
  subscriberIds: readonly string[];
  /** People this activity newly mentions (in the description or a comment). */
  mentionedIds: readonly string[];
}

export interface Recipient {
  receiverId: string;
  reason: NotificationReason;
}

/**
 * Activity fields that are nobody's news (reactions, votes, ordering, drafts, the parent's side of a move, time
 * logged on the item).
 */
export const SILENT_FIELDS: ReadonlySet<string> = new Set([
  "reaction",
  "comment_reaction",
  "vote",
  "sort_order",
  "draft",
  "sub_issue",
  "issue",
  "worklog",
]);

/** The preference that governs an activity (null: the activity is never sent). */
export function preferenceOf(a: ActivityFacts): keyof NotificationPrefs | null {
  if (a.field && SILENT_FIELDS.has(a.field)) return null;
  // a snoozed request coming back at its date (routes/intake/wake.ts) is the intake's news, not its followers'
  if (a.field === "intake" && a.actorId === null) return null;
  if (a.field === "comment") return a.verb === "deleted" ? null : "comment";
  if (a.field === "state") return a.newStateGroup === "completed" ? "issueCompleted" : "stateChange";
  return "propertyChange";
}

/** Why a person gets an (unmentioned) notification: assigned beats created beats subscribed. */
export function reasonOf(userId: string, item: ItemFacts): NotificationReason {
  if (item.assigneeIds.includes(userId)) return "assigned";
  if (item.creatorId === userId) return "created";
  return "subscribed";
}

export const DEFAULT_PREFS: NotificationPrefs = {
  propertyChange: true,
  stateChange: true,
  comment: true,
  mention: true,
  issueCompleted: true,
};

export function recipientsOf(
  a: ActivityFacts,
  item: ItemFacts,
  canSee: (userId: string) => boolean,
  prefsOf: (userId: string) => NotificationPrefs = () => DEFAULT_PREFS,
): Recipient[] {
  const pref = preferenceOf(a);
  if (pref === null) return [];
  const out = new Map<string, Recipient>();
  const allowed = (u: string) => u !== a.actorId && u !== a.onBehalfOfId && canSee(u);
  for (const u of item.mentionedIds) {
    if (allowed(u) && prefsOf(u).mention) out.set(u, { receiverId: u, reason: "mentioned" });
  }
  // a new item is news to its assignees only; any later change to everyone who follows it
  const created = a.verb === "created" && a.field === null;
  const followers = created ? item.assigneeIds : [...item.subscriberIds, ...item.assigneeIds];
  for (const u of followers) {
    if (out.has(u) || !allowed(u) || !prefsOf(u)[pref]) continue;
    out.set(u, { receiverId: u, reason: reasonOf(u, item) });
  }
  return [...out.values()];
}

/** Mention ids in `next` that `previous` did not have (an edit that keeps a mention mentions nobody anew). */
export function newMentions(previous: readonly string[], next: readonly string[]): string[] {
  const had = new Set(previous);
  return [...new Set(next)].filter((id) => !had.has(id));
}
