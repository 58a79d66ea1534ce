import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { MODEL_CONFIG_MSG } from "@stride/shared";
import { e2eSuite } from "./helpers.ts";
import { arrange, poll } from "./work-items-fixtures.ts";
import { startModelServer, type ModelServer } from "../../../server/test/helpers/model-server.ts";

/**
 * Model configuration (issue #10 point 1) and secrets (#12): an admin adds a model pointing at the scripted model
 * server (real HTTP on loopback), tests it from the modal and from the list, and sees the provider's own
 * failure in words; a person keeps a secret that is only ever shown masked.
 */
const KEY = "sk-e2e-0123456789abcdef";
let ms: ModelServer;
const contexts: BrowserContext[] = [];

const e2e = e2eSuite();
beforeAll(async () => {
  ms = await startModelServer({ apiKey: KEY, models: ["test-model", "claude-test"] });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await ms?.close();
});
beforeEach(() => ms.reset());

async function setup() {
  const ctx = await e2e.context();
  contexts.push(ctx);
  const a = await arrange(ctx, { firstName: "Mona" });
  return { a, page: await ctx.newPage() };
}

it("adds a model configuration pointing at the scripted server, tests it and sees success", async () => {
  const { a, page } = await setup();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/model-configuration/`);
  await page.getByRole("heading", { name: "Model configuration" }).waitFor();
  await page.getByText("No models yet").waitFor();

  await page.getByRole("button", { name: "Add model" }).click();
  const dialog = page.getByRole("dialog", { name: "Add model configuration" });
  // the reserved name is refused with its message before anything is sent
  await dialog.getByRole("textbox", { name: "Name" }).fill("test");
  await dialog.getByRole("textbox", { name: "Model" }).fill("test-model");
  await dialog.getByRole("button", { name: "Add model" }).click();
  await dialog.getByText(MODEL_CONFIG_MSG.nameReserved).waitFor();

  await dialog.getByRole("textbox", { name: "Name" }).fill("Local GPT");
  await dialog.getByRole("combobox", { name: "Provider" }).selectOption("openai");
  await dialog.getByRole("textbox", { name: "Base URL" }).fill(ms.openaiBaseUrl);
  await dialog.getByLabel("API key").fill(KEY);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await dialog
    .getByRole("status")
    .filter({ hasText: /^Connected: test-model answered in \d+ ms\.$/ })
    .waitFor();
  expect(ms.requests.map((r) => [r.protocol, r.headers.authorization, r.body.model])).toEqual([
    ["openai", `Bearer ${KEY}`, "test-model"],
  ]);

  await dialog.getByRole("button", { name: "Add model" }).click();
  await dialog.waitFor({ state: "hidden" });
  const row = page.locator('[data-model-config="Local GPT"]');
  await row.getByText("Key stored").waitFor();
  await row.getByText(`OpenAI-compatible · test-model · ${ms.openaiBaseUrl}`).waitFor();
  expect(await page.content()).not.toContain(KEY);

  // the saved configuration tests with its stored key
  await row.getByRole("button", { name: "Test Local GPT" }).click();
  await row
    .getByRole("status")
    .filter({ hasText: /^Connected: test-model answered in \d+ ms\.$/ })
    .waitFor();
  await poll(() => ms.requests.length).toBe(2);
  expect(ms.requests[1].headers.authorization).toBe(`Bearer ${KEY}`);
});

it("shows the provider's refusal in words, fixes the key from the edit modal, and deletes the configuration", async () => {
  const { a, page } = await setup();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/model-configuration/`);
  await page.getByRole("button", { name: "Add model" }).click();
  const add = page.getByRole("dialog", { name: "Add model configuration" });
  await add.getByRole("textbox", { name: "Name" }).fill("claude");
  await add.getByRole("combobox", { name: "Provider" }).selectOption("anthropic");
  await add.getByRole("textbox", { name: "Base URL" }).fill(ms.anthropicBaseUrl);
  await add.getByRole("textbox", { name: "Model" }).fill("claude-test");
  await add.getByLabel("API key").fill("sk-wrong-key");
  await add.getByRole("button", { name: "Add model" }).click();
  await add.waitFor({ state: "hidden" });

  const row = page.locator('[data-model-config="claude"]');
  await row.getByRole("button", { name: "Test claude" }).click();
  await row
    .getByRole("alert")
    .filter({ hasText: /^Test failed: The API key was refused by 127\.0\.0\.1:\d+ \(HTTP 401\)\. Check the key/ })
    .waitFor();

  await row.getByRole("button", { name: "Edit claude" }).click();
  const edit = page.getByRole("dialog", { name: "Edit claude" });
  // the saved key is only sent to the base URL it was saved with: another one needs the key again
  await edit.getByRole("textbox", { name: "Base URL" }).fill("http://127.0.0.1:9/v1");
  await edit.getByRole("button", { name: "Test connection" }).click();
  await edit.getByText(MODEL_CONFIG_MSG.keyForOtherUrl).waitFor();
  await edit.getByRole("textbox", { name: "Base URL" }).fill(ms.anthropicBaseUrl);
  await edit.getByLabel("API key").fill(KEY);
  await edit.getByRole("button", { name: "Test connection" }).click();
  await edit
    .getByRole("status")
    .filter({ hasText: /^Connected: claude-test answered in \d+ ms\.$/ })
    .waitFor();
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "hidden" });
  await row.getByRole("button", { name: "Test claude" }).click();
  await row
    .getByRole("status")
    .filter({ hasText: /^Connected: claude-test/ })
    .waitFor();
  expect(ms.requests.at(-1)?.headers["x-api-key"]).toBe(KEY);

  await row.getByRole("button", { name: "Delete claude" }).click();
  await page
    .getByRole("dialog", { name: "Delete model configuration" })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByText("No models yet").waitFor();
});

it("keeps a secret that is only ever shown masked", async () => {
  const { page } = await setup();
  await page.goto("/profile/secrets/");
  await page.getByRole("heading", { name: "Secrets", exact: true }).waitFor();
  await page.getByRole("button", { name: "Add secret" }).click();
  const form = page.getByRole("form", { name: "New secret" });
  await form.getByRole("textbox", { name: "Name" }).fill("9LIVES");
  await form.getByLabel("Value").fill("ghp_secretvalue0000abcd");
  await form.getByRole("button", { name: "Add secret" }).click();
  await form.getByText("Use letters, digits and underscores, not starting with a digit.").waitFor();
  await form.getByRole("textbox", { name: "Name" }).fill("GITHUB_TOKEN");
  await form.getByRole("button", { name: "Add secret" }).click();
  const row = page.locator('[data-secret="GITHUB_TOKEN"]');
  await row.getByText("••••••••abcd").waitFor();
  expect(await page.content()).not.toContain("ghp_secretvalue0000abcd");
});
