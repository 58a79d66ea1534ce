import crypto from "node:crypto";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";
import { hashPassword } from "../src/core/password.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { Client } from "./helpers/client.ts";

/** Helpers shared by the auth*.test.ts and instance*.test.ts files. */

export const STRONG_PASSWORD = "Tangerine-Ostrich-Ballad-42";
export const OTHER_STRONG_PASSWORD = "Quartz-Lantern-Meadow-97";
export const WEAK_PASSWORD = "password123";
export const WEB = "http://web.test";

/** Fetch a CSRF token (sets the csrftoken cookie in the client's jar). */
export async function csrfToken(c: Client): Promise<string> {
  const res = await c.get("/auth/get-csrf-token/");
  expect(res.status).toBe(200);
  return res.body.csrf_token as string;
}

/** A browser form post with a valid CSRF token. */
export async function formPost(c: Client, path: string, fields: Record<string, string>) {
  const token = await csrfToken(c);
  return c.form(path, { csrfmiddlewaretoken: token, ...fields });
}

/** JSON post with the X-CSRFToken header (change/set password). */
export async function csrfJson(c: Client, path: string, body: unknown) {
  const token = await csrfToken(c);
  return c.post(path, body, { "x-csrftoken": token });
}

/** Query parameters of a redirect Location. */
export function query(location: string | null): Record<string, string> {
  expect(location).toBeTruthy();
  return Object.fromEntries(new URL(location!).searchParams);
}

export interface AdminSetup {
  admin: Client;
  email: string;
  password: string;
}

/** Complete instance setup: the first admin signs up at god mode (a real form post). */
export async function setupInstance(
  t: TestServer,
  opts: { email?: string; password?: string } = {},
): Promise<AdminSetup> {
  const admin = t.anon();
  const email = opts.email ?? `root-${crypto.randomBytes(3).toString("hex")}@example.com`;
  const password = opts.password ?? STRONG_PASSWORD;
  const res = await formPost(admin, "/api/instances/admins/sign-up/", {
    email,
    password,
    first_name: "Root",
    last_name: "Admin",
    company_name: "Acme",
    is_telemetry_enabled: "False",
  });
  expect(res.status).toBe(302);
  expect(res.location).toBe(`${WEB}/god-mode/general/`);
  return { admin, email, password };
}

/** Set configuration keys as the admin. */
export async function configure(admin: Client, values: Record<string, string>) {
  const res = await admin.patch("/api/instances/configurations/", values);
  expect(res.status).toBe(200);
  return res;
}

/** A user with a known password, created directly (arrange), returned with an anonymous client. */
export async function passwordUser(
  t: TestServer,
  opts: { email?: string; password?: string; isActive?: boolean; isPasswordAutoset?: boolean } = {},
) {
  const email = (opts.email ?? `u-${crypto.randomBytes(4).toString("hex")}@example.com`).toLowerCase();
  const [u] = await t.db.db
    .insert(schema.users)
    .values({
      email,
      username: crypto.randomBytes(8).toString("hex"),
      displayName: email.split("@")[0],
      password: opts.isPasswordAutoset ? null : await hashPassword(opts.password ?? STRONG_PASSWORD),
      isPasswordAutoset: opts.isPasswordAutoset ?? false,
      isActive: opts.isActive ?? true,
    })
    .returning();
  await t.db.db.insert(schema.profiles).values({ userId: u.id });
  return { id: u.id, email, password: opts.password ?? STRONG_PASSWORD };
}

/** A client holding a god-mode session for any user (to prove the admin policy refuses non-admins). */
export async function adminSessionFor(t: TestServer, userId: string): Promise<Client> {
  const token = crypto.randomBytes(24).toString("base64url");
  await t.db.db
    .insert(schema.sessions)
    .values({ id: hashToken(token), userId, kind: "admin", expiresAt: new Date(Date.now() + 3600_000) });
  const c = new Client(t.url);
  c.setCookie("admin-session-id", token);
  return c;
}

export async function userRow(t: TestServer, email: string) {
  const [u] = await t.db.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  return u;
}

// ---- a real SMTP server on loopback that captures every mail ----

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Decoded text of every part (quoted-printable and base64 undone), for searching codes and links. */
  body: string;
}

export interface SmtpCapture {
  port: number;
  mails: CapturedMail[];
  close: () => Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decode every MIME part of a raw message into one searchable text. */
export function decodeMail(raw: string): { subject: string; body: string } {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const subjectLine = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "";
  const subject = subjectLine
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    )
    .replace(/\?=\s+=\?/g, "");
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const decoded = parts.map((part) => {
    const end = part.search(/\r?\n\r?\n/);
    if (end < 0) return part;
    const h = part.slice(0, end);
    const b = part
      .slice(end)
      .replace(/\r?\n--[^\r\n]+--\s*$/, "")
      .trim();
    if (/content-transfer-encoding:\s*base64/i.test(h))
      return Buffer.from(b.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(h)) return decodeQuotedPrintable(b);
    return b;
  });
  return { subject, body: decoded.join("\n") };
}

export async function startSmtpCapture(opts: { user?: string; pass?: string } = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: !opts.user,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith("@refused.test"))
        cb(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { subject, body } = decodeMail(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const addr = server.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** SMTP settings pointing at the capture server (plain SMTP on loopback). */
export function smtpSettings(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    EMAIL_HOST: "127.0.0.1",
    EMAIL_PORT: String(port),
    EMAIL_HOST_USER: "",
    EMAIL_HOST_PASSWORD: "",
    EMAIL_USE_TLS: "0",
    EMAIL_USE_SSL: "0",
    EMAIL_FROM: "Stride <stride@example.com>",
    ENABLE_SMTP: "1",
    ...extra,
  };
}

/** A free TCP port with nothing listening (bound, then closed). */
export async function closedPort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      const port = typeof a === "object" && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh server with its instance set up and a real SMTP server on loopback for the mail it sends. */
export async function mailWorld(): Promise<{
  t: TestServer;
  root: AdminSetup;
  smtp: SmtpCapture;
  close: () => Promise<void>;
}> {
  const t = await startTestServer();
  const root = await setupInstance(t);
  const smtp = await startSmtpCapture();
  return {
    t,
    root,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
