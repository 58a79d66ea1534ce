import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Search } from "lucide-react";
import { cx } from "../cx.ts";
import {
  FloatingPanel,
  focusNoScroll,
  keepVisible,
  useFloatingTrigger,
  type FloatingTrigger,
  type OpenFrom,
  type TriggerOptions,
} from "./anchored.tsx";
import { useTypeahead } from "./navigation.ts";
import { comboKey, firstIndexes, flattenGroups, initialIndex, type FlatOption } from "./combo.ts";
import { SectionView, type ListSection } from "./ListSection.tsx";
import type { ListOption } from "./options.ts";

export { filterOptions, type ListOption } from "./options.ts";
export type { ListSection } from "./ListSection.tsx";

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
  const groups: ListSection[] = useMemo(
    () => sections ?? [{ id: "", label, options: options ?? [], expanded: true }],
    [sections, options, label],
  );
  const flat = useMemo(() => flattenGroups(groups, base), [groups, base]);
  const { act, setActive, onKeyDown } = useComboKeys(flat, { from, isSelected, onPick, onTab, search });
  const { scroller, setFocusTarget } = useComboFocus(flat, act);

  const activeId = act >= 0 ? flat[act]?.id : undefined;
  const single = !sections;
  const idOf = (gi: number) => (single && singleId ? singleId : `${base}-list-${gi}`);
  const listIds = groups.map((g, gi) => (g.expanded !== false ? idOf(gi) : "")).filter(Boolean);
  const own = single
    ? search
      ? { tabIndex: -1 }
      : { tabIndex: 0, listRef: setFocusTarget, activeId, onKeyDown }
    : null;
  const firsts = firstIndexes(groups);
  return (
    <>
      {search && (
        <SearchBox
          search={search}
          inputRef={setFocusTarget}
          controls={listIds.join(" ")}
          activeId={activeId}
          onKeyDown={onKeyDown}
        />
      )}
      <div ref={scroller} className={cx("relative min-h-0 flex-1 overflow-y-auto py-1", listClassName)}>
        {groups.map((g, gi) => (
          <SectionView
            key={g.id || "list"}
            g={g}
            listId={idOf(gi)}
            single={single}
            multiple={multiple}
            flat={flat}
            first={firsts[gi]}
            act={act}
            isSelected={isSelected}
            onHover={(i) => {
              if (i !== act) setActive(i);
            }}
            onChoose={(i, o) => {
              setActive(i);
              onPick(o, g.id || undefined);
            }}
            own={own}
          />
        ))}
        {flat.length === 0 && emptyText !== "" && (
          <div role="status" className="px-3 py-2 text-xs text-fg-subtle">
            {emptyText ?? "No matches"}
          </div>
        )}
      </div>
    </>
  );
}

/** Focus on the search box (or the listbox) once open, and the active option kept in view as it moves. */
function useComboFocus(flat: FlatOption[], act: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    focusNoScroll(focusTarget.current);
  }, []);
  useLayoutEffect(() => {
    if (act >= 0) keepVisible(scroller.current, document.getElementById(flat[act].id));
  }, [act, flat]);
  const setFocusTarget = (el: HTMLElement | null) => {
    focusTarget.current = el;
  };
  return { scroller, setFocusTarget };
}

/** The active option and the keys that move and pick it (the active option starts again at the top on a new query). */
function useComboKeys(
  flat: FlatOption[],
  {
    from,
    isSelected,
    onPick,
    onTab,
    search,
  }: Pick<ComboListProps, "isSelected" | "onPick" | "onTab" | "search"> & { from: OpenFrom },
) {
  const [active, setActive] = useState(() => initialIndex(flat, from, isSelected));
  const act = flat[active] ? active : flat.length ? 0 : -1;
  const query = search?.value ?? "";
  const firstQuery = useRef(query);
  useEffect(() => {
    if (query !== firstQuery.current) setActive(flat.length ? 0 : -1);
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps
  const typeahead = useTypeahead(() => flat.map((x) => x.o.label));

  const onKeyDown = (e: React.KeyboardEvent) => {
    const action = comboKey(e, flat, act, !!search);
    if (!action) return;
    if (action.kind === "move") {
      e.preventDefault();
      setActive(action.to);
    } else if (action.kind === "pick") {
      e.preventDefault();
      if (action.option) onPick(action.option.o, action.option.section || undefined);
    } else if (action.kind === "tab") {
      onTab?.();
    } else {
      const hit = typeahead(e.key, act, (i) => !flat[i]?.o.disabled);
      if (hit !== null) {
        e.preventDefault();
        setActive(hit);
      }
    }
  };
  return { act, setActive, onKeyDown };
}

/** The search box (`role=combobox`) over the list: focus stays in it while the arrows move the active option. */
function SearchBox({
  search,
  inputRef,
  controls,
  activeId,
  onKeyDown,
}: {
  search: NonNullable<ComboListProps["search"]>;
  inputRef: (el: HTMLInputElement | null) => void;
  controls: string;
  activeId: string | undefined;
  onKeyDown: (e: React.KeyboardEvent) => void;
}) {
  return (
    <div className="flex items-center gap-1.5 border-b border-line-subtle px-2 py-1.5">
      <Search size={14} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />
      <input
        ref={inputRef}
        role="combobox"
        aria-label={search.label}
        aria-expanded
        aria-controls={controls}
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
