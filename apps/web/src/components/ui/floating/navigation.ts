import { useRef } from "react";

/**
 * Keyboard movement shared by menus and listboxes: arrows (wrapping), Home/End, PageUp/PageDown over the
 * enabled entries, and typeahead (typed letters jump to the next entry starting with them).
 */
export function nextIndex(
  key: string,
  current: number,
  count: number,
  enabled: (i: number) => boolean,
  wrap = true,
): number | null {
  if (count === 0) return null;
  const step = (from: number, dir: 1 | -1, n: number) => {
    let i = from;
    let moved = 0;
    let last = from;
    for (let guard = 0; guard < count * 2 && moved < n; guard++) {
      i += dir;
      if (i >= count || i < 0) {
        if (!wrap || n > 1) break;
        i = (i + count) % count;
      }
      if (enabled(i)) {
        last = i;
        moved++;
      }
    }
    return moved ? last : null;
  };
  const first = () => {
    for (let i = 0; i < count; i++) if (enabled(i)) return i;
    return null;
  };
  const lastOne = () => {
    for (let i = count - 1; i >= 0; i--) if (enabled(i)) return i;
    return null;
  };
  switch (key) {
    case "ArrowDown":
      return current < 0 ? first() : step(current, 1, 1);
    case "ArrowUp":
      return current < 0 ? lastOne() : step(current, -1, 1);
    case "Home":
      return first();
    case "End":
      return lastOne();
    case "PageDown":
      return current < 0 ? first() : (step(current, 1, 10) ?? lastOne());
    case "PageUp":
      return current < 0 ? lastOne() : (step(current, -1, 10) ?? first());
    default:
      return null;
  }
}

/** Typeahead over item labels: returns a key handler giving the index to move to, or null. */
export function useTypeahead(labels: () => string[]) {
  const buffer = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  return (key: string, current: number, enabled: (i: number) => boolean): number | null => {
    if (key.length !== 1 || (key === " " && !buffer.current)) return null;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      buffer.current = "";
    }, 700);
    buffer.current += key.toLowerCase();
    const all = labels().map((l) => l.trim().toLowerCase());
    const start = buffer.current.length === 1 ? current + 1 : Math.max(current, 0);
    for (let k = 0; k < all.length; k++) {
      const i = (start + k) % all.length;
      if (enabled(i) && all[i].startsWith(buffer.current)) return i;
    }
    return null;
  };
}
