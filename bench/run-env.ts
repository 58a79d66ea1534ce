/**
 * What the parts of `npm run bench` (bench/run.ts) share: its settings from the environment (see run.ts's header),
 * the browser set-up, the workspace admin's session, and the list pages' SQL as the engine runs it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type postgres from "postgres";
import type { Stride } from "../apps/server/src/boot.ts";
import type { ListRequest } from "../apps/server/src/domain/work-item-list/index.ts";
import { parseListQuery } from "../apps/server/src/domain/work-item-list/params.ts";
import { buildWebApp } from "../scripts/build-web.ts";
import { benchSession } from "./cluster.ts";
import type { BenchInfo } from "./seed.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** BENCH_DATA_DIR: another checkout's seeded cluster (a before/after run of two builds on the same data). */
export const DATA = process.env.BENCH_DATA_DIR ?? path.join(ROOT, ".data-bench");
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
export const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54411);
/** Creates (and then patches) in the concurrent write measurement. */
export const WRITES = Number(process.env.BENCH_WRITES ?? 1000);

export const log = (m: string) => process.stdout.write(m + "\n");

/** A signed-in session for the workspace admin: its token, request headers and a GET that insists on 200. */
export async function adminSession(stride: Stride, info: BenchInfo) {
  const { app } = stride;
  const token = await benchSession(app.sql, info.adminId);
  const headers = { cookie: `${app.config.sessionCookieName}=${token}` };
  const get = async (url: string) => {
    const res = await fetch(stride.url + url, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  return { token, headers, get };
}

/** The list request of a project's page `qs` (its query string, with the "?") as the workspace admin sees it. */
export function listRequest(info: BenchInfo, projectId: string, qs: string): ListRequest {
  const viewer = { userId: info.adminId, timezone: "UTC", ownOnly: false };
  const parsed = parseListQuery(Object.fromEntries(new URLSearchParams(qs.slice(1))), { timezone: "UTC" });
  return { context: { kind: "project", workspaceId: info.workspaceId, projectId }, viewer, ...parsed, shape: "list" };
}

/** Run a page's SQL as the engine runs it (listWorkItems, listWorkItemsJson): a prepared statement, rows read as arrays of column values. */
export function sqlRunner(sql: postgres.Sql) {
  return (q: { text: string; values: unknown[] }) =>
    sql
      .unsafe(q.text, q.values as never[], { prepare: true })
      .values()
      .then(() => {});
}

export interface BrowserSetup {
  webDist: string | undefined;
  chromiumPath: string | null;
  note: string;
}

/** Build the web app and find chromium for the browser half of the targets (skipped with a note when impossible). */
export function prepareBrowser(): BrowserSetup {
  if (process.env.BENCH_BROWSER === "0")
    return { webDist: undefined, chromiumPath: null, note: "skipped (BENCH_BROWSER=0)" };
  const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((c) => fs.existsSync(c)) ?? null;
  if (!chromiumPath)
    return {
      webDist: undefined,
      chromiumPath: null,
      note: "skipped: chromium is not installed (the browser tests install it with apt-get)",
    };
  const webDist = path.join(ROOT, "apps/web/dist");
  if (process.env.BENCH_SKIP_WEB_BUILD !== "1") {
    log("Building the web app …");
    if (!buildWebApp(ROOT))
      return { webDist: undefined, chromiumPath: null, note: "skipped: the web app did not build" };
  }
  if (!fs.existsSync(path.join(webDist, "index.html")))
    return { webDist: undefined, chromiumPath: null, note: "skipped: apps/web/dist is missing" };
  return { webDist, chromiumPath, note: "" };
}
