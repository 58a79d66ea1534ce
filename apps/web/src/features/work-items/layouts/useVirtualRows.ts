import { useEffect, type RefObject } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useList } from "../context.tsx";
import {
  firstRect,
  observeRectAfterLayout,
  scrollAfterFirstWrite,
  useOverscanAfterFirstPaint,
} from "./list/virtual.ts";

/**
 * A flat list's rows, virtualized in `parent` (`after` extra rows after the items: loading more, quick add); the next
 * page loads as the end comes into view. As the list layout's (list/virtual.ts): the first render lays out the rows
 * of a window-sized list without measuring (no second pass, no forced layout in the commit), and the rows beyond the
 * screen (`overscan`) render once the list has painted.
 */
export function useVirtualRows(
  parent: RefObject<HTMLDivElement | null>,
  size: number,
  overscan: number,
  after: number,
) {
  const { data, loadMore, loadingMore } = useList();
  const ids = data?.ids ?? [];
  const shownOverscan = useOverscanAfterFirstPaint(!!data, overscan);
  const v = useVirtualizer({
    count: ids.length + after,
    getScrollElement: () => parent.current,
    estimateSize: () => size,
    overscan: shownOverscan,
    initialRect: firstRect(),
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterFirstWrite,
  });
  const virtual = v.getVirtualItems();
  useEffect(() => {
    const last = virtual[virtual.length - 1];
    if (last && data?.hasMore && last.index >= ids.length - 1 && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
  }, [virtual, data?.hasMore, ids.length, loadingMore, loadMore]);
  return { ids, virtual, totalSize: v.getTotalSize() };
}
