import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import {
  closedPort,
  configure,
  setupInstance,
  smtpSettings,
  startSmtpCapture,
  type AdminSetup,
  type SmtpCapture,
} from "./auth-helpers.ts";

let t: TestServer;
let root: AdminSetup;
let smtp: SmtpCapture;
let authed: SmtpCapture;
beforeAll(async () => {
  t = await startTestServer();
  root = await setupInstance(t);
  smtp = await startSmtpCapture();
  authed = await startSmtpCapture({ user: "mailer", pass: "s3cret-pass" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await authed?.close();
});

describe("POST /api/instances/email-credentials-check/", () => {
  it("really sends a test mail through the configured SMTP server", async () => {
    await configure(root.admin, smtpSettings(smtp.port));
    const res = await root.admin.post("/api/instances/email-credentials-check/", { receiver_email: "ops@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Email successfully sent." });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(["ops@example.com"]);
    expect(smtp.mails[0].from).toBe("stride@example.com");
    expect(smtp.mails[0].subject).toBe("Email Notification from Stride");
  });

  it("reports a closed port as a connection failure with the real error", async () => {
    const port = await closedPort();
    await configure(root.admin, smtpSettings(port));
    const res = await root.admin.post("/api/instances/email-credentials-check/", { receiver_email: "ops@example.com" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Could not connect with the SMTP server\. .*ECONNREFUSED/);
  });

  it("authenticates with the stored (encrypted) password; a wrong one reports the server's 535 answer", async () => {
    await configure(
      root.admin,
      smtpSettings(authed.port, { EMAIL_HOST_USER: "mailer", EMAIL_HOST_PASSWORD: "s3cret-pass" }),
    );
    const ok = await root.admin.post("/api/instances/email-credentials-check/", { receiver_email: "ops@example.com" });
    expect(ok.status).toBe(200);
    expect(authed.mails).toHaveLength(1);
    await configure(root.admin, { EMAIL_HOST_PASSWORD: "wrong" });
    const bad = await root.admin.post("/api/instances/email-credentials-check/", { receiver_email: "ops@example.com" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid credentials provided .*535/);
  });

  it("reports a refused recipient with the server's 550 answer", async () => {
    await configure(root.admin, smtpSettings(smtp.port));
    const res = await root.admin.post("/api/instances/email-credentials-check/", {
      receiver_email: "nobody@refused.test",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^All recipient addresses were refused\. .*550/);
  });
});

describe("mail job queue", () => {
  it("delivers mail enqueued by any area inside its transaction", async () => {
    await configure(root.admin, smtpSettings(smtp.port));
    const before = smtp.mails.length;
    await t.app.db.transaction((tx) =>
      t.app.jobs.enqueue(tx, "mail", {
        to: "team@example.com",
        subject: "Hello",
        text: "Body text",
        html: "<p>Body text</p>",
      }),
    );
    expect(await t.app.jobs.drain()).toBe(1);
    expect(smtp.mails.length).toBe(before + 1);
    const m = smtp.mails[smtp.mails.length - 1];
    expect(m.to).toEqual(["team@example.com"]);
    expect(m.subject).toBe("Hello");
    expect(m.body).toContain("Body text");
  });

  it("a failed delivery is retried later, not lost", async () => {
    await configure(root.admin, smtpSettings(await closedPort()));
    await t.app.db.transaction((tx) =>
      t.app.jobs.enqueue(tx, "mail", { to: "team@example.com", subject: "Retry", text: "x" }),
    );
    expect(await t.app.jobs.drain()).toBe(1);
    const rows = (await t.app.jobs.list(t.app.db, "mail")).filter(
      (j) => (j.payload as { subject: string }).subject === "Retry",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].failed).toBe(false);
    expect(rows[0].attempts).toBe(1);
    expect(rows[0].maxAttempts).toBe(10);
    expect(rows[0].lastError).toMatch(/ECONNREFUSED/);
    expect(rows[0].runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("SMTP from the environment (EMAIL_HOST, EMAIL_PORT, …)", () => {
  let e: TestServer;
  let envRoot: AdminSetup;
  beforeAll(async () => {
    e = await startTestServer({
      emailHost: "127.0.0.1",
      emailPort: smtp.port,
      emailUseTls: false,
      emailFrom: "Env Mailer <env@example.com>",
      emailHostPassword: "env-secret",
    });
    envRoot = await setupInstance(e);
  });
  afterAll(async () => {
    await e?.close();
  });

  it("wins over god-mode's values, which show it as set by the environment (its password not handed out)", async () => {
    const rows = (await envRoot.admin.get("/api/instances/configurations/")).body as {
      key: string;
      value: string;
      set_by_environment: boolean;
    }[];
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey.EMAIL_HOST).toMatchObject({ value: "127.0.0.1", set_by_environment: true });
    expect(byKey.EMAIL_PORT).toMatchObject({ value: String(smtp.port), set_by_environment: true });
    expect(byKey.EMAIL_USE_TLS).toMatchObject({ value: "0", set_by_environment: true });
    expect(byKey.EMAIL_HOST_PASSWORD).toMatchObject({ value: "", set_by_environment: true });
    expect(byKey.ENABLE_SIGNUP.set_by_environment).toBe(false);
    expect((await e.anon().get("/api/instances/")).body.config.is_smtp_configured).toBe(true);
  });

  it("refuses changes and turning it off from god-mode, naming the variable", async () => {
    const patch = await envRoot.admin.patch("/api/instances/configurations/", {
      EMAIL_HOST: "smtp.other.test",
      ENABLE_SIGNUP: "0",
    });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ EMAIL_HOST: ["Set by the environment (EMAIL_HOST); change it there."] });
    const off = await envRoot.admin.delete("/api/instances/configurations/disable-email-feature/");
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ error: "SMTP is set by the environment (EMAIL_HOST); unset it there." });
    const stored = (await envRoot.admin.get("/api/instances/configurations/")).body as { key: string; value: string }[];
    expect(stored.find((r) => r.key === "ENABLE_SIGNUP")?.value).toBe("1");
  });

  it("sends the test mail and queued mail through the environment's server", async () => {
    const before = smtp.mails.length;
    const res = await envRoot.admin.post("/api/instances/email-credentials-check/", {
      receiver_email: "ops@example.com",
    });
    expect(res.status).toBe(200);
    await e.app.db.transaction((tx) =>
      e.app.jobs.enqueue(tx, "mail", { to: "team@example.com", subject: "From env", text: "x" }),
    );
    expect(await e.app.jobs.drain()).toBe(1);
    expect(smtp.mails.slice(before).map((m) => [m.from, m.to[0]])).toEqual([
      ["env@example.com", "ops@example.com"],
      ["env@example.com", "team@example.com"],
    ]);
  });
});
