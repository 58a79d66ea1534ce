import type { SuggestionKeyDownProps, SuggestionOptions, SuggestionProps } from "@tiptap/suggestion";
import type { LucideIcon } from "lucide-react";

/** One entry of a suggestion list (slash commands, mentions). */
export interface SuggestItem {
  key: string;
  label: string;
  /** second line / hint shown to the right */
  hint?: string;
  /** section heading the entry is listed under */
  group?: string;
  /** avatar or icon (from the app's icon set) shown before the label */
  avatar?: { name: string; url?: string | null };
  icon?: LucideIcon;
}

/** What an open suggestion list shows; null when closed. */
export interface SuggestState {
  kind: "slash" | "mention";
  items: SuggestItem[];
  active: number;
  loading: boolean;
  /** where the typed trigger is on screen */
  rect: () => DOMRect | null;
  pick: (item: SuggestItem) => void;
}

/**
 * A tiny external store between a Suggestion plugin (ProseMirror) and the React list that shows it:
 * the plugin's render callbacks write, the list subscribes (useSyncExternalStore), and the keyboard
 * (arrows, Enter, Tab, Escape) is handled here while the list is open, focus staying in the text.
 */
export class SuggestStore {
  private state: SuggestState | null = null;
  private listeners = new Set<() => void>();
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
  get = () => this.state;
  set(next: SuggestState | null) {
    this.state = next;
    for (const l of this.listeners) l();
  }
  move(delta: number) {
    const s = this.state;
    if (!s || s.items.length === 0) return;
    this.set({ ...s, active: (s.active + delta + s.items.length) % s.items.length });
  }

  /** The `render` option of a Suggestion plugin feeding this store. */
  renderer(kind: SuggestState["kind"]): NonNullable<SuggestionOptions<SuggestItem, SuggestItem>["render"]> {
    return () => {
      const show = (p: SuggestionProps<SuggestItem, SuggestItem>, loading = false) => {
        const prev = this.state;
        const keep =
          prev &&
          prev.kind === kind &&
          prev.items.length === p.items.length &&
          prev.items.every((x, i) => x.key === p.items[i].key);
        this.set({
          kind,
          items: p.items,
          loading,
          active: keep ? prev.active : 0,
          rect: () => p.clientRect?.() ?? null,
          pick: (item) => p.command(item),
        });
      };
      return {
        onStart: (p) => show(p),
        onUpdate: (p) => show(p),
        onExit: () => this.set(null),
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          const s = this.state;
          if (!s) return false;
          if (event.key === "Escape") {
            this.set(null);
            return true;
          }
          if (s.items.length === 0) return false;
          if (event.key === "ArrowDown") this.move(1);
          else if (event.key === "ArrowUp") this.move(-1);
          else if (event.key === "Enter" || event.key === "Tab") s.pick(s.items[s.active]);
          else return false;
          return true;
        },
      };
    };
  }
}
