import type { KeyboardEvent, ReactNode } from "react";
import { ChevronDown, ChevronRight } from "lucide-react";
import { cx } from "../cx.ts";
import { CheckMark } from "./anchored.tsx";
import type { FlatOption } from "./combo.ts";
import type { ListOption } from "./options.ts";

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

/** What the single listbox (no sections) carries itself: its tab stop, and without a search box the focus and keys. */
interface OwnFocus {
  tabIndex: number;
  listRef?: (el: HTMLDivElement | null) => void;
  activeId?: string;
  onKeyDown?: (e: KeyboardEvent) => void;
}

/**
 * One section of a combo list: its heading (a fold button when it folds), its listbox of options and what comes
 * after it. `first` is the index of its first option in the list's one order; `own` is set for the single listbox.
 */
export function SectionView({
  g,
  listId,
  single,
  multiple,
  flat,
  first,
  act,
  isSelected,
  onHover,
  onChoose,
  own,
}: {
  g: ListSection;
  listId: string;
  single: boolean;
  multiple?: boolean;
  flat: FlatOption[];
  first: number;
  act: number;
  isSelected: (o: ListOption, section?: string) => boolean;
  onHover: (i: number) => void;
  onChoose: (i: number, o: ListOption) => void;
  own: OwnFocus | null;
}) {
  const open = g.expanded !== false;
  return (
    <div role={single ? undefined : "presentation"} className={single ? undefined : "px-1"}>
      {!single && <SectionHeading g={g} open={open} listId={listId} />}
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={g.label}
          aria-multiselectable={multiple || undefined}
          {...(own
            ? {
                tabIndex: own.tabIndex,
                ref: own.listRef,
                "aria-activedescendant": own.activeId,
                onKeyDown: own.onKeyDown,
              }
            : {})}
          className="outline-none"
        >
          {g.options.map((o, k) => {
            const i = first + k;
            return (
              <OptionRow
                key={o.value}
                o={o}
                id={flat[i].id}
                active={i === act}
                selected={isSelected(o, g.id || undefined)}
                multiple={multiple}
                onHover={() => onHover(i)}
                onChoose={() => {
                  if (!o.disabled) onChoose(i, o);
                }}
              />
            );
          })}
        </div>
      )}
      {open && g.after}
    </div>
  );
}

function SectionHeading({ g, open, listId }: { g: ListSection; open: boolean; listId: string }) {
  if (!g.onToggle)
    return (
      <div aria-hidden className="px-1.5 py-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
        {g.label}
      </div>
    );
  return (
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
  );
}

function OptionRow({
  o,
  id,
  active,
  selected: sel,
  multiple,
  onHover,
  onChoose,
}: {
  o: ListOption;
  id: string;
  active: boolean;
  selected: boolean;
  multiple?: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={sel}
      aria-disabled={o.disabled || undefined}
      title={o.title}
      aria-description={o.title}
      data-active={active || undefined}
      data-depth={o.depth || undefined}
      aria-label={o.path ? `${o.label}, in ${o.path}${o.hint ? ` ${o.hint}` : ""}` : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
      className={cx(
        "mx-1 flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 text-sm",
        INDENT[Math.min(o.depth ?? 0, INDENT.length - 1)],
        active && "bg-fill",
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
}

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
