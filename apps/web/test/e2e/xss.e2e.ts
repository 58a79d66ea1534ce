import path from "node:path";
import { buildSync } from "esbuild";
import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, type Arranged } from "./work-items-fixtures.ts";
import { EDITOR_OUTPUT, XSS_CORPUS } from "../../../../packages/shared/src/html/test-corpus.ts";
import { EDITOR_POSITIONED, EDITOR_UI_CLASS } from "../../src/components/editor/ui-classes.ts";

/**
 * Stored rich text never runs in the browser (issue #6, point 3): the XSS corpus is written through the
 * API as a description and as comments, the work item is opened in the real app, and nothing executes
 * and nothing covers the page. The web app's own sanitiser (the second layer) is also run alone on the
 * raw corpus in chromium, and must agree with the server on the editor's output.
 */
let ctx: BrowserContext;
let a: Arranged;

const e2e = e2eSuite();
beforeAll(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Xena" });
});

/** Record dialogs (alert/confirm/prompt) a payload might open. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

/** Wait until every image in the page has loaded or failed (so error/load handlers would have run). */
async function settleImages(page: Page) {
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener("load", r);
              img.addEventListener("error", r);
            }),
      ),
    );
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** What is unsafe inside rendered rich text (`[data-rich-text]`): executable elements, handlers, script URLs, foreign classes, overlays. */
async function richTextProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ([uiClass, positioned]) => {
      const ownClass = new RegExp(uiClass);

      const out: string[] = [];
      const banned = new Set([
        "script",
        "iframe",
        "object",
        "embed",
        "style",
        "svg",
        "math",
        "form",
        "meta",
        "base",
        "link",
        "template",
        "frame",
        "noscript",
        "button",
        "select",
        "textarea",
      ]);
      for (const root of document.querySelectorAll("[data-rich-text]")) {
        for (const el of root.querySelectorAll("*")) {
          const tag = el.localName;
          if (banned.has(tag)) out.push(`<${tag}>`);
          for (const at of el.attributes) {
            if (/^on/i.test(at.name)) out.push(`${at.name} on <${tag}>`);
            if (
              /^(href|src|action|formaction|xlink:href|srcdoc|background|data)$/i.test(at.name) &&
              /^[\s\u0000-\u001f]*(javascript|vbscript|data):/i.test(at.value)
            )
              out.push(`${at.name}=${at.value}`);
          }
          // the editor's own classes (highlighting, node views) are allowed; anything else came from content
          for (const c of el.classList) if (!ownClass.test(c)) out.push(`class ${c} on <${tag}>`);
          const pos = getComputedStyle(el).position;
          if ((pos === "fixed" || pos === "absolute" || pos === "sticky") && !el.matches(positioned))
            out.push(`position ${pos} on <${tag}>`);
        }
      }
      // whatever marks rich text, no element of a comment or description may cover the page
      for (const el of document.querySelectorAll("[data-comment] *, [role=group][aria-label=Description] *")) {
        const r = el.getBoundingClientRect();
        if (r.width >= window.innerWidth && r.height >= window.innerHeight)
          out.push(`<${el.localName} class="${el.getAttribute("class")}"> covers the page`);
      }
      return out;
    },
    [EDITOR_UI_CLASS.source, EDITOR_POSITIONED],
  );
}

it("nothing stored in a description or comments runs when the work item is opened", async () => {
  const [item] = await createItems(ctx.request, a, [
    { name: "Hostile content", description_html: `<p>Start</p>${XSS_CORPUS.join("\n")}` },
  ]);
  const api = `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}`;
  for (const payload of XSS_CORPUS) {
    const res = await ctx.request.post(`${api}/comments/`, { data: { comment_html: `<p>comment</p>${payload}` } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const page = await ctx.newPage();
  const dialogs = watchDialogs(page);
  await page.goto(`/${a.slug}/projects/${a.projectId}/issues/${item.id}`);
  await page.getByRole("group", { name: "Description" }).getByText("Start").waitFor();
  await expect.poll(() => page.locator("[data-comment]").count(), { timeout: 20_000 }).toBe(XSS_CORPUS.length);
  await settleImages(page);
  expect(await richTextProblems(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);

  // interact the way a reader would: hover every comment, click into the description
  for (const c of await page.locator("[data-comment] [data-rich-text]").all()) await c.hover();
  await page.getByRole("group", { name: "Description" }).click();
  await settleImages(page);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // the page is still usable: the title field is what sits under the header, not an overlay from content
  const box = await page.getByRole("textbox", { name: "Title" }).boundingBox();
  expect(box).not.toBeNull();
  expect(
    await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("[data-rich-text]") ?? null,
      [box!.x + 5, box!.y + 5],
    ),
  ).toBeNull();
  await page.close();
});

/** The web app's sanitiser module, bundled for the page as `StrideHtml`. */
function webSanitiserBundle(): string {
  const root = path.resolve(import.meta.dirname, "../../../..");
  const out = buildSync({
    entryPoints: [path.join(root, "apps/web/src/lib/html.ts")],
    bundle: true,
    format: "iife",
    globalName: "StrideHtml",
    write: false,
    alias: { "@stride/shared": path.join(root, "packages/shared/src/html/index.ts") },
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

it("the web app's own sanitiser neutralises the raw corpus in chromium and keeps editor output as the server does", async () => {
  const page = await ctx.newPage();
  const dialogs = watchDialogs(page);
  await page.setContent("<!DOCTYPE html><html><body><main id=host></main></body></html>");
  await page.addScriptTag({ content: webSanitiserBundle() });
  // raw payloads (as if the server had stored them unsanitised), sanitised as RichText does before the editor reads them
  await page.evaluate(
    (corpus) => {
      const lib = (window as unknown as { StrideHtml: { sanitizeHtml: (h: string) => string } }).StrideHtml;
      const host = document.getElementById("host")!;
      for (const p of corpus) {
        const div = document.createElement("div");
        div.setAttribute("data-rich-text", "");
        div.innerHTML = lib.sanitizeHtml(p);
        host.appendChild(div);
      }
    },
    [...XSS_CORPUS],
  );
  await settleImages(page);
  for (const d of await page.locator("[data-rich-text]").all()) await d.hover({ force: true }).catch(() => undefined);
  await settleImages(page);
  expect(await page.locator("[data-rich-text]").count()).toBe(XSS_CORPUS.length);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await richTextProblems(page)).toEqual([]);

  // one allowlist: what the editor writes passes the browser's sanitiser unchanged, as it passes the server's
  const kept = await page.evaluate(
    (samples) => {
      const lib = (window as unknown as { StrideHtml: { sanitizeHtml: (h: string) => string } }).StrideHtml;
      return Object.fromEntries(Object.entries(samples).map(([k, html]) => [k, lib.sanitizeHtml(html)]));
    },
    { ...EDITOR_OUTPUT },
  );
  expect(kept).toEqual(EDITOR_OUTPUT);
  await page.close();
});
