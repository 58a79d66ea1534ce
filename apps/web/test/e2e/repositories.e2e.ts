import { afterAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, poll, type Arranged } from "./work-items-fixtures.ts";
import { makeRepo, removeRepos } from "./git-repo.ts";

/**
 * Repositories and sandboxes (issue #10 point 3): an admin adds a git repository (made by the test) in the
 * project settings, starts a sandbox from it in the sandbox modal, sees it become active live, extends it and
 * shuts it down. The sandbox is real: bubblewrap over a git checkout on the server.
 */
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  removeRepos();
});

const api = (a: Arranged, p: string) => `/api/workspaces/${a.slug}/projects/${a.projectId}/environments/${p}`;
type SandboxWire = { id: string; status: string; expires_at: string };
const sandboxes = async (page: Page, a: Arranged) =>
  ((await (await page.request.get(api(a, "sandboxes/"))).json()) as { sandboxes: SandboxWire[] }).sandboxes;

async function setup() {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Repo" });
  return { a, page: await ctx.newPage() };
}

it("an admin adds a repository, starts a sandbox from it, extends it and shuts it down", async () => {
  const { a, page } = await setup();
  const repo = makeRepo();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/repositories/`);
  await page.getByRole("heading", { name: "Repositories", exact: true }).waitFor();
  await page.getByText("No repositories yet").waitFor();

  // a URL git cannot use is refused under its field
  await page.getByRole("button", { name: "Add repository" }).click();
  const form = page.getByRole("form", { name: "Add repository" });
  await form.getByLabel("Name").fill("acme/app");
  await form.getByLabel("Git URL").fill("ext::sh -c id");
  await form.getByRole("button", { name: "Add repository" }).click();
  await form.getByText(/Enter a git repository URL/).waitFor();

  // so is a path outside the folders the instance admin allows (SANDBOX_LOCAL_REPOSITORIES), and the metadata address
  await form.getByLabel("Git URL").fill("/etc");
  await form.getByRole("button", { name: "Add repository" }).click();
  await form.getByText(/only in the folders the instance admin listed/).waitFor();
  await form.getByLabel("Git URL").fill("http://169.254.169.254/repo.git");
  await form.getByRole("button", { name: "Add repository" }).click();
  await form.getByText(/cloud metadata address/).waitFor();

  await form.getByLabel("Git URL").fill(repo);
  await form.getByLabel("Branch").fill("main");
  await form.getByRole("button", { name: "Add repository" }).click();
  await form.waitFor({ state: "hidden" });
  const list = page.getByRole("list", { name: "Repositories" });
  await list.getByText("acme/app").waitFor();
  await list.getByText(`${repo} · main · no network`).waitFor();

  // the sandbox modal: start one from the repository; it turns active (checkout done) without a reload
  await page.getByRole("button", { name: "Sandboxes" }).click();
  const dialog = page.getByRole("dialog", { name: "Sandboxes" });
  await dialog.getByText("No running sandboxes").waitFor();
  await dialog.getByRole("button", { name: "acme/app" }).click();
  const running = dialog.getByRole("list", { name: "Running sandboxes" });
  await poll(() => running.getByTestId("sandbox-status").allTextContents()).toEqual(["Active"]);
  const [before] = await sandboxes(page, a);
  expect(before.status).toBe("active");

  await dialog.getByRole("button", { name: "Extend acme/app by one hour" }).click();
  await poll(
    async () => new Date((await sandboxes(page, a))[0].expires_at).getTime() - new Date(before.expires_at).getTime(),
  ).toBe(3600_000);

  await dialog.getByRole("button", { name: "Shut down acme/app" }).click();
  await dialog.getByText("No running sandboxes").waitFor();
  expect(await sandboxes(page, a)).toEqual([]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });

  // a repository whose sandbox may reach only the hosts it names; editing shows them again and keeps them
  await page.getByRole("button", { name: "Add repository" }).click();
  const web = page.getByRole("form", { name: "Add repository" });
  await web.getByLabel("Name").fill("acme/web");
  await web.getByLabel("Git URL").fill(repo);
  await expect(web.getByLabel("Allowed hosts").count()).resolves.toBe(0);
  await web.getByRole("switch", { name: "Allow network access" }).click();
  await web.getByLabel("Allowed hosts").fill("registry.npmjs.org, github.com");
  await web.getByRole("button", { name: "Add repository" }).click();
  await web.waitFor({ state: "hidden" });
  await list.getByText(`${repo} · network to registry.npmjs.org, github.com only`).waitFor();
  await page.getByRole("button", { name: "Actions for repository acme/web" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit repository" });
  expect(await edit.getByLabel("Allowed hosts").inputValue()).toBe("registry.npmjs.org, github.com");
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "hidden" });
  await list.getByText(`${repo} · network to registry.npmjs.org, github.com only`).waitFor();
});
