/** The intake screen's single keys (work-tracking.md §2; issue #12): 1 accept, 2 duplicate, 3 decline, H snooze, J/K move. */
export type IntakeKeyAction = "accept" | "duplicate" | "decline" | "snooze" | "next" | "prev";

const KEYS: Record<string, IntakeKeyAction> = {
  "1": "accept",
  "2": "duplicate",
  "3": "decline",
  h: "snooze",
  j: "next",
  k: "prev",
};

/** What a key press asks for, or null: never while typing in a field or with a modifier held. */
export function intakeKeyAction(
  e: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "target" | "defaultPrevented">,
): IntakeKeyAction | null {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return null;
  const t = e.target as (HTMLElement & { isContentEditable?: boolean }) | null;
  const tag = t?.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || t?.isContentEditable) return null;
  return KEYS[e.key.toLowerCase()] ?? null;
}

/** The request to select when `current` leaves the list: the one after it, else the one before, else none. */
export function nextSelection(ids: readonly string[], current: string): string | null {
  const i = ids.indexOf(current);
  if (i < 0) return ids[0] ?? null;
  return ids[i + 1] ?? ids[i - 1] ?? null;
}
