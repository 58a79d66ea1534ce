import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { arrangeEach, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Project pages: create one from the pages list, write in it and find the text after a reload; lock it and find it
 * read-only; archive it and restore it. Each test seeds its own user and project.
 */
let page: Page;
let a: Arranged;
const P = () => `/api/workspaces/${a.slug}/projects/${a.projectId}`;

arrangeEach({ firstName: "Paige" }, (t) => ({ page, a } = t));

interface ServerPage {
  id: string;
  name: string;
  access: number;
  is_locked: boolean;
  archived_at: string | null;
  description_html: string;
}
const onServer = async (id: string) => (await (await page.request.get(`${P()}/pages/${id}/`)).json()) as ServerPage;
const pageIdOfUrl = () => /\/pages\/([0-9a-f-]{36})\/?$/.exec(new URL(page.url()).pathname)?.[1] ?? "";

it("creates a page from the list, autosaves its name and text, and shows both after a reload", async () => {
  await page.goto(`/${a.slug}/projects/${a.projectId}/issues/`);
  await page.getByRole("navigation", { name: "Project", exact: true }).getByRole("link", { name: "Pages" }).click();
  await page.getByRole("heading", { name: "No pages yet" }).waitFor();
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "Create page" });
  await dialog.getByLabel("Name").fill("Release plan");
  expect(await dialog.getByRole("radio", { name: /Public/ }).isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Create page" }).click();
  await page.waitForURL(/\/pages\/[0-9a-f-]{36}\/$/);
  const id = pageIdOfUrl();
  expect(await page.getByLabel("Page name").inputValue()).toBe("Release plan");

  const editor = page.getByRole("textbox", { name: "Page content" });
  await editor.click();
  await page.keyboard.type("Ship on Friday");
  await poll(async () => (await onServer(id)).description_html).toContain("Ship on Friday");
  await page
    .getByRole("status")
    .filter({ hasText: /Saved|Changes saved/ })
    .waitFor();

  // the name saves 2 s after the last keystroke
  await page.getByLabel("Page name").fill("Release plan v2");
  await page.getByRole("status").filter({ hasText: "Saving…" }).waitFor();
  await poll(async () => (await onServer(id)).name).toBe("Release plan v2");

  await page.reload();
  await page.getByRole("textbox", { name: "Page content" }).filter({ hasText: "Ship on Friday" }).waitFor();
  expect(await page.getByLabel("Page name").inputValue()).toBe("Release plan v2");

  // the list shows it under Public
  await page.getByRole("link", { name: "Pages" }).first().click();
  await page.getByRole("list", { name: "Pages" }).getByRole("link", { name: "Release plan v2" }).waitFor();
});

it("a locked page is read-only until unlocked; archiving moves it to Archived and restoring brings it back", async () => {
  const created = await page.request.post(`${P()}/pages/`, {
    data: { name: "Handbook", description_html: "<p>Rules</p>" },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/${id}/`);
  const editor = page.getByRole("textbox", { name: "Page content" });
  await editor.filter({ hasText: "Rules" }).waitFor();

  await page.getByRole("button", { name: "Page actions" }).click();
  await page.getByRole("menuitem", { name: "Lock" }).click();
  await page.getByText("This page is locked.").waitFor();
  await poll(async () => (await onServer(id)).is_locked).toBe(true);
  await poll(() => editor.getAttribute("aria-readonly")).toBe("true");
  expect(await page.getByLabel("Page name").getAttribute("readonly")).not.toBeNull();
  // typing changes nothing
  await editor.click();
  await page.keyboard.type("more");
  expect(await editor.textContent()).not.toContain("more");

  await page.getByRole("button", { name: "Page actions" }).click();
  await page.getByRole("menuitem", { name: "Unlock" }).click();
  await poll(() => editor.getAttribute("aria-readonly")).toBeNull();
  await poll(async () => (await onServer(id)).is_locked).toBe(false);

  // archive: the page turns read-only and leaves the Public tab for Archived
  await page.getByRole("button", { name: "Page actions" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await page.getByText(/This page is archived/).waitFor();
  await poll(async () => (await onServer(id)).archived_at).not.toBeNull();
  await poll(() => editor.getAttribute("aria-readonly")).toBe("true");
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/`);
  await page.getByRole("heading", { name: "No pages yet" }).waitFor();
  await page.getByRole("button", { name: /^Archived/ }).click();
  await page.getByRole("list", { name: "Pages" }).getByRole("link", { name: "Handbook" }).click();

  await page.getByRole("button", { name: "Page actions" }).click();
  await page.getByRole("menuitem", { name: "Restore" }).click();
  await poll(async () => (await onServer(id)).archived_at).toBeNull();
  await poll(() => editor.getAttribute("aria-readonly")).toBeNull();
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/`);
  await page.getByRole("list", { name: "Pages" }).getByRole("link", { name: "Handbook" }).waitFor();
});

it("a name the server refuses goes back to the saved name", async () => {
  const created = await page.request.post(`${P()}/pages/`, { data: { name: "Roadmap" } });
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/${id}/`);
  const name = page.getByLabel("Page name");
  await poll(() => name.inputValue()).toBe("Roadmap");
  await page.route(`**${P()}/pages/${id}/`, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error_code: 4701, error_message: "PAGE_LOCKED" }),
        })
      : route.fallback(),
  );
  const refused = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/pages/${id}/`));
  await name.fill("Roadmap 2027");
  await page.getByRole("status").filter({ hasText: "Saving…" }).waitFor();
  expect((await refused).status()).toBe(400);
  await poll(() => name.inputValue()).toBe("Roadmap");
  await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
  expect((await onServer(id)).name).toBe("Roadmap");
});

it("restores an earlier version from the version history", async () => {
  const created = await page.request.post(`${P()}/pages/`, {
    data: { name: "Notes", description_html: "<p>First draft</p>" },
  });
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/${a.slug}/projects/${a.projectId}/pages/${id}/`);
  const editor = page.getByRole("textbox", { name: "Page content" });
  await editor.filter({ hasText: "First draft" }).waitFor();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" and more");
  await poll(async () => (await onServer(id)).description_html).toContain("and more");

  await page.getByRole("button", { name: "Version history" }).click();
  const dialog = page.getByRole("dialog", { name: "Version history" });
  const versions = dialog.getByRole("list", { name: "Versions" }).getByRole("button");
  await poll(() => versions.count()).toBe(2);
  await versions.nth(1).click();
  await dialog
    .getByRole("region", { name: "Version preview" })
    .filter({ hasText: "First draft" })
    .filter({ hasNotText: "and more" })
    .waitFor();
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await poll(async () => (await onServer(id)).description_html).toBe("<p>First draft</p>");
  await editor.filter({ hasNotText: "and more" }).filter({ hasText: "First draft" }).waitFor();
});
