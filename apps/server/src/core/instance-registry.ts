import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, lt, ne, sql as dsql } from "drizzle-orm";
import { schema } from "../db/client.ts";
import type { AppContext } from "./context.ts";
import type { Logger } from "./log.ts";
import { CURRENT_VERSION } from "./instance-config.ts";

const T = schema.serverInstances;

/** Rows of instances not seen for this long are removed (with their markers in this instance's folder). */
const FORGET_AFTER_DAYS = 7;
/** An instance unseen for this many heartbeats is gone. */
export const MISSED_BEATS = 3;
/** The folder in the uploads folder where each instance leaves its marker file. */
export const MARKER_DIR = ".stride-instances";

/**
 * Each server process records itself in `server_instances` (id, host, pid, version, storage driver, last seen) at
 * start and every INSTANCE_HEARTBEAT_MS, on a timer that `stop()` clears (it also marks the row stopped).
 *
 * Local storage shared or not: each instance on local storage writes a marker file named by its id into its uploads
 * folder (`DATA_DIR/uploads/.stride-instances/<id>`) and, at each beat, looks there for the markers of the other
 * live instances on local storage. One it cannot see has an uploads folder this one does not: a file uploaded
 * through one is a 404 through the other. That is logged at `error` (once per other instance) and kept in the row's
 * `unshared_with`, which god-mode → Instances shows as a warning.
 */
export class InstanceRegistry {
  readonly id = crypto.randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private readonly warned = new Set<string>();
  private readonly uploadsDir: string | null;
  private readonly log: Logger;

  constructor(
    private readonly app: AppContext,
    log?: Logger,
  ) {
    this.uploadsDir = app.config.storage === "local" ? path.join(app.config.dataDir, "uploads") : null;
    this.log = (log ?? app.log).child({ component: "instances" });
  }

  private markerOf(id: string): string {
    return path.join(this.uploadsDir!, MARKER_DIR, id);
  }

  /** Record this instance, leave its marker, check the others once, then beat on a timer. */
  async start(): Promise<void> {
    if (this.uploadsDir) {
      fs.mkdirSync(path.join(this.uploadsDir, MARKER_DIR), { recursive: true });
      fs.writeFileSync(
        this.markerOf(this.id),
        JSON.stringify({ id: this.id, hostname: os.hostname(), pid: process.pid, startedAt: new Date().toISOString() }),
      );
    }
    await this.app.db.insert(T).values({
      id: this.id,
      hostname: os.hostname(),
      pid: process.pid,
      version: CURRENT_VERSION,
      storage: this.app.config.storage,
      uploadsDir: this.uploadsDir,
    });
    await this.beat();
    this.timer = setInterval(() => {
      this.beat().catch((e: unknown) =>
        this.log.warn(`instance heartbeat failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    }, this.app.config.heartbeatMs);
    this.timer.unref();
  }

  /**
   * One heartbeat: last seen now; on local storage, which live instances on local storage left no marker that this
   * one can see. Returns their ids.
   */
  async beat(): Promise<string[]> {
    const db = this.app.db;
    const liveSince = dsql`now() - make_interval(secs => ${(this.app.config.heartbeatMs * MISSED_BEATS) / 1000}::float8)`;
    let unshared: string[] = [];
    if (this.uploadsDir) {
      const peers = await db
        .select({ id: T.id, hostname: T.hostname, uploadsDir: T.uploadsDir })
        .from(T)
        .where(
          and(ne(T.id, this.id), eq(T.storage, "local"), isNull(T.stoppedAt), dsql`${T.lastSeenAt} > ${liveSince}`),
        );
      const unseen = peers.filter((p) => !fs.existsSync(this.markerOf(p.id)));
      unshared = unseen.map((p) => p.id);
      for (const p of unseen) {
        if (this.warned.has(p.id)) continue;
        this.warned.add(p.id);
        this.log.error(
          {
            other_instance: p.id,
            other_host: p.hostname,
            other_uploads_dir: p.uploadsDir,
            uploads_dir: this.uploadsDir,
          },
          `Local storage is not shared: instance ${p.id} on ${p.hostname} keeps its uploads in a folder this instance (${this.id}, ${this.uploadsDir}) cannot see, so a file uploaded through one is not found through the other. Give every instance the same uploads folder (a shared DATA_DIR or network mount) or use STORAGE=s3.`,
        );
      }
    }
    await db
      .update(T)
      .set({ lastSeenAt: dsql`now()`, unsharedWith: unshared })
      .where(eq(T.id, this.id));
    await this.forgetOld();
    return unshared;
  }

  /** Rows unseen for FORGET_AFTER_DAYS go, with their markers in this instance's folder. */
  private async forgetOld(): Promise<void> {
    const gone = await this.app.db
      .delete(T)
      .where(lt(T.lastSeenAt, dsql`now() - make_interval(days => ${FORGET_AFTER_DAYS}::int)`))
      .returning({ id: T.id });
    if (this.uploadsDir) for (const g of gone) fs.rmSync(this.markerOf(g.id), { force: true });
  }

  /** Stop beating, mark the row stopped and take the marker away. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.app.db
      .update(T)
      .set({ stoppedAt: dsql`now()`, lastSeenAt: dsql`now()` })
      .where(eq(T.id, this.id))
      .catch((e: unknown) => {
        this.log.warn(`could not record this instance's stop: ${e instanceof Error ? e.message : String(e)}`);
      });
    if (this.uploadsDir) fs.rmSync(this.markerOf(this.id), { force: true });
  }
}

export type ServerInstanceRow = typeof T.$inferSelect;

/** Every recorded instance, newest first, with whether it is live (seen within MISSED_BEATS heartbeats). */
export async function listServerInstances(app: AppContext): Promise<(ServerInstanceRow & { live: boolean })[]> {
  const rows = await app.db
    .select({
      row: T,
      live: dsql<boolean>`${T.stoppedAt} IS NULL AND ${T.lastSeenAt} > now() - make_interval(secs => ${(app.config.heartbeatMs * MISSED_BEATS) / 1000}::float8)`,
    })
    .from(T)
    .orderBy(dsql`${T.startedAt} DESC`);
  return rows.map((r) => ({ ...r.row, live: r.live }));
}
