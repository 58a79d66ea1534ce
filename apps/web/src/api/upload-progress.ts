/**
 * Upload progress (platform.md §9): a percent rounded to a whole number, reported at most once every
 * 16 ms; the last value is always delivered (trailing call).
 */
export const UPLOAD_PROGRESS_THROTTLE_MS = 16;

export function progressPercent(loaded: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  clock: { now: () => number; set: (cb: () => void, ms: number) => unknown; clear: (h: unknown) => void } = {
    now: () => Date.now(),
    set: (cb, t) => setTimeout(cb, t),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): ((...args: A) => void) & { flush: () => void; cancel: () => void } {
  let last = -Infinity;
  let pending: A | null = null;
  let timer: unknown = null;
  const run = () => {
    timer = null;
    if (!pending) return;
    last = clock.now();
    const a = pending;
    pending = null;
    fn(...a);
  };
  const t = ((...args: A) => {
    pending = args;
    const wait = ms - (clock.now() - last);
    if (wait <= 0) {
      if (timer !== null) {
        clock.clear(timer);
        timer = null;
      }
      run();
    } else if (timer === null) {
      timer = clock.set(run, wait);
    }
  }) as ((...args: A) => void) & { flush: () => void; cancel: () => void };
  t.flush = () => {
    if (timer !== null) {
      clock.clear(timer);
      timer = null;
    }
    run();
  };
  t.cancel = () => {
    if (timer !== null) {
      clock.clear(timer);
      timer = null;
    }
    pending = null;
  };
  return t;
}
