/**
 * The benches' seeded cluster: Stride on embedded PostgreSQL in `.data-bench/`, seeded once by bench/seed.ts and
 * reused while the seed version and the migration are unchanged (`BENCH_RESEED=1` rebuilds it). Shared by
 * `npm run bench` (run.ts) and the analytics figures (insight.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type postgres from "postgres";
import { startStride, type Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { fileHash, ITEM_COUNT, SEED_VERSION, seedBench, type BenchInfo } from "./seed.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** BENCH_DATA_DIR: another checkout's seeded cluster (a before/after run of two builds on the same data). */
const DATA = process.env.BENCH_DATA_DIR ?? path.join(ROOT, ".data-bench");
const MARKER = path.join(DATA, "bench.json");

export type SeededInfo = BenchInfo & { migrationHash: string };

export interface BenchCluster {
  stride: Stride;
  info: SeededInfo;
  /** Start another Stride on the same cluster (after the caller closed `stride`, e.g. to load a preload library). */
  start: () => Promise<Stride>;
}

/** Start Stride on the cached seeded cluster, seeding it first when missing or stale. */
export async function openBenchCluster(opts: {
  pgPort: number;
  webDist?: string;
  log: (m: string) => void;
}): Promise<BenchCluster> {
  const { log } = opts;
  const migrationHash = fileHash(fs.readFileSync(path.join(ROOT, "apps/server/drizzle/0000_init.sql"), "utf8"));
  let info: SeededInfo | null = null;
  if (process.env.BENCH_RESEED !== "1" && fs.existsSync(MARKER)) {
    const m = JSON.parse(fs.readFileSync(MARKER, "utf8")) as SeededInfo;
    if (m.seedVersion === SEED_VERSION && m.migrationHash === migrationHash) info = m;
  }
  if (!info) {
    log("No usable cached cluster: rebuilding .data-bench/ …");
    fs.rmSync(DATA, { recursive: true, force: true });
  }
  fs.mkdirSync(DATA, { recursive: true });
  const start = () =>
    startStride(
      {
        dataDir: DATA,
        port: 0,
        host: "127.0.0.1",
        embeddedPgPort: opts.pgPort,
        runWorkers: false,
        logLevel: "warn",
        secretKey: "bench-secret",
        webDist: opts.webDist,
      },
      log,
    );
  const stride = await start();
  try {
    if (!info) {
      const t = performance.now();
      log(`Seeding ${ITEM_COUNT.toLocaleString("en")} work items …`);
      const seeded = await seedBench(stride.app.sql);
      info = { ...seeded, migrationHash };
      fs.writeFileSync(MARKER, JSON.stringify(info, null, 2));
      log(`Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
    } else {
      log("Using the cached seeded cluster in .data-bench/");
    }
    // steady state: statistics fresh and the visibility map set (as autovacuum leaves it)
    await stride.app.sql.unsafe("VACUUM (ANALYZE)");
  } catch (e) {
    await stride.close();
    throw e;
  }
  return { stride, info, start };
}

/** A new app session of `userId` for a day: the bench's clients send its token as the session cookie. */
export async function benchSession(sql: postgres.Sql, userId: string): Promise<string> {
  const token = crypto.randomBytes(24).toString("base64url");
  await sql`INSERT INTO sessions (id, user_id, kind, expires_at) VALUES (${hashToken(token)}, ${userId}, 'app', now() + interval '1 day')`;
  return token;
}

/** The work item the screen benches open (issue #7): the big project's first live item that has a parent. */
export async function screensItem(sql: postgres.Sql, info: BenchInfo): Promise<{ id: string; key: string }> {
  const [project] = await sql<{ identifier: string }[]>`SELECT identifier FROM projects WHERE id = ${info.projectId}`;
  const [item] = await sql<{ id: string; sequence_id: number }[]>`
    SELECT id, sequence_id FROM issues WHERE project = ${info.projectId} AND parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AND NOT is_epic
    ORDER BY sequence_id LIMIT 1`;
  return { id: item.id, key: `${project.identifier}-${item.sequence_id}` };
}
