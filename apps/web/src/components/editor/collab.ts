import { Extension } from "@tiptap/core";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";

/** Who a collaborator is, as their awareness state says (`user` field). */
export interface CollabUser {
  id: string;
  name: string;
  color: string;
  avatar?: string | null;
}

/**
 * The carets and selections of the others editing the same Yjs document (their awareness `cursor`), each with their
 * name in their colour. Colours go through CSSOM (the CSP forbids style attributes); selections use one class.
 */
export const CollabCaret = Extension.create<{ awareness: Awareness | null; user: CollabUser | null }>({
  name: "collabCaret",
  addOptions() {
    return { awareness: null, user: null };
  },
  addProseMirrorPlugins() {
    const { awareness, user } = this.options;
    if (!awareness) return [];
    if (user) awareness.setLocalStateField("user", user);
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: (u: Partial<CollabUser>) => {
          const caret = document.createElement("span");
          caret.className = "collab-caret";
          caret.style.borderColor = u.color ?? "#6366f1";
          const label = document.createElement("span");
          label.className = "collab-caret-label";
          label.style.backgroundColor = u.color ?? "#6366f1";
          label.textContent = u.name ?? "";
          caret.append("\u2060", label, "\u2060");
          caret.setAttribute("data-collab-user", u.name ?? "");
          return caret;
        },
        selectionBuilder: () => ({ class: "collab-selection" }),
      }),
    ];
  },
});

/** A stable colour for a person (the same on every screen). */
export function collabColor(id: string): string {
  const palette = [
    "#e11d48",
    "#d97706",
    "#059669",
    "#0284c7",
    "#7c3aed",
    "#db2777",
    "#0d9488",
    "#4f46e5",
    "#ca8a04",
    "#9333ea",
  ];
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[h % palette.length]!;
}
