import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Imports end to end: an admin picks a Jira CSV export at settings → imports (the spec's path spelling
 * `impors`), checks the suggested mapping, starts the import and reads its summary; the same file again
 * creates nothing new.
 */
const CSV = fs.readFileSync(path.join(import.meta.dirname, "../../../server/test/fixtures/jira/issues.csv"));
let ctx: BrowserContext;

const e2e = e2eSuite();
afterEach(async () => {
  await ctx?.close();
});

async function importFile(page: Page, a: Arranged, nth: number) {
  const form = page.getByRole("form", { name: "Import from Jira" });
  await form.getByLabel("Into project").selectOption(a.projectId);
  await form.getByLabel("CSV file").setInputFiles({ name: "jira-export.csv", mimeType: "text/csv", buffer: CSV });
  await form.getByRole("button", { name: "Read file" }).click();
  const row = page.getByRole("listitem", { name: "Jira import of jira-export.csv" }).nth(0);
  const mapping = row.getByRole("form", { name: "Mapping" });
  await poll(() => page.getByRole("listitem", { name: "Jira import of jira-export.csv" }).count()).toBe(nth);
  // The suggested mapping: same-named states, the likely group's first state for the rest.
  const byName = Object.fromEntries(a.states.map((s) => [s.name, s.id]));
  await poll(() => mapping.getByLabel("Done (1)").inputValue()).toBe(byName.Done);
  expect(await mapping.getByLabel("Won't Do (1)").inputValue()).toBe(byName.Cancelled);
  await mapping.getByLabel("To Do (1)").selectOption(byName.Backlog);
  await mapping.getByRole("button", { name: "Start import" }).click();
  const summary = row.getByLabel("Import summary");
  await summary.waitFor({ timeout: 30_000 });
  return summary;
}

it("imports a Jira CSV file with its mapping, shows the summary, and a second run duplicates nothing", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Importer" });
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/impors`);
  await page.getByRole("form", { name: "Import from Jira" }).waitFor();

  const first = await importFile(page, a, 1);
  await poll(() => first.locator('[data-summary="Created"]').textContent()).toBe("4");
  expect(await first.locator('[data-summary="Comments added"]').textContent()).toBe("3");
  expect(await first.locator('[data-summary="Labels created"]').textContent()).toBe("2");

  const items = async () => {
    const res = await ctx.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/?per_page=100`);
    return ((await res.json()) as { results: { name: string; state_id: string }[] }).results;
  };
  const backlog = a.states.find((s) => s.name === "Backlog")!.id;
  await poll(async () => (await items()).length).toBe(4);
  expect((await items()).find((i) => i.name === "Write the pipeline")?.state_id).toBe(backlog);

  const second = await importFile(page, a, 2);
  await poll(() => second.locator('[data-summary="Unchanged"]').textContent()).toBe("4");
  expect(await second.locator('[data-summary="Created"]').textContent()).toBe("0");
  expect((await items()).length).toBe(4);
});

it("maps a file's other column to a custom property of the project's default type", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Mapper" });
  const P = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
  expect((await ctx.request.patch(`${P}/`, { data: { is_issue_type_enabled: true } })).ok()).toBe(true);
  const types = (await (await ctx.request.get(`${P}/issue-types/`)).json()) as { id: string; is_default: boolean }[];
  const prop = (await (
    await ctx.request.post(`${P}/issue-types/${types.find((t) => t.is_default)!.id}/issue-properties/`, {
      data: { display_name: "Story points", kind: "number" },
    })
  ).json()) as { id: string };
  const csv = "Summary,Issue key,Status,Custom field (Story Points)\nFirst,PX-1,To Do,5\nSecond,PX-2,To Do,8\n";
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/impors`);
  const form = page.getByRole("form", { name: "Import from Jira" });
  await form.getByLabel("Into project").selectOption(a.projectId);
  await form
    .getByLabel("CSV file")
    .setInputFiles({ name: "points.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await form.getByRole("button", { name: "Read file" }).click();
  const row = page.getByRole("listitem", { name: "Jira import of points.csv" });
  const mapping = row.getByRole("form", { name: "Mapping" });
  await mapping.getByLabel("Custom field (Story Points) (2)").selectOption({ label: "Story points" });
  await shots(page, "imports-fields-to-properties");
  await mapping.getByRole("button", { name: "Start import" }).click();
  await row.getByLabel("Import summary").waitFor({ timeout: 30_000 });
  await poll(async () => {
    const res = await ctx.request.get(`${P}/issues/?per_page=100&order_by=name`);
    return (
      (await res.json()) as { results: { name: string; property_values: Record<string, string[]> }[] }
    ).results.map((i) => [i.name, i.property_values[prop.id]]);
  }).toEqual([
    ["First", ["5"]],
    ["Second", ["8"]],
  ]);
});
