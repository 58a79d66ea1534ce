/**
 * The React side of a drag scope: `<DragScope controller>` around a layout, `useDragItem()` on each
 * draggable item (pointer drag through Pragmatic, keyboard pick-up, focus and screen-reader wiring),
 * `useDropZone()` on containers, and `useDragSelector()` so an item re-renders only when its own part of the
 * drag state changes.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { draggable, dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter";
import { autoScrollForElements } from "@atlaskit/pragmatic-drag-and-drop-auto-scroll/element";
import { disableNativeDragPreview } from "@atlaskit/pragmatic-drag-and-drop/utils/disable-native-drag-preview";
import { attachClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge";
import type { Input } from "@atlaskit/pragmatic-drag-and-drop/types";
import { cx } from "../ui/cx.ts";
import { shapePath } from "../../lib/icon-node.ts";
import { DND_INSTRUCTIONS_ID } from "./announce.ts";
import { sameSource, type DragController, type DragSource, type DragState, type TargetData } from "./controller.ts";

const Ctx = createContext<DragController | null>(null);

export function DragScope<Pos>({ controller, children }: { controller: DragController<Pos>; children: ReactNode }) {
  return <Ctx.Provider value={controller as DragController}>{children}</Ctx.Provider>;
}

export function useDragController<Pos = unknown>(): DragController<Pos> | null {
  return useContext(Ctx) as DragController<Pos> | null;
}

/** A value derived from the drag state; the component re-renders only when it changes (return primitives). */
export function useDragSelector<T, Pos = unknown>(
  select: (s: DragState<Pos> | null) => T,
  controller?: DragController<Pos> | null,
): T {
  const fromCtx = useDragController<Pos>();
  const ctl = controller ?? fromCtx;
  const subscribe = useCallback((fn: () => void) => (ctl ? ctl.subscribe(fn) : () => undefined), [ctl]);
  return useSyncExternalStore(subscribe, () => select(ctl ? ctl.get() : null));
}

export interface DragItemOptions {
  /** The item is also a drop target: before/after it along this axis, or with custom data (labels' nesting). */
  drop?: "vertical" | "horizontal" | ((args: { input: Input; element: Element }) => TargetData) | false;
  /** "none": no native ghost image (the scope draws the move itself, e.g. timeline bars). */
  preview?: "native" | "none";
}

export interface DragItem<E extends HTMLElement> {
  ref: (el: E | null) => void;
  /** This item is being dragged (pointer or keyboard). */
  dragging: boolean;
  /** Picked up with the keyboard. */
  lifted: boolean;
  /**
   * Spread on the element that takes the keyboard: a `DragHandle` button (or the item itself when it is
   * focusable). Empty of handlers when the item cannot be dragged.
   */
  props: {
    tabIndex?: number;
    "aria-describedby"?: string;
    "data-dnd-type"?: string;
    "data-dnd-id": string;
    "data-dnd-container"?: string;
    "data-dnd-part"?: string;
    onKeyDown?: (e: KeyboardEvent) => void;
  };
}

/**
 * The element of a draggable item or drop zone, for the effects that register it with Pragmatic: a ref callback
 * (`ref`), the element (`elRef`) and a version that changes when the element does after mount (an effect's
 * dependency). Holding the element in state instead set that state while the element mounted, in the commit:
 * every item rendered once more, synchronously, with the page's pending effects flushed before its first frame
 * (a list's rows, a board's cards, the sidebar's favourites: twice the work of a first paint).
 */
function useElement<E extends HTMLElement>() {
  const elRef = useRef<E | null>(null);
  const mounted = useRef(false);
  const [elVersion, setElVersion] = useState(0);
  const ref = useCallback((node: E | null) => {
    // a ref detached and attached again to the same element (a caller's inline ref callback, every commit) is no
    // change; the registration of an element that goes ends with its effects
    if (!node || node === elRef.current) return;
    elRef.current = node;
    if (mounted.current) setElVersion((n) => n + 1);
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return { ref, elRef, elVersion };
}

/**
 * A draggable item of the enclosing scope. The element given to `ref` is dragged by the pointer; the
 * element that gets `props` (usually its `DragHandle`) picks the item up on Space/Enter.
 */
export function useDragItem<E extends HTMLElement = HTMLElement>(
  src: DragSource,
  opts: DragItemOptions = {},
): DragItem<E> {
  const ctl = useDragController();
  const { ref, elRef, elVersion } = useElement<E>();
  const { id, container = null, part = null } = src;
  const can = !!ctl && ctl.canDrag(src);
  const { drop = false, preview = "native" } = opts;
  const dropFn = useRef(drop);
  useEffect(() => {
    dropFn.current = drop;
  });
  const dropKind = typeof drop === "function" ? "custom" : drop;

  // the item is dragged when the user may move it, and is a drop target (things land before/after it) either way
  useEffect(() => {
    const el = elRef.current;
    if (!ctl || !el || !can) return;
    const data: TargetData = { dndType: ctl.type, id, container, part };
    return draggable({
      element: el,
      canDrag: () => ctl.canDrag({ id, container, part }),
      getInitialData: () => data,
      onGenerateDragPreview:
        preview === "none" ? ({ nativeSetDragImage }) => disableNativeDragPreview({ nativeSetDragImage }) : undefined,
    });
  }, [ctl, elRef, elVersion, can, id, container, part, preview]);

  useEffect(() => {
    const el = elRef.current;
    if (!ctl || !el || !dropKind) return;
    const type = ctl.type;
    const data: TargetData = { dndType: type, id, container, part };
    return dropTargetForElements({
      element: el,
      canDrop: ({ source }) => source.data.dndType === type,
      getData: ({ input, element }) => {
        const d = dropFn.current;
        if (typeof d === "function") return { ...data, ...d({ input, element }) };
        return attachClosestEdge(data, {
          input,
          element,
          allowedEdges: dropKind === "vertical" ? ["top", "bottom"] : ["left", "right"],
        });
      },
    });
  }, [ctl, elRef, elVersion, id, container, part, dropKind]);

  const mine = (s: DragState<unknown> | null) => !!s && sameSource(s.src, { id, container, part });
  const dragging = useDragSelector((s) => mine(s));
  const lifted = useDragSelector((s) => mine(s) && s!.via === "keyboard");

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (!ctl || e.target !== e.currentTarget || ctl.get()) return;
      if (e.key === " " || e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation();
        ctl.pickUp({ id, container, part });
      }
    },
    [ctl, id, container, part],
  );

  const base = {
    "data-dnd-id": id,
    ...(container !== null ? { "data-dnd-container": container } : {}),
    ...(part !== null ? { "data-dnd-part": part } : {}),
  };
  return {
    ref,
    dragging,
    lifted,
    props:
      can && ctl
        ? { ...base, tabIndex: 0, "aria-describedby": DND_INSTRUCTIONS_ID, "data-dnd-type": ctl.type, onKeyDown }
        : base,
  };
}

/**
 * A drop area of the scope (a column, a group header, a day, the timeline): its data goes to the scope's
 * `fromPointer`. `controller` is for the component that creates the scope (outside its own provider).
 */
export function useDropZone<E extends HTMLElement = HTMLElement, Pos = unknown>(
  data: TargetData | null,
  controller?: DragController<Pos> | null,
): (el: E | null) => void {
  const fromCtx = useDragController();
  const ctl = (controller as DragController | null | undefined) ?? fromCtx;
  const { ref, elRef, elVersion } = useElement<E>();
  const key = data ? JSON.stringify(data) : "";
  useEffect(() => {
    const el = elRef.current;
    if (!ctl || !el || !key) return;
    const type = ctl.type;
    const payload = { ...(JSON.parse(key) as TargetData), dndType: type };
    return dropTargetForElements({
      element: el,
      canDrop: ({ source }) => source.data.dndType === type,
      getData: () => payload,
    });
  }, [ctl, elRef, elVersion, key]);
  return ref;
}

/**
 * The line that shows where a dragged item will land, drawn on an edge of the item it lands next to
 * (`inset`: inside the item, for lists without gaps; `indent`: where a nested level starts). In a grid
 * (`axis` "horizontal": the items flow in rows) "top" is the item's start and "bottom" its end, drawn upright.
 */
export function DropLine({
  edge,
  inset = false,
  indent,
  axis = "vertical",
}: {
  edge: "top" | "bottom" | null;
  inset?: boolean;
  indent?: string;
  axis?: "vertical" | "horizontal";
}) {
  if (!edge) return null;
  if (axis === "horizontal") {
    return (
      <span
        aria-hidden
        data-drop-line={edge === "top" ? "left" : "right"}
        className={cx(
          "pointer-events-none absolute bottom-0 top-0 z-10 w-0.5 rounded bg-indigo-500",
          edge === "top" ? "-left-[7px]" : "-right-[7px]",
        )}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-drop-line={edge}
      style={indent ? { left: indent } : undefined}
      className={cx(
        "pointer-events-none absolute left-0 right-0 z-10 h-0.5 rounded bg-indigo-500",
        edge === "top" ? (inset ? "top-0" : "-top-[5px]") : inset ? "bottom-0" : "-bottom-[5px]",
      )}
    />
  );
}

/** Classes of an item while it is dragged (dimmed) or picked up with the keyboard (ringed). */
export function draggingClass(item: { dragging: boolean; lifted: boolean }): string | false {
  if (item.lifted) return "ring-2 ring-inset ring-indigo-500";
  return item.dragging && "opacity-40";
}

const GRIP_DOTS = [4, 8].flatMap((x) => [2.5, 6, 9.5].map((y) => shapePath("circle", { cx: x, cy: y, r: 1 }))).join("");

/** The keyboard handle of a draggable item: a "Move …" button; Space/Enter picks the item up. Nothing when it cannot be dragged. */
export function DragHandle({
  drag,
  label,
  className,
}: {
  drag: Pick<DragItem<HTMLElement>, "props">;
  label: string;
  className?: string;
}) {
  if (!drag.props.onKeyDown) return null;
  return (
    <button
      type="button"
      {...drag.props}
      aria-label={`Move ${label}`}
      onClick={(e) => e.stopPropagation()}
      className={cx(
        "shrink-0 cursor-grab rounded p-0.5 text-fg-faint hover:bg-fill hover:text-fg-secondary active:cursor-grabbing",
        className,
      )}
    >
      {/* six dots in one path: a list draws a handle per row (src/lib/icon-node.ts) */}
      <svg aria-hidden width="12" height="12" viewBox="0 0 12 12" fill="currentColor">
        <path d={GRIP_DOTS} />
      </svg>
    </button>
  );
}

/** The closest ancestor that scrolls vertically (the page's main area for settings lists, a sidebar later). */
function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === "auto" || y === "scroll") return p;
  }
  return null;
}

/** Scroll the area around `el` while a drag of the enclosing scope nears its edges (lists that do not own their scrolling). */
export function useAutoScrollAround(el: HTMLElement | null): void {
  const ctl = useDragController();
  useEffect(() => {
    const area = scrollParent(el);
    if (!ctl || !area) return;
    const type = ctl.type;
    return autoScrollForElements({ element: area, canScroll: ({ source }) => source.data.dndType === type });
  }, [ctl, el]);
}
