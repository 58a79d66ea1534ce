import os from "node:os";
import crypto from "node:crypto";
import { sql as dsql } from "drizzle-orm";
import type postgres from "postgres";
import { schema, type DbOrTx, type Db } from "../db/client.ts";

export type JobHandler = (payload: any, job: { id: string; attempts: number }) => Promise<unknown>;

/**
 * Durable Postgres-backed job queue. Jobs are rows; workers claim them with FOR UPDATE SKIP LOCKED,
 * so several server instances share the work. A NOTIFY on `stride_jobs` wakes idle workers at once;
 * a slow poll covers missed notifications. Failures retry with exponential backoff up to max_attempts.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private running = false;
  private wake: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;
  private listener: { unlisten: () => Promise<void> } | null = null;
  private readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;

  constructor(private db: Db, private sql: postgres.Sql) {}

  register(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  /** Enqueue inside the caller's transaction, so the job exists only if the change commits. */
  async enqueue(tx: DbOrTx, queue: string, payload: unknown, opts: { runAt?: Date; maxAttempts?: number } = {}): Promise<string> {
    const [row] = await tx
      .insert(schema.jobs)
      .values({ queue, payload: payload as object, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 5 })
      .returning({ id: schema.jobs.id });
    await tx.execute(dsql`SELECT pg_notify('stride_jobs', ${queue})`);
    return row.id;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.listener = await this.sql.listen("stride_jobs", () => this.wake?.());
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loopDone;
    await this.listener?.unlisten().catch(() => {});
  }

  /** Run due jobs until none is left (used by tests and the CLI). */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOne();
      } catch {
        worked = false;
      }
      if (!worked && this.running) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 1000);
          this.wake = () => { clearTimeout(t); resolve(); };
        });
        this.wake = null;
      }
    }
  }

  private async runOne(): Promise<boolean> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return false;
    const claimed = await this.sql<{ id: string; queue: string; payload: unknown; attempts: number; max_attempts: number }[]>`
      UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${this.workerId}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' OR (status = 'running' AND locked_at < now() - interval '5 minutes'))
          AND run_at <= now() AND queue = ANY(${queues})
        ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1
      )
      RETURNING id, queue, payload, attempts, max_attempts`;
    const job = claimed[0];
    if (!job) return false;
    const handler = this.handlers.get(job.queue)!;
    try {
      const result = await handler(job.payload, { id: job.id, attempts: job.attempts });
      await this.sql`UPDATE jobs SET status = 'done', finished_at = now(), result = ${JSON.stringify(result ?? null)}::jsonb WHERE id = ${job.id}`;
    } catch (err) {
      const final = job.attempts >= job.max_attempts;
      const delay = Math.min(2 ** job.attempts * 1000, 10 * 60 * 1000);
      await this.sql`UPDATE jobs SET status = ${final ? "failed" : "pending"}, last_error = ${String((err as Error)?.message ?? err)},
        run_at = now() + ${delay + " milliseconds"}::interval, locked_at = NULL, finished_at = ${final ? new Date().toISOString() : null} WHERE id = ${job.id}`;
    }
    return true;
  }
}
