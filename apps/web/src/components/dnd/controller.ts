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
  const [ctl] = useState(() => new Controller<Pos>(() => specRef.current));
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

/**
 * A scope's drag state and the paths that change it: the pointer's (start, move, drop, from the monitor) and the
 * keyboard's (pick up, arrow keys, drop, cancel, listened to on the document while an item is picked up).
 */
class Controller<Pos> {
  private state: DragState<Pos> | null = null;
  private initialInput: Input | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private focusAfter: { src: DragSource; container: string | null } | null = null;
  private readonly listeners = new Set<() => void>();
  private listening = false;
  readonly api: DragController<Pos>;

  constructor(private readonly spec: () => DragSpec<Pos>) {
    this.api = {
      get type() {
        return spec().type;
      },
      get: () => this.state,
      subscribe: (fn) => {
        this.listeners.add(fn);
        return () => this.listeners.delete(fn);
      },
      spec,
      canDrag: (src) => spec().canDrag(src),
      pickUp: (src) => this.pickUp(src),
    };
  }

  private set(next: DragState<Pos> | null) {
    this.state = next;
    for (const fn of this.listeners) fn();
  }

  private restoreFocus() {
    const f = this.focusAfter;
    this.focusAfter = null;
    if (!f) return;
    requestAnimationFrame(() => sourceElement(this.spec().type, f.src, f.container)?.focus());
  }

  private clear() {
    clearTimeout(this.settleTimer);
    this.set(null);
    this.restoreFocus();
  }

  /** End a drag: apply the drop when it moves something, keep the picture until the data catches up. */
  private finish(target: Pos | null) {
    const s = this.state;
    if (!s) return;
    const sp = this.spec();
    const keyboard = s.via === "keyboard";
    this.stopKeys();
    if (keyboard) this.focusAfter = { src: s.src, container: containerOf(target ?? s.origin) };
    if (!target || sp.same(target, s.origin)) {
      if (keyboard) announce(target ? sp.say("drop", target, s.src) : sp.say("cancel", s.origin, s.src));
      this.clear();
      return;
    }
    if (keyboard) announce(sp.say("drop", target, s.src));
    this.set({ ...s, target, settling: true });
    const label = sp.label(s.src);
    const changed = sp.commit(s.src, target, () => announce(`Could not move ${label}. It is back where it was.`));
    if (!changed) {
      this.clear();
      return;
    }
    // the data normally changes at once (optimistic update); never keep the old picture for long
    this.settleTimer = setTimeout(() => this.clear(), 1500);
  }

  private cancel() {
    const s = this.state;
    if (!s) return;
    this.stopKeys();
    if (s.via === "keyboard") {
      this.focusAfter = { src: s.src, container: containerOf(s.origin) };
      announce(this.spec().say("cancel", s.origin, s.src));
    }
    this.clear();
  }

  /** An arrow key during a keyboard drag: the next position, or why there is none. */
  private step(s: DragState<Pos>, dir: Dir) {
    const sp = this.spec();
    const next = sp.step(s.target ?? s.origin, dir, s.src);
    if (!next) {
      announce(`Cannot move further ${dir}.`);
      return;
    }
    this.set({ ...s, target: next });
    sp.reveal?.(next, s.src);
    announce(sp.say("move", next, s.src));
  }

  private readonly onKey = (e: KeyboardEvent) => {
    const s = this.state;
    if (!s || s.via !== "keyboard" || s.settling) return;
    const dir = KEY_DIR[e.key];
    const handled = !!dir || e.key === " " || e.key === "Enter" || e.key === "Escape";
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
    if (dir) this.step(s, dir);
    else if (e.key === " " || e.key === "Enter") this.finish(s.target);
    else if (e.key === "Escape") this.cancel();
    // focus stays on the picked-up item until it is dropped or the move is cancelled
    else if (e.key === "Tab") e.preventDefault();
  };

  private readonly onPointerDown = () => this.cancel();

  private startKeys() {
    if (this.listening) return;
    this.listening = true;
    document.addEventListener("keydown", this.onKey, true);
    document.addEventListener("pointerdown", this.onPointerDown, true);
  }

  private stopKeys() {
    if (!this.listening) return;
    this.listening = false;
    document.removeEventListener("keydown", this.onKey, true);
    document.removeEventListener("pointerdown", this.onPointerDown, true);
  }

  /** Keyboard: pick the item up (Space/Enter on the focused item). */
  private pickUp(src: DragSource) {
    const sp = this.spec();
    if (this.state || !sp.canDrag(src)) return;
    const origin = sp.origin(src);
    if (origin === null) return;
    this.set({ src, origin, target: origin, via: "keyboard", settling: false });
    this.startKeys();
    announce(sp.say("pickup", origin, src));
  }

  dataChanged() {
    if (this.state?.settling) this.clear();
  }

  pointerStart(src: DragSource, input: Input) {
    const origin = this.spec().origin(src);
    if (origin === null) return;
    if (this.state) this.cancel();
    this.initialInput = input;
    this.set({ src, origin, target: origin, via: "pointer", settling: false });
  }

  pointerMove(targets: TargetData[], input: Input) {
    const s = this.state;
    if (!s || s.via !== "pointer" || s.settling || !this.initialInput) return;
    const sp = this.spec();
    const target = sp.fromPointer(targets, s.src, { initial: this.initialInput, current: input }, s.origin);
    const same = target === null || s.target === null ? target === s.target : sp.same(target, s.target);
    if (!same) this.set({ ...s, target });
  }

  pointerDrop(targets: TargetData[], input: Input) {
    const s = this.state;
    if (!s || s.via !== "pointer" || !this.initialInput) return;
    this.finish(this.spec().fromPointer(targets, s.src, { initial: this.initialInput, current: input }, s.origin));
  }

  dispose() {
    this.stopKeys();
    clearTimeout(this.settleTimer);
    this.state = null;
  }
}

/** The container a position is in (a slot's), to give focus back to the item there. */
function containerOf(p: unknown): string | null {
  const c = (p as { container?: unknown } | null)?.container;
  return typeof c === "string" ? c : null;
}
