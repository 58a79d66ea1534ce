import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxEntry } from "./outbox.ts";
import { replayer, type ReplayDeps } from "./replay.ts";
import type { EditOutcome } from "./sync.ts";

const edit = (seq: number, name: string): OutboxEntry => ({
  seq,
  workspace: "acme",
  project_id: "p1",
  issue_id: "i1",
  kind: "issues",
  op: "update",
  body: { name },
  base: {},
});

/** A promise and the function that resolves it. */
function gate() {
  let open = () => undefined as void;
  const done = new Promise<void>((res) => (open = res));
  return { done, open };
}

/**
 * An outbox and a pretend server: `answer` says what the server makes of each send (`sent` unless told); `settled`
 * waits on `hold` while one is set (the lists' items being read again after a send).
 */
function world(answer: (e: OutboxEntry, n: number) => EditOutcome = () => ({ kind: "sent", serverKept: [] })) {
  const outbox: OutboxEntry[] = [];
  const sent: string[] = [];
  const refreshed: string[] = [];
  const w = {
    outbox,
    sent,
    refreshed,
    hold: null as Promise<void> | null,
    waiting: 0,
  };
  const deps: ReplayDeps = {
    ready: () => true,
    first: () => outbox[0] ?? null,
    send: (e) => {
      sent.push(String(e.body.name));
      return Promise.resolve(answer(e, sent.length - 1));
    },
    settle: (e) => {
      outbox.splice(outbox.indexOf(e), 1);
    },
    counted: () => undefined,
    settled: async () => {
      w.waiting++;
      if (w.hold) await w.hold;
      w.waiting--;
    },
    refresh: (_slug, pid) => refreshed.push(pid),
  };
  return { w, replay: replayer(deps) };
}

/** Until `fn` holds (a few turns of the event loop: the replay's awaits). */
async function until(fn: () => boolean) {
  for (let i = 0; i < 200 && !fn(); i++) await new Promise((res) => setTimeout(res, 0));
  expect(fn()).toBe(true);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox's replay", () => {
  it("sends the writes oldest first, then refreshes the lists once", async () => {
    const { w, replay } = world();
    w.outbox.push(edit(1, "a"), edit(2, "b"));
    replay();
    await until(() => w.refreshed.length === 1);
    expect(w.sent).toEqual(["a", "b"]);
    expect(w.outbox).toEqual([]);
  });

  it("an edit queued while a replay waits for its lists to settle is sent when that replay ends (no further trigger)", async () => {
    const { w, replay } = world();
    const lists = gate();
    w.hold = lists.done;
    w.outbox.push(edit(1, "first"));
    replay();
    // the first edit is sent; the replay now waits for the project's items to be read again
    await until(() => w.waiting === 1);
    expect(w.sent).toEqual(["first"]);
    // an edit made now (worker.ts `write` calls replay): the replay is running, so this call leaves it to it
    w.outbox.push(edit(2, "made while settling"));
    replay();
    expect(w.sent).toEqual(["first"]);
    // the lists settle: the running replay ends, and the edit it was left is sent without another edit or reconnect
    w.hold = null;
    lists.open();
    await until(() => w.sent.length === 2 && w.refreshed.length === 2);
    expect(w.sent).toEqual(["first", "made while settling"]);
    expect(w.outbox).toEqual([]);
  });

  it("the server out of reach: the write stays and is tried again later, not at once", async () => {
    vi.useFakeTimers();
    let reachable = false;
    const { w, replay } = world(() => (reachable ? { kind: "sent", serverKept: [] } : { kind: "later" }));
    w.outbox.push(edit(1, "offline"));
    replay();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.sent).toEqual(["offline"]);
    expect(w.outbox).toHaveLength(1);
    // the replay's end does not start it again at once (a retry is due)
    await vi.advanceTimersByTimeAsync(500);
    expect(w.sent).toEqual(["offline"]);
    reachable = true;
    await vi.advanceTimersByTimeAsync(600);
    expect(w.sent).toEqual(["offline", "offline"]);
    expect(w.outbox).toEqual([]);
  });
});
