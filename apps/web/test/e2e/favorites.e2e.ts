import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { waitForPath } from "./helpers.ts";
import { arrangeEach, poll, type Arranged } from "./work-items-fixtures.ts";

/**
 * Sidebar favourites (issue #8 point 12): favourite a project from the projects page, see it pinned at once,
 * make a folder, move the favourite into it with the keyboard drag path, open it from the folder; rename and
 * delete a folder. Each test seeds its own user, workspace and project and checks what the server stored.
 */
let page: Page;
let a: Arranged;

arrangeEach({ firstName: "Fay", labels: [] }, (t) => ({ page, a } = t));

interface Fav {
  id: string;
  entity_type: string;
  entity_identifier: string | null;
  name: string | null;
  is_folder: boolean;
  parent: string | null;
}
const favorites = async (): Promise<Fav[]> =>
  (await (await page.request.get(`/api/workspaces/${a.slug}/user-favorites/?all=true`)).json()) as Fav[];
const sidebar = () => page.getByRole("navigation", { name: "Workspace" });
const live = () => page.locator("[data-dnd-live]");
const liveText = async () => ((await live().textContent()) ?? "").trim();

async function createFolder(name: string): Promise<void> {
  await sidebar().getByRole("button", { name: "New favorites folder" }).click();
  const field = sidebar().getByRole("textbox", { name: "New folder name" });
  await field.fill(name);
  await field.press("Enter");
  await sidebar().locator(`[data-favorite-folder="${name}"]`).waitFor();
}

it("favourites a project, files it in a new folder with the keyboard, and opens it from the folder", async () => {
  await page.goto(`/${a.slug}/projects/`);
  await page.getByRole("button", { name: "Add Rocket to favourites" }).click();
  // pinned in the sidebar at once
  const pinned = sidebar().locator('[data-favorite="Rocket"]');
  await pinned.waitFor();
  await poll(async () => (await favorites()).filter((f) => f.entity_type === "project").length).toBe(1);

  await createFolder("Launch");
  const folder = (await favorites()).find((f) => f.is_folder)!;
  expect(folder.name).toBe("Launch");

  // keyboard drag: pick the favourite up, move it down into the folder, drop
  await sidebar().getByRole("button", { name: "Move favorite Rocket" }).focus();
  await page.keyboard.press("Space");
  await poll(liveText).toMatch(/^Picked up Rocket/);
  await page.keyboard.press("ArrowDown");
  await poll(liveText).toBe("Moved to folder Launch, position 1 of 1.");
  await page.keyboard.press("Enter");
  await poll(liveText).toBe("Dropped Rocket in folder Launch, position 1 of 1.");
  await poll(async () => (await favorites()).find((f) => f.entity_type === "project")?.parent).toBe(folder.id);

  const inFolder = sidebar().locator('[data-favorite-folder="Launch"]').getByRole("link", { name: "Rocket" });
  await inFolder.waitFor();
  // the folder folds and unfolds
  await sidebar().getByRole("button", { name: "Launch", exact: true, expanded: true }).click();
  await inFolder.waitFor({ state: "detached" });
  await sidebar().getByRole("button", { name: "Launch", exact: true, expanded: false }).click();
  await inFolder.click();
  await waitForPath(page, new RegExp(`^/${a.slug}/projects/${a.projectId}/issues/?$`));

  // unfavouriting from the projects page takes it out of the folder at once
  await page.goto(`/${a.slug}/projects/`);
  await page.getByRole("button", { name: "Remove Rocket from favourites" }).click();
  await sidebar().locator('[data-favorite="Rocket"]').waitFor({ state: "detached" });
  await poll(async () => (await favorites()).filter((f) => f.entity_type === "project").length).toBe(0);
});

it("renames a folder and deletes it; its favourites move to the top level", async () => {
  await page.request.post(`/api/workspaces/${a.slug}/user-favorite-projects/`, { data: { project: a.projectId } });
  await page.goto(`/${a.slug}/projects/`);
  await createFolder("Soon");
  const folder = (await favorites()).find((f) => f.is_folder)!;
  const fav = (await favorites()).find((f) => f.entity_type === "project")!;
  await page.request.patch(`/api/workspaces/${a.slug}/user-favorites/${fav.id}/`, { data: { parent: folder.id } });
  await page.reload();
  await sidebar().locator('[data-favorite-folder="Soon"]').getByRole("link", { name: "Rocket" }).waitFor();

  await sidebar().getByRole("button", { name: "Actions for folder Soon" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const field = sidebar().getByRole("textbox", { name: "Folder name" });
  await field.fill("Next");
  await field.press("Enter");
  await sidebar().locator('[data-favorite-folder="Next"]').waitFor();
  await poll(async () => (await favorites()).find((f) => f.is_folder)?.name).toBe("Next");

  await sidebar().getByRole("button", { name: "Actions for folder Next" }).click();
  await page.getByRole("menuitem", { name: "Delete folder" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete folder" }).click();
  await sidebar().locator('[data-favorite-folder="Next"]').waitFor({ state: "detached" });
  await sidebar().locator('[data-favorite="Rocket"]').waitFor();
  await poll(async () => (await favorites()).map((f) => [f.entity_type, f.parent])).toEqual([["project", null]]);
});

it("drags a favourite with the mouse onto a folder, and back out above it", async () => {
  const W = `/api/workspaces/${a.slug}`;
  await page.request.post(`${W}/user-favorite-projects/`, { data: { project: a.projectId } });
  await page.request.post(`${W}/user-favorites/`, { data: { entity_type: "folder", is_folder: true, name: "Pile" } });
  await page.goto(`/${a.slug}/projects/`);
  const row = sidebar().locator('[data-favorite="Rocket"]');
  const folderRow = sidebar().locator('[data-favorite-folder="Pile"] > div').first();
  await row.waitFor();
  const drag = async (to: { x: number; y: number }) => {
    const s = (await row.boundingBox())!;
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2 + 6, s.y + s.height / 2 + 6, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.move(to.x + 1, to.y, { steps: 2 });
    await page.mouse.up();
  };
  // onto the middle of the folder's row: into the folder
  let f = (await folderRow.boundingBox())!;
  await drag({ x: f.x + f.width / 2, y: f.y + f.height / 2 });
  await sidebar().locator('[data-favorite-folder="Pile"] [data-favorite="Rocket"]').waitFor();
  await poll(async () => (await favorites()).find((x) => x.entity_type === "project")?.parent).toBe(
    (await favorites()).find((x) => x.is_folder)!.id,
  );
  // onto the folder row's top edge: back to the top level, above the folder
  f = (await folderRow.boundingBox())!;
  await drag({ x: f.x + f.width / 2, y: f.y + 2 });
  await poll(async () => (await favorites()).find((x) => x.entity_type === "project")?.parent ?? null).toBe(null);
  const order = await sidebar()
    .locator('section[aria-labelledby="favorites-heading"] > ul > li')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-favorite") ?? e.getAttribute("data-favorite-folder")));
  expect(order).toEqual(["Rocket", "Pile"]);
});

it("rolls the sidebar back when the server refuses a favourite", async () => {
  await page.goto(`/${a.slug}/projects/`);
  await sidebar().getByText("Star a project to pin it here.").waitFor();
  // the server's answer waits until the optimistic row has been seen, then refuses
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/user-favorite-projects/", async (route) => {
    await answered;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Something went wrong please try again later" }),
    });
  });
  await page.getByRole("button", { name: "Add Rocket to favourites" }).click();
  // shown at once, then taken back when the server says no
  await sidebar().locator('[data-favorite="Rocket"]').waitFor();
  answer();
  await sidebar().locator('[data-favorite="Rocket"]').waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Add Rocket to favourites" }).waitFor();
  expect(await favorites()).toEqual([]);
});
