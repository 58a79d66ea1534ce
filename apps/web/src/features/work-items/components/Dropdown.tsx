import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { cx } from "../../../components/ui/index.ts";
import { Popover } from "./Popover.tsx";
import { Icon } from "./icons.tsx";

export interface Option {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra words the search matches. */
  keywords?: string;
  hint?: string;
}

/**
 * A searchable listbox behind a button: single choice (closes on pick) or multiple (checkboxes, stays
 * open). Arrow keys move, Enter picks, Escape closes and returns focus to the button. Only the button
 * exists until it opens, so long lists of rows with many property chips stay cheap to render.
 */
export function Dropdown(props: {
  /** Accessible name of the button (e.g. "Priority"). */
  label: string;
  /** The choices; a function is only called while the list is open. */
  options: Option[] | (() => Option[]);
  value: string | string[] | null | undefined;
  onChange: (v: string | string[] | null) => void;
  multiple?: boolean;
  button: ReactNode;
  buttonClassName?: string;
  disabled?: boolean;
  searchPlaceholder?: string;
  align?: "start" | "end";
  emptyText?: string;
  footer?: ReactNode;
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const btn = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={btn}
        type="button"
        disabled={props.disabled}
        aria-label={props.label}
        title={props.title ?? props.label}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={(e) => { e.stopPropagation(); setOpen((o) => !o); }}
        onKeyDown={(e) => { if (e.key === "ArrowDown" && !open) { e.preventDefault(); setOpen(true); } }}
        className={cx(
          props.buttonClassName ??
            "inline-flex h-7 max-w-full items-center gap-1.5 rounded-md border border-zinc-200 px-2 text-xs text-zinc-700 hover:bg-zinc-100 disabled:cursor-default disabled:hover:bg-transparent dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800",
        )}
      >
        {props.button}
      </button>
      {open && <DropdownPanel {...props} anchor={btn} onClose={() => setOpen(false)} />}
    </>
  );
}

function DropdownPanel({
  label, options: optionsIn, value, onChange, multiple, searchPlaceholder, align, emptyText, footer, anchor, onClose,
}: Parameters<typeof Dropdown>[0] & { anchor: React.RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const [q, setQ] = useState("");
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const selected = useMemo(() => new Set(Array.isArray(value) ? value : value ? [value] : []), [value]);
  const options = useMemo(() => (typeof optionsIn === "function" ? optionsIn() : optionsIn), [optionsIn]);
  const [active, setActive] = useState(() => Math.max(0, options.findIndex((o) => selected.has(o.value))));
  const searchable = options.length > 6 || !!searchPlaceholder;
  useEffect(() => {
    requestAnimationFrame(() => input.current?.focus());
  }, []);

  const shown = useMemo(() => {
    const s = q.trim().toLowerCase();
    if (!s) return options;
    return options.filter((o) => `${o.label} ${o.keywords ?? ""}`.toLowerCase().includes(s));
  }, [options, q]);

  const pick = (o: Option) => {
    if (multiple) {
      const next = new Set(selected);
      if (next.has(o.value)) next.delete(o.value);
      else next.add(o.value);
      onChange([...next]);
    } else {
      onChange(o.value);
      onClose();
      anchor.current?.focus();
    }
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") { e.preventDefault(); setActive((a) => Math.min(a + 1, shown.length - 1)); }
    else if (e.key === "ArrowUp") { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
    else if (e.key === "Enter" || (e.key === " " && !searchable)) { e.preventDefault(); if (shown[active]) pick(shown[active]); }
  };

  return (
    <Popover anchor={anchor} open onClose={onClose} align={align} label={label}>
      <div className="w-60">
        {searchable && (
          <div className="flex items-center gap-1.5 border-b border-zinc-100 px-2 py-1.5 dark:border-zinc-800">
            <Icon name="search" size={14} className="text-zinc-400" />
            <input
              ref={input}
              value={q}
              aria-label={`Search ${label.toLowerCase()}`}
              aria-controls={listId}
              placeholder={searchPlaceholder ?? "Search"}
              onChange={(e) => { setQ(e.target.value); setActive(0); }}
              onKeyDown={keys}
              className="w-full bg-transparent text-sm outline-none placeholder:text-zinc-400"
            />
          </div>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={multiple || undefined}
          tabIndex={searchable ? -1 : 0}
          ref={(el) => { if (el && !searchable) requestAnimationFrame(() => { if (!el.contains(document.activeElement)) el.focus(); }); }}
          onKeyDown={keys}
          className="max-h-64 overflow-y-auto py-1 outline-none"
        >
          {shown.length === 0 && <li className="px-2 py-2 text-xs text-zinc-500">{emptyText ?? "No matches"}</li>}
          {shown.map((o, i) => {
            const sel = selected.has(o.value);
            return (
              <li
                key={o.value}
                role="option"
                aria-selected={sel}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
                className={cx("flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm", i === active ? "bg-zinc-100 dark:bg-zinc-800" : "")}
              >
                {multiple && (
                  <span aria-hidden className={cx("flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded border", sel ? "border-indigo-600 bg-indigo-600 text-white" : "border-zinc-300 dark:border-zinc-600")}>
                    {sel && <Icon name="check" size={10} />}
                  </span>
                )}
                {o.icon && <span className="flex shrink-0 items-center">{o.icon}</span>}
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                {o.hint && <span className="text-xs text-zinc-400">{o.hint}</span>}
                {!multiple && sel && <Icon name="check" size={14} className="text-indigo-600" />}
              </li>
            );
          })}
        </ul>
        {footer && <div className="border-t border-zinc-100 p-1 dark:border-zinc-800">{footer}</div>}
      </div>
    </Popover>
  );
}
