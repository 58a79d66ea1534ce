/**
 * The outbox's replay loop (worker.ts): the oldest write sent, its answer settled, the next read, until none is left
 * or the server cannot be reached (then tried again later, waiting longer each time up to 10 s). When the writes are
 * sent, the lists of the projects they touched are refreshed once their items were read again. Its own module (no
 * SQLite, no fetch: what it needs is passed in) so that its timing can be tested.
 */
import type { OutboxEntry } from "./outbox.ts";
import type { EditOutcome } from "./sync.ts";

export interface ReplayDeps {
  /** The database is open (none: nothing is sent, and a retry waiting stays). */
  ready: () => boolean;
  /** The oldest write kept (null: none, or no database). */
  first: () => OutboxEntry | null;
  send: (e: OutboxEntry) => Promise<EditOutcome>;
  /** What the server said of the write, settled in the outbox (it leaves it, or waits no more). */
  settle: (e: OutboxEntry, outcome: Exclude<EditOutcome, { kind: "later" }>) => void;
  /** The number of writes waiting changed (or may have). */
  counted: () => void;
  /** Until the project's items the answers touched are read again (bounded by `timeoutMs`). */
  settled: (pid: string, timeoutMs: number) => Promise<void>;
  /** The project's lists show the server's values now. */
  refresh: (slug: string, pid: string) => void;
}

/** `replay()`: send the outbox (a call while a replay runs is left to it: it ends with every write sent). */
export function replayer(deps: ReplayDeps): () => void {
  let replaying: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = 1000;

  function replay() {
    if (replaying || !deps.ready()) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const touched = new Map<string, string>();
    replaying = (async () => {
      for (;;) {
        const e = deps.first();
        if (!e) break;
        const outcome = await deps.send(e);
        if (outcome.kind === "later") {
          retryTimer = setTimeout(replay, retryDelay);
          retryDelay = Math.min(retryDelay * 2, 10_000);
          break;
        }
        retryDelay = 1000;
        deps.settle(e, outcome);
        touched.set(e.project_id, e.workspace);
        deps.counted();
      }
      // the lists show the server's values once its answers are read
      for (const [pid, slug] of touched) {
        await deps.settled(pid, 10_000);
        deps.refresh(slug, pid);
      }
    })().finally(() => {
      replaying = null;
      deps.counted();
      // an edit made while this replay was waiting for its lists to settle found it running and was left to it
      if (!retryTimer && deps.first()) replay();
    });
  }
  return replay;
}
