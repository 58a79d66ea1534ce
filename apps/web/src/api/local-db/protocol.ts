/**
 * The offline local database (platform.md §1, §3, §4, §7, §9): what the page and its worker (api/local-db/worker.ts)
 * say to each other, and what the tabs' workers say to each other on their BroadcastChannel.
 */
import type { LocalItem, LocalListContext } from "@stride/shared";
import type { ListEnvelope } from "@stride/shared/contract";
import type { OutboxOp, PendingWrite } from "./outbox.ts";
import type { HeldComment } from "./comments-table.ts";

export type { PendingWrite };

/** platform.md §9. */
export const LOCAL_DB = {
  /** Items per sync page (the cursor `500:page:0`). */
  pageSize: 500,
  /** Rows written per insert batch. */
  insertBatch: 50,
  /** A closed writer's place is taken by another tab within this long. */
  writeLockMs: 5000,
  /** The `version` option: a database written by another version is started again. */
  version: 1,
  /** The browser's own choice (localStorage): "true" / "false"; unset, the instance's default. */
  toggleKey: "LOCAL_DB_ENABLED",
  /** The Web Lock the writing tab holds, and the channel the tabs talk on. */
  lockName: "stride-local-db-writer",
  channelName: "stride-local-db",
} as const;

/** platform.md §4: the database's status; `off` when the person or the instance turned it off. */
export type LocalDbStatus = "undefined" | "initializing" | "ready" | "error" | "off";
/** platform.md §4: a project's work items. */
export type ProjectSyncStatus = "loading" | "syncing" | "ready" | "error";

export interface LocalDbState {
  status: LocalDbStatus;
  /** Why it is `error` (shown in the profile). */
  reason?: string;
  /** Projects whose items are kept: their status and whether a first sync has completed (then lists answer locally). */
  projects: Record<string, { status: ProjectSyncStatus; complete: boolean; items: number }>;
  /** This tab's worker writes (holds the lock); else it asks the tab that does. */
  writer: boolean;
  /** Writes kept in the outbox (edits, new items, comments), not yet on the server. */
  outbox: number;
  /** The new items and comments among them, oldest first (shown as pending). */
  pending: PendingWrite[];
  /**
   * New items made here that the server has now, by their temporary id: their server id and number (a screen still
   * showing the temporary one moves to the real item; an edit still naming it reaches the real one).
   */
  sent?: Record<string, SentItem>;
}

/** A new item's server id and number, once its create left the outbox. */
export interface SentItem {
  id: string;
  sequence_id: number;
  /** When it was sent (ms): the record is forgotten a day later. */
  at: number;
}

/** Something a person should know about their edits (a field the server changed meanwhile, an edit refused). */
export interface LocalDbNotice {
  kind: "info" | "error";
  title: string;
  message?: string;
}

/** What the page asks of its worker (and a worker of the writing tab's). */
export type LocalDbRequest =
  | { op: "start"; enabled: boolean | null; userId: string; timezone: string }
  /**
   * `context`: the project's list (unset), a cycle's, a module's, a saved view's, the archived items; or a list across
   * the projects `pids` (a workspace view, a profile tab).
   */
  | {
      op: "query";
      slug: string;
      pid: string;
      pids?: string[];
      params: Record<string, string>;
      timezone: string;
      context?: LocalListContext;
    }
  | { op: "sync"; slug: string; pid: string }
  /** Read the signed-in person's workspace drafts again (whole: sync.ts `syncDrafts`). */
  | { op: "drafts"; slug: string }
  /**
   * `gone`: items an event said were archived or deleted (`deleted`: deleted, never restored); `subs`: items whose
   * subscribers changed (the signed-in person's subscriptions to them are read again); `comments`: items whose
   * comments (or their reactions) changed.
   */
  | {
      op: "changed";
      slug: string;
      pid: string;
      items: string[];
      refs: string[];
      catchUp: boolean;
      gone?: string[];
      deleted?: boolean;
      subs?: string[];
      comments?: string[];
    }
  | { op: "settled"; pid: string }
  /** `write`: an edit of item `id` (`what` unset: an update), a new item (`id` its temporary id), a comment on it. */
  | {
      op: "write";
      slug: string;
      pid: string;
      id: string;
      kind: string;
      body: Record<string, unknown>;
      what?: OutboxOp;
      /** A create's or comment's Idempotency-Key (outbox.ts). */
      key?: string;
    }
  | { op: "wipe" }
  /** `item`: one held item whole (its description included): an item's detail read offline. */
  | { op: "item"; id: string }
  /** `itemAt`: the held item of a project by its number (`IDENT-12`: a work item opened by its key offline). */
  | { op: "itemAt"; pid: string; seq: number }
  /** `comments`: a held item's comments, oldest first (null: the item or its project's comments not held). */
  | { op: "comments"; pid: string; id: string };

/**
 * A query's page, a yes / no, (a new item kept here, an item asked for) the item as its lists show it, or an item's
 * comments held.
 */
export type LocalDbAnswer = ListEnvelope | HeldItem | HeldComment[] | null | void | boolean;

/** An item as the local database holds it: its list fields and, when held, its description. */
export type HeldItem = LocalItem & { description_html?: string };

/** Page → worker. */
export interface ToWorker {
  id: number;
  req: LocalDbRequest;
}

/** Worker → page: an answer, or the state whenever it changes. */
/**
 * When the worker received a request and posted its answer (epoch ms: `performance.timeOrigin + performance.now()`,
 * comparable with the page's): what the benches read to split an ask's time between the worker and the page.
 */
export type WorkerTimes = [received: number, posted: number];

export type FromWorker =
  | { id: number; ok: true; value: LocalDbAnswer; at?: WorkerTimes }
  | { id: number; ok: false; error: string; at?: WorkerTimes }
  | { state: LocalDbState }
  | { notice: LocalDbNotice }
  | { refresh: { slug: string; pid: string } };

/** Between the tabs' workers. */
export type Broadcast =
  | { t: "req"; id: string; from: string; req: LocalDbRequest }
  | { t: "res"; id: string; to: string; ok: boolean; value?: LocalDbAnswer; error?: string }
  | { t: "state"; state: LocalDbState }
  | { t: "notice"; notice: LocalDbNotice }
  | { t: "refresh"; slug: string; pid: string }
  | { t: "hello"; from: string };

/** Requests sent and not yet answered (page → worker, tab → writing tab): each answers null when no answer comes in time. */
export class Pending<K> {
  private waiting = new Map<K, { resolve: (v: LocalDbAnswer) => void; timer: ReturnType<typeof setTimeout> }>();

  ask(id: K, timeoutMs: number, sendIt: () => void): Promise<LocalDbAnswer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, timeoutMs);
      this.waiting.set(id, { resolve, timer });
      sendIt();
    });
  }

  answer(id: K, value: LocalDbAnswer): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    clearTimeout(w.timer);
    w.resolve(value);
  }

  /** Every request answered null (the worker stopped). */
  clear(): void {
    for (const id of [...this.waiting.keys()]) this.answer(id, null);
  }
}
