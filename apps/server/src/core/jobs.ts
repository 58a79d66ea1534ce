import { EventEmitter } from "node:events";
import pg from "pg";
import { sql as dsql } from "drizzle-orm";
import type postgres from "postgres";
import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  runOnce,
  type CronItem,
  type Runner,
  type SharedOptions,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import type { DbOrTx } from "../db/client.ts";
import { printable } from "./printable.ts";
import { createLogger, jobLog, type JobLog } from "./log.ts";

/**
 * Durable background jobs on graphile-worker (PostgreSQL). A job is added with the `graphile_worker.add_job` SQL
 * function through the caller's transaction, so it exists only if the change commits; workers on every instance
 * take due jobs (SKIP LOCKED, woken by LISTEN/NOTIFY), retry failures with graphile-worker's exponential backoff
 * (about e^attempt seconds) up to the task's max attempts, and run the crontab of registered schedules.
 */

/** The schema graphile-worker's tables and SQL API live in (pinned: GRAPHILE_WORKER_SCHEMA must not move it). */
export const JOBS_SCHEMA = "graphile_worker";
export const DEFAULT_MAX_ATTEMPTS = 10;
/** Permanently failed jobs are kept this long for inspection, then the cleanup task deletes them. */
export const FAILED_JOB_RETENTION_DAYS = 14;

export interface JobInfo {
  id: string;
  task: string;
  /** 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}
/** `Payload` is the payload type the task's enqueuers send (JSON from the queue; the registrant names its shape). */
export type JobHandler<Payload = unknown> = (payload: Payload, job: JobInfo) => Promise<unknown>;

export interface TaskOptions {
  /** Runs before the job fails for good (default DEFAULT_MAX_ATTEMPTS); jobs enqueued without their own limit use it. */
  maxAttempts?: number;
  /**
   * A worker pool of its own (a name of JobQueueOptions.pools): the task's jobs run only there, on its own slots,
   * and never wait behind nor hold up the other tasks' jobs. Unset: the general pool (JOB_CONCURRENCY).
   */
  pool?: string;
  /** Cron time fields ("m h dom mon dow", UTC): enqueue this task on that schedule, once across all instances. */
  schedule?: string;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** De-duplication key: while a job with this key is pending, enqueuing again replaces it instead of adding one. */
  jobKey?: string;
  /** `replace` (default) updates the pending job, run time included; `preserve_run_at` keeps its run time. */
  jobKeyMode?: "replace" | "preserve_run_at";
  /** Jobs with the same queue name run one at a time, in order. */
  queueName?: string;
  /** Lower runs sooner (default 0). */
  priority?: number;
}

/**
 * Add a job through `tx` without a JobQueue at hand (transaction hooks such as core/activity.ts's); prefer
 * `app.jobs.enqueue`, which also applies the task's registered max attempts.
 */
export async function addJob(tx: DbOrTx, task: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const rows = await tx.execute<{ id: string }>(dsql`
    SELECT (graphile_worker.add_job(
      identifier => ${task},
      payload => ${JSON.stringify(payload ?? {})}::json,
      queue_name => ${opts.queueName ?? null}::text,
      run_at => ${opts.runAt ? opts.runAt.toISOString() : null}::timestamptz,
      max_attempts => ${maxAttempts}::int,
      job_key => ${opts.jobKey ?? null}::text,
      priority => ${opts.priority ?? null}::int,
      job_key_mode => ${opts.jobKeyMode ?? "replace"}::text
    )).id::text AS id`);
  return (rows as unknown as { id: string }[])[0].id;
}

export interface QueuedJob {
  id: string;
  task: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  key: string | null;
  locked: boolean;
  /** Attempts used up: it will not run again. */
  failed: boolean;
}

export type { JobLog, JobLogLevel } from "./log.ts";

/**
 * The default log: the process's JSON-lines log (core/log.ts) with `component: "jobs"`; warnings and errors are
 * always written (job failures must never be silent, whatever LOG_LEVEL says), info and debug when LOG_LEVEL asks.
 */
export function consoleJobLog(logLevel = "warn"): JobLog {
  return jobLog(createLogger(logLevel));
}

export interface JobQueueOptions {
  /** Jobs run at once by this instance's general pool (JOB_CONCURRENCY). */
  concurrency?: number;
  /** Further worker pools by name, with the jobs each runs at once (agents: AGENT_CONCURRENCY). */
  pools?: Record<string, number>;
  /** How often idle workers look for due jobs besides being woken by NOTIFY (ms). */
  pollInterval?: number;
  log?: JobLog;
  /** Called on every failed attempt (`final`: no attempt left), for the metrics. */
  onFailure?: (task: string, final: boolean) => void;
}

/**
 * A pg pool to the database the postgres.js client `sql` talks to (graphile-worker speaks `pg`). Pool and client
 * errors are logged rather than thrown: a dropped connection is replaced by the next checkout.
 */
export function pgPoolFor(sql: postgres.Sql, max: number, log: JobLog): pg.Pool {
  const o = sql.options as unknown as {
    host: string[];
    port: number[];
    database: string;
    user: string;
    pass: string | null | (() => string | Promise<string>);
    ssl: unknown;
  };
  const ssl =
    o.ssl === false || o.ssl == null
      ? false
      : typeof o.ssl === "object"
        ? (o.ssl as pg.PoolConfig["ssl"])
        : o.ssl === true || o.ssl === "verify-full"
          ? true
          : { rejectUnauthorized: false }; // require / allow / prefer, as postgres.js does once TLS is up
  const pool = new pg.Pool({
    host: o.host[0],
    port: o.port[0],
    database: o.database,
    user: o.user,
    password: o.pass || undefined,
    ssl,
    max,
    application_name: "stride-jobs",
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  const onError = (e: Error) => log("warn", `job queue database connection lost: ${e.message}`);
  const open = new Set<pg.Client>();
  openClients.set(pool, open);
  pool.on("error", onError);
  pool.on("connect", (client) => {
    client.on("error", onError);
    open.add(client);
    client.once("end", () => open.delete(client));
  });
  return pool;
}

/** The clients of each pool whose connection is still open (pgPoolFor). */
const openClients = new WeakMap<pg.Pool, Set<pg.Client>>();

/**
 * End a pool and wait until its connections are closed: pg's `end()` resolves once it has asked each client to
 * close, not once the server has them gone, and a database stopped right after would cut them off mid-goodbye
 * ("terminating connection due to administrator command"). Bounded, so a stuck socket cannot hold a stop.
 */
async function endPool(pool: pg.Pool, timeoutMs = 5000): Promise<void> {
  await pool.end().catch(() => {});
  const open = [...(openClients.get(pool) ?? [])];
  if (!open.length) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(open.map((c) => new Promise((resolve) => c.once("end", resolve)))),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}

/** Install or upgrade graphile-worker's schema (idempotent; runs inside the advisory-locked migration step). */
export async function migrateJobQueue(sql: postgres.Sql): Promise<void> {
  const pool = pgPoolFor(sql, 1, consoleJobLog());
  try {
    await runMigrations({ pgPool: pool, schema: JOBS_SCHEMA, logger: graphileLogger(consoleJobLog()) });
  } finally {
    await endPool(pool);
  }
}

/** graphile-worker's own log lines, mapped onto ours. Task failures are logged from events instead (with ids). */
function graphileLogger(log: JobLog): Logger {
  return new Logger(() => (level: string, message: string, meta?: Record<string, unknown>) => {
    if (meta?.failure || meta?.success) return;
    log(level === "error" ? "error" : level === "warning" ? "warn" : level === "info" ? "info" : "debug", message);
  });
}

interface Task {
  handler: JobHandler;
  maxAttempts: number;
  schedule?: string;
  pool?: string;
}

/** The general pool's name (tasks registered without a `pool`). */
const GENERAL = "";

/** One worker pool of this instance: its graphile-worker runner, supervised (restarted with backoff if it stops). */
interface Slot {
  name: string;
  concurrency: number;
  runner: Runner | null;
  restartTimer: NodeJS.Timeout | null;
  restarts: number;
  /** Ids of this slot's graphile worker pools, whose jobs are unlocked if its runner dies without releasing them. */
  poolIds: string[];
}

export class JobQueue {
  private tasks = new Map<string, Task>();
  private readonly pool: pg.Pool;
  private readonly events = new EventEmitter() as WorkerEvents;
  private readonly log: JobLog;
  private readonly pollInterval: number;
  private readonly slots: Slot[];
  private running = false;
  /** The slot whose runner is starting (runners start one at a time), to which new graphile worker pools belong. */
  private starting: Slot | null = null;
  private startChain: Promise<void> = Promise.resolve();

  constructor(sql: postgres.Sql, opts: JobQueueOptions = {}) {
    const size = (n: number | undefined) => Math.max(1, Math.floor(n ?? 4));
    const slot = (name: string, concurrency: number): Slot => ({
      name,
      concurrency,
      runner: null,
      restartTimer: null,
      restarts: 0,
      poolIds: [],
    });
    this.slots = [
      slot(GENERAL, size(opts.concurrency)),
      ...Object.entries(opts.pools ?? {}).map(([name, n]) => slot(name, size(n))),
    ];
    this.pollInterval = opts.pollInterval ?? 2000;
    this.log = opts.log ?? consoleJobLog();
    // Every pool's workers and LISTEN connection, cron and drain() share one database pool sized for them.
    this.pool = pgPoolFor(
      sql,
      this.slots.reduce((n, s) => n + s.concurrency + 1, 2),
      this.log,
    );
    this.events.on("pool:create", ({ workerPool }) => {
      this.starting?.poolIds.push(workerPool.id);
    });
    this.events.on("job:error", ({ job, error }) => {
      if (job.attempts >= job.max_attempts) return; // job:failed follows
      opts.onFailure?.(job.task_identifier, false);
      this.log(
        "warn",
        `job ${job.id} (${job.task_identifier}) failed on attempt ${job.attempts} of ${job.max_attempts}; it will be retried`,
        {
          job_id: job.id,
          task: job.task_identifier,
          attempt: job.attempts,
          max_attempts: job.max_attempts,
          error: errorText(error),
        },
      );
    });
    this.events.on("job:failed", ({ job, error }) => {
      opts.onFailure?.(job.task_identifier, true);
      this.log("error", `job ${job.id} (${job.task_identifier}) failed permanently after ${job.attempts} attempts`, {
        job_id: job.id,
        task: job.task_identifier,
        attempt: job.attempts,
        max_attempts: job.max_attempts,
        error: errorText(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
    });
  }

  /** Register a task (see startup.ts `jobHandlers`). Register before start(): a running runner has its task list. */
  register<Payload = unknown>(task: string, handler: JobHandler<Payload>, opts: TaskOptions = {}): void {
    if (this.running) throw new Error(`job task "${task}" registered after the job runner started`);
    if (opts.schedule) parseCronItems([{ task, match: opts.schedule }]); // fail at registration on a bad pattern
    if (opts.pool !== undefined && !this.slots.some((s) => s.name === opts.pool))
      throw new Error(`job task "${task}" names the pool "${opts.pool}", which this queue has not`);
    if (opts.pool !== undefined && opts.schedule)
      throw new Error(`job task "${task}": a scheduled task runs in the general pool`);
    this.tasks.set(task, {
      handler: handler as JobHandler,
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      schedule: opts.schedule,
      pool: opts.pool || undefined,
    });
  }

  /** Enqueue inside the caller's transaction (or directly on the database), so the job exists only if the change commits. */
  async enqueue(tx: DbOrTx, task: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    return addJob(tx, task, payload, { ...opts, maxAttempts: opts.maxAttempts ?? this.tasks.get(task)?.maxAttempts });
  }

  /**
   * Start this instance's workers (the general pool with the crontab, and each named pool); a runner is restarted
   * (with backoff) if it ever stops on its own.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const slot of this.slots) await this.startRunner(slot);
    } catch (e) {
      await this.stopRunners();
      this.running = false;
      throw e;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    // a runner still starting (pools start one after another) stops itself once started: wait for it, so no
    // connection of the queue outlives the stop (the database may be shut down next)
    await this.startChain;
    await this.stopRunners();
    await endPool(this.pool);
  }

  private async stopRunners(): Promise<void> {
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.restartTimer) clearTimeout(slot.restartTimer);
        slot.restartTimer = null;
        const runner = slot.runner;
        slot.runner = null;
        if (runner)
          await runner.stop().catch((e) => this.log("warn", `job runner did not stop cleanly: ${errorText(e)}`));
      }),
    );
  }

  /** Run every due job to completion, one at a time, until none is left; returns how many ran (tests, CLI). */
  async drain(): Promise<number> {
    let ran = 0;
    const count = () => {
      ran++;
    };
    this.events.on("job:start", count);
    try {
      for (;;) {
        const before = ran;
        await runOnce({ ...this.sharedOptions(), concurrency: 1, noHandleSignals: true }, this.taskList());
        if (ran === before) return ran;
      }
    } finally {
      this.events.off("job:start", count);
    }
  }

  /**
   * Jobs still in the queue (waiting, running, or failed for good), oldest first, optionally of one task.
   * Jobs that succeeded are gone: graphile-worker deletes them on completion.
   */
  async list(db: DbOrTx, task?: string): Promise<QueuedJob[]> {
    type Row = {
      id: string;
      task: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
      last_error: string | null;
      run_at: string;
      key: string | null;
      locked_at: string | null;
    };
    const rows = (await db.execute(dsql`
      SELECT j.id::text AS id, t.identifier AS task, j.payload, j.attempts, j.max_attempts, j.last_error, j.run_at, j.key, j.locked_at
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE ${task ?? null}::text IS NULL OR t.identifier = ${task ?? null}::text
      ORDER BY j.id`)) as unknown as Row[];
    return rows.map((r) => ({
      id: r.id,
      task: r.task,
      payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      runAt: new Date(r.run_at),
      key: r.key,
      locked: r.locked_at != null,
      failed: r.attempts >= r.max_attempts && r.locked_at == null,
    }));
  }

  /**
   * Delete jobs that failed for good more than `days` ago (graphile-worker itself deletes jobs that succeed).
   * A failure moves run_at past the moment of failure (the backoff), so run_at bounds it from above.
   */
  async deleteFailedJobs(db: DbOrTx, days = FAILED_JOB_RETENTION_DAYS): Promise<number> {
    const rows = await db.execute(dsql`
      DELETE FROM graphile_worker._private_jobs
      WHERE attempts >= max_attempts AND locked_at IS NULL AND run_at < now() - make_interval(days => ${days}::int)
      RETURNING id`);
    return (rows as unknown as unknown[]).length;
  }

  /** The crontab: one line per registered task with a schedule. */
  cronItems(): CronItem[] {
    return [...this.tasks]
      .filter(([, t]) => t.schedule)
      .map(([task, t]) => ({
        task,
        match: t.schedule!,
        identifier: task,
        // A missed run is not made up (backfillPeriod 0): the next one does the same work.
        options: { backfillPeriod: 0, maxAttempts: t.maxAttempts, jobKey: `cron:${task}`, jobKeyMode: "replace" },
      }));
  }

  private sharedOptions(): SharedOptions {
    return {
      pgPool: this.pool,
      schema: JOBS_SCHEMA,
      events: this.events,
      logger: graphileLogger(this.log),
      // Record outcomes through graphile-worker's batcher (with no delay): if the write fails (the database went away
      // mid-job) the worker pool shuts down cleanly and the supervisor below restarts it, where the direct write
      // (0.17's default) leaves an unhandled rejection that would end the process.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    };
  }

  /** The handlers of one pool's tasks (`pool` undefined: every task, for drain()). */
  private taskList(pool?: string): TaskList {
    const list: TaskList = {};
    for (const [name, t] of this.tasks) {
      if (pool !== undefined && (t.pool ?? GENERAL) !== pool) continue;
      list[name] = async (payload, helpers) => {
        const j = helpers.job;
        try {
          await t.handler(payload, { id: String(j.id), task: name, attempts: j.attempts, maxAttempts: j.max_attempts });
        } catch (e) {
          throw storableError(e);
        }
      };
    }
    return list;
  }

  /** Start one pool's runner (one at a time across pools, so the worker pools it creates are known to be its own). */
  private startRunner(slot: Slot): Promise<void> {
    const started = this.startChain.then(() => this.startRunnerNow(slot));
    this.startChain = started.catch(() => {});
    return started;
  }

  private async startRunnerNow(slot: Slot): Promise<void> {
    if (!this.running) return;
    // Jobs still locked by a pool of this slot's that died (its connection lost mid-job) go back to the queue now,
    // not after graphile-worker's 4-hour lock expiry.
    if (slot.poolIds.length) {
      await this.pool.query(`SELECT ${JOBS_SCHEMA}.force_unlock_workers($1::text[])`, [slot.poolIds]);
      slot.poolIds = [];
    }
    const taskList = this.taskList(slot.name);
    if (!Object.keys(taskList).length) return; // a pool no task uses
    this.starting = slot;
    let runner: Runner;
    try {
      runner = await run({
        ...this.sharedOptions(),
        concurrency: slot.concurrency,
        pollInterval: this.pollInterval,
        noHandleSignals: true,
        taskList,
        // the crontab is the general pool's
        parsedCronItems: parseCronItems(slot.name === GENERAL ? this.cronItems() : []),
      });
    } finally {
      this.starting = null;
    }
    if (!this.running) {
      await runner.stop(); // stop() was called while this (re)start was under way
      return;
    }
    slot.runner = runner;
    const startedAt = Date.now();
    runner.promise.then(
      () => this.runnerEnded(slot, runner, startedAt, "it stopped"),
      (e) => this.runnerEnded(slot, runner, startedAt, errorText(e)),
    );
  }

  private runnerEnded(slot: Slot, runner: Runner, startedAt: number, why: string): void {
    if (!this.running || slot.runner !== runner) return;
    slot.runner = null;
    if (Date.now() - startedAt > 60_000) slot.restarts = 0; // it had worked: start the backoff over
    this.scheduleRestart(slot, why);
  }

  private scheduleRestart(slot: Slot, why: string): void {
    if (!this.running) return;
    const delay = Math.min(30_000, 500 * 2 ** slot.restarts++);
    this.log(
      "warn",
      `job runner${slot.name ? ` of the ${slot.name} pool` : ""} ended unexpectedly (${why}); restarting in ${delay} ms`,
    );
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = null;
      if (!this.running) return;
      this.startRunner(slot).catch((e) => this.scheduleRestart(slot, errorText(e)));
    }, delay);
  }
}

/**
 * A job's error as the queue can record it: its message is stored as the job's last error, and one holding a NUL
 * (a failed query quoting binary data in its parameters) could not be, which left the job locked.
 */
function storableError(e: unknown): unknown {
  if (!(e instanceof Error) || (printable(e.message) === e.message && printable(e.stack ?? "") === (e.stack ?? "")))
    return e;
  const clean = new Error(printable(e.message), { cause: e });
  clean.stack = printable(e.stack ?? "");
  return clean;
}

/** The error's message, with its cause's (drizzle wraps the database's error as the cause of "Failed query: …"). */
function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message;
}
