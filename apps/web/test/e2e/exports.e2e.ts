import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import JSZip from "jszip";
import ExcelJS from "exceljs";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems, poll } from "./work-items-fixtures.ts";

/**
 * Settings → Exports (issue #11 point 5) and → Integrations (point 4): an admin exports the project's work items as
 * XLSX, sees the export's progress or its done state in the history, downloads the zip and finds the items in the
 * spreadsheet; the integrations page shows the MCP server's client configuration. Each test makes its own workspace.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

it("exports XLSX: progress or done in the history, then the download holds the work items", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Xena" });
  await createItems(ctx.request, a, [{ name: "Export alpha", priority: "high" }, { name: "Export beta" }]);
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/exports/`);
  await page.getByRole("heading", { name: "Exports", exact: true }).waitFor();
  await page.getByText("No exports yet").waitFor();

  const form = page.getByRole("form", { name: "New export" });
  await form.getByRole("combobox", { name: "Format" }).selectOption({ label: "Excel (XLSX)" });
  await form.getByRole("checkbox", { name: /Rocket/ }).check();
  await form.getByRole("button", { name: "Export" }).click();

  // the new export is listed at once: queued or running with its progress bar, or already ready
  const history = page.getByRole("region", { name: "Previous exports" });
  const row = history.locator("[data-export]").first();
  await row.waitFor();
  // status and bar are read in one step: the export may finish between two separate reads
  const seen = await row.evaluate((el) => ({
    status: el.getAttribute("data-status"),
    bar: el.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow") ?? null,
  }));
  if (seen.status === "queued" || seen.status === "processing") {
    expect(seen.bar).not.toBeNull();
    expect(Number(seen.bar)).toBeGreaterThanOrEqual(0);
  } else expect(seen.status).toBe("completed");
  expect(await row.textContent()).toContain("Excel (XLSX)");
  expect(await row.textContent()).toContain("Rocket");

  // done: the bar gives way to the download link
  await expect.poll(() => row.getAttribute("data-status"), { timeout: 60_000, interval: 200 }).toBe("completed");
  await poll(() => row.textContent()).toContain("Ready");
  expect(await row.getByRole("progressbar").count()).toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^export-${a.slug}-[0-9a-f]{6}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));

  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  const names = Object.keys(zip.files);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await zip.file(names[0])!.async("nodebuffer")) as unknown as ArrayBuffer);
  const rows = book.worksheets[0]
    .getSheetValues()
    .slice(1)
    .map((r) => Array.from((r as unknown[]).slice(1), (v) => v ?? ""));
  expect(rows[0].slice(0, 6)).toEqual([
    "Project Name",
    "Project Identifier",
    "Parent",
    "Identifier",
    "Sequence Id",
    "Name",
  ]);
  const byName = new Map(rows.slice(1).map((r) => [r[5], r]));
  expect([...byName.keys()].sort()).toEqual(["Export alpha", "Export beta"]);
  expect(byName.get("Export alpha")!.slice(0, 4)).toEqual(["Rocket", a.identifier, "", `${a.identifier}-1`]);
  expect(byName.get("Export alpha")![7]).toBe("high");
});

it("integrations: the MCP server with a client configuration to copy", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Ivo" });
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/integrations/`);
  const section = page.getByRole("region", { name: "MCP server" });
  await section.waitFor();
  const config = JSON.parse((await section.getByLabel("MCP client configuration").textContent()) ?? "{}");
  const origin = new URL(page.url()).origin;
  expect(config).toEqual({
    mcpServers: {
      stride: { type: "http", url: `${origin}/mcp`, headers: { Authorization: "Bearer <your API token>" } },
    },
  });
  await section.getByRole("link", { name: "API tokens" }).click();
  await page.getByRole("heading", { name: "API tokens", exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/${a.slug}/settings/api-tokens/`);
});
