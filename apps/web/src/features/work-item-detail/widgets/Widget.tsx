import { useCallback, useState, type ReactNode } from "react";
import { Icon } from "../../../components/work-item/icons.tsx";

export type WidgetKey = "sub-items" | "relations" | "links" | "attachments" | "tasks" | "time";
const STORE = "stride.detail.closed-widgets";

/** What a part of an item that needs the server says offline when it was never read (issue #28 point 5). */
export const OFFLINE_PART = "Loads when you're back online.";

/**
 * Which detail widgets are open. Sub-items, links, attachments and tasks are open by default; toggling
 * closes or reopens one (work-tracking.md §4), remembered on this device.
 */
export function useWidgets() {
  const [closed, setClosed] = useState<Set<string>>(() => {
    try {
      return new Set(JSON.parse(localStorage.getItem(STORE) ?? "[]") as string[]);
    } catch {
      return new Set();
    }
  });
  const toggle = useCallback((k: WidgetKey) => {
    setClosed((c) => {
      const n = new Set(c);
      if (n.has(k)) n.delete(k);
      else n.add(k);
      try {
        localStorage.setItem(STORE, JSON.stringify([...n]));
      } catch {
        /* ignore */
      }
      return n;
    });
  }, []);
  return { isOpen: (k: WidgetKey) => !closed.has(k), toggle };
}

export function Widget({
  id,
  title,
  count,
  open,
  onToggle,
  actions,
  children,
}: {
  id: WidgetKey;
  title: string;
  count?: ReactNode;
  open: boolean;
  onToggle: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} data-widget={id} className="border-t border-line py-3">
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          onClick={onToggle}
          className="flex items-center gap-1.5 rounded px-1 py-0.5 text-sm font-semibold text-fg-secondary hover:bg-fill"
        >
          <Icon name={open ? "chevron-down" : "chevron-right"} size={12} className="text-fg-subtle" />
          {title}
        </button>
        {count !== undefined && <span className="text-xs text-fg-subtle">{count}</span>}
        <div className="ml-auto flex items-center gap-1">{actions}</div>
      </div>
      {open && <div className="mt-2">{children}</div>}
    </section>
  );
}

export const ADD_BTN =
  "inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-fill";

/** A widget's add button: starts the adding and opens the widget when it was closed. */
export function AddButton({
  open,
  onToggle,
  onClick,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={ADD_BTN}
      onClick={() => {
        onClick();
        if (!open) onToggle();
      }}
    >
      <Icon name="plus" size={12} />
      {children}
    </button>
  );
}
