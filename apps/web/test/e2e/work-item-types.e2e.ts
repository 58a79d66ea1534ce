import { afterAll, expect, it } from "vitest";
import type { APIRequestContext, BrowserContext } from "playwright-core";
import { PROPERTY_KINDS } from "@stride/shared";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, openList, poll, setLayout, type Arranged } from "./work-items-fixtures.ts";

/**
 * Work item types and custom properties (issue #29): the Features toggle turns them on and off; an admin adds a
 * property on the settings page; values are set in the create dialog, on the item page, in the peek and in a
 * spreadsheet cell. Each test seeds its own workspace, project and a property of every kind.
 */
const contexts: BrowserContext[] = [];
const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

const P = (a: Arranged) => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A property of every kind on the default type (options Alpha, Beta). */
async function seedProperties(
  req: APIRequestContext,
  a: Arranged,
): Promise<Record<string, { id: string; options: { id: string; name: string }[] }>> {
  const types = await ok<{ id: string; is_default: boolean }[]>(await req.get(`${P(a)}/issue-types/`), "types");
  const def = types.find((t) => t.is_default)!.id;
  const out: Record<string, { id: string; options: { id: string; name: string }[] }> = {};
  for (const kind of PROPERTY_KINDS) {
    const body: Record<string, unknown> = { display_name: `P ${kind}`, kind };
    if (kind === "option" || kind === "multi_option") body.options = [{ name: "Alpha" }, { name: "Beta" }];
    if (kind === "number") body.settings = { min: 0, max: 100 };
    out[kind] = await ok(
      await req.post(`${P(a)}/issue-types/${def}/issue-properties/`, { data: body }),
      `property ${kind}`,
    );
  }
  return out;
}

async function values(req: APIRequestContext, a: Arranged, id: string): Promise<Record<string, string[]>> {
  return (await ok<{ property_values: Record<string, string[]> }>(await req.get(`${P(a)}/issues/${id}/`), "item"))
    .property_values;
}

it("the Features toggle turns work item types on and off; the settings page adds a property", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Tess" });
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/work-item-types/`);
  await page.getByText("Work item types are off").waitFor();

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/features/`);
  const toggle = page.getByRole("switch", { name: "Work item types" });
  await toggle.click();
  await poll(() => toggle.getAttribute("aria-checked")).toBe("true");

  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/work-item-types/`);
  const card = page.getByTestId("type-Work item");
  await card.waitFor();
  await card.getByRole("button", { name: "Add property" }).click();
  const form = page.getByRole("form", { name: "New property" });
  await form.getByRole("textbox", { name: "Name" }).fill("Severity");
  await form.getByRole("combobox", { name: "Kind" }).selectOption("option");
  // an option name the server's schema refuses is named under Options, before anything is sent
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/issue-properties/")) sent.push(r.url());
  });
  await form.getByRole("textbox", { name: "Options" }).fill(`Low, ${"x".repeat(256)}`);
  await form.getByRole("button", { name: "Add property" }).click();
  await form.getByText("Ensure this field has no more than 255 characters.").waitFor();
  expect(await form.getByRole("textbox", { name: "Options" }).getAttribute("aria-invalid")).toBe("true");
  expect(sent).toEqual([]);
  await form.getByRole("textbox", { name: "Options" }).fill("Low, High");
  await form.getByRole("checkbox", { name: "Required" }).check();
  await form.getByRole("button", { name: "Add property" }).click();
  await card.getByText("Severity").waitFor();
  await poll(async () =>
    (
      await ok<{ display_name: string; kind: string; is_required: boolean; options: { name: string }[] }[]>(
        await page.request.get(`${P(a)}/issue-properties/`),
        "props",
      )
    ).map((p) => [p.display_name, p.kind, p.is_required, p.options.map((o) => o.name)]),
  ).toEqual([["Severity", "option", true, ["Low", "High"]]]);
  await seedProperties(page.request, a);
  await page.reload();
  await card.getByText("P multi_member").waitFor();
  await shots(page, "work-item-types-settings");

  // off again: the page says so, and the create dialog shows no properties
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/features/`);
  await page.getByRole("switch", { name: "Work item types" }).click();
  await poll(() => page.getByRole("switch", { name: "Work item types" }).getAttribute("aria-checked")).toBe("false");
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/work-item-types/`);
  await page.getByText("Work item types are off").waitFor();
  await openList(page, a);
  await page.getByRole("button", { name: "Add work item" }).click();
  const modal = page.getByRole("dialog", { name: "Create work item" });
  await modal.getByRole("textbox", { name: "Title" }).waitFor();
  expect(await modal.getByRole("group", { name: "Type and custom properties" }).count()).toBe(0);
});

it("values are set in the create dialog, on the item page, in the peek and in a spreadsheet cell", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Vale" });
  await ok(await ctx.request.patch(`${P(a)}/`, { data: { is_issue_type_enabled: true } }), "types on");
  const props = await seedProperties(ctx.request, a);
  const page = await ctx.newPage();

  // the create dialog: an option, a number and a text
  await openList(page, a);
  await page.getByRole("button", { name: "Add work item" }).click();
  const modal = page.getByRole("dialog", { name: "Create work item" });
  await modal.getByRole("textbox", { name: "Title" }).fill("Typed item");
  const group = modal.getByRole("group", { name: "Type and custom properties" });
  // option and member properties are pickers like the item's other properties
  await group.getByRole("button", { name: "P option" }).click();
  await page.getByRole("listbox", { name: "P option" }).getByRole("option", { name: "Beta" }).click();
  await group.getByRole("button", { name: "P option: Beta" }).waitFor();
  await group.getByRole("spinbutton", { name: "P number" }).fill("150");
  await group.getByRole("spinbutton", { name: "P number" }).press("Tab");
  await group.getByText("P number: ensure this value is less than or equal to 100.").waitFor();
  await group.getByRole("spinbutton", { name: "P number" }).fill("12");
  await group.getByRole("spinbutton", { name: "P number" }).press("Tab");
  await group.getByRole("textbox", { name: "P text" }).fill("hello");
  await group.getByRole("textbox", { name: "P text" }).press("Tab");
  await shots(page, "work-item-types-create");
  await modal.getByRole("button", { name: "Create work item" }).click();
  await modal.waitFor({ state: "hidden" });
  const list = await ok<{ results: { id: string; name: string; sequence_id: number }[] }>(
    await page.request.get(`${P(a)}/issues/`),
    "list",
  );
  const made = list.results.find((r) => r.name === "Typed item")!;
  expect(await values(page.request, a, made.id)).toEqual({
    [props.option.id]: [props.option.options[1].id],
    [props.number.id]: ["12"],
    [props.text.id]: ["hello"],
  });

  // the item page: a date and a multi-option
  await page.goto(`/${a.slug}/browse/${a.identifier}-${made.sequence_id}/`);
  const side = page.getByRole("complementary", { name: "Properties" });
  await side.locator('input[aria-label="P date"]').fill("2026-05-04");
  await side.getByRole("button", { name: "P multi_option" }).click();
  await page.getByRole("listbox", { name: "P multi_option" }).getByRole("option", { name: "Alpha" }).click();
  await page.keyboard.press("Escape");
  await side.getByRole("button", { name: "P multi_option: Alpha" }).waitFor();
  await poll(async () => (await values(page.request, a, made.id))[props.multi_option.id]).toEqual([
    props.multi_option.options[0].id,
  ]);
  await poll(async () => (await values(page.request, a, made.id))[props.date.id]).toEqual(["2026-05-04"]);
  await shots(page, "work-item-types-item-page");

  // the peek: a boolean
  const [other] = await createItems(ctx.request, a, [{ name: "Peeked item" }]);
  await openList(page, a);
  await page
    .locator(`[data-item="${a.identifier}-${other.sequence_id}"]`)
    .getByRole("button", { name: "Peeked item", exact: true })
    .click();
  const peek = page.getByRole("complementary", { name: "Peek view" });
  // the box shows the saved value: it turns checked once the change is in the item's cache (a moment later on a busy
  // machine, which Playwright's check() does not wait for)
  const box = peek.getByRole("checkbox", { name: "P boolean" });
  await box.click();
  await poll(() => box.isChecked()).toBe(true);
  await poll(async () => (await values(page.request, a, other.id))[props.boolean.id]).toEqual(["true"]);
  await peek.getByRole("button", { name: "Close peek view" }).click();

  // a spreadsheet cell, and the header sorts by the property
  await setLayout(ctx.request, a, { layout: "spreadsheet" });
  await openList(page, a);
  const sheet = page.getByTestId("spreadsheet-layout");
  await sheet.getByRole("columnheader", { name: "P url" }).waitFor();
  const cell = sheet.getByRole("textbox", { name: "P url" }).first();
  await cell.fill("https://example.com/spec");
  await cell.press("Enter");
  await poll(async () => {
    const all = await Promise.all([made.id, other.id].map((id) => values(page.request, a, id)));
    return all.map((v) => v[props.url.id] ?? null).filter(Boolean);
  }).toEqual([["https://example.com/spec"]]);
  // an option cell is a picker too
  await sheet.getByRole("button", { name: "P option: Beta" }).click();
  await page.getByRole("listbox", { name: "P option" }).getByRole("option", { name: "Alpha" }).click();
  await poll(async () => (await values(page.request, a, made.id))[props.option.id]).toEqual([
    props.option.options[0].id,
  ]);
  await sheet.getByRole("columnheader", { name: "P number" }).getByRole("button").click();
  await poll(() => sheet.getByRole("columnheader", { name: "P number" }).getAttribute("aria-sort")).toBe("ascending");
  await shots(page, "work-item-types-spreadsheet");
});

it("the filter menu narrows a list by a number property's and a date property's bounds; the chips read them", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Rhea" });
  await ok(await ctx.request.patch(`${P(a)}/`, { data: { is_issue_type_enabled: true } }), "types on");
  const props = await seedProperties(ctx.request, a);
  await createItems(ctx.request, a, [
    { name: "Small early", property_values: { [props.number.id]: 9, [props.date.id]: "2026-01-10" } },
    { name: "Big middle", property_values: { [props.number.id]: 40, [props.date.id]: "2026-02-10" } },
    { name: "Big late", property_values: { [props.number.id]: 80, [props.date.id]: "2026-03-10" } },
  ]);
  const page = await ctx.newPage();
  await openList(page, a);
  const rows = () =>
    page
      .locator("[data-item]")
      .allInnerTexts()
      .then((t) => t.map((x) => (x.match(/Small early|Big middle|Big late/) ?? [""])[0]).sort());
  await poll(rows).toEqual(["Big late", "Big middle", "Small early"]);

  await page.getByRole("button", { name: "Filters" }).click();
  const menu = page.getByRole("dialog", { name: "Filters" });
  await menu.getByRole("combobox", { name: "Search filters" }).fill("P number");
  const atLeast = menu.getByRole("spinbutton", { name: "P number at least" });
  await atLeast.fill("10");
  await atLeast.press("Enter");
  await poll(rows).toEqual(["Big late", "Big middle"]);
  await menu.getByRole("combobox", { name: "Search filters" }).fill("P date");
  await menu.locator('input[aria-label="P date until"]').fill("2026-02-28");
  await poll(rows).toEqual(["Big middle"]);
  await page.keyboard.press("Escape");
  const chips = page.getByRole("region", { name: "Applied filters" });
  await chips.getByText("P number ≥:").waitFor();
  await chips.getByText("P date until:").waitFor();
  await shots(page, "work-item-types-range-filters");
  // removing a bound widens the list again
  await chips.getByRole("button", { name: /Remove P number ≥ 10/ }).click();
  await poll(rows).toEqual(["Big middle", "Small early"]);
});

it("the work item type is a display property of list rows and a spreadsheet column, and a filter", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Tyra" });
  await ok(await ctx.request.patch(`${P(a)}/`, { data: { is_issue_type_enabled: true } }), "types on");
  const bug = await ok<{ id: string }>(
    await ctx.request.post(`${P(a)}/issue-types/`, { data: { name: "Bug" } }),
    "type",
  );
  await createItems(ctx.request, a, [{ name: "A plain item" }, { name: "A bug item", type_id: bug.id }]);
  const page = await ctx.newPage();
  await openList(page, a);
  const row = (name: string) => page.locator("[data-item]").filter({ hasText: name });
  await row("A bug item").locator('[data-property="issue_type"]').filter({ hasText: "Bug" }).waitFor();
  await row("A plain item").locator('[data-property="issue_type"]').filter({ hasText: "Work item" }).waitFor();
  await shots(page, "work-item-types-type-chip");

  // the display property turns the chip off
  await page.getByRole("button", { name: "Display" }).click();
  await page.getByRole("group", { name: "Display properties" }).getByRole("button", { name: "Work item type" }).click();
  await poll(() => page.locator('[data-property="issue_type"]').count()).toBe(0);
  await page.keyboard.press("Escape");

  // the filter: only bugs
  await page.getByRole("button", { name: "Filters" }).click();
  const menu = page.getByRole("dialog", { name: "Filters" });
  await menu.getByRole("combobox", { name: "Search filters" }).fill("Bug");
  await menu.getByRole("option", { name: "Bug" }).click();
  await poll(() => page.locator("[data-item]").count()).toBe(1);
  await row("A bug item").waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("region", { name: "Applied filters" }).getByText("Work item type:").waitFor();

  // the spreadsheet's Type column changes an item's type in place
  await setLayout(ctx.request, a, { layout: "spreadsheet" });
  await ok(
    await ctx.request.patch(`${P(a)}/user-properties/`, {
      data: { filters: { issue_type: null }, display_properties: { issue_type: true } },
    }),
    "filters off",
  );
  await openList(page, a);
  const sheet = page.getByTestId("spreadsheet-layout");
  await sheet.getByRole("columnheader", { name: "Type" }).waitFor();
  const plain = sheet.getByRole("row").filter({ hasText: "A plain item" });
  // a picker like the State and Priority cells
  await plain.getByRole("button", { name: "Work item type: Work item" }).click();
  await page.getByRole("listbox", { name: "Work item type" }).getByRole("option", { name: "Bug" }).click();
  await plain.getByRole("button", { name: "Work item type: Bug" }).waitFor();
  await poll(
    async () =>
      (
        await ok<{ results: { name: string; type_id: string }[] }>(await page.request.get(`${P(a)}/issues/`), "list")
      ).results.filter((r) => r.type_id === bug.id).length,
  ).toBe(2);
  await shots(page, "work-item-types-type-column");
});

it("the spreadsheet's Type column comes first after the work items and its header sorts by the type's name both ways", async () => {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Sorrel" });
  await ok(await ctx.request.patch(`${P(a)}/`, { data: { is_issue_type_enabled: true } }), "types on");
  const made = async (name: string) =>
    (await ok<{ id: string }>(await ctx.request.post(`${P(a)}/issue-types/`, { data: { name } }), "type")).id;
  const bug = await made("Bug");
  const story = await made("Story");
  await createItems(ctx.request, a, [
    { name: "Story one", type_id: story },
    { name: "Plain one" },
    { name: "Bug one", type_id: bug },
  ]);
  await setLayout(ctx.request, a, { layout: "spreadsheet" });
  const page = await ctx.newPage();
  await openList(page, a);
  const sheet = page.getByTestId("spreadsheet-layout");
  const header = sheet.getByRole("columnheader", { name: "Type", exact: true });
  await header.waitFor();
  // the column order: the work items (key and title), then Type, then the other properties
  const headers = await sheet.getByRole("columnheader").allTextContents();
  expect(headers[0]).toContain("Work items");
  expect(headers[1]).toBe("Type");
  expect(headers[2]).toBe("State");
  const order = () =>
    sheet
      .locator("[data-item]")
      .evaluateAll((els) => els.map((e) => /(Story|Plain|Bug) one/.exec(e.textContent ?? "")?.[0] ?? ""));
  await poll(async () => (await order()).length).toBe(3);

  const asked: string[] = [];
  page.on("request", (r) => {
    const o = new URL(r.url()).searchParams.get("order_by");
    if (r.url().includes("/issues/") && o) asked.push(o);
  });
  await header.getByRole("button").click();
  await poll(() => header.getAttribute("aria-sort")).toBe("ascending");
  // Bug, Story, then the default type "Work item"
  await poll(order).toEqual(["Bug one", "Story one", "Plain one"]);
  expect(asked).toContain("type__name");
  await shots(page, "work-item-types-type-sorted");
  await header.getByRole("button").click();
  await poll(() => header.getAttribute("aria-sort")).toBe("descending");
  await poll(order).toEqual(["Plain one", "Story one", "Bug one"]);
  expect(asked).toContain("-type__name");
});
