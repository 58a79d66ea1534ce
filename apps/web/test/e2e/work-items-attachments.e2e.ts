import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launch } from "./browser.ts";
import { newContext } from "./helpers.ts";
import { arrange, createItems, type Arranged } from "./work-items-fixtures.ts";

/** Work items: upload an attachment (assets v2: slot → multipart POST → mark uploaded) and download it. */
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
let item: { id: string; sequence_id: number };

beforeAll(async () => {
  browser = await launch();
  ctx = await newContext(browser);
  a = await arrange(ctx, { firstName: "Elena" });
  [item] = await createItems(ctx.request, a, [{ name: "Attach the design" }]);
  page = await ctx.newPage();
});
afterAll(async () => { await browser?.close(); });

it("uploads an attachment and downloads it", async () => {
  const content = `Stride attachment ${Date.now()}\n`;
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  const widget = page.getByRole("region", { name: "Attachments" });
  await widget.waitFor();
  await widget.getByLabel("Upload attachments").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(content) });
  const row = widget.locator('[data-attachment="notes.txt"]');
  await row.waitFor();
  await page.getByText("Attachment uploaded").waitFor();

  const list = (await (await page.request.get(`/api/assets/v2/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/attachments/`)).json()) as { attributes: { name: string; size: number } }[];
  expect(list.map((f) => [f.attributes.name, f.attributes.size])).toEqual([["notes.txt", Buffer.byteLength(content)]]);

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "notes.txt" }).click()]);
  expect(download.suggestedFilename()).toBe("notes.txt");
  expect(fs.readFileSync((await download.path())!, "utf8")).toBe(content);

  // the item's attachment count follows
  const detail = (await (await page.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/`)).json()) as { attachment_count: number };
  expect(detail.attachment_count).toBe(1);
});
