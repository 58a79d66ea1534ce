import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext, signIn, waitForPath } from "./helpers.ts";
import { arrange, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * The web app runs under the Content-Security-Policy the server sends (issue #6 point 4): every
 * `securitypolicyviolation` event and every CSP console error is collected while a user signs in through
 * the real form, opens a project's work items and comments on one; there must be none. A control at the
 * end proves the policy is enforced and the collector sees what it blocks.
 */
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launch();
  const arranging = await newContext(browser);
  a = await arrange(arranging, { firstName: "Cleo" });
  await createItems(arranging.request, a, [{ name: "Check the policy", priority: "high" }]);
  await arranging.close();

  ctx = await newContext(browser);
  await ctx.exposeBinding("__cspViolation", (_source, line: string) => { violations.push(line); });
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (l: string) => void }).__cspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`);
    });
  });
  page = await ctx.newPage();
  page.on("console", (m) => {
    if (/content security policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
});
afterAll(async () => { await browser?.close(); });

it("serves the app shell with the strict policy", async () => {
  const res = await page.goto("/");
  const csp = res?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain("unsafe-inline");
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
});

it("signs in, opens a project and comments on a work item without a single CSP violation", async () => {
  await signIn(page, a.email);
  await waitForPath(page, new RegExp(`^/${a.slug}(/|$)`));
  await openList(page, a);
  await page.locator(`[data-item="${a.identifier}-1"]`).getByRole("button", { name: "Check the policy" }).click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  await peek.waitFor();
  const box = peek.getByRole("textbox", { name: "Comment" });
  await box.click();
  await page.keyboard.type("Runs under the ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("policy");
  // the editor's slash menu, a table and its toolbar run under the policy too
  await page.keyboard.press("Enter");
  await page.keyboard.type("/table");
  await page.getByRole("listbox", { name: "Insert a block" }).waitFor();
  await page.keyboard.press("Enter");
  await page.getByRole("toolbar", { name: "Comment formatting" }).getByRole("button", { name: "Add row below" }).waitFor();
  await peek.getByRole("button", { name: "Comment", exact: true }).click();
  await poll(async () => peek.locator("[data-comment]").count()).toBe(1);
  expect(await peek.locator("[data-comment]").first().textContent()).toContain("Runs under the policy");
  await peek.getByRole("button", { name: "Close peek view" }).click();
  // a JSON write from the app's own origin passes the server's origin check
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  const form = page.getByRole("form", { name: "Project details" });
  await form.getByLabel("Description").fill("Guarded by a strict policy");
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/projects/${a.projectId}/`));
  await form.getByRole("button", { name: "Save changes" }).click();
  expect((await saved).status()).toBe(200);
  expect(violations).toEqual([]);
});

it("opens menus, pickers and popovers (floating-ui positions through the CSSOM) without a CSP violation", async () => {
  await openList(page, a);
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menu").waitFor();
  await page.keyboard.press("Escape");
  await page.locator(`[data-item="${a.identifier}-1"]`).getByRole("button", { name: /^Priority/ }).click();
  await page.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "Low" }).click();
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("dialog", { name: "Filters" }).getByRole("combobox", { name: "Search filters" }).fill("low");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Display" }).click();
  await page.getByRole("dialog", { name: "Display options" }).waitFor();
  await page.keyboard.press("Escape");
  expect(violations).toEqual([]);
});

it("drags by mouse and by keyboard (board, settings) without a CSP violation", async () => {
  if (!(await page.request.get("/api/users/me/")).ok()) {
    await signIn(page, a.email);
    await waitForPath(page, new RegExp(`^/${a.slug}(/|$)`));
  }
  await setLayout(page.request, a, { layout: "kanban", group_by: "state", order_by: "sort_order" });
  await openList(page, a);
  const stateId = (name: string) => a.states.find((s) => s.name === name)!.id;
  const card = page.locator(`[data-card][data-item="${a.identifier}-1"]`);
  await card.waitFor();
  await card.dragTo(page.locator(`section[data-column="${stateId("Todo")}"]`));
  await page.locator(`section[data-column="${stateId("Todo")}"] [data-item="${a.identifier}-1"]`).waitFor();
  await page.getByRole("button", { name: `Move ${a.identifier}-1 Check the policy` }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await page.locator(`section[data-column="${stateId("Backlog")}"] [data-item="${a.identifier}-1"]`).waitFor();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/states/`);
  await page.getByRole("button", { name: "Move state Done" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Escape");
  await poll(async () => (await page.locator("[data-dnd-live]").textContent())?.trim()).toBe("Cancelled. Done stays in Completed, position 1 of 1.");
  expect(violations).toEqual([]);
});

it("control: an injected inline script or style attribute is blocked and reported", async () => {
  const ran = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inlineRan = true";
    document.body.appendChild(s);
    const d = document.createElement("div");
    d.setAttribute("onclick", "window.__inlineRan = true");
    d.setAttribute("style", "position: fixed; inset: 0");
    document.body.appendChild(d);
    d.click();
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
  });
  expect(ran).toBe(false);
  await poll(() => violations.filter((v) => !v.startsWith("console:")).map((v) => v.split(" ")[0]).sort()).toEqual(["script-src-attr", "script-src-elem", "style-src-attr"]);
});
