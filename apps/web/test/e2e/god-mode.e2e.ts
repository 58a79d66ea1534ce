import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { Page } from "playwright-core";
import { ADMIN, e2eSuite, ensureInstanceAdmin, unique, waitForPath } from "./helpers.ts";

/**
 * Instance admin screens at /god-mode/: general, authentication toggles, email settings with a test
 * mail answered by a real SMTP server on loopback, the workspaces list, the magic-code sign-up that
 * SMTP enables, and the admin sign-in error message. Settings are restored at the end because all
 * browser test files share one server.
 */
interface Captured {
  to: string[];
  body: string;
}
let smtp: SMTPServer;
let smtpPort = 0;
const mails: Captured[] = [];

const e2e = e2eSuite();
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _s, cb) {
      if (address.address.endsWith("@refused.test"))
        cb(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString("utf8") });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function toggle(page: Page, name: string): Promise<string | null> {
  const sw = page.getByRole("switch", { name });
  const before = await sw.getAttribute("aria-checked");
  await sw.click();
  await page.waitForFunction(
    ([n, b]) => {
      const el = [...document.querySelectorAll('[role="switch"]')].find(
        (e) => document.getElementById(e.getAttribute("aria-labelledby") ?? "")?.textContent === n,
      );
      return el && el.getAttribute("aria-checked") !== b;
    },
    [name, before] as const,
  );
  return sw.getAttribute("aria-checked");
}

it("manages the instance from /god-mode/", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await ensureInstanceAdmin(page);

  try {
    // The version, in the sidebar of every god-mode screen and on General: the root package.json's.
    const version = (
      JSON.parse(fs.readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as { version: string }
    ).version;
    expect(await page.getByTestId("stride-version").textContent()).toBe(`Stride ${version}`);
    expect(await page.getByLabel("Version").inputValue()).toBe(version);

    // General: rename the instance; the name persists.
    const name = unique("Instance ");
    await page.getByLabel("Instance name").fill(name);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Settings saved").waitFor();
    await page.reload();
    await page.getByLabel("Instance name").waitFor();
    await page.waitForFunction(
      (n) => (document.querySelector('input[name="instance_name"]') as HTMLInputElement | null)?.value === n,
      name,
    );
    expect(
      ((await (await page.request.get("/api/instances/")).json()) as { instance: { instance_name: string } }).instance
        .instance_name,
    ).toBe(name);

    // Authentication: a toggle saves one key and survives a reload.
    await page.getByRole("link", { name: "Authentication" }).click();
    expect(await toggle(page, "Allow workspace creation")).toBe("false");
    await page.reload();
    await page.getByRole("switch", { name: "Allow workspace creation" }).waitFor();
    expect(await page.getByRole("switch", { name: "Allow workspace creation" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect(
      (
        (await (await page.request.get("/api/instances/")).json()) as {
          config: { is_workspace_creation_disabled: boolean };
        }
      ).config.is_workspace_creation_disabled,
    ).toBe(true);
    expect(await toggle(page, "Allow workspace creation")).toBe("true");

    // Email: save SMTP settings, send a test mail, see the server's answer; a refused recipient shows the SMTP error.
    await page.getByRole("link", { name: "Email" }).click();
    await page.waitForURL(/\/god-mode\/email\/?$/);
    // The email form loads its saved values first; fill only once it is on screen.
    await page.getByLabel("From address").waitFor();
    await page.getByLabel("Host").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(smtpPort));
    await page.getByLabel("From address").fill("Stride <no-reply@stride.test>");
    await page.getByLabel("Security").selectOption("none");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Email settings saved").waitFor();
    const receiver = `${unique("mailbox")}@stride.test`;
    await page.getByLabel("Send to").fill(receiver);
    await page.getByRole("button", { name: "Send test email" }).click();
    await page.getByText("Email successfully sent.").waitFor();
    expect(mails.some((m) => m.to.includes(receiver))).toBe(true);
    await page.getByLabel("Send to").fill("nobody@refused.test");
    await page.getByRole("button", { name: "Send test email" }).click();
    const failure = page.locator('[role="alert"]').filter({ hasText: /550|unavailable/i });
    await failure.waitFor();

    // Magic-code sign-up through the configured SMTP server.
    await page.getByRole("link", { name: "Authentication" }).click();
    expect(await toggle(page, "Email code sign-in")).toBe("true");
    const userCtx = await e2e.context();
    const user = await userCtx.newPage();
    const email = `${unique("magic")}@stride.test`;
    await user.goto("/sign-up");
    await user.getByLabel("Email").fill(email);
    await user.getByRole("button", { name: "Continue" }).click();
    await user.getByLabel("Code").waitFor();
    const mail = await waitForMail(email);
    const code = /\b(\d{6})\b/.exec(mail.body.replace(/=\r?\n/g, ""))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await user.getByLabel("Code").fill("000000" === code ? "111111" : "000000");
    await user.getByRole("button", { name: "Continue" }).click();
    await user.getByText("That code is not valid.").waitFor();
    await userCtx.close();

    const userCtx2 = await e2e.context();
    const user2 = await userCtx2.newPage();
    const email2 = `${unique("magic")}@stride.test`;
    await user2.goto("/sign-up");
    await user2.getByLabel("Email").fill(email2);
    await user2.getByRole("button", { name: "Continue" }).click();
    await user2.getByLabel("Code").waitFor();
    const mail2 = await waitForMail(email2);
    const code2 = /\b(\d{6})\b/.exec(mail2.body.replace(/=\r?\n/g, ""))![1];
    await user2.getByLabel("Code").fill(code2);
    await user2.getByRole("button", { name: "Continue" }).click();
    await waitForPath(user2, /^\/onboarding\/?$/);
    await userCtx2.close();

    // Workspaces: create one from the admin, then find it by search.
    await page.getByRole("link", { name: "Workspaces" }).click();
    await page.getByRole("link", { name: "Create workspace" }).click();
    const wsName = unique("Admin WS ");
    await page.getByLabel("Name").fill(wsName);
    await page.getByRole("button", { name: "Create workspace" }).click();
    await waitForPath(page, /^\/god-mode\/workspaces\/?$/);
    await page.getByLabel("Search workspaces").fill(wsName);
    await page.getByRole("link", { name: wsName }).waitFor();
  } finally {
    // Restore shared settings: email off, code sign-in off, workspace creation allowed.
    await page.request.patch("/api/instances/configurations/", {
      data: { ENABLE_MAGIC_LINK_LOGIN: "0", DISABLE_WORKSPACE_CREATION: "0" },
    });
    await page.request.delete("/api/instances/configurations/disable-email-feature/");
  }
  const cfg = (
    (await (await page.request.get("/api/instances/")).json()) as {
      config: { is_smtp_configured: boolean; is_magic_login_enabled: boolean };
    }
  ).config;
  expect(cfg).toMatchObject({ is_smtp_configured: false, is_magic_login_enabled: false });
  await ctx.close();
});

it("lists the server's own instance as running under Instances, with its version and storage", async () => {
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await ensureInstanceAdmin(page);
  await page.getByRole("link", { name: "Instances" }).click();
  await waitForPath(page, /^\/god-mode\/instances\/?$/);
  const list = page.getByRole("list", { name: "Instances" });
  await list.waitFor();
  const servers = (await (await page.request.get("/api/instances/servers/")).json()) as {
    id: string;
    status: string;
    version: string;
    storage: string;
  }[];
  const running = servers.filter((s) => s.status === "running");
  expect(running).toHaveLength(1);
  const row = list.getByRole("listitem").filter({ hasText: running[0].id.slice(0, 8) });
  await row.getByText("Running").waitFor();
  await row.getByText(`version ${running[0].version} · storage local`).waitFor();
  // one instance alone: no warning about unshared storage
  expect(await page.getByText("Local storage is not shared.").count()).toBe(0);
  await ctx.close();
});

it("shows the admin sign-in error for a wrong password", async () => {
  const setupCtx = await e2e.context();
  await ensureInstanceAdmin(await setupCtx.newPage());
  await setupCtx.close();
  const ctx = await e2e.context();
  const page = await ctx.newPage();
  await page.goto("/god-mode/");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText("Incorrect email or password, or the account is not an instance admin.").waitFor();
  expect(new URL(page.url()).searchParams.get("error_code")).toBe("5175");
  await ctx.close();
});

async function waitForMail(to: string): Promise<Captured> {
  for (let i = 0; i < 100; i++) {
    const m = mails.find((x) => x.to.includes(to));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}
