import postgres from "postgres";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "./schema/index.ts";
import { errorCode } from "./errors.ts";

export type Db = PostgresJsDatabase;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  close: () => Promise<void>;
  /** The pool's gate now and since start (metrics). */
  poolStats: () => PoolStats;
}

/** What the gate in front of the pool has seen: slots in use, callers waiting, and totals since start. */
export interface PoolStats {
  max: number;
  inUse: number;
  waiting: number;
  /** Acquisitions that had to wait for a slot. */
  waitsTotal: number;
  /** Waits that ended in DatabaseUnavailableError. */
  timeoutsTotal: number;
  /** Seconds spent waiting, summed. */
  waitSecondsTotal: number;
}

export interface ConnectOptions {
  /** Connections in the pool. */
  max?: number;
  /** A Unix socket directory to connect through instead of the URL's host (the embedded PostgreSQL's data folder). */
  host?: string;
  /** How long a query or transaction may wait for a connection before failing with DatabaseUnavailableError. */
  acquireTimeoutMs?: number;
  /** Called with each notice the server sends (tests count nested statements from auto_explain's notices). */
  onNotice?: (notice: postgres.Notice) => void;
  /** How many times a transaction runs at most when it fails with a deadlock or serialization failure (default TX_ATTEMPTS). */
  txAttempts?: number;
}

/** Runs of one transaction at most: the first and up to three more after a deadlock or serialization failure. */
export const TX_ATTEMPTS = 4;
/** SQLSTATEs after which a transaction is rolled back whole and may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(["40P01", "40001"]);

/** No connection could be had in time (pool exhausted or database unreachable). */
export class DatabaseUnavailableError extends Error {
  readonly code = "DB_ACQUIRE_TIMEOUT";
  constructor(timeoutMs: number) {
    super(`no database connection within ${timeoutMs} ms`);
  }
}

/**
 * A postgres.js pool that recovers on its own and never makes a caller wait long for a connection:
 * - a dead connection (reset, terminated, server restarted) is dropped by postgres.js and a new one is made
 *   on the next query; reconnect attempts back off only up to 1 s (postgres.js's default grows to 20 s,
 *   which left requests hanging long after the server was back);
 * - at most `max` queries/transactions run at once; the others wait in a bounded queue and fail with
 *   DatabaseUnavailableError after `acquireTimeoutMs`, as does a connection attempt that takes as long.
 * LISTEN connections (`sql.listen`) re-subscribe by themselves when their connection comes back.
 */
export function connect(url: string, opts: ConnectOptions = {}): Database {
  const max = opts.max ?? 10;
  const acquireTimeoutMs = opts.acquireTimeoutMs ?? 5000;
  const raw = postgres(url, {
    ...(opts.host ? { host: opts.host } : {}),
    max,
    onnotice: opts.onNotice ?? (() => {}),
    idle_timeout: 30,
    connect_timeout: Math.max(1, Math.ceil(acquireTimeoutMs / 1000)),
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  });
  const gate = new Gate(max, acquireTimeoutMs);
  const sql = admitted(raw, gate);
  // Note: drizzle makes postgres.js date/timestamp parsers and serializers transparent, so raw `sql`
  // queries get timestamps back as strings and must pass dates as ISO strings, not Date objects.
  // Without drizzle's `schema` option: it only serves the relational `db.query.*` API (unused here), and with it every
  // transaction builds one query builder per table (~0.15 ms of CPU per write, issue #13). The type has no schema
  // either, so a `db.query.*` call fails the type check instead of at run time.
  const db = drizzle(sql) as unknown as Db;
  retryTransactions(db, opts.txAttempts ?? TX_ATTEMPTS);
  return { db, sql, close: () => raw.end({ timeout: 5 }), poolStats: () => gate.stats() };
}

/**
 * `db.transaction(fn)` runs `fn` again, whole, when PostgreSQL aborted the transaction for a deadlock (40P01) or a
 * serialization failure (40001), up to `attempts` runs, after a short random pause (issue #24 point 14). A failed
 * transaction kept nothing (its rows, activity and queued jobs were all rolled back), so a run again records each once.
 * Commands take their locks in one order (docs/architecture/server.md); this is the net for what remains. Nested
 * transactions (savepoints, `tx.transaction`) are not retried on their own: the outermost one is.
 */
function retryTransactions(db: Db, attempts: number): void {
  const once = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(fn, config);
      } catch (err) {
        const code = errorCode(err);
        if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
        // apart, so that the transactions that met do not meet again at once
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as Db["transaction"];
}

/** Slots for work on the pool; a waiter that gets none within the timeout is refused. */
class Gate {
  private waiting: Array<() => void> = [];
  private readonly max: number;
  private waits = 0;
  private timeouts = 0;
  private waitedMs = 0;

  constructor(
    private free: number,
    private timeoutMs: number,
  ) {
    this.max = free;
  }

  stats(): PoolStats {
    return {
      max: this.max,
      inUse: this.max - this.free,
      waiting: this.waiting.length,
      waitsTotal: this.waits,
      timeoutsTotal: this.timeouts,
      waitSecondsTotal: this.waitedMs / 1000,
    };
  }

  acquire(): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(this.releaser());
    }
    this.waits++;
    const since = performance.now();
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        this.waitedMs += performance.now() - since;
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        this.timeouts++;
        this.waitedMs += performance.now() - since;
        reject(new DatabaseUnavailableError(this.timeoutMs));
      }, this.timeoutMs);
      this.waiting.push(grant);
    });
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

/** What postgres.js's Query exposes that the gate needs (it is a Promise subclass run by `handler`). */
interface PendingQuery {
  handler: ((q: PendingQuery) => void) & { debug?: unknown };
  executed: boolean;
  cursorFn?: unknown;
  reject: (e: unknown) => void;
}

/**
 * The pool as seen by the app: every top-level query waits for a gate slot when it is executed (not when
 * it is built: a query used as a fragment of another never runs on its own), transactions and reserved
 * connections hold one for their whole life. Queries inside a transaction use its connection directly.
 */
function admitted(raw: postgres.Sql, gate: Gate): postgres.Sql {
  const gateQuery = <T>(q: T): T => {
    const query = q as unknown as PendingQuery;
    if (!(q instanceof Promise) || typeof query.handler !== "function" || query.executed) return q;
    const run = query.handler;
    const gated = (self: PendingQuery) => {
      if (self.cursorFn) return run(self); // cursors settle their own way: not gated
      gate.acquire().then(
        (release) => {
          Promise.prototype.then.call(self, release, release);
          run(self);
        },
        (e) => self.reject(e),
      );
    };
    query.handler = Object.assign(gated, { debug: run.debug });
    return q;
  };
  return new Proxy(raw, {
    apply: (target, thisArg, args) => gateQuery(Reflect.apply(target, thisArg, args)),
    get: (target, prop, receiver) => {
      if (prop === "unsafe" || prop === "file") {
        return (...args: unknown[]) => gateQuery((target[prop] as (...a: unknown[]) => unknown)(...args));
      }
      if (prop === "begin") {
        return (...args: unknown[]) => gate.run(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      }
      if (prop === "reserve") {
        return async () => {
          const release = await gate.acquire();
          try {
            const reserved = await target.reserve();
            const done = reserved.release;
            reserved.release = () => {
              release();
              done();
            };
            return reserved;
          } catch (e) {
            release();
            throw e;
          }
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

export { schema };
