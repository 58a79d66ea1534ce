/**
 * One drag-and-drop controller per drag scope (a board, a list, the calendar, the timeline, a settings
 * list). The pointer path is Pragmatic drag and drop (native HTML drag events, auto-scroll near edges);
 * the keyboard path is ours: Space/Enter picks the focused item up, the arrow keys move it between
 * positions of the scope's model, Space/Enter drops, Escape cancels. Both paths drive the same state (the
 * dragged source, where it came from, where it would land) and end in the same `commit`, and every
 * keyboard step is read out through the shared live region.
 *
 * A scope describes its positions with a `DragSpec<Pos>`: how to find a source's origin, the next position
 * for an arrow key, the position under the pointer, the sentences to read, and how to apply a drop.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { monitorForElements } from "@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter";
import { combine } from "@atlaskit/pragmatic-drag-and-drop/utils/combine";
import { autoScrollForElements } from "@atlaskit/pragmatic-drag-and-drop-auto-scroll/element";
import type { Input } from "@atlaskit/pragmatic-drag-and-drop/types";
import { announce, ensureDndDom } from "./announce.ts";
import type { Dir } from "./slots.ts";

/** What is dragged: an item id, the container it is dragged from (an item may sit in several), and which part (timeline bar ends). */
export interface DragSource {
  id: string;
  container?: string | null;
  part?: string | null;
}

export type Phase = "pickup" | "move" | "drop" | "cancel";

export type TargetData = Record<string | symbol, unknown>;

export interface DragSpec<Pos> {
  /** Kind of thing dragged; a scope only sees its own kind. */
  type: string;
  /** The item's name as read to screen readers ("ABC-12 Fix the login"). */
  label(src: DragSource): string;
  canDrag(src: DragSource): boolean;
  /** Where the item is now (null: it cannot be dragged). */
  origin(src: DragSource): Pos | null;
  /** The position one arrow key away, or null when there is none. */
  step(from: Pos, dir: Dir, src: DragSource): Pos | null;
  /** The position under the pointer, from the drop targets under it (innermost first). */
  fromPointer(
    targets: TargetData[],
    src: DragSource,
    input: { initial: Input; current: Input },
    origin: Pos,
  ): Pos | null;
  same(a: Pos, b: Pos): boolean;
  /** The sentence read for a step. */
  say(phase: Phase, at: Pos, src: DragSource): string;
  /**
   * Apply a drop (optimistically, so the scope's data changes at once); false when it changes nothing.
   * Call `failed` when the server refuses it (the change is rolled back).
   */
  commit(src: DragSource, at: Pos, failed: () => void): boolean;
  /** Bring a position into view (scroll, change month…) during a keyboard drag. */
  reveal?(at: Pos, src: DragSource): void;
}

export interface DragState<Pos> {
  src: DragSource;
  origin: Pos;
  /** Where the item would land; null while the pointer is over nothing that takes it. */
  target: Pos | null;
  via: "pointer" | "keyboard";
  /** Dropped: the old picture is kept until the scope's data shows the change (no flicker back). */
  settling: boolean;
}

export interface DragController<Pos = unknown> {
  type: string;
  get(): DragState<Pos> | null;
  subscribe(fn: () => void): () => void;
  spec(): DragSpec<Pos>;
  canDrag(src: DragSource): boolean;
  /** Keyboard: pick the item up (Space/Enter on the focused item). */
  pickUp(src: DragSource): void;
}

const KEY_DIR: Record<string, Dir> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

export function readSource(data: TargetData): DragSource {
  return {
    id: String(data.id),
    container: (data.container as string | undefined) ?? null,
    part: (data.part as string | undefined) ?? null,
  };
}

export const sameSource = (a: DragSource | null | undefined, b: DragSource | null | undefined) =>
  !!a &&
  !!b &&
  a.id === b.id &&
  (a.container ?? null) === (b.container ?? null) &&
  (a.part ?? null) === (b.part ?? null);

/** The element of a source inside the document (to give focus back after a keyboard drop). */
function sourceElement(type: string, src: DragSource, container: string | null): HTMLElement | null {
  const all = [
    ...document.querySelectorAll<HTMLElement>(
      `[data-dnd-type="${CSS.escape(type)}"][data-dnd-id="${CSS.escape(src.id)}"]`,
    ),
  ].filter((el) => (el.dataset.dndPart ?? null) === (src.part ?? null));
  return all.find((el) => container !== null && el.dataset.dndContainer === container) ?? all[0] ?? null;
}

/**
 * The controller of a scope. `version` is the scope's data (a drop ends its "settling" when it changes);
 * `scrollEl` is the element that scrolls while the pointer drags near its edges.
 */
export function useDragDrop<Pos>(
  spec: DragSpec<Pos>,
  opts: { version: unknown; scrollEl?: HTMLElement | null },
): DragController<Pos> {
  const specRef = useRef(spec);
  specRef.current = spec;
  const [ctl] = useState(() => createController<Pos>(() => specRef.current));
  const { version, scrollEl } = opts;

  useEffect(() => {
    ensureDndDom();
    return () => ctl.dispose();
  }, [ctl]);

  // a drop settles when the data shows it (before that render is painted)
  useLayoutEffect(() => {
    ctl.dataChanged();
  }, [ctl, version]);

  useEffect(() => {
    const type = spec.type;
    const mine = (data: TargetData) => data.dndType === type;
    return combine(
      monitorForElements({
        canMonitor: ({ source }) => mine(source.data),
        onDragStart: ({ source, location }) => ctl.pointerStart(readSource(source.data), location.initial.input),
        onDrag: ({ location }) =>
          ctl.pointerMove(
            location.current.dropTargets.map((t) => t.data),
            location.current.input,
          ),
        onDropTargetChange: ({ location }) =>
          ctl.pointerMove(
            location.current.dropTargets.map((t) => t.data),
            location.current.input,
          ),
        onDrop: ({ location }) =>
          ctl.pointerDrop(
            location.current.dropTargets.map((t) => t.data),
            location.current.input,
          ),
      }),
      scrollEl
        ? autoScrollForElements({ element: scrollEl, canScroll: ({ source }) => mine(source.data) })
        : () => undefined,
    );
  }, [ctl, spec.type, scrollEl]);

  return useMemo(() => ctl.api, [ctl]);
}

function createController<Pos>(spec: () => DragSpec<Pos>) {
  let state: DragState<Pos> | null = null;
  let initialInput: Input | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let focusAfter: { src: DragSource; container: string | null } | null = null;
  const listeners = new Set<() => void>();

  const set = (next: DragState<Pos> | null) => {
    state = next;
    for (const fn of listeners) fn();
  };
  const containerOf = (p: Pos | null): string | null => {
    const c = (p as { container?: unknown } | null)?.container;
    return typeof c === "string" ? c : null;
  };
  const restoreFocus = () => {
    const f = focusAfter;
    focusAfter = null;
    if (!f) return;
    requestAnimationFrame(() => sourceElement(spec().type, f.src, f.container)?.focus());
  };
  const clear = () => {
    clearTimeout(settleTimer);
    set(null);
    restoreFocus();
  };

  /** End a drag: apply the drop when it moves something, keep the picture until the data catches up. */
  const finish = (target: Pos | null) => {
    const s = state;
    if (!s) return;
    const sp = spec();
    const keyboard = s.via === "keyboard";
    stopKeys();
    if (keyboard) focusAfter = { src: s.src, container: containerOf(target ?? s.origin) };
    if (!target || sp.same(target, s.origin)) {
      if (keyboard) announce(target ? sp.say("drop", target, s.src) : sp.say("cancel", s.origin, s.src));
      clear();
      return;
    }
    if (keyboard) announce(sp.say("drop", target, s.src));
    set({ ...s, target, settling: true });
    const label = sp.label(s.src);
    const changed = sp.commit(s.src, target, () => announce(`Could not move ${label}. It is back where it was.`));
    if (!changed) {
      clear();
      return;
    }
    // the data normally changes at once (optimistic update); never keep the old picture for long
    settleTimer = setTimeout(clear, 1500);
  };

  const cancel = () => {
    const s = state;
    if (!s) return;
    stopKeys();
    if (s.via === "keyboard") {
      focusAfter = { src: s.src, container: containerOf(s.origin) };
      announce(spec().say("cancel", s.origin, s.src));
    }
    clear();
  };

  const onKey = (e: KeyboardEvent) => {
    const s = state;
    if (!s || s.via !== "keyboard" || s.settling) return;
    const dir = KEY_DIR[e.key];
    if (dir) {
      e.preventDefault();
      e.stopPropagation();
      const sp = spec();
      const next = sp.step(s.target ?? s.origin, dir, s.src);
      if (!next) {
        announce(`Cannot move further ${dir}.`);
        return;
      }
      set({ ...s, target: next });
      sp.reveal?.(next, s.src);
      announce(sp.say("move", next, s.src));
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      finish(s.target);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      cancel();
    } else if (e.key === "Tab") {
      // focus stays on the picked-up item until it is dropped or the move is cancelled
      e.preventDefault();
    }
  };
  const onPointerDown = () => cancel();
  let listening = false;
  const startKeys = () => {
    if (listening) return;
    listening = true;
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointerDown, true);
  };
  function stopKeys() {
    if (!listening) return;
    listening = false;
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("pointerdown", onPointerDown, true);
  }

  const api: DragController<Pos> = {
    get type() {
      return spec().type;
    },
    get: () => state,
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    spec,
    canDrag: (src) => spec().canDrag(src),
    pickUp: (src) => {
      const sp = spec();
      if (state || !sp.canDrag(src)) return;
      const origin = sp.origin(src);
      if (origin === null) return;
      set({ src, origin, target: origin, via: "keyboard", settling: false });
      startKeys();
      announce(sp.say("pickup", origin, src));
    },
  };

  return {
    api,
    dataChanged: () => {
      if (state?.settling) clear();
    },
    pointerStart: (src: DragSource, input: Input) => {
      const sp = spec();
      const origin = sp.origin(src);
      if (origin === null) return;
      if (state) cancel();
      initialInput = input;
      set({ src, origin, target: origin, via: "pointer", settling: false });
    },
    pointerMove: (targets: TargetData[], input: Input) => {
      const s = state;
      if (!s || s.via !== "pointer" || s.settling || !initialInput) return;
      const sp = spec();
      const target = sp.fromPointer(targets, s.src, { initial: initialInput, current: input }, s.origin);
      const same = target === null || s.target === null ? target === s.target : sp.same(target, s.target);
      if (!same) set({ ...s, target });
    },
    pointerDrop: (targets: TargetData[], input: Input) => {
      const s = state;
      if (!s || s.via !== "pointer" || !initialInput) return;
      finish(spec().fromPointer(targets, s.src, { initial: initialInput, current: input }, s.origin));
    },
    dispose: () => {
      stopKeys();
      clearTimeout(settleTimer);
      state = null;
    },
  };
}
