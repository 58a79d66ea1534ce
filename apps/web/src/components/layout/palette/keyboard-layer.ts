import type { WorkItemTarget } from "../../../lib/command-target.ts";
import { GO_KEYS, SINGLE_KEYS, goChord, goPath, isTypingTarget, type ShortcutId } from "../../../lib/shortcuts.ts";
import type { Picker } from "./commands.ts";
import { moveListFocus, toggleFocusedSelection } from "./list-keys.ts";

/** The pickers the single keys S, P, A and L open on the work item in hand. */
const ITEM_KEYS: Partial<Record<ShortcutId, Picker>> = {
  "item-state": "state",
  "item-priority": "priority",
  "item-assignees": "assignees",
  "item-labels": "labels",
};

/** What the keyboard layer knows when a key comes: what it has open, and the work item and project in hand. */
export interface LayerState {
  open: boolean;
  help: boolean;
  creating: boolean;
  projectId: string | null;
  canCreate: boolean;
  target: WorkItemTarget | null;
}

/** What a key can make the layer do. */
export interface LayerActions {
  /** Cmd/Ctrl-K: open the palette, or close it. */
  togglePalette: () => void;
  /** Open the palette, at a picker of the work item in hand or at its start. */
  openPalette: (picker: Picker | null) => void;
  openHelp: () => void;
  create: () => void;
  navigate: (href: string) => void;
}

/**
 * One key to the workspace's keyboard layer. Single keys apply only when nothing is being typed and nothing is open;
 * a key a screen already handled (defaultPrevented) is left alone. A key taken is prevented.
 */
export function layerKey(e: KeyboardEvent, s: LayerState, slug: string, act: LayerActions): void {
  if ((e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
    e.preventDefault();
    act.togglePalette();
    return;
  }
  if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || isTypingTarget(e.target)) return;
  if (s.open || s.help || s.creating || document.querySelector("dialog[open]")) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (goChord.take()) {
    const id = GO_KEYS[key];
    const href = id ? goPath(id, slug, s.projectId) : null;
    if (href) {
      e.preventDefault();
      act.navigate(href);
    }
    return;
  }
  if (key === "g" && !e.shiftKey) {
    goChord.start();
    return;
  }
  const id = SINGLE_KEYS[e.key === "?" ? "?" : key];
  if (id && singleKey(id, s, act)) e.preventDefault();
}

/** A single key's shortcut: whether it was taken. */
function singleKey(id: ShortcutId, s: LayerState, act: LayerActions): boolean {
  const picker = ITEM_KEYS[id];
  if (picker) {
    if (!s.target?.editable) return false;
    act.openPalette(picker);
    return true;
  }
  switch (id) {
    case "search":
      act.openPalette(null);
      return true;
    case "help":
      act.openHelp();
      return true;
    case "create":
      if (s.canCreate) act.create();
      return s.canCreate;
    case "next":
    case "previous":
      return moveListFocus(id === "next" ? 1 : -1);
    case "select":
      return toggleFocusedSelection();
    default:
      return false;
  }
}
