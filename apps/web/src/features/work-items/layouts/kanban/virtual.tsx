/**
 * The board's cards, virtualised: every cell (a column, or a column within a swimlane) renders only the cards in or
 * near the board's view. The board scrolls as one area (columns and swimlanes keep their layout); each cell has its
 * own virtualizer on that area, whose `scrollMargin` is where the cell's cards start in it (measured after layout,
 * estimated before). A card being dragged stays rendered wherever the board scrolls, and a keyboard drag scrolls the
 * place it is over into view (`reveal`).
 */
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { useDragSelector, type Slot } from "../../../../components/dnd/index.ts";
import { firstRect, observeRectAfterLayout, useOverscanAfterFirstPaint } from "../list/virtual.ts";

/** A card's height before it is measured (key, title, two rows of chips with the default properties), and the space between cards. */
const CARD_ESTIMATE = 132;
const CARD_GAP = 8;
/**
 * Before the board has measured where its cells start (px): the sticky header's height, a swimlane's top and bottom,
 * a cell's own padding, its "load more" and quick add rows under the cards, a collapsed swimlane.
 */
const EST = { header: 44, laneTop: 13, laneBottom: 16, cellPadding: 4, cellFooter: 64, collapsedLane: 40 };
/** Cards rendered beyond each edge of the view once the board has painted (a card is ~15 list rows tall). */
const CARD_OVERSCAN = 3;

type CardVirtualizer = Virtualizer<HTMLDivElement, Element>;

interface BoardVirtual {
  scrollRef: RefObject<HTMLDivElement | null>;
  overscan: number;
  /** Where a cell's cards start in the board's scroll area (px from its top). */
  margin(cell: string): number;
  register(cell: string, v: CardVirtualizer): () => void;
}

const Ctx = createContext<BoardVirtual | null>(null);

export function BoardVirtualScope({ value, children }: { value: BoardVirtual; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** A lane of the board for the estimates: its cells (ids) and how many cards each holds, collapsed or not. */
export interface LaneShape {
  cells: { cell: string; cards: number }[];
  collapsed: boolean;
  /** The lane has a top border and padding (sub-grouped boards). */
  framed: boolean;
}

/** Where each cell's cards start, estimated from the cards they hold (a lane is as tall as its tallest cell). */
function estimateMargins(lanes: LaneShape[]): Map<string, number> {
  const out = new Map<string, number>();
  let top = EST.header;
  for (const lane of lanes) {
    const laneTop = top + (lane.framed ? EST.laneTop : 0);
    for (const c of lane.cells) out.set(c.cell, laneTop + EST.cellPadding);
    const tallest = Math.max(0, ...lane.cells.map((c) => c.cards * (CARD_ESTIMATE + CARD_GAP)));
    top =
      laneTop + (lane.collapsed ? EST.collapsedLane : tallest + EST.cellFooter + 2 * EST.cellPadding) + EST.laneBottom;
  }
  return out;
}

/** Where each cell's cards (`[data-cards]`) start in the scroll area, read after the browser's layout. */
function readMargins(scrollEl: HTMLElement): Map<string, number> {
  const base = scrollEl.getBoundingClientRect().top - scrollEl.scrollTop;
  const out = new Map<string, number>();
  for (const el of scrollEl.querySelectorAll<HTMLElement>("[data-cards]"))
    out.set(el.dataset.cards!, Math.round(el.getBoundingClientRect().top - base));
  return out;
}

const sameMargins = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/**
 * The board's side of the virtualised cells: the scroll area's ref, where the cells start (estimated, then
 * measured whenever the board's content changes size) and the cells' virtualizers (to reveal a slot).
 */
export function useBoardVirtual(lanes: LaneShape[], ready: boolean) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const overscan = useOverscanAfterFirstPaint(ready, CARD_OVERSCAN);
  const [measured, setMeasured] = useState<Map<string, number> | null>(null);
  const shapeKey = JSON.stringify(lanes);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the lanes' shape, by value
  const estimated = useMemo(() => estimateMargins(lanes), [shapeKey]);
  const cells = useRef(new Map<string, CardVirtualizer>());

  useEffect(() => {
    const scrollEl = scrollRef.current;
    const content = contentRef.current;
    if (!ready || !scrollEl || !content || typeof ResizeObserver === "undefined") return;
    // after the frame's layout: the cells' tops are known without forcing a layout of their own
    const observer = new ResizeObserver(() => {
      const next = readMargins(scrollEl);
      setMeasured((prev) => (prev && sameMargins(prev, next) ? prev : next));
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [ready, shapeKey]);

  const value = useMemo<BoardVirtual>(
    () => ({
      scrollRef,
      overscan,
      margin: (cell) => measured?.get(cell) ?? estimated.get(cell) ?? EST.header,
      register: (cell, v) => {
        cells.current.set(cell, v);
        return () => {
          if (cells.current.get(cell) === v) cells.current.delete(cell);
        };
      },
    }),
    [overscan, measured, estimated],
  );

  /** A keyboard drag's place (`index` among the cell's cards without the dragged one) scrolled into view. */
  const reveal = useCallback((slot: Slot, ids: string[], dragged: string) => {
    const v = cells.current.get(slot.container);
    if (!v) return;
    const rest = ids.filter((id) => id !== dragged);
    const at = rest[slot.index];
    const i = at === undefined ? ids.length - 1 : ids.indexOf(at);
    if (i >= 0) v.scrollToIndex(i, { align: "auto" });
  }, []);

  return { value, scrollRef, contentRef, reveal };
}

/** The virtualizer's first scroll write is skipped: as it attaches it writes the offset the board already has. */
const attached = new WeakSet<object>();
const scrollAfterAttach: typeof elementScroll = (offset, opts, instance) => {
  if (!attached.has(instance)) {
    attached.add(instance);
    return;
  }
  elementScroll(offset, opts, instance);
};

/** A card's size from its ResizeObserver entry (after layout); while it mounts, the size known so far. */
const measureCard = (el: Element, entry: ResizeObserverEntry | undefined, v: CardVirtualizer): number => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const i = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(i)) ?? CARD_ESTIMATE;
};

/** The indexes to render: the range in view, and the dragged card's (it keeps its drag and its focus). */
const keeping = (keep: number) => (range: Range) => {
  const r = defaultRangeExtractor(range);
  if (keep < 0 || r.includes(keep)) return r;
  return [...r, keep].sort((a, b) => a - b);
};

/**
 * A cell's cards in or near the board's view (`render` draws one card; null when its item is not loaded). Nothing
 * renders while the cell is hidden (its swimlane collapsed) or empty.
 */
export const VirtualCards = memo(function VirtualCards({
  cell,
  ids,
  hidden,
  render,
}: {
  cell: string;
  ids: string[];
  hidden: boolean;
  render: (id: string) => ReactNode;
}) {
  const board = useContext(Ctx)!;
  const dragged = useDragSelector((s) => (s && s.src.container === cell ? s.src.id : null));
  const keep = dragged ? ids.indexOf(dragged) : -1;
  const margin = board.margin(cell);
  const v = useVirtualizer<HTMLDivElement, Element>({
    count: hidden ? 0 : ids.length,
    getScrollElement: () => board.scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    gap: CARD_GAP,
    overscan: board.overscan,
    scrollMargin: margin,
    getItemKey: (i) => ids[i] ?? i,
    rangeExtractor: keeping(keep),
    initialRect: firstRect(),
    initialOffset: () => board.scrollRef.current?.scrollTop ?? 0,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterAttach,
    measureElement: measureCard,
  });
  // columns are independent: a card above the view changing size must not scroll the whole board
  v.shouldAdjustScrollPositionOnItemSizeChange = () => false;
  const { register } = board;
  useEffect(() => register(cell, v), [register, cell, v]);
  const items = v.getVirtualItems();
  if (hidden || ids.length === 0) return null;
  return (
    <div data-cards={cell} className="relative" style={{ height: v.getTotalSize() }}>
      {items.map((vi) => (
        <div
          key={vi.key}
          ref={v.measureElement}
          data-index={vi.index}
          className="absolute left-0 top-0 w-full"
          style={{ transform: `translateY(${vi.start - margin}px)` }}
        >
          {render(ids[vi.index]!)}
        </div>
      ))}
    </div>
  );
});
