/**
 * Intake (work-tracking.md §3, §4, §9; wire-facts §8): the status numbers, which tab an item shows in, and
 * the rules of a status change. Pure code, used by the server's PATCH and by the intake screen.
 */
export const INTAKE_STATUS = { pending: -2, declined: -1, snoozed: 0, accepted: 1, duplicate: 2 } as const;
export type IntakeStatusName = keyof typeof INTAKE_STATUS;
export type IntakeStatus = (typeof INTAKE_STATUS)[IntakeStatusName];
export const INTAKE_STATUSES: readonly IntakeStatus[] = [-2, -1, 0, 1, 2];

export const INTAKE_STATUS_LABEL: Record<IntakeStatus, string> = {
  [-2]: "Pending",
  [-1]: "Declined",
  0: "Snoozed",
  1: "Accepted",
  2: "Duplicate",
};

/** Where an item came from: the app, or the public intake form. */
export const INTAKE_SOURCE = { inApp: "IN_APP", form: "FORMS" } as const;

/** §9: page size 10, first cursor `10:0:0`. */
export const INTAKE_PAGE_SIZE = 10;
export const INTAKE_FIRST_CURSOR = `${INTAKE_PAGE_SIZE}:0:0`;

/**
 * The intake's tabs: Open and Closed (§2) and Snoozed, where a snoozed request waits until its date (issue #27;
 * docs/decisions.md) instead of being in neither.
 */
export type IntakeTab = "open" | "snoozed" | "closed";
export const INTAKE_TABS: readonly IntakeTab[] = ["open", "snoozed", "closed"];
/**
 * The status filter each tab sends: Open asks for pending (snoozed items whose date passed count as pending),
 * Snoozed for snoozed (the server answers those whose date is still ahead).
 */
export const INTAKE_TAB_STATUSES: Record<IntakeTab, readonly IntakeStatus[]> = {
  open: [INTAKE_STATUS.pending],
  snoozed: [INTAKE_STATUS.snoozed],
  closed: [INTAKE_STATUS.declined, INTAKE_STATUS.accepted, INTAKE_STATUS.duplicate],
};

/** The tab a URL's `?tab=` names (Open when absent or unknown). */
export function intakeTabParam(value: string | null | undefined): IntakeTab {
  return value === "closed" || value === "snoozed" ? value : "open";
}

export function isIntakeStatus(n: unknown): n is IntakeStatus {
  return typeof n === "number" && (INTAKE_STATUSES as readonly number[]).includes(n);
}

/** The status an item counts as now: a snoozed item whose date has passed is pending again. */
export function effectiveIntakeStatus(item: { status: number; snoozed_till: string | null }, now: Date): IntakeStatus {
  if (item.status === INTAKE_STATUS.snoozed && item.snoozed_till && Date.parse(item.snoozed_till) <= now.getTime())
    return INTAKE_STATUS.pending;
  return item.status as IntakeStatus;
}

/** The tab an item shows in: Open, Snoozed until its date, or Closed. */
export function intakeTabOf(item: { status: number; snoozed_till: string | null }, now: Date): IntakeTab {
  const s = effectiveIntakeStatus(item, now);
  if (s === INTAKE_STATUS.pending) return "open";
  if (s === INTAKE_STATUS.snoozed) return "snoozed";
  return "closed";
}

export interface IntakeState {
  status: IntakeStatus;
  snoozed_till: string | null;
  duplicate_to: string | null;
}

/** What a PATCH may ask for (absent keys change nothing). */
export interface IntakeChange {
  status?: number;
  snoozed_till?: string | null;
  duplicate_to?: string | null;
}

export type IntakeTransition =
  | {
      ok: true;
      next: IntakeState;
      /** the item enters the project's work items */ accept: boolean;
      /** it leaves them again */ unaccept: boolean;
    }
  | { ok: false; field: "status" | "snoozed_till" | "duplicate_to"; message: string };

export const INTAKE_ERRORS = {
  status: "Invalid status. Use -2 (pending), -1 (declined), 0 (snoozed), 1 (accepted) or 2 (duplicate).",
  snoozeDate: "A snoozed work item needs a snooze date.",
  duplicateTarget: "A duplicate needs the work item it duplicates.",
  duplicateSelf: "A work item cannot be a duplicate of itself.",
} as const;

/**
 * The rules of §4: a snooze date snoozes the item and clearing it returns the item to pending; a duplicate
 * target marks it duplicate; leaving snoozed or duplicate clears the date or the target; accepting moves the
 * item into the project's work items and leaving accepted takes it out again.
 */
export function nextIntakeState(cur: IntakeState, change: IntakeChange, itemId?: string): IntakeTransition {
  const has = (k: keyof IntakeChange) => Object.prototype.hasOwnProperty.call(change, k) && change[k] !== undefined;
  let status: IntakeStatus = cur.status;
  if (has("status")) {
    if (!isIntakeStatus(change.status)) return { ok: false, field: "status", message: INTAKE_ERRORS.status };
    status = change.status;
  } else if (has("snoozed_till")) {
    status = change.snoozed_till
      ? INTAKE_STATUS.snoozed
      : cur.status === INTAKE_STATUS.snoozed
        ? INTAKE_STATUS.pending
        : cur.status;
  } else if (has("duplicate_to") && change.duplicate_to) {
    status = INTAKE_STATUS.duplicate;
  }
  let snoozed: string | null = has("snoozed_till") ? (change.snoozed_till ?? null) : cur.snoozed_till;
  let duplicate: string | null = has("duplicate_to") ? (change.duplicate_to ?? null) : cur.duplicate_to;
  if (status === INTAKE_STATUS.snoozed) {
    if (!snoozed) return { ok: false, field: "snoozed_till", message: INTAKE_ERRORS.snoozeDate };
  } else snoozed = null;
  if (status === INTAKE_STATUS.duplicate) {
    if (!duplicate) return { ok: false, field: "duplicate_to", message: INTAKE_ERRORS.duplicateTarget };
    if (itemId && duplicate === itemId)
      return { ok: false, field: "duplicate_to", message: INTAKE_ERRORS.duplicateSelf };
  } else duplicate = null;
  const wasAccepted = cur.status === INTAKE_STATUS.accepted;
  const isAccepted = status === INTAKE_STATUS.accepted;
  return {
    ok: true,
    next: { status, snoozed_till: snoozed, duplicate_to: duplicate },
    accept: isAccepted && !wasAccepted,
    unaccept: wasAccepted && !isAccepted,
  };
}

/** Snooze choices of the intake screen: a date this many days ahead, at the start of that day (local time). */
export const INTAKE_SNOOZE_OPTIONS = [
  { key: "1d", label: "1 day", days: 1 },
  { key: "3d", label: "3 days", days: 3 },
  { key: "1w", label: "1 week", days: 7 },
  { key: "2w", label: "2 weeks", days: 14 },
] as const;

export function intakeSnoozeUntil(days: number, now: Date): Date {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 0, 0, 0, 0);
  return d;
}
