import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, png, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * The Tiptap editor of descriptions and comments (issue #7 point 1), driven with the keyboard and the
 * mouse in the real app; what it wrote is read back through the API (the server's sanitiser in between).
 * Every test makes its own work item, and every test ends with no CSP violation in the page.
 */
let ctx: BrowserContext;
let a: Arranged;
const violations: string[] = [];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const api = (path: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/${path}`;

const e2e = e2eSuite();
beforeAll(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Edie" });
  // the CSP listener of csp.e2e.ts: every violation in any page of this context is collected
  await ctx.exposeBinding("__cspViolation", (_source, line: string) => {
    violations.push(line);
  });
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (l: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
});

/** A new work item opened as a full page, its description editor focused at the end. */
async function openItem(
  name: string,
  description_html?: string,
): Promise<{ page: Page; id: string; detail: Locator; editor: Locator }> {
  const [item] = await createItems(ctx.request, a, [{ name, ...(description_html ? { description_html } : {}) }]);
  const page = await ctx.newPage();
  page.on("console", (m) => {
    if (/content security policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  const detail = page.locator(`[data-item-detail="${a.identifier}-${item.sequence_id}"]`);
  const editor = detail.getByRole("textbox", { name: "Description" });
  // the first page of a run also waits for the editor's chunk on a busy machine
  await editor.waitFor({ timeout: 60_000 });
  return { page, id: item.id, detail, editor };
}

const descriptionOf = async (id: string) =>
  ((await (await ctx.request.get(api(`issues/${id}/`))).json()) as { description_html: string }).description_html;

/** Leave the description (blur saves it). */
async function blur(detail: Locator) {
  await detail.getByRole("textbox", { name: "Title" }).click();
}

/** Select the first occurrence of `word` in the editor (as a drag of the mouse would). */
async function selectText(editor: Locator, word: string) {
  await editor.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(w);
      if (at < 0) continue;
      const r = document.createRange();
      r.setStart(n, at);
      r.setEnd(n, at + w.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(r);
      return;
    }
    throw new Error(`no "${w}" in the editor`);
  }, word);
}

async function done(page: Page) {
  expect(violations).toEqual([]);
  await page.close();
}

it("markdown shortcuts turn into their blocks and marks", async () => {
  const { page, id, detail, editor } = await openItem("Shortcuts");
  await editor.click();
  const k = page.keyboard;
  await k.type("## Heading");
  await k.press("Enter");
  await k.type("- dash item");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("Some `inline code` here");
  await k.press("Enter");
  await k.type("* star item");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("1. first");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("[] todo");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("> quoted");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("---");
  await k.type("```js ");
  await k.type("let x = 1;");
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe(
    "<h2>Heading</h2>" +
      "<ul><li><p>dash item</p></li></ul>" +
      "<p>Some <code>inline code</code> here</p>" +
      "<ul><li><p>star item</p></li></ul>" +
      "<ol><li><p>first</p></li></ol>" +
      '<ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p></div></li></ul>' +
      "<blockquote><p>quoted</p></blockquote>" +
      "<hr>" +
      '<pre><code class="language-js">let x = 1;</code></pre>',
  );
  await done(page);
});

it("the slash menu, by keyboard, inserts a heading and a table", async () => {
  const { page, id, detail, editor } = await openItem("Slash menu");
  await editor.click();
  await page.keyboard.type("/head");
  const menu = page.getByRole("listbox", { name: "Insert a block" });
  await menu.waitFor();
  expect(await menu.getByRole("option").allTextContents()).toEqual(["Heading 1#", "Heading 2##", "Heading 3###"]);
  // the text box announces the active option
  expect(await editor.getAttribute("aria-activedescendant")).toBe(
    await menu.getByRole("option").first().getAttribute("id"),
  );
  await page.keyboard.press("ArrowDown");
  expect(await menu.getByRole("option", { name: /Heading 2/ }).getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Enter");
  await menu.waitFor({ state: "detached" });
  await page.keyboard.type("Plan");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/tab");
  await menu.getByRole("option", { name: /Table/ }).waitFor();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Owner");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Due");
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe(
    "<h2>Plan</h2><table><tbody>" +
      "<tr><th><p>Owner</p></th><th><p>Due</p></th><th><p></p></th></tr>" +
      "<tr><td><p></p></td><td><p></p></td><td><p></p></td></tr>".repeat(2) +
      "</tbody></table>",
  );
  await done(page);
});

it("the bubble toolbar bolds a selection and adds a link; tables get rows and columns from it", async () => {
  const { page, id, detail, editor } = await openItem("Bubble toolbar", "<p>make this bold and link it</p>");
  await editor.click();
  await page.keyboard.press("End");
  // select "it" with the keyboard, then reach the toolbar with Alt+F10
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("Shift+ArrowLeft");
  const bar = page.getByRole("toolbar", { name: "Description formatting" });
  await bar.waitFor();
  await page.keyboard.press("Alt+F10");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Bold");
  await page.keyboard.press("Escape");
  await poll(() => editor.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(
    true,
  );

  // "bold", selected in the page, bolded with the mouse
  await selectText(editor, "bold");
  await poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("bold");
  await bar.getByRole("button", { name: "Bold" }).click();
  expect(await bar.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");

  // a link on "link": the link editor refuses other schemes and makes a bare domain https
  await selectText(editor, "link");
  await bar.getByRole("button", { name: "Link" }).click();
  const url = bar.getByRole("textbox", { name: "Link URL" });
  await url.fill("javascript:alert(1)");
  await url.press("Enter");
  await bar.getByRole("alert").waitFor();
  await url.fill("example.com/docs");
  await url.press("Enter");
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe(
    '<p>make this <strong>bold</strong> and <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/docs">link</a> it</p>',
  );

  // a table: the toolbar offers rows and columns while the cursor is in it
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/table");
  await page.keyboard.press("Enter");
  await bar.getByRole("button", { name: "Delete column" }).click();
  await bar.getByRole("button", { name: "Delete row" }).click();
  await bar.getByRole("button", { name: "Add column after" }).click();
  await blur(detail);
  await poll(async () => (await descriptionOf(id)).match(/<table>.*<\/table>/)?.[0]).toBe(
    // 3×3 with a header row → one column fewer → the (header) row gone → a column more
    `<table><tbody>${"<tr><td><p></p></td><td><p></p></td><td><p></p></td></tr>".repeat(2)}</tbody></table>`,
  );
  await done(page);
});

it("a code block keeps its language and is highlighted on screen only", async () => {
  const { page, id, detail, editor } = await openItem("Code block");
  await editor.click();
  await page.keyboard.type("```python ");
  await page.keyboard.type("def answer():");
  await page.keyboard.press("Enter");
  await page.keyboard.type("    return 42");
  const language = page
    .getByRole("toolbar", { name: "Description formatting" })
    .getByRole("combobox", { name: "Code language" });
  await language.waitFor();
  expect(await language.inputValue()).toBe("python");
  // highlighting is decoration: token spans on screen
  await poll(() => editor.locator("pre code .hljs-keyword").count()).toBe(2);
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe(
    '<pre><code class="language-python">def answer():\n    return 42</code></pre>',
  );

  // another language through the toolbar
  await editor.locator("pre").click();
  await language.selectOption("typescript");
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe(
    '<pre><code class="language-typescript">def answer():\n    return 42</code></pre>',
  );
  // reloaded, the block still says what it is
  await page.reload();
  await poll(() => page.locator("[data-rich-text] pre code.language-typescript").count()).toBe(1);
  await done(page);
});

it("a task item toggles", async () => {
  const todo =
    '<ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>Write the notes</p></div></li></ul>';
  const { page, id, editor } = await openItem("Tasks", todo);
  const box = editor.getByRole("checkbox");
  expect(await box.isChecked()).toBe(false);
  await box.click();
  await poll(() => descriptionOf(id)).toBe(
    todo
      .replace('data-checked="false"', 'data-checked="true"')
      .replace('type="checkbox">', 'type="checkbox" checked="checked">'),
  );
  await box.click();
  await poll(() => descriptionOf(id)).toBe(todo);
  await done(page);
});

/** Paste (or drop) a PNG file on the editor, as the browser delivers a copied screenshot or a dragged file. */
async function deliverPng(editor: Locator, how: "paste" | "drop", name: string) {
  const b64 = png(64, 40).toString("base64");
  await editor.evaluate(
    (el, [data, kind, file]) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], file, { type: "image/png" }));
      const r = el.getBoundingClientRect();
      const event =
        kind === "paste"
          ? new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true })
          : new DragEvent("drop", {
              dataTransfer: dt,
              bubbles: true,
              cancelable: true,
              clientX: r.left + 10,
              clientY: r.bottom - 5,
            });
      el.dispatchEvent(event);
    },
    [b64, how, name] as const,
  );
}

it("an image pasted or dropped uploads with progress in place and is stored as an asset", async () => {
  const { page, id, detail, editor } = await openItem("Images", "<p>Screenshot:</p>");
  // hold the bytes' upload a moment so the progress shows
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/assets/v2/upload/", async (route) => {
    await held;
    await route.continue();
  });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await deliverPng(editor, "paste", "screenshot.png");
  const progress = editor.getByRole("progressbar", { name: "Uploading image" });
  await progress.waitFor();
  expect(await progress.getAttribute("aria-valuenow")).not.toBeNull();
  // nothing half-uploaded is saved meanwhile
  await blur(detail);
  await poll(() => descriptionOf(id)).toBe("<p>Screenshot:</p>");
  release();
  await progress.waitFor({ state: "detached" });
  await poll(() => descriptionOf(id)).toMatch(
    new RegExp(
      `^<p>Screenshot:</p><image-component src="(${UUID})" id="${UUID}" status="uploaded"></image-component>$`,
    ),
  );
  const assetId = new RegExp(`src="(${UUID})"`).exec(await descriptionOf(id))![1];
  // the image is shown from the project's asset (loaded, real pixels)
  const img = editor.locator(".editor-image img").first();
  await poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(64);
  expect(await img.getAttribute("src")).toBe(`/api/assets/v2/workspaces/${a.slug}/projects/${a.projectId}/${assetId}/`);
  // it belongs to this work item's description
  const assets = await (
    await ctx.request.get(`/api/assets/v2/workspaces/${a.slug}/projects/${a.projectId}/${assetId}/`, {
      maxRedirects: 0,
    })
  ).status();
  expect(assets).toBe(302);

  // a dropped file goes the same way
  await page.unroute("**/api/assets/v2/upload/");
  await deliverPng(editor, "drop", "dropped.png");
  await poll(async () => (await descriptionOf(id)).match(/<image-component /g)?.length ?? 0).toBe(2);
  await done(page);
});

it("mentions a person and a work item, stored as mention-components and shown inline in the line", async () => {
  const [target] = await createItems(ctx.request, a, [{ name: "Fix the login page" }]);
  const { page, id, detail, editor } = await openItem("Mentions");
  await editor.click();
  await page.keyboard.type("Ping @edi");
  const list = page.getByRole("listbox", { name: "Mention someone or a work item" });
  await list.getByRole("option", { name: /Edie Tester/ }).waitFor();
  await page.keyboard.press("Enter");
  await page.keyboard.type("about @login");
  await list.getByRole("option", { name: /Fix the login page/ }).waitFor();
  await page.keyboard.press("Enter");
  await page.keyboard.type("and @" + `${a.identifier}-${target.sequence_id}`.toLowerCase());
  await list
    .getByRole("option", { name: new RegExp(`Fix the login page.*${a.identifier}-${target.sequence_id}`) })
    .waitFor();
  await page.keyboard.press("Tab");
  await page.keyboard.type("today");
  await blur(detail);
  const key = `${a.identifier}-${target.sequence_id}`;
  const chip = (entity: string, who: string, label: string) =>
    `<mention-component id="${UUID}" entity_identifier="${who}" entity_name="${entity}" label="${label}"></mention-component>`;
  await poll(() => descriptionOf(id)).toMatch(
    new RegExp(
      `^<p>Ping ${chip("user_mention", a.userId, "edie")} about ${chip("issue", target.id, `${key} Fix the login page`)} and ${chip("issue", target.id, `${key} Fix the login page`)} today</p>$`,
    ),
  );
  // the person is recorded as mentioned
  await poll(async () =>
    (
      (await (await ctx.request.get(api(`issues/?mentions=${a.userId}&per_page=10&cursor=10:0:0`))).json()) as {
        results: { id: string }[];
      }
    ).results.map((r) => r.id),
  ).toContain(id);

  // the chips sit inside the line, right after the text before them
  const chips = editor.locator(".mention");
  expect(await chips.allTextContents()).toEqual(["@edie", `${key} Fix the login page`, `${key} Fix the login page`]);
  const geometry = await editor.evaluate((el) => {
    const p = el.querySelector("p")!;
    const first = p.firstChild!; // "Ping "
    const r = document.createRange();
    r.selectNodeContents(first);
    const text = r.getBoundingClientRect();
    const chip = p.querySelector(".mention")!.getBoundingClientRect();
    return {
      textTop: text.top,
      textBottom: text.bottom,
      textRight: text.right,
      chipTop: chip.top,
      chipBottom: chip.bottom,
      chipLeft: chip.left,
      lineHeight: parseFloat(getComputedStyle(p).lineHeight),
    };
  });
  expect(geometry.chipLeft).toBeGreaterThanOrEqual(geometry.textRight - 1);
  expect(Math.abs(geometry.chipTop + geometry.chipBottom - geometry.textTop - geometry.textBottom) / 2).toBeLessThan(
    geometry.lineHeight / 2,
  );
  // a chip, not a block of its own
  expect(geometry.chipBottom - geometry.chipTop).toBeLessThan(geometry.lineHeight * 1.5);
  await done(page);
});

it("comments use the same editor and are sent with the button or Ctrl/Cmd+Enter", async () => {
  const { page, id, detail } = await openItem("Comments");
  const box = detail.getByRole("textbox", { name: "Comment" });
  await box.click();
  await page.keyboard.type("## Review");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Looks good @edi");
  await page
    .getByRole("listbox", { name: "Mention someone or a work item" })
    .getByRole("option", { name: /Edie Tester/ })
    .waitFor();
  await page.keyboard.press("Enter");
  await detail.getByRole("button", { name: "Comment", exact: true }).click();
  await poll(() => detail.locator("[data-comment]").count()).toBe(1);
  // the box is empty again
  await poll(() => box.textContent()).toBe("");

  await box.click();
  await page.keyboard.type("- sent with the keyboard");
  await page.keyboard.press("ControlOrMeta+Enter");
  await poll(() => detail.locator("[data-comment]").count()).toBe(2);

  const comments = async () =>
    (
      (await (await ctx.request.get(api(`issues/${id}/history/?activity_type=issue-comment`))).json()) as {
        comment_html: string;
      }[]
    ).map((c) => c.comment_html);
  await poll(comments).toEqual([
    expect.stringMatching(
      new RegExp(
        `^<h2>Review</h2><p>Looks good <mention-component id="${UUID}" entity_identifier="${a.userId}" entity_name="user_mention" label="edie"></mention-component> </p>$`,
      ),
    ),
    "<ul><li><p>sent with the keyboard</p></li></ul>",
  ]);
  // shown read-only with the same rendering: the heading and the chip
  const first = detail.locator("[data-comment]").first();
  expect(await first.locator("[data-rich-text] h2").textContent()).toBe("Review");
  expect(await first.locator(".mention").textContent()).toBe("@edie");
  await done(page);
});

it("an image in the create modal's description belongs to the new work item once it is created", async () => {
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/issues/`);
  await page.getByRole("button", { name: "Add work item" }).click();
  const dialog = page.getByRole("dialog", { name: "Create work item" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("With a picture");
  const editor = dialog.getByRole("textbox", { name: "Description" });
  await editor.click();
  await page.keyboard.type("Before /");
  // the slash list opens inside the modal (the dialog's top layer), over it
  const menu = page.getByRole("listbox", { name: "Insert a block" });
  await menu.waitFor();
  expect(await menu.evaluate((el) => !!el.closest("dialog"))).toBe(true);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Backspace");
  await deliverPng(editor, "paste", "modal.png");
  await poll(() =>
    editor
      .locator(".editor-image img")
      .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && !i.src.startsWith("blob:")),
  ).toBe(true);
  const linked = page.waitForResponse((r) => r.request().method() === "POST" && /\/bulk\/$/.test(r.url()));
  await dialog.getByRole("button", { name: "Create work item", exact: true }).click();
  const bulk = await linked;
  expect(bulk.status()).toBe(204);
  const itemId = bulk.url().split("/").at(-3)!;
  const { asset_ids } = JSON.parse(bulk.request().postData() ?? "{}") as { asset_ids: string[] };
  expect(asset_ids).toHaveLength(1);
  expect(await descriptionOf(itemId)).toMatch(
    new RegExp(
      `^<p>Before </p><image-component src="${asset_ids[0]}" id="${UUID}" status="uploaded"></image-component>$`,
    ),
  );
  await done(page);
});
