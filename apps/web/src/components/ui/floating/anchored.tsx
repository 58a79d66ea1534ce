import {
  useCallback,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type MutableRefObject,
  type ReactNode,
} from "react";
import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  type Placement,
} from "@floating-ui/react";
import { Check } from "lucide-react";
import { cx } from "../cx.ts";

/**
 * The one way a floating panel (menu, listbox, popover) is opened and placed.
 *
 * The trigger holds only its open state (cheap: a list row may have ten of them); the panel, mounted
 * while open, runs floating-ui: a `fixed` position beside the trigger that flips to the other side when
 * there is no room, shifts along the window edge and caps its size to the space left
 * (`--floating-max-*`, set through the CSSOM, so the strict style-src policy holds), kept up to date by
 * `autoUpdate` on scroll, resize and layout shifts. It is portaled out of any overflow container. A
 * press outside closes it (focus stays where the press put it); Escape, Tab and choosing are handled by
 * the pattern on top and return focus to the trigger without scrolling anything.
 */
export type PopupKind = "menu" | "listbox" | "dialog";

/** Where a keyboard-opened list starts: the first item, the last one, or the current value. */
export type OpenFrom = "first" | "last" | "selected";

export interface TriggerOptions {
  kind: PopupKind;
  placement?: Placement;
  /** The panel is at least as wide as its trigger. */
  matchWidth?: boolean;
  /**
   * A key naming this trigger across remounts (e.g. `item-id:state`). When choosing re-renders the
   * trigger somewhere else (the row moves to another group), the new one takes the focus back.
   */
  focusKey?: string;
}

export interface FloatingTrigger {
  open: boolean;
  openedFrom: OpenFrom;
  /** Open (starting from a given end) or close; closing with `returnFocus` puts focus back on the trigger. */
  show: (from?: OpenFrom) => void;
  close: (returnFocus?: boolean) => void;
  popupId: string;
  triggerId: string;
  trigger: MutableRefObject<HTMLElement | null>;
  placement: Placement;
  matchWidth: boolean;
  /** Spread on the trigger button: ref, id, ARIA state, click and (menu/listbox) arrow keys. */
  triggerProps: {
    ref: (el: HTMLElement | null) => void;
    id: string;
    "aria-haspopup": PopupKind;
    "aria-expanded": boolean;
    "aria-controls"?: string;
    onClick: (e: MouseEvent<HTMLElement>) => void;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  };
}

const PAD = 8;

/** The trigger that was just given focus back, found again if it is remounted within a moment. */
let pendingReturn: { key: string; at: number } | null = null;

/** Focus an element without letting the browser scroll any container to it. */
export function focusNoScroll(el: Element | null | undefined): void {
  (el as HTMLElement | null | undefined)?.focus({ preventScroll: true });
}

/** Scroll `container` (only it) so that `el` is inside its visible box. */
export function keepVisible(container: HTMLElement | null, el: Element | null | undefined): void {
  if (!container || !el) return;
  const c = container.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < c.top) container.scrollTop -= c.top - r.top;
  else if (r.bottom > c.bottom) container.scrollTop += r.bottom - c.bottom;
}

export function useFloatingTrigger({
  kind,
  placement = "bottom-start",
  matchWidth = false,
  focusKey,
}: TriggerOptions): FloatingTrigger {
  const [open, setOpen] = useState(false);
  const [openedFrom, setOpenedFrom] = useState<OpenFrom>("selected");
  const popupId = useId();
  const triggerId = useId();
  const trigger = useRef<HTMLElement | null>(null);

  const show = useCallback((from: OpenFrom = "selected") => {
    setOpenedFrom(from);
    setOpen(true);
  }, []);
  const close = useCallback(
    (returnFocus = true) => {
      setOpen(false);
      if (!returnFocus) return;
      focusNoScroll(trigger.current);
      if (focusKey) pendingReturn = { key: focusKey, at: Date.now() };
    },
    [focusKey],
  );
  const ref = useCallback(
    (el: HTMLElement | null) => {
      trigger.current = el;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (el && focusKey && pendingReturn?.key === focusKey && Date.now() - pendingReturn.at < 3000 && lost) {
        pendingReturn = null;
        focusNoScroll(el);
      }
    },
    [focusKey],
  );

  const triggerProps: FloatingTrigger["triggerProps"] = {
    ref,
    id: triggerId,
    "aria-haspopup": kind,
    "aria-expanded": open,
    "aria-controls": open ? popupId : undefined,
    onClick: (e) => {
      e.stopPropagation();
      if (open) close(true);
      else show(kind === "menu" ? "first" : "selected");
    },
    onKeyDown: (e) => {
      if (kind === "dialog" || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
      e.preventDefault();
      e.stopPropagation();
      show(kind === "menu" ? (e.key === "ArrowUp" ? "last" : "first") : "selected");
    },
  };
  return { open, openedFrom, show, close, popupId, triggerId, trigger, placement, matchWidth, triggerProps };
}

/**
 * The panel's floating-ui placement beside its trigger: flipped, shifted and capped to the room left
 * (`--floating-max-*`), kept up to date while it is open.
 */
function usePanelFloating(t: FloatingTrigger, reference: HTMLElement | null) {
  return useFloating<HTMLElement>({
    open: true,
    onOpenChange: (o) => {
      if (!o) t.close(false);
    },
    elements: { reference },
    placement: t.placement,
    strategy: "fixed",
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: PAD, fallbackAxisSideDirection: "end" }),
      shift({ padding: PAD }),
      size({
        padding: PAD,
        apply({ availableHeight, availableWidth, rects, elements }) {
          const s = elements.floating.style;
          s.setProperty("--floating-max-height", `${Math.max(80, Math.floor(availableHeight))}px`);
          s.setProperty("--floating-max-width", `${Math.max(120, Math.floor(availableWidth))}px`);
          if (t.matchWidth) s.minWidth = `${Math.round(rects.reference.width)}px`;
        },
      }),
    ],
  });
}

/**
 * The open panel, portaled to <body> — or into the trigger's modal <dialog> (the top layer, outside of
 * which everything is inert). Clicks and keys inside do not reach the trigger's React ancestors (a row
 * that opens on click, a cell that moves on arrows); Escape closes it and keeps a surrounding dialog open.
 */
export function FloatingPanel({
  t,
  children,
  className,
  onKeyDown,
  manageFocus,
  ...rest
}: {
  t: FloatingTrigger;
  children: ReactNode;
  className?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  /** Dialog-like panels: floating-ui moves focus in, keeps the Tab order beside the trigger, closes on focus out. */
  manageFocus?: { initialFocus?: MutableRefObject<HTMLElement | null> };
} & Omit<HTMLAttributes<HTMLDivElement>, "onKeyDown" | "className" | "children" | "style">) {
  const reference = t.trigger.current;
  const { refs, floatingStyles, context } = usePanelFloating(t, reference);
  const dismiss = useDismiss(context, { escapeKey: false });
  const { getFloatingProps } = useInteractions([dismiss]);
  const root = (reference?.closest("dialog") as HTMLElement | null) ?? undefined;
  const panel = (
    <div
      ref={refs.setFloating}
      data-floating=""
      style={floatingStyles}
      {...getFloatingProps({
        ...rest,
        className: cx(
          "z-[60] flex max-h-[var(--floating-max-height)] max-w-[var(--floating-max-width)] flex-col overflow-hidden rounded-lg border border-line-raised bg-surface text-sm text-fg shadow-xl outline-none",
          className,
        ),
        onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
          onKeyDown?.(e);
          if (e.key === "Escape" && !e.defaultPrevented) {
            e.preventDefault(); // a surrounding <dialog> stays open
            t.close(true);
          }
          e.stopPropagation();
        },
        onClick: (e: MouseEvent) => e.stopPropagation(),
      })}
    >
      {children}
    </div>
  );
  return (
    <FloatingPortal root={root}>
      {manageFocus ? (
        <FloatingFocusManager
          context={context}
          modal={false}
          initialFocus={manageFocus.initialFocus ?? 0}
          returnFocus
          closeOnFocusOut
        >
          {panel}
        </FloatingFocusManager>
      ) : (
        panel
      )}
    </FloatingPortal>
  );
}

/** A check mark drawn (not a text glyph, so it never joins an option's or item's text). */
export function CheckMark({ size = 12, className }: { size?: number; className?: string }) {
  return <Check size={size} strokeWidth={3} aria-hidden focusable="false" className={className} />;
}
