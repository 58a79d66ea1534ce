import type { MutableRefObject, ReactNode } from "react";
import { cx } from "../cx.ts";
import { FloatingPanel, useFloatingTrigger, type FloatingTrigger, type TriggerOptions } from "./anchored.tsx";

/** A popover's trigger state (button → non-modal dialog). */
export function usePopover(opts: Omit<TriggerOptions, "kind"> = {}): FloatingTrigger {
  return useFloatingTrigger({ ...opts, kind: "dialog" });
}

/**
 * A non-modal dialog next to its trigger (filters, display options, a date, reactions, a work-item
 * search with its buttons). Focus moves into it (its first control, or `initialFocus`), Tab walks its
 * controls and leaving it closes it; Escape closes it and focus returns to the trigger.
 */
export function PopoverPanel({
  t,
  label,
  children,
  className,
  initialFocus,
}: {
  t: FloatingTrigger;
  label: string;
  children: ReactNode;
  className?: string;
  initialFocus?: MutableRefObject<HTMLElement | null>;
}) {
  return (
    <FloatingPanel
      t={t}
      id={t.popupId}
      role="dialog"
      aria-label={label}
      manageFocus={{ initialFocus }}
      className={cx("overflow-y-auto", className)}
    >
      {children}
    </FloatingPanel>
  );
}
