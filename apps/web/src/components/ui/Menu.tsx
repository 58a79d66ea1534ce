import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cx } from "./cx.ts";

export interface MenuItem {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A dropdown menu button (WAI-ARIA menu button pattern): Enter/Space/ArrowDown open it, arrows move,
 * Escape closes and returns focus to the button, Tab closes it.
 */
export function Menu({ label, items, align = "left", buttonClassName, ariaLabel }: {
  label: ReactNode;
  items: MenuItem[];
  align?: "left" | "right";
  buttonClassName?: string;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const btn = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!list.current?.contains(e.target as Node) && !btn.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDoc);
    return () => document.removeEventListener("mousedown", onDoc);
  }, [open]);

  useEffect(() => {
    if (open) (list.current?.querySelectorAll<HTMLElement>("[role=menuitem]")[active])?.focus();
  }, [open, active]);

  const close = (focus = true) => {
    setOpen(false);
    if (focus) btn.current?.focus();
  };
  const enabled = items.map((it, i) => (it.disabled ? -1 : i)).filter((i) => i >= 0);
  const move = (dir: 1 | -1) => {
    const pos = enabled.indexOf(active);
    setActive(enabled[(pos + dir + enabled.length) % enabled.length] ?? 0);
  };

  return (
    <div className="relative inline-block">
      <button
        ref={btn}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        className={buttonClassName ?? "rounded-md px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"}
        onClick={() => { setActive(enabled[0] ?? 0); setOpen((o) => !o); }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") { e.preventDefault(); setActive(enabled[0] ?? 0); setOpen(true); }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          className={cx(
            "absolute z-30 mt-1 min-w-44 rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900",
            align === "right" ? "right-0" : "left-0",
          )}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") { e.preventDefault(); move(1); }
            else if (e.key === "ArrowUp") { e.preventDefault(); move(-1); }
            else if (e.key === "Escape") { e.preventDefault(); close(); }
            else if (e.key === "Tab") close(false);
            else if (e.key === "Home") { e.preventDefault(); setActive(enabled[0] ?? 0); }
            else if (e.key === "End") { e.preventDefault(); setActive(enabled[enabled.length - 1] ?? 0); }
          }}
        >
          {items.map((it, i) => (
            <button
              key={i}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              disabled={it.disabled}
              onClick={() => { close(); it.onSelect(); }}
              className={cx(
                "block w-full px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none disabled:opacity-50 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800",
                it.danger && "text-red-600 dark:text-red-400",
              )}
            >
              {it.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
