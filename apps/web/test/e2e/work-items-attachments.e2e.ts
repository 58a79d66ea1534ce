import fs from "node:fs";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, png, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Work items: upload an attachment (assets v2: slot → multipart POST → mark uploaded) and download it; image
 * attachments show a thumbnail, other files an icon of their type. Each test seeds its own user, project and
 * work item, and opens its own page.
 */
let ctx: BrowserContext;
let page: Page;
let a: Arranged;
let item: { id: string; sequence_id: number };

const e2e = e2eSuite();
beforeEach(async () => {
  ctx = await e2e.context();
  a = await arrange(ctx, { firstName: "Elena" });
  [item] = await createItems(ctx.request, a, [{ name: "Attach the design" }]);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

it("uploads an attachment and downloads it", async () => {
  const content = `Stride attachment ${Date.now()}\n`;
  await page.goto(`/${a.slug}/browse/${a.identifier}-${item.sequence_id}/`);
  const widget = page.getByRole("region", { name: "Attachments" });
  await widget.waitFor();
  await widget
    .getByLabel("Upload attachments")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(content) });
  const row = widget.locator('[data-attachment="notes.txt"]');
  await row.waitFor();
  await page.getByText("Attachment uploaded").waitFor();

  const list = (await (
    await page.request.get(`/api/assets/v2/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/attachments/`)
  ).json()) as { attributes: { name: string; size: number } }[];
  expect(list.map((f) => [f.attributes.name, f.attributes.size])).toEqual([["notes.txt", Buffer.byteLength(content)]]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: "notes.txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("notes.txt");
  expect(fs.readFileSync((await download.path())!, "utf8")).toBe(content);

  // the item's attachment count follows
  const detail = (await (
    await page.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/${item.id}/`)
  ).json()) as { attachment_count: number };
  expect(detail.attachment_count).toBe(1);
});

it("shows image attachments as thumbnails and other files as an icon of their type", async () => {
  const [own] = await createItems(ctx.request, a, [{ name: "Attach a screenshot" }]);
  await page.goto(`/${a.slug}/browse/${a.identifier}-${own.sequence_id}/`);
  const widget = page.getByRole("region", { name: "Attachments" });
  await widget.waitFor();
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await widget.getByLabel("Upload attachments").setInputFiles(file);
    await widget.locator(`[data-attachment="${file.name}"]`).waitFor();
  };
  await upload({ name: "screen.png", mimeType: "image/png", buffer: png(24, 16) });
  await upload({
    name: "plan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  await upload({ name: "data.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") });

  // the image is drawn from its own bytes, through the attachment's signed link
  const thumb = widget.locator('[data-attachment="screen.png"] img[data-thumbnail]');
  await poll(() =>
    thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 24 && i.naturalHeight === 16),
  ).toBe(true);
  expect(await thumb.getAttribute("src")).toMatch(new RegExp(`/attachments/[0-9a-f-]{36}/$`));
  expect(await thumb.getAttribute("alt")).toBe("");
  // the other files get an icon by type, and no thumbnail
  expect(await widget.locator('[data-attachment="plan.pdf"] [data-file-kind]').getAttribute("data-file-kind")).toBe(
    "pdf",
  );
  expect(await widget.locator('[data-attachment="data.csv"] [data-file-kind]').getAttribute("data-file-kind")).toBe(
    "spreadsheet",
  );
  expect(await widget.locator("img[data-thumbnail]").count()).toBe(1);
  expect(await widget.locator("[data-attachment] svg.lucide-paperclip").count()).toBe(0);
});
