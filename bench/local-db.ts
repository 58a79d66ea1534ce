/**
 * Issue #28's targets for the offline local database, in headless chromium on the seeded 10,000-item project
 * (bench/seed.ts `LOCAL_COUNT`), as the workspace admin:
 * 1. switching layout, filter, ordering and grouping: action → new content painted, local database on vs off (the
 *    server path), rounds interleaved (off, on, off, on …), each round in a freshly loaded page so that every switch
 *    asks for a list the page's query cache does not hold;
 * 2. navigating between the project's list, its cycles and modules (already synced): click → content painted;
 * 3. the first sync of the project (navigation → the project's status `ready`), and clicks answered meanwhile;
 * 4. another person's change (an API write by a second member) appearing in the open list, local on and off;
 * 5. memory: the SQLite file (page count × page size) and the pages' JS heap (no cross-origin isolation, so no
 *    `performance.measureUserAgentSpecificMemory`; it is used when the page is isolated).
 * Run with `npm run bench` or alone: `npm run bench:local-db` (BENCH_LOCAL_DB_ROUNDS: rounds per mode, default 10;
 * BENCH_LOCAL_DB_WRITES: part 4's writes, default 20). The section of docs/benchmarks.md is bench/local-db-report.ts's.
 */
import os from "node:os";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { Stride } from "../apps/server/src/boot.ts";
import { hashToken } from "../apps/server/src/http/session.ts";
import { benchSession } from "./cluster.ts";
import type { BenchInfo } from "./seed.ts";
import { measureFirstSync, measureLiveEdits, measureMemory, type FirstSync, type LiveEdits } from "./local-db-parts.ts";
import type { Memory } from "./local-db-parts.ts";
import {
  QUERY_WATCH_SCRIPT,
  readShown,
  statusWatchScript,
  timeAction,
  type Shown,
  type Timing,
} from "./local-db-page.ts";

const ROUNDS = Number(process.env.BENCH_LOCAL_DB_ROUNDS ?? 10);
export type Mode = "on" | "off";

/** The project's list and the cycle and module the navigation opens. */
export interface Target {
  slug: string;
  pid: string;
  identifier: string;
  items: number;
  cycle: { id: string; name: string; items: number };
  module: { id: string; name: string; items: number };
  listPath: string;
}

export interface LocalDbResult {
  target: Target;
  rounds: number;
  /** Step name → mode → timings, one per round. */
  steps: { name: string; kind: "switch" | "nav"; times: Record<Mode, Timing[]> }[];
  firstSync: FirstSync;
  live: LiveEdits;
  memory: Memory;
  load: string;
  chromium: string;
}

/** One measured step of a round: `prepare` (not timed), `act` (its first `trigger` event starts the clock), `after`. */
export interface Step {
  name: string;
  kind: "switch" | "nav";
  trigger: "pointerdown" | "change";
  /** A page (not a list) whose content is this link. */
  link?: (t: Target) => string;
  prepare?: (p: Page) => Promise<unknown>;
  act: (p: Page, t: Target) => Promise<unknown>;
  after?: (p: Page) => Promise<unknown>;
}

const button = (p: Page, name: string) => p.getByRole("button", { name, exact: true }).click();
const priority = (p: Page, option: string) =>
  p
    .getByRole("dialog", { name: "Filters" })
    .getByRole("listbox", { name: "Priority" })
    .getByRole("option", { name: option })
    .click();
const href = (p: Page, end: string) => p.locator(`a[href$="${end}"]`).first().click();
/** A tab of the project's tab bar. */
const tab = (p: Page, end: string) =>
  p.getByRole("navigation", { name: "Project" }).locator(`a[href$="${end}"]`).click();

/** A click on a link to another screen (`link`: a page, not a list, whose content is that link). */
const nav = (name: string, act: Step["act"], link?: Step["link"]): Step => ({
  name,
  kind: "nav",
  trigger: "pointerdown",
  act,
  link,
});

export const STEPS: Step[] = [
  {
    name: "Layout: list → spreadsheet",
    kind: "switch",
    trigger: "pointerdown",
    act: (p) => button(p, "Spreadsheet layout"),
  },
  {
    name: "Layout: spreadsheet → board",
    kind: "switch",
    trigger: "pointerdown",
    act: (p) => button(p, "Board layout"),
    after: async (p) => {
      await button(p, "List layout");
      await settle(p);
    },
  },
  {
    name: "Filter: priority urgent",
    kind: "switch",
    trigger: "pointerdown",
    prepare: (p) => p.getByRole("button", { name: "Filters" }).click(),
    act: (p) => priority(p, "Urgent"),
  },
  {
    name: "Filter: + priority high",
    kind: "switch",
    trigger: "pointerdown",
    act: (p) => priority(p, "High"),
    after: (p) => p.keyboard.press("Escape"),
  },
  {
    name: "Order: by priority",
    kind: "switch",
    trigger: "change",
    prepare: (p) => p.getByRole("button", { name: "Display" }).click(),
    act: (p) => p.getByRole("combobox", { name: "Order by" }).selectOption({ label: "Priority" }),
  },
  {
    name: "Group: by state",
    kind: "switch",
    trigger: "change",
    act: (p) => p.getByRole("combobox", { name: "Group by" }).selectOption({ label: "States" }),
    after: (p) => p.keyboard.press("Escape"),
  },
  nav(
    "Project tabs → Cycles",
    (p, t) => tab(p, `/projects/${t.pid}/cycles/`),
    (t) => `/cycles/${t.cycle.id}/`,
  ),
  nav("Cycles → a cycle's list", (p, t) => href(p, `/cycles/${t.cycle.id}/`)),
  nav(
    "Project tabs → Modules",
    (p, t) => tab(p, `/projects/${t.pid}/modules/`),
    (t) => `/modules/${t.module.id}/`,
  ),
  nav("Modules → a module's list", (p, t) => href(p, `/modules/${t.module.id}/`)),
  nav("Project tabs → Work items", (p, t) => tab(p, `/projects/${t.pid}/issues/`)),
];

/** Until no list request is in flight, then a little longer (the page's own follow-up work). */
async function settle(p: Page, extraMs = 300): Promise<void> {
  await p.waitForFunction(() => !document.querySelector('[aria-label="Updating"]'), undefined, {
    timeout: 30_000,
    polling: 50,
  });
  await p.waitForTimeout(extraMs);
}

/** The view each round starts from (the person's saved display of the project: list, newest first, no filter). */
export async function resetView(ctx: BrowserContext, t: Target): Promise<void> {
  const res = await ctx.request.patch(`/api/workspaces/${t.slug}/projects/${t.pid}/user-properties/`, {
    data: { filters: { priority: null }, display_filters: { layout: "list", group_by: null, order_by: "-created_at" } },
  });
  if (!res.ok()) throw new Error(`user-properties → ${res.status()}`);
}

/** The project's list freshly loaded (an empty query cache), with the local database ready when it is on. */
export async function openList(page: Page, t: Target, mode: Mode): Promise<void> {
  await page.goto(t.listPath);
  await page.locator('[data-list-context][data-layout="list"] [data-item]').first().waitFor({ timeout: 60_000 });
  const want = mode === "on" ? `${t.pid}:ready:` : "";
  await page.waitForFunction(
    ([w, m]) =>
      document.documentElement.dataset.localDb === (m === "on" ? "ready" : "off") &&
      (!w || (document.documentElement.dataset.localDbProjects ?? "").includes(w)),
    [want, mode] as const,
    { timeout: 600_000, polling: 100 },
  );
  await settle(page, 500);
}

/**
 * One round: reset the saved view, load the list, then every step in turn. `wants` holds what each step shows (read
 * in the first, unmeasured round, with the local database off); a step whose page never shows it fails the run.
 */
async function round(page: Page, t: Target, mode: Mode, wants: Shown[] | null): Promise<Timing[]> {
  await resetView(page.context(), t);
  await openList(page, t, mode);
  const out: Timing[] = [];
  for (const [i, s] of STEPS.entries()) {
    await s.prepare?.(page);
    if (!wants) {
      await s.act(page, t);
      await page.waitForTimeout(300);
      await settle(page, 700);
      out.push({ shown: NaN, settled: NaN });
      continue;
    }
    out.push(await timeAction(page, s.trigger, wants[i], () => s.act(page, t)));
    await s.after?.(page);
    await page.waitForTimeout(250);
  }
  return out;
}

/** The first round with the local database off: what each step shows once settled. */
export async function calibrate(page: Page, t: Target): Promise<Shown[]> {
  await resetView(page.context(), t);
  await openList(page, t, "off");
  const wants: Shown[] = [];
  for (const s of STEPS) {
    await s.prepare?.(page);
    await s.act(page, t);
    await page.waitForTimeout(300);
    await settle(page, 1000);
    wants.push(s.link ? { ...(await readShown(page)), link: s.link(t) } : await readShown(page));
    await s.after?.(page);
    await page.waitForTimeout(250);
  }
  return wants;
}

export async function newContext(
  browser: Browser,
  base: string,
  cookie: { name: string; value: string },
  mode: Mode,
  initScripts: string[] = [],
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await ctx.addCookies([{ ...cookie, domain: new URL(base).hostname, path: "/" }]);
  await ctx.addInitScript(
    `try { localStorage.setItem("LOCAL_DB_ENABLED", ${JSON.stringify(mode === "on" ? "true" : "false")}); } catch {}`,
  );
  for (const s of [QUERY_WATCH_SCRIPT, ...initScripts]) await ctx.addInitScript(s);
  return ctx;
}

/** Parts 1 and 2: rounds of every step, local database off and on in turn. */
async function measureRounds(pages: Record<Mode, Page>, t: Target, log: (m: string) => void) {
  const wants = await calibrate(pages.off, t);
  log(`Local database: calibrated ${STEPS.length} steps; a warm-up round each way …`);
  await round(pages.off, t, "off", wants);
  await round(pages.on, t, "on", wants);
  const times: Record<Mode, Timing[][]> = { on: [], off: [] };
  for (let i = 0; i < ROUNDS; i++) {
    // who goes first alternates too, so neither always follows the other
    const order: Mode[] = i % 2 ? ["on", "off"] : ["off", "on"];
    for (const m of order) times[m].push(await round(pages[m], t, m, wants));
    log(`Local database: round ${i + 1}/${ROUNDS}`);
  }
  return STEPS.map((s, j) => ({
    name: s.name,
    kind: s.kind,
    times: { on: times.on.map((r) => r[j]), off: times.off.map((r) => r[j]) },
  }));
}

export async function measureLocalDb(
  stride: Stride,
  info: BenchInfo,
  chromiumPath: string,
  log: (m: string) => void,
): Promise<LocalDbResult> {
  const { app } = stride;
  const t = await target(stride, info);
  const loadBefore = os.loadavg();
  const token = await benchSession(app.sql, info.adminId);
  const [bob] = await app.sql<{ id: string }[]>`SELECT id FROM users WHERE username = 'bench1'`;
  const bobToken = await benchSession(app.sql, bob.id);
  const cookie = { name: app.config.sessionCookieName, value: token };
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--enable-precise-memory-info"],
  });
  try {
    log(`Local database: first sync of ${t.items.toLocaleString("en")} items …`);
    // the profile that synced is the one the rounds use with the local database on
    const on = await newContext(browser, stride.url, cookie, "on", [statusWatchScript(t.pid)]);
    const firstSync = await measureFirstSync(on, t, log);
    const off = await newContext(browser, stride.url, cookie, "off");
    const pages = { on: await on.newPage(), off: await off.newPage() };
    const steps = await measureRounds(pages, t, log);
    log("Local database: another person's changes …");
    const live = await measureLiveEdits(pages, t, stride.url, { name: cookie.name, value: bobToken });
    const memory = await measureMemory(pages);
    return {
      target: t,
      rounds: ROUNDS,
      steps,
      firstSync,
      live,
      memory,
      load: `${loadBefore.map((x) => x.toFixed(2)).join(" ")} at the start, ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")} at the end (1, 5, 15 min)`,
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
    await app.sql`DELETE FROM sessions WHERE id IN (${hashToken(token)}, ${hashToken(bobToken)})`;
  }
}

/** The 10,000-item project, its busiest cycle and module. */
export async function target(stride: Stride, info: BenchInfo): Promise<Target> {
  const sql = stride.app.sql;
  const pid = info.localProjectId;
  const [p] = await sql<{ identifier: string }[]>`SELECT identifier FROM projects WHERE id = ${pid}`;
  const [{ items }] = await sql<{ items: number }[]>`
    SELECT count(*)::int AS items FROM issues WHERE project = ${pid} AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft`;
  const [cycle] = await sql<{ id: string; name: string; items: number }[]>`
    SELECT c.id, c.name, count(*)::int AS items FROM cycles c JOIN cycle_issues x ON x.cycle = c.id
    WHERE c.project = ${pid} GROUP BY c.id, c.name ORDER BY 3 DESC, c.id LIMIT 1`;
  const [module] = await sql<{ id: string; name: string; items: number }[]>`
    SELECT m.id, m.name, count(*)::int AS items FROM modules m JOIN module_issues x ON x.module = m.id
    WHERE m.project = ${pid} AND m.archived_at IS NULL GROUP BY m.id, m.name ORDER BY 3 DESC, m.id LIMIT 1`;
  return {
    slug: info.workspaceSlug,
    pid,
    identifier: p.identifier,
    items,
    cycle,
    module,
    listPath: `/${info.workspaceSlug}/projects/${pid}/issues/`,
  };
}
