import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { hashToken, SESSION_SEEN_EVERY_MS } from "../src/http/session.ts";
import { Client } from "./helpers/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

/**
 * The caller's sessions (Stride, issue #27 point 12): GET /api/users/me/sessions/ lists the signed-in sessions with
 * their device, where from, last use and which is this one; DELETE …/sessions/{id}/ signs another one out; DELETE
 * …/sessions/ signs out all the others. A session's last use is kept to within a few minutes.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const URL = "/api/users/me/sessions/";

/** Another signed-in session of the same user (a second browser). */
async function anotherSession(
  of: Client,
  opts: { userAgent?: string; ip?: string; lastSeenAt?: Date; kind?: string; expiresAt?: Date } = {},
): Promise<{ client: Client; storedId: string }> {
  const token = crypto.randomBytes(24).toString("base64url");
  const storedId = hashToken(token);
  await t.db.db.insert(schema.sessions).values({
    id: storedId,
    userId: of.userId,
    kind: opts.kind ?? "app",
    expiresAt: opts.expiresAt ?? new Date(Date.now() + 86400_000),
    userAgent: opts.userAgent ?? null,
    ipAddress: opts.ip ?? null,
    lastSeenAt: opts.lastSeenAt ?? new Date(),
  });
  const client = new Client(t.url);
  client.setCookie(t.app.config.sessionCookieName, token);
  client.userId = of.userId;
  return { client, storedId };
}

interface Listed {
  id: string;
  device: string;
  user_agent: string | null;
  ip_address: string | null;
  is_current: boolean;
  last_seen_at: string;
  created_at: string;
  expires_at: string;
}

describe("GET /api/users/me/sessions/", () => {
  it("lists the caller's live sessions: device, where from, last use, which one is this; never the token or its stored id", async () => {
    const me = await t.user();
    const phone = await anotherSession(me, {
      userAgent: SAFARI_IOS,
      ip: "203.0.113.7",
      lastSeenAt: new Date(Date.now() - 3600_000),
    });
    await anotherSession(me, { userAgent: CHROME_LINUX, expiresAt: new Date(Date.now() - 1000) });
    await anotherSession(me, { userAgent: CHROME_LINUX, kind: "admin" });
    const other = await t.user();

    const res = await me.request<Listed[]>("GET", URL, undefined, { "user-agent": CHROME_LINUX });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveLength(2);
    const current = res.body.find((s) => s.is_current)!;
    const elsewhere = res.body.find((s) => !s.is_current)!;
    expect(Object.keys(current).sort()).toEqual([
      "created_at",
      "device",
      "expires_at",
      "id",
      "ip_address",
      "is_current",
      "last_seen_at",
      "user_agent",
    ]);
    expect(elsewhere).toMatchObject({
      device: "Safari on iOS",
      user_agent: SAFARI_IOS,
      ip_address: "203.0.113.7",
      is_current: false,
    });
    expect(elsewhere.id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.text).not.toContain(phone.storedId);
    expect(res.text).not.toContain(phone.storedId.slice(0, 32));
    // the last used first
    expect(res.body.map((s) => s.is_current)).toEqual([true, false]);
    // nobody else's sessions
    expect((await other.get<Listed[]>(URL)).body).toHaveLength(1);
    expect((await t.anon().get(URL)).status).toBe(401);
  });

  it("keeps each session's last use to within minutes: a request of a session seen long ago writes the time", async () => {
    const me = await t.user();
    const old = new Date(Date.now() - 2 * SESSION_SEEN_EVERY_MS);
    const laptop = await anotherSession(me, { userAgent: CHROME_LINUX, lastSeenAt: old });
    const before = Date.now();
    expect((await laptop.client.get("/api/users/me/")).status).toBe(200);
    const [row] = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.id, laptop.storedId));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // a scoped request (session and scope read together) notes it too
    const seen = new Date(Date.now() - 2 * SESSION_SEEN_EVERY_MS);
    await t.db.db.update(schema.sessions).set({ lastSeenAt: seen }).where(eq(schema.sessions.id, laptop.storedId));
    await laptop.client.get("/api/workspaces/nowhere/projects/");
    const [again] = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.id, laptop.storedId));
    expect(again!.lastSeenAt.getTime()).toBeGreaterThan(seen.getTime());
  });
});

describe("DELETE /api/users/me/sessions/{id}/ and /api/users/me/sessions/", () => {
  it("signs another session out; this one ends by signing out; unknown and other people's sessions are 404", async () => {
    const me = await t.user();
    const phone = await anotherSession(me, { userAgent: SAFARI_IOS });
    const list = (await me.get<Listed[]>(URL)).body;
    const phoneId = list.find((s) => !s.is_current)!.id;
    const currentId = list.find((s) => s.is_current)!.id;

    const stranger = await t.user();
    expect((await stranger.delete(`${URL}${phoneId}/`)).status).toBe(404);
    expect((await me.delete(`${URL}${"0".repeat(32)}/`)).status).toBe(404);
    expect((await me.delete(`${URL}not-an-id/`)).status).toBeGreaterThanOrEqual(400);
    const self = await me.delete(`${URL}${currentId}/`);
    expect([self.status, self.body]).toEqual([
      400,
      { error: "This is the session you are using: sign out to end it." },
    ]);

    expect((await phone.client.get("/api/users/me/")).status).toBe(200);
    expect((await me.delete(`${URL}${phoneId}/`)).status).toBe(204);
    expect((await phone.client.get("/api/users/me/")).status).toBe(401);
    expect((await me.get<Listed[]>(URL)).body.map((s) => s.id)).toEqual([currentId]);
    expect((await t.anon().delete(`${URL}${phoneId}/`)).status).toBe(401);
  });

  it("signs out every other session of the caller, and only theirs", async () => {
    const me = await t.user();
    const a = await anotherSession(me, { userAgent: SAFARI_IOS });
    const b = await anotherSession(me, { userAgent: CHROME_LINUX });
    const stranger = await t.user();
    expect((await me.delete(URL)).status).toBe(204);
    expect((await a.client.get("/api/users/me/")).status).toBe(401);
    expect((await b.client.get("/api/users/me/")).status).toBe(401);
    expect((await me.get("/api/users/me/")).status).toBe(200);
    expect((await stranger.get("/api/users/me/")).status).toBe(200);
    expect((await me.get<Listed[]>(URL)).body.map((s) => s.is_current)).toEqual([true]);
  });
});
