/**
 * One screen of issue #7 point 4 loaded from two builds of the web app, load by load in turn (A, B, A, B …), so
 * both meet the same machine load: warm assets, cold data, as the screens bench measures (screens-browser.ts).
 * Prints each build's p50/p25/p75 and the load average. `AB_SCREEN=0 AB_RUNS=20 AB_BASE_DIST=/tmp/main-dist
 * BENCH_PG_PORT=54521 node --import tsx bench/screen-ab.ts` (A: apps/web/dist, or AB_DIST; AB_BASE_ROOT=<checkout>: B with that
 * checkout's server as well).
 */
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { openBenchCluster, benchSession, screensItem } from "./cluster.ts";
import { buildServer } from "../apps/server/src/app.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { issue7Screens, screenShownScript, shownAfter } from "../apps/web/test/perf/screens-browser.ts";

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54521);
const RUNS = Number(process.env.AB_RUNS ?? 20);
const SCREENS = (process.env.AB_SCREEN ?? "0").split(",").map(Number);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** One load of the screen at `target` (from a blank page): when it was shown, the page's response end, its long frames. */
async function loadOnce(page: Page, target: string) {
  await page.goto("about:blank");
  const shown = await shownAfter(page, () => page.goto(target, { waitUntil: "commit" }));
  const end = (await page.evaluate(`Math.round(performance.getEntriesByType("navigation")[0].responseEnd)`)) as number;
  // the main thread's long frames (Long Animation Frames API: no profiler, so no overhead), with their scripts
  const loaf = (await page.evaluate(
    `new Promise((res) => new PerformanceObserver((l, o) => { o.disconnect(); res(l.getEntries().map((f) => ({ start: Math.round(f.startTime), dur: Math.round(f.duration), render: Math.round(f.renderStart), style: Math.round(f.styleAndLayoutStart), scripts: f.scripts.map((s) => ({ start: Math.round(s.startTime), dur: Math.round(s.duration), inv: s.invoker + " " + (s.sourceURL || "").replace(/^.*\\//, ""), fn: s.sourceFunctionName })) }))); }).observe({ type: "long-animation-frame", buffered: true }))`,
  )) as {
    start: number;
    dur: number;
    render: number;
    style: number;
    scripts: { start: number; dur: number; inv: string }[];
  }[];
  return { shown: Math.round(shown), end, loaf };
}

type Load = Awaited<ReturnType<typeof loadOnce>>;

/** Each build's shown times (p50, p25, p75) and page end; with AB_LOAF, the median load's long frames. */
function report(screen: string, servers: { name: string }[], times: Load[][]) {
  servers.forEach((s, j) => {
    const sh = times[j].map((t) => t.shown);
    const en = times[j].map((t) => t.end);
    if (process.env.AB_LOAF) {
      const med = times[j].find((t) => t.shown === pct(sh, 50))!;
      console.log(`LOAF ${s.name} shown ${med.shown}, page end ${med.end}`);
      for (const f of med.loaf)
        console.log(
          `  frame ${f.start}+${f.dur} (render ${f.render}, style ${f.style}): ${f.scripts.map((x) => `${x.inv} ${x.start}+${x.dur}`).join("; ")}`,
        );
    }
    console.log(
      `AB ${screen} | ${s.name} | p50 ${pct(sh, 50)} (p25 ${pct(sh, 25)}, p75 ${pct(sh, 75)}) | page end p50 ${pct(en, 50)} | ${sh.join(" ")}`,
    );
  });
}

async function main() {
  const distA = path.resolve(process.env.AB_DIST ?? "apps/web/dist");
  const distB = process.env.AB_BASE_DIST ? path.resolve(process.env.AB_BASE_DIST) : null;
  const cluster = await openBenchCluster({ pgPort: PG_PORT, webDist: distA, log: (m) => console.error(m) });
  const { app } = cluster.stride;
  const info = cluster.info;
  // AB_BASE_ROOT=<another checkout>: B runs that checkout's server too (its screen data), not only its web build
  const baseRoot = process.env.AB_BASE_ROOT;
  const baseBuild = baseRoot
    ? (
        (await import(path.join(path.resolve(baseRoot), "apps/server/src/app.ts"))) as {
          buildServer: typeof buildServer;
        }
      ).buildServer
    : buildServer;
  const servers = await Promise.all(
    [distA, distB]
      .filter((d): d is string => !!d)
      .map(async (webDist, i) => {
        const s = await (i === 1 ? baseBuild : buildServer)(app, { webDist });
        return { name: webDist, server: s, url: await s.listen({ port: 0, host: "127.0.0.1" }) };
      }),
  );
  const token = await benchSession(app.sql, info.adminId);
  const item = await screensItem(app.sql, info);
  const all = issue7Screens({
    slug: info.workspaceSlug,
    projectId: info.projectId,
    itemId: item.id,
    itemKey: item.key,
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const loadBefore = os.loadavg();
  try {
    for (const si of SCREENS) {
      const target = all[si];
      const pages: { ctx: BrowserContext; page: Page }[] = [];
      for (const s of servers) {
        const ctx = await browser.newContext({ baseURL: s.url, viewport: { width: 1280, height: 800 } });
        await ctx.addCookies([{ name: app.config.sessionCookieName, value: token, domain: "127.0.0.1", path: "/" }]);
        await ctx.addInitScript(screenShownScript(target.ready));
        pages.push({ ctx, page: await ctx.newPage() });
      }
      const load = (page: Page) => loadOnce(page, target.path);
      for (const p of pages) {
        await load(p.page);
        await load(p.page);
      }
      const times = pages.map(() => [] as Load[]);
      for (let i = 0; i < RUNS; i++) for (let j = 0; j < pages.length; j++) times[j].push(await load(pages[j].page));
      report(target.name, servers, times);
      for (const p of pages) await p.ctx.close();
    }
  } finally {
    console.log(
      `AB load ${loadBefore.map((x) => x.toFixed(2)).join(" ")} before, ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")} after`,
    );
    await browser.close();
    for (const s of servers) await s.server.close();
    await app.sql`DELETE FROM sessions WHERE id = ${hashToken(token)}`;
    await cluster.stride.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
