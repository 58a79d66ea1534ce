import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ChevronDown, ChevronRight, Search } from "lucide-react";
import { cx } from "../cx.ts";
import {
  CheckMark,
  FloatingPanel,
  focusNoScroll,
  keepVisible,
  useFloatingTrigger,
  type FloatingTrigger,
  type OpenFrom,
  type TriggerOptions,
} from "./anchored.tsx";
import { nextIndex, useTypeahead } from "./navigation.ts";
import type { ListOption } from "./options.ts";

export { filterOptions, type ListOption } from "./options.ts";

/** A run of options under a heading; a heading with `onToggle` folds its options away. */
export interface ListSection {
  id: string;
  label: string;
  options: ListOption[];
  expanded?: boolean;
  onToggle?: () => void;
  /** Rendered after the section's listbox (e.g. custom date inputs). */
  after?: ReactNode;
  badge?: ReactNode;
}

/** Left padding of a nested option, per level (the row's own padding, then 1 rem a level). */
const INDENT = ["pl-2", "pl-6", "pl-10", "pl-14", "pl-18", "pl-22", "pl-26"];

function CheckBox({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      className={cx(
        "flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded border",
        on ? "border-accent-solid bg-accent-solid text-on-accent" : "border-line-strong",
      )}
    >
      {on && <CheckMark size={10} />}
    </span>
  );
}

export interface ComboListProps {
  /** The accessible name of the (single) listbox, e.g. "State". */
  label: string;
  /** Flat options, or `sections` (one listbox per section, all driven by the one search box). */
  options?: ListOption[];
  sections?: ListSection[];
  isSelected: (o: ListOption, section?: string) => boolean;
  onPick: (o: ListOption, section?: string) => void;
  multiple?: boolean;
  /** A search box (`role=combobox`): its text and setter; the caller filters (`filterOptions`). */
  search?: { value: string; onChange: (q: string) => void; label: string; placeholder?: string } | null;
  /** Where the active option starts. */
  from?: OpenFrom;
  /** Shown when there is nothing to choose (or while loading). */
  emptyText?: string;
  /** Tab left the list: the popup closes (and the browser tabs on from the trigger). */
  onTab?: () => void;
  listClassName?: string;
  /** Id of the single listbox (the trigger's `aria-controls`). */
  listId?: string;
}

/**
 * The listbox / combobox core: focus stays on the search box (or the listbox when there is none) and
 * `aria-activedescendant` names the active option. Arrows (wrapping), PageUp/PageDown, Home/End (when
 * there is no text to edit) and typeahead move; Enter (and Space without a search box) picks. Options
 * carry `aria-selected`; a multi-select listbox is `aria-multiselectable`.
 */
export function ComboList({
  label,
  options,
  sections,
  isSelected,
  onPick,
  multiple,
  search,
  from = "selected",
  emptyText,
  onTab,
  listClassName,
  listId: singleId,
}: ComboListProps) {
  const base = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<HTMLElement | null>(null);
  const groups: ListSection[] = useMemo(
    () => sections ?? [{ id: "", label, options: options ?? [], expanded: true }],
    [sections, options, label],
  );
  const flat = useMemo(() => {
    const out: { o: ListOption; section: string; id: string }[] = [];
    groups.forEach((g, gi) => {
      if (g.expanded === false) return;
      g.options.forEach((o, oi) => out.push({ o, section: g.id, id: `${base}-${gi}-${oi}` }));
    });
    return out;
  }, [groups, base]);
  const enabled = (i: number) => !flat[i]?.o.disabled;
  const initial = () => {
    if (from === "last") return flat.length - 1;
    if (from === "selected") {
      const i = flat.findIndex((x) => isSelected(x.o, x.section));
      if (i >= 0) return i;
    }
    return flat.length ? 0 : -1;
  };
  const [active, setActive] = useState(initial);
  const act = flat[active] ? active : flat.length ? 0 : -1;
  const query = search?.value ?? "";
  const firstQuery = useRef(query);
  useEffect(() => {
    if (query !== firstQuery.current) setActive(flat.length ? 0 : -1);
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps
  const typeahead = useTypeahead(() => flat.map((x) => x.o.label));

  useLayoutEffect(() => {
    focusNoScroll(focusTarget.current);
  }, []);
  useLayoutEffect(() => {
    if (act >= 0) keepVisible(scroller.current, document.getElementById(flat[act].id));
  }, [act, flat]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const editing = !!search && (e.key === "Home" || e.key === "End");
    const to = editing ? null : nextIndex(e.key, act, flat.length, enabled);
    if (to !== null) {
      e.preventDefault();
      setActive(to);
      return;
    }
    if (e.key === "Enter" || (e.key === " " && !search)) {
      e.preventDefault();
      const x = flat[act];
      if (x && !x.o.disabled) onPick(x.o, x.section || undefined);
      return;
    }
    if (e.key === "Tab" && onTab) {
      onTab();
      return;
    }
    if (!search && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const hit = typeahead(e.key, act, enabled);
      if (hit !== null) {
        e.preventDefault();
        setActive(hit);
      }
    }
  };

  const activeId = act >= 0 ? flat[act]?.id : undefined;
  const single = !sections;
  const idOf = (gi: number) => (single && singleId ? singleId : `${base}-list-${gi}`);
  const listIds = groups.map((g, gi) => (g.expanded !== false ? idOf(gi) : "")).filter(Boolean);
  let flatIndex = 0;
  return (
    <>
      {search && (
        <div className="flex items-center gap-1.5 border-b border-line-subtle px-2 py-1.5">
          <Search size={14} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />
          <input
            ref={(el) => {
              focusTarget.current = el;
            }}
            role="combobox"
            aria-label={search.label}
            aria-expanded
            aria-controls={listIds.join(" ")}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            value={search.value}
            placeholder={search.placeholder ?? "Search"}
            onChange={(e) => search.onChange(e.target.value)}
            onKeyDown={onKeyDown}
            className="w-full bg-transparent text-sm outline-none"
          />
        </div>
      )}
      <div ref={scroller} className={cx("relative min-h-0 flex-1 overflow-y-auto py-1", listClassName)}>
        {groups.map((g, gi) => {
          const open = g.expanded !== false;
          const listId = idOf(gi);
          return (
            <div
              key={g.id || "list"}
              role={single ? undefined : "presentation"}
              className={single ? undefined : "px-1"}
            >
              {!single &&
                (g.onToggle ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-expanded={open}
                    aria-controls={open ? listId : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={g.onToggle}
                    className="flex w-full items-center gap-1 rounded px-1.5 py-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle hover:bg-fill-subtle"
                  >
                    {open ? (
                      <ChevronDown size={12} aria-hidden focusable="false" className="shrink-0" />
                    ) : (
                      <ChevronRight size={12} aria-hidden focusable="false" className="shrink-0" />
                    )}
                    {g.label}
                    {g.badge}
                  </button>
                ) : (
                  <div aria-hidden className="px-1.5 py-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
                    {g.label}
                  </div>
                ))}
              {open && (
                <div
                  id={listId}
                  role="listbox"
                  aria-label={g.label}
                  aria-multiselectable={multiple || undefined}
                  {...(single
                    ? {
                        tabIndex: search ? -1 : 0,
                        ref: (el: HTMLDivElement | null) => {
                          if (!search) focusTarget.current = el;
                        },
                        "aria-activedescendant": search ? undefined : activeId,
                        onKeyDown: search ? undefined : onKeyDown,
                      }
                    : {})}
                  className="outline-none"
                >
                  {g.options.map((o) => {
                    const i = flatIndex++;
                    const sel = isSelected(o, g.id || undefined);
                    return (
                      <div
                        key={o.value}
                        id={flat[i].id}
                        role="option"
                        aria-selected={sel}
                        aria-disabled={o.disabled || undefined}
                        title={o.title}
                        aria-description={o.title}
                        data-active={i === act || undefined}
                        data-depth={o.depth || undefined}
                        aria-label={o.path ? `${o.label}, in ${o.path}${o.hint ? ` ${o.hint}` : ""}` : undefined}
                        onMouseDown={(e) => e.preventDefault()}
                        onMouseMove={() => {
                          if (i !== act) setActive(i);
                        }}
                        onClick={() => {
                          if (!o.disabled) {
                            setActive(i);
                            onPick(o, g.id || undefined);
                          }
                        }}
                        className={cx(
                          "mx-1 flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 text-sm",
                          INDENT[Math.min(o.depth ?? 0, INDENT.length - 1)],
                          i === act && "bg-fill",
                          o.disabled && "cursor-default opacity-50",
                        )}
                      >
                        {multiple && <CheckBox on={sel} />}
                        {o.icon && (
                          <span aria-hidden className="flex shrink-0 items-center">
                            {o.icon}
                          </span>
                        )}
                        <span className="min-w-0 flex-1 truncate">{o.label}</span>
                        {o.hint && <span className="text-xs text-fg-faint">{o.hint}</span>}
                        {!multiple && sel && <CheckMark size={14} className="shrink-0 text-accent" />}
                      </div>
                    );
                  })}
                </div>
              )}
              {open && g.after}
            </div>
          );
        })}
        {flat.length === 0 && emptyText !== "" && (
          <div role="status" className="px-3 py-2 text-xs text-fg-subtle">
            {emptyText ?? "No matches"}
          </div>
        )}
      </div>
    </>
  );
}

/** A listbox picker's trigger state (button → listbox popup). */
export function useListbox(opts: Omit<TriggerOptions, "kind"> = {}): FloatingTrigger {
  return useFloatingTrigger({ ...opts, kind: "listbox" });
}

/**
 * The floating listbox of a picker. A single choice closes it and returns focus to the trigger; a
 * multiple choice keeps it open (Escape or Tab closes it, focus back on the trigger).
 */
export function ListboxPopup({
  t,
  className,
  onPick,
  ...rest
}: Omit<ComboListProps, "from" | "onTab"> & { t: FloatingTrigger; className?: string }) {
  return (
    <FloatingPanel t={t} className={cx("w-60", className)}>
      <ComboList
        {...rest}
        listId={t.popupId}
        from={t.openedFrom}
        onTab={() => t.close(true)}
        onPick={(o, s) => {
          if (!rest.multiple) t.close(true);
          onPick(o, s);
        }}
      />
    </FloatingPanel>
  );
}
