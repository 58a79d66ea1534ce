import { afterEach, describe, expect, it, vi } from "vitest";
import { inOrder, within } from "./prefs-switch.ts";

/** A promise and its resolve/reject, to settle from the test. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("inOrder", () => {
  it("applies the changes in the order they were made, each once its wait settled", async () => {
    const queue = inOrder();
    const applied: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = queue(first.promise, () => applied.push("a"));
    const b = queue(second.promise, () => applied.push("b"));
    // the later change's answer comes first: it waits for the one before it
    second.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(applied).toEqual([]);
    first.resolve();
    await a;
    await b;
    expect(applied).toEqual(["a", "b"]);
  });

  it("applies a change whose wait failed", async () => {
    const queue = inOrder();
    const applied: string[] = [];
    const failing = deferred();
    const done = queue(failing.promise, () => applied.push("a"));
    failing.reject(new Error("no answer"));
    await done;
    expect(applied).toEqual(["a"]);
  });
});

describe("within", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("settles when the promise settles, before the time", async () => {
    vi.useFakeTimers();
    const d = deferred();
    let settled = false;
    void within(d.promise, 50).then(() => (settled = true));
    d.resolve();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it("settles after the time when the promise has not", async () => {
    vi.useFakeTimers();
    let settled = false;
    void within(new Promise(() => undefined), 50).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it("settles (without failing) when the promise fails", async () => {
    await expect(within(Promise.reject(new Error("x")), 50)).resolves.toBeUndefined();
  });
});
