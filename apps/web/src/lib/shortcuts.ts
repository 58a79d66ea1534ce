/**
 * The app's keyboard shortcuts, one table: the shortcut help (`?`) lists it, the command palette shows each
 * command's keys from it, and `components/layout/palette/useGlobalShortcuts.ts` acts on it.
 */
export type ShortcutId =
  | "palette"
  | "search"
  | "help"
  | "create"
  | "go-items"
  | "go-projects"
  | "go-cycles"
  | "go-modules"
  | "go-views"
  | "go-inbox"
  | "next"
  | "previous"
  | "select"
  | "close"
  | "item-state"
  | "item-priority"
  | "item-assignees"
  | "item-labels";

export interface Shortcut {
  id: ShortcutId;
  /** Keys as pressed in turn; "Mod" is ⌘ on a Mac and Ctrl elsewhere. */
  keys: readonly string[];
  label: string;
  group: "General" | "Navigation" | "Lists" | "Work item";
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: "palette", keys: ["Mod", "K"], label: "Open the command palette", group: "General" },
  { id: "search", keys: ["/"], label: "Search", group: "General" },
  { id: "create", keys: ["C"], label: "Create a work item", group: "General" },
  { id: "help", keys: ["?"], label: "Show keyboard shortcuts", group: "General" },
  { id: "close", keys: ["Esc"], label: "Close a dialog, menu or the peek view", group: "General" },
  { id: "go-items", keys: ["G", "I"], label: "Go to work items", group: "Navigation" },
  { id: "go-projects", keys: ["G", "P"], label: "Go to projects", group: "Navigation" },
  { id: "go-cycles", keys: ["G", "C"], label: "Go to cycles", group: "Navigation" },
  { id: "go-modules", keys: ["G", "M"], label: "Go to modules", group: "Navigation" },
  { id: "go-views", keys: ["G", "V"], label: "Go to views", group: "Navigation" },
  { id: "go-inbox", keys: ["G", "N"], label: "Go to notifications", group: "Navigation" },
  { id: "next", keys: ["J"], label: "Next work item in a list", group: "Lists" },
  { id: "previous", keys: ["K"], label: "Previous work item in a list", group: "Lists" },
  { id: "select", keys: ["X"], label: "Select or unselect the focused work item", group: "Lists" },
  { id: "item-state", keys: ["S"], label: "Change the state", group: "Work item" },
  { id: "item-priority", keys: ["P"], label: "Change the priority", group: "Work item" },
  { id: "item-assignees", keys: ["A"], label: "Assign", group: "Work item" },
  { id: "item-labels", keys: ["L"], label: "Change the labels", group: "Work item" },
];

/** The groups of the shortcut help, in its order. */
export const SHORTCUT_GROUPS: readonly Shortcut["group"][] = ["General", "Navigation", "Lists", "Work item"];

export const shortcutOf = (id: ShortcutId): Shortcut => SHORTCUTS.find((s) => s.id === id)!;

/** The second keys of the "G then …" chords. */
export const GO_KEYS: Readonly<Record<string, ShortcutId>> = {
  i: "go-items",
  p: "go-projects",
  c: "go-cycles",
  m: "go-modules",
  v: "go-views",
  n: "go-inbox",
};

/**
 * Single keys (no modifier) and what they do. S, P, A and L act on the work item in hand (issue #27 point 13, as in
 * Linear): the one open (its page or the peek view), the list's selected items, or the list row that has the focus
 * (J / K); they open the command palette's picker of that property.
 */
export const SINGLE_KEYS: Readonly<Record<string, ShortcutId>> = {
  "/": "search",
  "?": "help",
  c: "create",
  j: "next",
  k: "previous",
  x: "select",
  s: "item-state",
  p: "item-priority",
  a: "item-assignees",
  l: "item-labels",
};

/** How long after G the second key of a "G then …" chord may come (ms). */
export const CHORD_MS = 1200;
let chordUntil = 0;
/**
 * The "G then …" chord: G starts it, the next key ends it. Shared so that a screen's own single keys (a list's C)
 * leave the key that ends a chord to the chord (G then C goes to cycles, it does not create).
 */
export const goChord = {
  start: (now = Date.now()) => {
    chordUntil = now + CHORD_MS;
  },
  pending: (now = Date.now()) => now < chordUntil,
  /** Whether a chord was pending (it ends here either way). */
  take: (now = Date.now()) => {
    const on = now < chordUntil;
    chordUntil = 0;
    return on;
  },
};

/** Whether a key event belongs to what the person is typing into (then no single-key shortcut applies). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== "function") return false;
  return !!el.closest(
    "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='combobox']",
  );
}

/** Where "G then …" goes, given the workspace and the project the person is in (if any). */
export function goPath(id: ShortcutId, slug: string, projectId: string | null): string | null {
  const ws = `/${slug}`;
  switch (id) {
    case "go-items":
      return projectId ? `${ws}/projects/${projectId}/issues/` : `${ws}/workspace-views/all-issues/`;
    case "go-projects":
      return `${ws}/projects/`;
    case "go-cycles":
      return projectId ? `${ws}/projects/${projectId}/cycles/` : `${ws}/projects/`;
    case "go-modules":
      return projectId ? `${ws}/projects/${projectId}/modules/` : `${ws}/projects/`;
    case "go-views":
      return projectId ? `${ws}/projects/${projectId}/views/` : `${ws}/workspace-views/all-issues/`;
    case "go-inbox":
      return `${ws}/notifications/`;
    default:
      return null;
  }
}

/** How a shortcut's keys are written for this platform. */
export function keyLabels(keys: readonly string[], mac: boolean): string[] {
  return keys.map((k) => (k === "Mod" ? (mac ? "⌘" : "Ctrl") : k));
}
