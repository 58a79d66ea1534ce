import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "../cx.ts";
import {
  CheckMark,
  FloatingPanel,
  focusNoScroll,
  keepVisible,
  useFloatingTrigger,
  type FloatingTrigger,
  type TriggerOptions,
} from "./anchored.tsx";
import { nextIndex, useTypeahead } from "./navigation.ts";

export interface MenuItem {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Why the item is disabled (shown as its tooltip). */
  hint?: string;
  /** A checkable item: `menuitemcheckbox` or `menuitemradio` with `aria-checked`. */
  kind?: "checkbox" | "radio";
  checked?: boolean;
  /** Text for typeahead when `label` is not a string. */
  textValue?: string;
}

/** Every entry can be moved to (a disabled one is announced, and does nothing). */
const enabled = () => true;

/** A menu button's trigger state (WAI-ARIA menu button pattern). */
export function useMenu(opts: Omit<TriggerOptions, "kind"> = {}): FloatingTrigger {
  return useFloatingTrigger({ ...opts, kind: "menu" });
}

/**
 * The open menu: `role=menu` with menuitem / menuitemcheckbox / menuitemradio entries under roving focus.
 * Arrows (wrapping), Home/End and typeahead move; Enter/Space/click choose (the menu closes, focus goes
 * back to the trigger, then the action runs, so an action that opens a dialog or navigates takes focus
 * on from there); Escape closes back to the trigger; Tab closes and moves on from the trigger.
 * Disabled entries stay focusable (so they are announced) but do nothing.
 */
export function MenuPopup({
  menu,
  items,
  label,
  className,
}: {
  menu: FloatingTrigger;
  items: MenuItem[];
  label?: string;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() => (menu.openedFrom === "last" ? items.length - 1 : 0));
  const typeahead = useTypeahead(() =>
    items.map(
      (it, i) => it.textValue ?? (typeof it.label === "string" ? it.label : (refs.current[i]?.textContent ?? "")),
    ),
  );

  const focused = useRef(-1);
  const focusActive = () => {
    const el = refs.current[active];
    if (!el || (focused.current === active && document.activeElement === el)) return;
    focused.current = active;
    focusNoScroll(el);
    keepVisible(list.current, el);
  };
  useLayoutEffect(focusActive);

  const choose = (it: MenuItem) => {
    if (it.disabled) return;
    menu.close(true);
    it.onSelect();
  };

  return (
    <FloatingPanel t={menu} className={cx("min-w-44", className)}>
      <div
        ref={list}
        id={menu.popupId}
        role="menu"
        aria-label={label}
        aria-labelledby={label ? undefined : menu.triggerId}
        aria-orientation="vertical"
        className="min-h-0 overflow-y-auto py-1"
        onKeyDown={(e) => menuKeyDown(e, active, items.length, typeahead, setActive, () => menu.close(true))}
      >
        {items.map((it, i) => (
          <MenuEntry
            key={i}
            item={it}
            active={i === active}
            buttonRef={(el) => {
              refs.current[i] = el;
              if (el && i === active) focusActive();
            }}
            onChoose={() => choose(it)}
            onHover={() => {
              if (i !== active) setActive(i);
            }}
          />
        ))}
      </div>
    </FloatingPanel>
  );
}

/**
 * The open menu's keys: arrows, Home/End and typeahead move to an entry (`move`); Tab closes it (`close`), and the
 * browser then tabs on from the trigger.
 */
function menuKeyDown(
  e: KeyboardEvent,
  active: number,
  count: number,
  typeahead: ReturnType<typeof useTypeahead>,
  move: (i: number) => void,
  close: () => void,
) {
  const to = nextIndex(e.key, active, count, enabled);
  if (to !== null) {
    e.preventDefault();
    move(to);
    return;
  }
  if (e.key === "Tab") {
    close();
    return;
  }
  if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== " ") {
    const hit = typeahead(e.key, active, enabled);
    if (hit !== null) {
      e.preventDefault();
      move(hit);
    }
  }
}

/** One entry of the open menu: a menuitem (or a checkable one), focusable only while active (roving focus). */
function MenuEntry({
  item: it,
  active,
  buttonRef,
  onChoose,
  onHover,
}: {
  item: MenuItem;
  active: boolean;
  buttonRef: (el: HTMLButtonElement | null) => void;
  onChoose: () => void;
  onHover: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      role={it.kind === "checkbox" ? "menuitemcheckbox" : it.kind === "radio" ? "menuitemradio" : "menuitem"}
      aria-checked={it.kind ? !!it.checked : undefined}
      aria-disabled={it.disabled || undefined}
      title={it.disabled ? it.hint : undefined}
      tabIndex={active ? 0 : -1}
      onClick={onChoose}
      onMouseMove={onHover}
      className={cx(
        "flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-fill focus:bg-fill focus:outline-none",
        it.disabled && "cursor-default opacity-50",
        it.danger && "text-danger",
      )}
    >
      {it.kind && <span className="flex w-3 shrink-0 text-accent">{it.checked && <CheckMark />}</span>}
      <span className="min-w-0 flex-1 truncate">{it.label}</span>
    </button>
  );
}

/** A menu button with its menu: the trigger (labelled by `ariaLabel` or its content) and `items`. */
export function Menu({
  label,
  items,
  align = "left",
  buttonClassName,
  ariaLabel,
  menuLabel,
}: {
  label: ReactNode;
  items: MenuItem[];
  align?: "left" | "right";
  buttonClassName?: string;
  ariaLabel?: string;
  /** The menu's accessible name; defaults to the trigger's. */
  menuLabel?: string;
}) {
  const menu = useMenu({ placement: align === "right" ? "bottom-end" : "bottom-start" });
  return (
    <>
      <button
        type="button"
        aria-label={ariaLabel}
        className={buttonClassName ?? "rounded-md px-2 py-1 text-sm hover:bg-fill"}
        {...menu.triggerProps}
      >
        {label}
      </button>
      {menu.open && <MenuPopup menu={menu} items={items} label={menuLabel} />}
    </>
  );
}
