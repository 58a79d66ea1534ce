/** The list's virtualizer settings: a first paint of the screen's rows only, and no forced layout while mounting. */
import { useEffect, useState } from "react";
import { elementScroll, observeElementRect, type Virtualizer } from "@tanstack/react-virtual";

/** Rows rendered beyond each edge of the screen once the list has painted, so scrolling finds them ready. */
export const LIST_OVERSCAN = 15;
/** …and for the first paint, which only needs what shows (a list behind the peek view of a page opened from its URL). */
export const FIRST_PAINT_OVERSCAN = 1;

/** The virtualizer's size before it measures its element: the window's (the list never shows more rows than that). */
export function firstRect(): { width: number; height: number } {
  return typeof window === "undefined"
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The virtualizer's size from a ResizeObserver only. The library's own observer also reads the element's size
 * as the list mounts, in the commit, which forces the browser to lay out the whole page there (20–40 ms on the
 * peek's page) and again before the frame once the commit's effects have changed it; the observer reports the
 * size after the frame's layout instead, and until then the list uses its first rect (the window's).
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
): void | (() => void) {
  const el = instance.scrollElement;
  const win = instance.targetWindow;
  if (!el || !win?.ResizeObserver) return observeElementRect(instance, cb);
  const observer = new win.ResizeObserver(() =>
    cb({ width: Math.round(el.clientWidth), height: Math.round(el.clientHeight) }),
  );
  observer.observe(el, { box: "content-box" });
  return () => observer.disconnect();
}

/** Virtualizers that have written their offset once (as they attached to their element). */
const attached = new WeakSet<object>();

/**
 * The virtualizer's scroll writes, but the first: as it attaches to its element, in the commit, it scrolls the
 * element to the offset it starts from, which forces the browser to lay out the page there; a list that has just
 * mounted is at the top already, so a first write to 0 is skipped.
 */
export const scrollAfterFirstWrite: typeof elementScroll = (offset, opts, instance) => {
  const first = !attached.has(instance);
  attached.add(instance);
  if (first && offset + (opts.adjustments ?? 0) === 0) return;
  elementScroll(offset, opts, instance);
};

/**
 * The overscan of a virtualized list: `FIRST_PAINT_OVERSCAN` until the list has painted with its data, then
 * `LIST_OVERSCAN` once the browser is idle (the rows beyond the screen render in a task of their own, after what
 * the page still has to show: the peek's item, its activity …). `full`: another layout's overscan (the board's cards).
 */
export function useOverscanAfterFirstPaint(ready: boolean, full = LIST_OVERSCAN): number {
  const [overscan, setOverscan] = useState(FIRST_PAINT_OVERSCAN);
  useEffect(() => {
    if (!ready || overscan === full) return;
    const grow = () => setOverscan(full);
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(grow, { timeout: 1000 });
      else timer = setTimeout(grow, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [ready, overscan, full]);
  return overscan;
}
