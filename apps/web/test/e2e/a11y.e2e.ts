import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl, localDbOff, watchPage } from "./browser.ts";
import { e2eSuite, shots } from "./helpers.ts";
import { arrangeWithTeammate, createItems, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Issue #27 point 14: axe-core finds no critical and no serious WCAG 2.1 A/AA violation on the main screens (sign-in,
 * home, the project's work items in each layout, an item's page, cycles, modules, pages, inbox, settings), in the
 * light theme and in the dark one. Alice owns a project with items in every state, a cycle, a module, a page, and an
 * inbox notification from Bob, her teammate; each screen is opened loaded, then axe runs on the whole document.
 */
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let alice: BrowserContext;
let bob: BrowserContext;
let anonymous: BrowserContext;
let a: Arranged;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A context whose pages take axe's script (the app's CSP allows no inline script, rightly). */
async function context(): Promise<BrowserContext> {
  const ctx = await e2e.browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  ctx.on("page", (p) => watchPage(ctx, p));
  await localDbOff(ctx);
  return ctx;
}

const e2e = e2eSuite();
beforeAll(async () => {
  alice = await context();
  bob = await context();
  anonymous = await context();
  const t = await arrangeWithTeammate(alice, bob);
  a = t.a;
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  const post = async (path: string, data: unknown) => {
    const res = await alice.request.post(`${P}/${path}`, { data });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const label = await post("issue-labels/", { name: "Frontend", color: "#3b82f6" });
  const cycle = await post("cycles/", { name: "Sprint 1", start_date: day(-2), end_date: day(10) });
  const module = await post("modules/", { name: "Launch", start_date: day(-2), target_date: day(20) });
  const state = (group: string) => a.states.find((s) => s.group === group)!.id;
  await createItems(alice.request, a, [
    {
      name: "Design the launch page",
      priority: "urgent",
      state_id: state("started"),
      label_ids: [label.id],
      assignee_ids: [a.userId],
      start_date: day(0),
      target_date: day(3),
      cycle_id: cycle.id,
      module_ids: [module.id],
    },
    {
      name: "Write the docs",
      priority: "high",
      state_id: state("unstarted"),
      start_date: day(1),
      target_date: day(5),
      cycle_id: cycle.id,
    },
    {
      name: "Fix the build",
      priority: "low",
      state_id: state("completed"),
      target_date: day(2),
      module_ids: [module.id],
    },
    { name: "Plan the next quarter", priority: "none", state_id: state("backlog") },
  ]);
  await post("pages/", { name: "Handbook", description_html: "<p>How we work</p>" });
  // Bob assigns Alice an item: her inbox has a notification
  const [fromBob] = await createItems(bob.request, a, [{ name: "Review the release notes" }]);
  const res = await bob.request.patch(`${P}/issues/${fromBob.id}/`, { data: { assignee_ids: [a.userId] } });
  if (!res.ok()) throw new Error(`assign: ${res.status()}`);
  // the notification is made by a job: wait until it is there (expect.poll is for tests only)
  for (let i = 0; ; i++) {
    const list = (await (
      await alice.request.get(`/api/workspaces/${a.slug}/users/notifications/`)
    ).json()) as unknown[];
    if (list.length > 0) break;
    if (i === 150) throw new Error("no notification reached Alice's inbox");
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await Promise.all([alice?.close(), bob?.close(), anonymous?.close()]);
});

interface Screen {
  name: string;
  /** signed out (the sign-in screen) */
  anonymous?: boolean;
  layout?: string;
  path: () => string;
  ready: (page: Page) => Promise<unknown>;
}
const project = () => `/${a.slug}/projects/${a.projectId}`;
const listReady = async (page: Page) => {
  await page.locator("[data-list-context]").waitFor();
  await page.getByRole("status", { name: "Loading work items" }).waitFor({ state: "detached" });
  await page.getByText("Design the launch page").first().waitFor();
};
const SCREENS: Screen[] = [
  { name: "sign-in", anonymous: true, path: () => "/", ready: (p) => p.getByLabel("Email").waitFor() },
  {
    name: "home",
    path: () => `/${a.slug}/`,
    ready: (p) => p.getByRole("heading", { name: /Good (morning|afternoon|evening)/ }).waitFor(),
  },
  ...["list", "kanban", "calendar", "spreadsheet", "gantt_chart"].map((layout): Screen => ({
    name: `work items (${layout})`,
    layout,
    path: () => `${project()}/issues/`,
    ready: listReady,
  })),
  {
    name: "item page",
    path: () => `/${a.slug}/browse/${a.identifier}-1/`,
    ready: (p) => p.getByRole("textbox", { name: "Title" }).waitFor(),
  },
  {
    name: "cycles",
    path: () => `${project()}/cycles/`,
    ready: (p) => p.getByRole("link", { name: "Sprint 1" }).first().waitFor(),
  },
  {
    name: "modules",
    path: () => `${project()}/modules/`,
    ready: (p) => p.getByRole("link", { name: "Launch" }).first().waitFor(),
  },
  {
    name: "pages",
    path: () => `${project()}/pages/`,
    ready: (p) => p.getByRole("link", { name: "Handbook" }).first().waitFor(),
  },
  {
    name: "inbox",
    path: () => `/${a.slug}/notifications/`,
    ready: (p) => p.locator("li[data-notification]").first().waitFor(),
  },
  {
    name: "workspace settings",
    path: () => `/${a.slug}/settings/`,
    ready: (p) => p.getByLabel("Workspace name").waitFor(),
  },
  {
    name: "project settings",
    path: () => `${project()}/settings/`,
    ready: (p) => p.locator('form[aria-label="Project details"] input[name="name"]').waitFor(),
  },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** axe-core on the loaded page: its critical and serious violations of WCAG 2.0/2.1 A and AA. */
async function audit(page: Page): Promise<Violation[]> {
  // two frames: what the last data rendered is painted (colour contrast reads the painted styles)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }))
      .violations;
  }, TAGS);
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious");
}

const describe = (vs: Violation[]) =>
  vs
    .map(
      (v) =>
        `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help} — ${v.nodes
          .slice(0, 6)
          .map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`)
          .join(" | ")}`,
    )
    .join("\n");

for (const theme of ["light", "dark"] as const) {
  for (const s of SCREENS) {
    it(`${s.name}, ${theme} theme: no critical or serious axe violations`, async () => {
      if (s.layout) await setLayout(alice.request, a, { layout: s.layout, group_by: "state" });
      const page = await (s.anonymous ? anonymous : alice).newPage();
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await page.goto(s.path());
      await s.ready(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const found = await audit(page);
      await shots(page, `a11y-${s.name.replace(/\W+/g, "-")}-${theme}`);
      await page.close();
      expect(describe(found)).toBe("");
    });
  }
}

// The high-contrast themes (platform.md §9) are the same tokens with stronger values (index.css): the main screens in
// each, chosen in the profile as a person would, with their own colours applied.
const CONTRAST_SCREENS = ["home", "work items (list)", "item page", "inbox", "workspace settings"];
for (const theme of ["light-contrast", "dark-contrast"] as const) {
  for (const s of SCREENS.filter((x) => CONTRAST_SCREENS.includes(x.name))) {
    it(`${s.name}, ${theme} theme: no critical or serious axe violations`, async () => {
      if (s.layout) await setLayout(alice.request, a, { layout: s.layout, group_by: "state" });
      const setTheme = async (choice: string) => {
        const res = await alice.request.patch("/api/users/me/profile/", { data: { theme: { theme: choice } } });
        if (!res.ok()) throw new Error(`theme: ${res.status()} ${await res.text()}`);
      };
      await setTheme(theme);
      try {
        const page = await alice.newPage();
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(s.path());
        await s.ready(page);
        await poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
          theme === "dark-contrast",
        );
        // the theme's own canvas: white, or black (not the dark theme's zinc-950)
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          theme === "dark-contrast" ? "rgb(0, 0, 0)" : "rgb(255, 255, 255)",
        );
        const found = await audit(page);
        await shots(page, `a11y-${s.name.replace(/\W+/g, "-")}-${theme}`);
        await page.close();
        expect(describe(found)).toBe("");
      } finally {
        await setTheme("system");
      }
    });
  }
}

it("the first Tab on a workspace screen reaches the skip link, which moves the focus into the main content", async () => {
  await setLayout(alice.request, a, { layout: "list", group_by: "state" });
  const page = await alice.newPage();
  await page.goto(`${project()}/issues/`);
  await listReady(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
  // visible while it has the focus
  expect(await skip.isVisible()).toBe(true);
  await shots(page, "a11y-skip-link");
  await page.keyboard.press("Enter");
  await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
  // the next Tab goes on inside the main content, not back to the sidebar
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  await page.close();
});
