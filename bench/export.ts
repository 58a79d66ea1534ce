/**
 * `npm run bench:export` (issue #11 point 5): exports of the benchmark's 100,000-item project (bench/seed.ts) as
 * CSV, XLSX and JSON, each run by the export job (routes/exports/job.ts) in this process on a fresh embedded
 * PostgreSQL (.data-bench-export/). For each: the time, the items written, the zip's size, and this process's RSS
 * and V8 heap before and at the peak (sampled every 50 ms), against the same export of the 2,000-item project: a
 * bounded export peaks the same whatever the number of items. The figures go to docs/benchmarks.md between
 * <!-- export --> markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import { startStride } from "../apps/server/src/boot.ts";
import { runExport } from "../apps/server/src/routes/exports/job.ts";
import { writeSection } from "./figures.ts";
import { seedBench } from "./seed.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA = path.join(ROOT, ".data-bench-export");
const PG_PORT = Number(process.env.BENCH_EXPORT_PG_PORT ?? process.env.BENCH_PG_PORT ?? 54413);
const log = (m: string) => process.stdout.write(m + "\n");
const MB = (b: number) => (b / 1024 / 1024).toFixed(1);

interface Figure {
  provider: string;
  project: string;
  items: number;
  ms: number;
  zipBytes: number;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
  livePeak: number;
}

/** How often the live heap is measured (a full collection, then the used heap): what the export really holds. */
const LIVE_EVERY_MS = 2000;

/** One export of a project in a format, timed, with the memory it took (sampled every 50 ms). */
async function measureExport(
  app: Awaited<ReturnType<typeof startStride>>["app"],
  info: Awaited<ReturnType<typeof seedBench>>,
  label: string,
  projectId: string,
  provider: string,
): Promise<Figure> {
  const [row] = await app.sql<{ id: string }[]>`
    INSERT INTO exporters (workspace, project_ids, provider, token, initiated_by, created_by, updated_by)
    VALUES (${info.workspaceId}, ${[projectId]}::uuid[], ${provider}, ${crypto.randomBytes(16).toString("hex")}, ${info.adminId}, ${info.adminId}, ${info.adminId}) RETURNING id`;
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  let livePeak = before.heapUsed;
  let lastLive = Date.now();
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
    // the used heap includes garbage not collected yet: every few seconds, collect and measure what is alive
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc && Date.now() - lastLive >= LIVE_EVERY_MS) {
      gc();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
      lastLive = Date.now();
    }
  }, 50);
  const t0 = performance.now();
  await runExport(app, { exportId: row.id });
  const ms = performance.now() - t0;
  clearInterval(timer);
  const [done] = await app.sql<
    { done: number; key: string; status: string }[]
  >`SELECT done, key, status FROM exporters WHERE id = ${row.id}`;
  if (done.status !== "completed") throw new Error(`export ${provider} ended ${done.status}`);
  const zipBytes = (await app.storage.size(done.key)) ?? 0;
  const figure: Figure = {
    provider,
    project: label,
    items: done.done,
    ms,
    zipBytes,
    rssBefore: before.rss,
    rssPeak,
    heapBefore: before.heapUsed,
    heapPeak,
    livePeak,
  };
  log(
    `${label} ${provider}: ${done.done} items in ${(ms / 1000).toFixed(1)} s, zip ${MB(zipBytes)} MB, RSS ${MB(before.rss)} → peak ${MB(rssPeak)} MB, heap ${MB(before.heapUsed)} → peak ${MB(heapPeak)} MB, live heap peak ${MB(livePeak)} MB`,
  );
  return figure;
}

/** The figures as the export section of docs/benchmarks.md. */
function writeReport(figures: Figure[]) {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");
  const cpu = os.cpus()[0]?.model ?? "?";
  const lines = [
    "## Exports (`npm run bench:export`, issue #11 point 5)",
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${cpu}, load average ${load} (1/5/15 min) at the end. The export job (\`exports:run\`) runs in the benchmark's process against a fresh embedded PostgreSQL seeded by bench/seed.ts; memory is this process's RSS and V8 heap, before the export and at its peak (sampled every 50 ms); the live heap is the used heap right after a full collection, forced every ${LIVE_EVERY_MS / 1000} s during the export (what the export really holds; those collections are in the times).`,
    "",
    "| Project | Format | Items | Time | Zip | RSS before → peak | Heap before → peak | Live heap peak |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...figures.map(
      (f) =>
        `| ${f.project} | ${f.provider} | ${f.items.toLocaleString("en")} | ${(f.ms / 1000).toFixed(1)} s | ${MB(f.zipBytes)} MB | ${MB(f.rssBefore)} → ${MB(f.rssPeak)} MB | ${MB(f.heapBefore)} → ${MB(f.heapPeak)} MB | ${MB(f.livePeak)} MB |`,
    ),
    "",
    "Rows are read a page of 1,000 at a time through the list engine and written to a temporary file as they come (CSV and JSON by chunks with backpressure, XLSX by exceljs's streaming writer committing each row, without shared strings), then zipped by archiver from the file into the storage driver: no step holds more than one page of items, so the peak does not grow with the number of items.",
  ];
  writeSection(path.join(ROOT, "docs/benchmarks.md"), "export", lines);
  log("Wrote the export figures to docs/benchmarks.md");
}

async function main() {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(DATA, { recursive: true });
  const stride = await startStride(
    {
      dataDir: DATA,
      port: 0,
      host: "127.0.0.1",
      embeddedPgPort: PG_PORT,
      runWorkers: false,
      logLevel: "warn",
      secretKey: "bench-secret",
    },
    log,
  );
  const figures: Figure[] = [];
  try {
    const app = stride.app;
    log("seeding 100,000 items …");
    const info = await seedBench(app.sql);
    for (const [label, projectId] of [
      ["2,000 items", info.smallProjectId],
      ["100,000 items", info.projectId],
    ] as const) {
      for (const provider of ["csv", "xlsx", "json"]) {
        figures.push(await measureExport(app, info, label, projectId, provider));
      }
    }
  } finally {
    await stride.close();
  }
  writeReport(figures);
}

await main();
