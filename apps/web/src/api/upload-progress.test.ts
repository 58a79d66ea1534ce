import { describe, expect, it } from "vitest";
import { UPLOAD_PROGRESS_THROTTLE_MS, progressPercent, throttle } from "./upload-progress.ts";

function fakeClock() {
  let t = 0;
  const timers: { at: number; cb: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => t,
    set: (cb: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: t + ms, cb, id });
      return id;
    },
    clear: (h: unknown) => {
      const i = timers.findIndex((x) => x.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms: number) {
      t += ms;
      for (const x of [...timers].sort((a, b) => a.at - b.at))
        if (x.at <= t) {
          timers.splice(timers.indexOf(x), 1);
          x.cb();
        }
    },
  };
}

describe("upload progress", () => {
  it("is a rounded percent", () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(10, 5)).toBe(100);
  });
  it("is reported at most every 16 ms, the last value always", () => {
    expect(UPLOAD_PROGRESS_THROTTLE_MS).toBe(16);
    const clock = fakeClock();
    const seen: number[] = [];
    const t = throttle((p: number) => seen.push(p), 16, clock);
    clock.advance(100);
    t(1);
    t(2);
    t(3);
    expect(seen).toEqual([1]);
    clock.advance(16);
    expect(seen).toEqual([1, 3]);
    t(4);
    t.flush();
    expect(seen).toEqual([1, 3, 4]);
    t(5);
    t.cancel();
    clock.advance(50);
    expect(seen).toEqual([1, 3, 4]);
  });
});
