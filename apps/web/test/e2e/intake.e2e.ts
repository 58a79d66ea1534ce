import { expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { e2eSuite, shots } from "./helpers.ts";
import { arrange, createItems, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Intake (issue #12 points 1 and 5): requests sent through the public form by someone signed out land in the
 * project's Open tab, and an admin triages them from the keyboard — J/K to move, H to snooze, 2 to mark a
 * duplicate (through the search picker), 1 to accept.
 */

const e2e = e2eSuite();

const P = (a: Arranged) => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

/** The project's intake screen, once it lists `count` requests: its list, a row and the detail by name. */
async function openIntake(ctx: BrowserContext, a: Arranged, count: number) {
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/intake/`);
  const list = page.getByRole("listbox", { name: "Requests" });
  const row = (name: string) => list.getByRole("option").filter({ hasText: name });
  const detail = (name: string) => page.getByRole("article", { name });
  await poll(() => list.getByRole("option").count()).toBe(count);
  return { page, list, row, detail };
}

async function send(page: Page, anchor: string, title: string, email: string) {
  await page.goto(`/spaces/intake/${anchor}/`);
  await page.getByRole("heading", { name: "Send a request to Rocket" }).waitFor();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Description" }).fill(`About: ${title}`);
  await page.getByRole("textbox", { name: "Your email" }).fill(email);
  await page.getByRole("button", { name: "Send request" }).click();
  await page.getByText("Thank you. Your request reached Rocket").waitFor();
}

it("requests sent through the public form signed out are triaged from the keyboard: snooze, duplicate, accept", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  const req = ctx.request;
  expect((await req.patch(`${P(a)}/`, { data: { intake_view: true } })).ok()).toBe(true);
  const settings = (await (
    await req.patch(`${P(a)}/intake-settings/`, { data: { is_form_enabled: true } })
  ).json()) as { anchor: string };
  const [target] = await createItems(req, a, [{ name: "Login page crashes" }]);

  // signed out: a context with no session at all
  const outside = await e2e.context();
  const form = await outside.newPage();
  expect((await outside.request.get("/api/users/me/")).status()).toBe(401);
  await send(form, settings.anchor, "Export is broken", "ann@example.com");
  await send(form, settings.anchor, "Login page crashes again", "bo@example.com");
  await send(form, settings.anchor, "Dark mode please", "cy@example.com");

  const { page, list, row, detail } = await openIntake(ctx, a, 3);
  // newest first, the first one selected and shown beside the list, with the sender
  expect(await list.getByRole("option").allTextContents()).toEqual([
    expect.stringContaining("Dark mode please"),
    expect.stringContaining("Login page crashes again"),
    expect.stringContaining("Export is broken"),
  ]);
  await detail("Dark mode please").waitFor();
  expect(await detail("Dark mode please").textContent()).toContain("cy@example.com");

  // J and K move through the list
  await page.keyboard.press("j");
  await detail("Login page crashes again").waitFor();
  await poll(() => row("Login page crashes again").getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("k");
  await detail("Dark mode please").waitFor();

  // H snoozes: the request leaves Open and the next one is selected
  await page.keyboard.press("h");
  const snooze = page.getByRole("dialog", { name: "Snooze until" });
  await snooze.getByRole("button", { name: "1 week" }).click();
  await row("Dark mode please").waitFor({ state: "detached" });
  await detail("Login page crashes again").waitFor();

  // 2 marks it a duplicate of a work item found in the picker
  await page.keyboard.press("2");
  const picker = page.getByRole("dialog", { name: "Mark as duplicate of" });
  await picker.getByRole("combobox", { name: "Search work items" }).fill("login page");
  await picker.getByRole("option", { name: /Login page crashes/ }).waitFor();
  await page.keyboard.press("Enter");
  await row("Login page crashes again").waitFor({ state: "detached" });
  await detail("Export is broken").waitFor();

  // 1 accepts: it joins the project's work items
  await page.keyboard.press("1");
  await row("Export is broken").waitFor({ state: "detached" });
  await page.getByText("No open requests").waitFor();

  // what the server holds: the triage went through
  const items = async (status: string) =>
    (
      (await (await req.get(`${P(a)}/inbox-issues/?status=${status}&per_page=50`)).json()) as {
        results: {
          status: number;
          duplicate_to: string | null;
          snoozed_till: string | null;
          source_email: string | null;
          issue: { name: string };
        }[];
      }
    ).results;
  await poll(async () => (await items("1")).map((r) => r.issue.name)).toEqual(["Export is broken"]);
  expect(await items("2")).toEqual([
    expect.objectContaining({
      duplicate_to: target.id,
      source_email: "bo@example.com",
      issue: expect.objectContaining({ name: "Login page crashes again" }),
    }),
  ]);
  const snoozed = await items("0");
  expect(snoozed.map((r) => r.issue.name)).toEqual(["Dark mode please"]);
  expect(Date.parse(snoozed[0].snoozed_till!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

  // the Closed tab shows the accepted and the duplicate; the accepted one is a work item of the project now
  await page.getByRole("tab", { name: /Closed/ }).click();
  await poll(() => list.getByRole("option").count()).toBe(2);
  expect((await row("Export is broken").textContent()) ?? "").toContain("Accepted");
  expect((await row("Login page crashes again").textContent()) ?? "").toContain("Duplicate");
  const work = (await (await req.get(`${P(a)}/issues/`)).json()) as { results: { name: string }[] };
  expect(work.results.map((r) => r.name).sort()).toEqual(["Export is broken", "Login page crashes"]);

  // a snoozed request is back in Open once its date has passed (here its date is moved into the past)
  const waiting = (await (await req.get(`${P(a)}/inbox-issues/?status=0&per_page=50`)).json()) as {
    results: { issue: { id: string } }[];
  };
  const past = new Date(Date.now() - 60_000).toISOString();
  expect(
    (await req.patch(`${P(a)}/inbox-issues/${waiting.results[0].issue.id}/`, { data: { snoozed_till: past } })).ok(),
  ).toBe(true);
  await page.getByRole("tab", { name: /Open/ }).click();
  await row("Dark mode please").waitFor();
  await poll(() => list.getByRole("option").count()).toBe(1);
  await outside.close();
  await ctx.close();
});

it("the intake settings page turns the public form on, shows its link, and a new link retires the old one", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  expect((await ctx.request.patch(`${P(a)}/`, { data: { intake_view: true } })).ok()).toBe(true);
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/intake/`);
  await page.getByText("No open requests").waitFor();
  await page.getByRole("link", { name: "Intake settings" }).click();
  const form = page.getByRole("switch", { name: "Public form" });
  await form.waitFor();
  expect(await form.getAttribute("aria-checked")).toBe("false");
  await form.click();
  await poll(() => form.getAttribute("aria-checked")).toBe("true");
  const link = page.getByRole("textbox", { name: "Public form link" });
  const first = await link.inputValue();
  expect(first).toMatch(/\/spaces\/intake\/[0-9a-f]{32}\/$/);

  await page.getByRole("button", { name: "New link" }).click();
  await page
    .getByRole("dialog", { name: "Make a new form link?" })
    .getByRole("button", { name: "Make a new link" })
    .click();
  await poll(() => link.inputValue()).not.toBe(first);

  const outside = await e2e.context();
  const old = await outside.newPage();
  await old.goto(new URL(first).pathname);
  await old.getByRole("heading", { name: "This form is not available" }).waitFor();
  await old.goto(new URL(await link.inputValue()).pathname);
  await old.getByRole("heading", { name: "Send a request to Rocket" }).waitFor();
  await outside.close();
  await ctx.close();
});

it("snoozed requests wait in their own tab, can be un-snoozed there, and return to Open at their date", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  const req = ctx.request;
  expect((await req.patch(`${P(a)}/`, { data: { intake_view: true } })).ok()).toBe(true);
  const fileRequest = async (name: string) =>
    (
      (await (await req.post(`${P(a)}/inbox-issues/`, { data: { issue: { name } } })).json()) as {
        issue: { id: string };
      }
    ).issue.id;
  await fileRequest("Printer on fire");
  const soonId = await fileRequest("Coffee machine is slow");
  await fileRequest("Add a calendar export");

  const { page, list, row, detail } = await openIntake(ctx, a, 3);
  await row("Printer on fire").click();
  await detail("Printer on fire").waitFor();

  // H snoozes the request: it leaves Open…
  await page.keyboard.press("h");
  await page.getByRole("dialog", { name: "Snooze until" }).getByRole("button", { name: "3 days" }).click();
  await row("Printer on fire").waitFor({ state: "detached" });

  // …and waits in Snoozed, with the day it comes back; the URL keeps the tab
  await page.getByRole("tab", { name: /Snoozed/ }).click();
  await poll(() => new URL(page.url()).searchParams.get("tab")).toBe("snoozed");
  await row("Printer on fire").waitFor();
  expect(await list.getByRole("option").count()).toBe(1);
  expect(await row("Printer on fire").locator("[data-snoozed-till]").textContent()).toMatch(/^ ?Back /);
  await detail("Printer on fire").waitFor();
  expect(await page.getByRole("tab", { name: /Snoozed/ }).textContent()).toContain("1");
  await shots(page, "intake-snoozed");

  // the tab survives a reload (the loader and the server's first screen ask for status 0)
  await page.reload();
  await row("Printer on fire").waitFor();

  // Unsnooze returns it to Open at once
  await detail("Printer on fire").getByRole("button", { name: "Unsnooze" }).click();
  await row("Printer on fire").waitFor({ state: "detached" });
  await page.getByText("No snoozed requests").waitFor();
  await page.getByRole("tab", { name: /Open/ }).click();
  await row("Printer on fire").waitFor();

  // a request snoozed till a moment from now comes back to the open Open tab by itself at that moment
  const till = new Date(Date.now() + 3000).toISOString();
  expect((await req.patch(`${P(a)}/inbox-issues/${soonId}/`, { data: { snoozed_till: till } })).ok()).toBe(true);
  await row("Coffee machine is slow").waitFor({ state: "detached" });
  await row("Coffee machine is slow").waitFor({ timeout: 30_000 });
  const back = (await (await req.get(`${P(a)}/inbox-issues/${soonId}/`)).json()) as {
    status: number;
    snoozed_till: string | null;
  };
  expect(back).toMatchObject({ status: -2, snoozed_till: null });
  await ctx.close();
});

/** The text a field's error says under it (its accessible description), or null. */
async function errorUnder(field: Locator): Promise<string | null> {
  const id = await field.getAttribute("aria-describedby");
  return id ? field.page().locator(`[id="${id}"]`).textContent() : null;
}

it("the public form asks the project's custom properties a stranger can fill in; the server's refusals show under their fields", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx);
  const req = ctx.request;
  expect((await req.patch(`${P(a)}/`, { data: { intake_view: true, is_issue_type_enabled: true } })).ok()).toBe(true);
  const { anchor } = (await (
    await req.patch(`${P(a)}/intake-settings/`, { data: { is_form_enabled: true } })
  ).json()) as { anchor: string };
  const types = (await (await req.get(`${P(a)}/issue-types/`)).json()) as { id: string; is_default: boolean }[];
  const def = types.find((t) => t.is_default)!.id;
  const prop = async (body: Record<string, unknown>) =>
    (await (await req.post(`${P(a)}/issue-types/${def}/issue-properties/`, { data: body })).json()) as {
      id: string;
      options: { id: string; name: string }[];
    };
  const severity = await prop({
    display_name: "Severity",
    kind: "option",
    is_required: true,
    options: [{ name: "Low" }, { name: "High" }],
  });
  const count = await prop({ display_name: "Affected users", kind: "number", settings: { min: 1, max: 10 } });
  const steps = await prop({ display_name: "Steps", kind: "paragraph" });
  const seen = await prop({ display_name: "Seen on", kind: "date" });
  const blocking = await prop({ display_name: "Blocking", kind: "boolean", default_value: ["true"] });
  const areas = await prop({ display_name: "Areas", kind: "multi_option", options: [{ name: "UI" }, { name: "API" }] });
  const link = await prop({ display_name: "Screenshot link", kind: "url" });
  const build = await prop({ display_name: "Build", kind: "text" });
  // a required person: never asked on the public form (the triager sets it when accepting)
  await prop({ display_name: "Owner", kind: "member", is_required: true });

  const outside = await e2e.context();
  const page = await outside.newPage();
  await page.goto(`/spaces/intake/${anchor}/`);
  await page.getByRole("heading", { name: "Send a request to Rocket" }).waitFor();
  const sev = page.getByRole("combobox", { name: "Severity" });
  const users = page.getByRole("spinbutton", { name: "Affected users" });
  await sev.waitFor();
  expect(await sev.getAttribute("required")).not.toBeNull();
  expect(await users.getAttribute("required")).toBeNull();
  expect(await page.getByText("Between 1 and 10").count()).toBe(1);
  expect(await page.getByText("Owner").count()).toBe(0);
  // a default is where the form starts
  expect(await page.getByRole("checkbox", { name: "Blocking" }).isChecked()).toBe(true);

  await page.getByRole("textbox", { name: "Title" }).fill("Checkout button does nothing");
  await page.getByRole("textbox", { name: "Your email" }).fill("dana@example.com");
  await users.fill("50");
  const send = page.getByRole("button", { name: "Send request" });
  // the required option left empty: the server says so under it
  await send.click();
  await poll(() => errorUnder(sev)).toBe("This property is required.");
  expect(await sev.getAttribute("aria-invalid")).toBe("true");
  await shots(page, "intake-public-form-properties-error");
  // then the number beyond its maximum
  await sev.selectOption({ label: "High" });
  await send.click();
  await poll(() => errorUnder(users)).toBe("Ensure this value is less than or equal to 10.");
  expect(await errorUnder(sev)).toBeNull();

  // a corrected field's error goes at once
  await users.fill("3");
  expect(await errorUnder(users)).toBeNull();
  await page.getByRole("textbox", { name: "Steps" }).fill("Open the cart\nPress Checkout");
  await page.getByLabel("Seen on").fill("2026-03-01");
  await page.getByRole("checkbox", { name: "Blocking" }).uncheck();
  await page.getByRole("group", { name: "Areas" }).getByRole("checkbox", { name: "UI" }).check();
  await page.getByRole("group", { name: "Areas" }).getByRole("checkbox", { name: "API" }).check();
  await page.getByRole("textbox", { name: "Screenshot link" }).fill("https://example.com/shot.png");
  await page.getByRole("textbox", { name: "Build" }).fill("2026.3.1");
  await shots(page, "intake-public-form-properties");
  await send.click();
  await page.getByText("Thank you. Your request reached Rocket").waitFor();

  // the request holds the values, as the server keeps them
  const [filed] = (
    (await (await req.get(`${P(a)}/inbox-issues/?per_page=50`)).json()) as { results: { issue: { id: string } }[] }
  ).results;
  const item = (await (await req.get(`${P(a)}/issues/${filed.issue.id}/`)).json()) as {
    property_values: Record<string, string[]>;
  };
  expect(item.property_values).toEqual({
    [severity.id]: [severity.options[1].id],
    [count.id]: ["3"],
    [steps.id]: ["Open the cart\nPress Checkout"],
    [seen.id]: ["2026-03-01"],
    [blocking.id]: ["false"],
    [areas.id]: [areas.options[0].id, areas.options[1].id],
    [link.id]: ["https://example.com/shot.png"],
    [build.id]: ["2026.3.1"],
  });
  await outside.close();
  await ctx.close();
});
