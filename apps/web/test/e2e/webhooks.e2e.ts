import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, poll } from "./work-items-fixtures.ts";

/**
 * Webhooks end to end: an admin adds a webhook pointing at a receiver on loopback (the test server allows
 * internal targets), copies the secret shown once, sends a test event and sees the delivery in the log; the
 * receiver got it signed with that secret over the raw bytes.
 */
let ctx: BrowserContext;
let receiver: http.Server;
const received: { headers: http.IncomingHttpHeaders; raw: Buffer }[] = [];

const e2e = e2eSuite();
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("received");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
afterEach(async () => {
  await ctx?.close();
});

it("creates a webhook, shows its secret once, sends a test event and shows the delivery in the log", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Hook" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${a.slug}`;
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/settings/webhooks`);
  await page.getByRole("button", { name: "Add webhook" }).click();
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Payload URL").fill(url);
  await form.getByLabel("Cycles").uncheck();
  await form.getByRole("button", { name: "Create webhook" }).click();

  const secretInput = page.getByRole("textbox", { name: "Secret key" });
  await poll(() => secretInput.inputValue()).toMatch(/^plane_wh_[0-9a-f]{32}$/);
  const secret = await secretInput.inputValue();
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.locator(`li[data-webhook="${url}"]`);
  await poll(() => row.textContent()).toContain("Work items");
  expect(await row.textContent()).not.toContain("Cycles");
  await expect.poll(() => row.textContent()).toContain("Active");

  await row.getByRole("button", { name: `Send test event to ${url}` }).click();
  const log = row.getByRole("region", { name: "Delivery log" });
  const delivery = log.locator("li[data-delivery]").first();
  await poll(() => delivery.locator("[data-status]").textContent()).toBe("200");
  expect(await delivery.textContent()).toContain("test test");

  const mine = received.filter((r) => r.headers["x-plane-event"] === "test");
  expect(mine.length).toBeGreaterThanOrEqual(1);
  const got = mine[mine.length - 1];
  expect(got.headers["x-plane-event"]).toBe("test");
  expect(await delivery.getAttribute("data-delivery")).toBe(got.headers["x-plane-delivery"]);
  expect(got.headers["x-plane-signature"]).toBe(crypto.createHmac("sha256", secret).update(got.raw).digest("hex"));

  // the secret is not shown again: a reload lists the webhook without it
  await page.reload();
  await row.waitFor();
  expect(await page.getByRole("textbox", { name: "Secret key" }).count()).toBe(0);
});

it("opens the webhooks page from the page's data, without a request, and deletes a webhook", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Wendy" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/listed/${a.slug}`;
  const made = await ctx.request.post(`/api/workspaces/${a.slug}/webhooks/`, { data: { url, issue: true } });
  expect(made.status()).toBe(201);
  const page = await ctx.newPage();
  const gets: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname.startsWith("/api/")) gets.push(new URL(r.url()).pathname);
  });
  await page.goto(`/${a.slug}/settings/webhooks/`);
  const row = page.locator(`li[data-webhook="${url}"]`);
  await poll(() => row.textContent()).toContain("Work items");
  expect(gets).toEqual([]);

  await row.getByRole("button", { name: `Delete ${url}` }).click();
  await page.getByRole("dialog", { name: "Delete webhook" }).getByRole("button", { name: "Delete" }).click();
  await poll(() => row.count()).toBe(0);
  expect(await (await ctx.request.get(`/api/workspaces/${a.slug}/webhooks/`)).json()).toEqual([]);
});

it("asks before regenerating a secret: Cancel keeps it, Regenerate shows the new one and deliveries are signed with it (issue #24)", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Regina" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/regen/${a.slug}`;
  const made = await ctx.request.post(`/api/workspaces/${a.slug}/webhooks/`, { data: { url, issue: true } });
  expect(made.status()).toBe(201);
  const original = (await made.json()).secret_key as string;
  const page = await ctx.newPage();
  const regenerations: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.endsWith("/regenerate/")) regenerations.push(r.url());
  });
  await page.goto(`/${a.slug}/settings/webhooks`);
  const row = page.locator(`li[data-webhook="${url}"]`);
  await poll(() => row.textContent()).toContain("Work items");

  // the first click only asks; Cancel changes nothing
  await row.getByRole("button", { name: `Regenerate the secret of ${url}` }).click();
  const dialog = page.getByRole("dialog", { name: "Regenerate secret" });
  await poll(() => dialog.textContent()).toContain("The current secret stops working at once");
  expect(await dialog.textContent()).toContain(url);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await poll(() => dialog.count()).toBe(0);
  expect(regenerations).toEqual([]);
  expect(await page.getByRole("textbox", { name: "Secret key" }).count()).toBe(0);

  // confirmed: the new secret is shown once, and it is the one deliveries are signed with
  await row.getByRole("button", { name: `Regenerate the secret of ${url}` }).click();
  await dialog.getByRole("button", { name: "Regenerate" }).click();
  const secretInput = page.getByRole("textbox", { name: "Secret key" });
  await poll(() => secretInput.inputValue()).toMatch(/^plane_wh_[0-9a-f]{32}$/);
  const secret = await secretInput.inputValue();
  expect(secret).not.toBe(original);
  expect(regenerations.length).toBe(1);
  await page.getByRole("button", { name: "Done" }).click();

  await row.getByRole("button", { name: `Send test event to ${url}` }).click();
  const delivery = row.getByRole("region", { name: "Delivery log" }).locator("li[data-delivery]").first();
  await poll(() => delivery.locator("[data-status]").textContent()).toBe("200");
  const id = await delivery.getAttribute("data-delivery");
  const mine = received.find((r) => r.headers["x-plane-delivery"] === id);
  expect(mine).toBeDefined();
  expect(mine!.headers["x-plane-signature"]).toBe(crypto.createHmac("sha256", secret).update(mine!.raw).digest("hex"));
});

it("refuses a payload URL that is not http(s) next to the field, with the server's own schema and no request (issue #26)", async () => {
  ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Ursula" });
  const page = await ctx.newPage();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.endsWith("/webhooks/")) posts.push(r.url());
  });
  await page.goto(`/${a.slug}/settings/webhooks`);
  await page.getByRole("button", { name: "Add webhook" }).click();
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Payload URL").fill("ftp://example.com/hook");
  await form.getByRole("button", { name: "Create webhook" }).click();
  await poll(() => form.textContent()).toContain("Enter a valid URL.");
  expect(posts).toEqual([]);

  // a good URL then goes through
  await form.getByLabel("Payload URL").fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ok`);
  await form.getByRole("button", { name: "Create webhook" }).click();
  await poll(() => page.getByRole("textbox", { name: "Secret key" }).count()).toBe(1);
  expect(posts.length).toBe(1);
});
