import { useEffect, type RefObject } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useList } from "../context.tsx";

/**
 * A flat list's rows, virtualized in `parent` (`after` extra rows after the items: loading more, quick add); the next
 * page loads as the end comes into view.
 */
export function useVirtualRows(
  parent: RefObject<HTMLDivElement | null>,
  size: number,
  overscan: number,
  after: number,
) {
  const { data, loadMore, loadingMore } = useList();
  const ids = data?.ids ?? [];
  const v = useVirtualizer({
    count: ids.length + after,
    getScrollElement: () => parent.current,
    estimateSize: () => size,
    overscan,
  });
  const virtual = v.getVirtualItems();
  useEffect(() => {
    const last = virtual[virtual.length - 1];
    if (last && data?.hasMore && last.index >= ids.length - 1 && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
  }, [virtual, data?.hasMore, ids.length, loadingMore, loadMore]);
  return { ids, virtual, totalSize: v.getTotalSize() };
}
