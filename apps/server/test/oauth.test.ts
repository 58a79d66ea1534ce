import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { Client } from "./helpers/client.ts";
import { startTestIdp, type TestIdp } from "./helpers/oidc-idp.ts";
import { schema } from "../src/db/client.ts";
import {
  WEB,
  adminSessionFor,
  configure,
  passwordUser,
  query,
  setupInstance,
  userRow,
  type AdminSetup,
} from "./auth-helpers.ts";

/**
 * Sign-in providers end to end (wire-facts-2 §3): generic OpenID Connect against a real OIDC provider
 * (npm oidc-provider) on loopback, and GitHub / Gitea against a loopback stand-in of their OAuth and user APIs.
 */

// ---- a stand-in of GitHub's and Gitea's OAuth + user endpoints ----

interface StandInUser {
  id: number;
  login: string;
  name: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
  orgs?: string[];
}

interface StandIn {
  url: string;
  /** The user the next authorization signs in. */
  next: StandInUser | null;
  /** Token requests seen (form fields). */
  tokenRequests: Record<string, string>[];
  close: () => Promise<void>;
}

async function startStandIn(clientSecret: string): Promise<StandIn> {
  const codes = new Map<string, StandInUser>();
  const tokens = new Map<string, StandInUser>();
  const s: StandIn = { url: "", next: null, tokenRequests: [], close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", s.url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const who = () => tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    if (url.pathname === "/login/oauth/authorize" || url.pathname === "/oauth/authorize") {
      const code = crypto.randomBytes(8).toString("hex");
      codes.set(code, s.next!);
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state")!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if ((url.pathname === "/login/oauth/access_token" || url.pathname === "/oauth/token") && req.method === "POST") {
      let raw = "";
      for await (const c of req) raw += c;
      const f = Object.fromEntries(new URLSearchParams(raw));
      s.tokenRequests.push(f);
      const u = codes.get(f.code);
      if (!u || f.client_secret !== clientSecret) return send(200, { error: "bad_verification_code" });
      codes.delete(f.code);
      const token = crypto.randomBytes(8).toString("hex");
      tokens.set(token, u);
      return send(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }
    const u = who();
    if (!u) return send(401, { message: "Bad credentials" });
    if (url.pathname === "/user" || url.pathname === "/api/v1/user") {
      return send(200, {
        id: u.id,
        login: u.login,
        name: u.name,
        full_name: u.name,
        email: u.emails[0]?.email ?? "",
        avatar_url: `https://avatars.example/${u.login}`,
      });
    }
    const primary = u.emails.find((e) => e.primary);
    if (url.pathname === "/oauth2/v2/userinfo") {
      const [given, family] = u.name.split(" ");
      return send(200, {
        id: String(u.id),
        email: primary?.email,
        verified_email: primary?.verified,
        given_name: given,
        family_name: family,
        picture: `https://avatars.example/${u.login}`,
      });
    }
    if (url.pathname === "/api/v4/user") {
      return send(200, {
        id: u.id,
        username: u.login,
        name: u.name,
        email: primary?.email,
        avatar_url: `https://avatars.example/${u.login}`,
        confirmed_at: primary?.verified ? "2024-01-01T00:00:00Z" : null,
      });
    }
    if (url.pathname === "/user/emails" || url.pathname === "/api/v1/user/emails") return send(200, u.emails);
    const org = /^\/orgs\/([^/]+)\/memberships\/([^/]+)$/.exec(url.pathname);
    if (org)
      return (u.orgs ?? []).includes(org[1]) && org[2] === u.login
        ? send(200, { state: "active" })
        : send(404, { message: "Not Found" });
    return send(404, { message: "Not Found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s.close = () => new Promise<void>((r) => server.close(() => r()));
  return s;
}

// ---- the world ----

let t: TestServer;
let root: AdminSetup;
let idp: TestIdp;
let standIn: StandIn;
const STAND_IN_SECRET = "stand-in-secret";

beforeAll(async () => {
  standIn = await startStandIn(STAND_IN_SECRET);
  t = await startTestServer({
    outboundAllowPrivate: true,
    oauthEndpointOverrides: {
      google: { authorize: `${standIn.url}/oauth/authorize`, token: `${standIn.url}/oauth/token`, api: standIn.url },
      github: {
        authorize: `${standIn.url}/login/oauth/authorize`,
        token: `${standIn.url}/login/oauth/access_token`,
        api: standIn.url,
      },
    },
  });
  root = await setupInstance(t);
  idp = await startTestIdp([`${t.url}/auth/oidc/callback/`]);
  await configure(root.admin, {
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    IS_OIDC_ENABLED: "1",
    GITEA_HOST: standIn.url,
    GITEA_CLIENT_ID: "gitea-client",
    GITEA_CLIENT_SECRET: STAND_IN_SECRET,
    IS_GITEA_ENABLED: "1",
    GITHUB_CLIENT_ID: "github-client",
    GITHUB_CLIENT_SECRET: STAND_IN_SECRET,
    IS_GITHUB_ENABLED: "1",
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: STAND_IN_SECRET,
    IS_GOOGLE_ENABLED: "1",
    GITLAB_HOST: standIn.url,
    GITLAB_CLIENT_ID: "gitlab-client",
    GITLAB_CLIENT_SECRET: STAND_IN_SECRET,
    IS_GITLAB_ENABLED: "1",
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await standIn?.close();
});

const uniq = (p = "u") => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;
/** The path and query of an absolute URL on the Stride server. */
const local = (abs: string) => {
  const u = new URL(abs);
  return u.pathname + u.search;
};

/**
 * Sign in at the test IdP as `sub` the way a browser does: Stride's start redirect, the IdP's authorize
 * endpoint, its login form, its resume redirect, until it sends the browser back to Stride's callback.
 * Answers the callback URL (not yet visited).
 */
async function throughIdp(browser: Client, nextPath = "/acme/"): Promise<string> {
  const start = await browser.get(`/auth/oidc/?next_path=${encodeURIComponent(nextPath)}`);
  expect(start.status).toBe(302);
  const idpBrowser = new Client(idp.issuer);
  let at = start.location!;
  for (let hop = 0; hop < 10; hop++) {
    if (at.startsWith(t.url)) return at;
    const res = await idpBrowser.get(local(at));
    if (res.status === 200 && res.text.includes('name="login"')) {
      const post = await idpBrowser.form(local(at), { login: currentSub });
      at = new URL(post.location!, idp.issuer).toString();
      continue;
    }
    expect([302, 303]).toContain(res.status);
    at = new URL(res.location!, idp.issuer).toString();
  }
  throw new Error("the IdP never sent the browser back");
}
let currentSub = "";

function idpAccount(claims: { email: string; email_verified: boolean; given_name?: string; family_name?: string }) {
  const sub = `sub-${crypto.randomBytes(4).toString("hex")}`;
  idp.addAccount(sub, claims);
  currentSub = sub;
  return sub;
}

describe("OpenID Connect (real provider on loopback)", () => {
  it("start: 302 to the issuer's authorize endpoint with PKCE S256, state, nonce and the callback on the request host", async () => {
    const res = await t.anon().get("/auth/oidc/");
    expect(res.status).toBe(302);
    const u = new URL(res.location!);
    expect(`${u.origin}`).toBe(idp.issuer);
    const q = Object.fromEntries(u.searchParams);
    expect(q).toMatchObject({
      response_type: "code",
      client_id: idp.clientId,
      redirect_uri: `${t.url}/auth/oidc/callback/`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(q.state).toMatch(/^[0-9a-f]{32}$/);
    expect(q.nonce.length).toBeGreaterThanOrEqual(16);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("stride_oauth_flow="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\//);
  });

  it("signs in a new user (verified email): account created, linked, session started, next_path kept", async () => {
    const email = uniq("new");
    const sub = idpAccount({ email, email_verified: true, given_name: "Grace", family_name: "Hopper" });
    const browser = t.anon();
    const back = await throughIdp(browser, "/acme/");
    const cb = await browser.get(local(back));
    expect(cb.status).toBe(302);
    expect(cb.location).toBe(`${WEB}/?next_path=%2Facme%2F`);
    const me = await browser.get("/api/users/me/");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      first_name: "Grace",
      last_name: "Hopper",
      is_email_verified: true,
      is_password_autoset: true,
      last_login_medium: "oidc",
    });
    const [acct] = await t.db.db.select().from(schema.accounts).where(eq(schema.accounts.providerAccountId, sub));
    expect(acct).toMatchObject({ provider: "oidc", userId: me.body.id });
    expect(acct.accessToken).toMatch(/^enc:v1:/);
    // The flow cookie is spent: replaying the callback is a provider error.
    const replay = await browser.get(local(back));
    expect(query(replay.location)).toMatchObject({ error_code: "5124", error_message: "OIDC_OAUTH_PROVIDER_ERROR" });
  });

  it("links an existing user by verified email, and signs in by the link afterwards", async () => {
    const existing = await passwordUser(t, { email: uniq("link") });
    const sub = idpAccount({ email: existing.email.toUpperCase(), email_verified: true });
    const browser = t.anon();
    const cb = await browser.get(local(await throughIdp(browser)));
    expect(cb.location).toBe(`${WEB}/?next_path=%2Facme%2F`);
    expect((await browser.get("/api/users/me/")).body.id).toBe(existing.id);
    const again = t.anon();
    expect((await again.get(local(await throughIdp(again)))).status).toBe(302);
    expect((await again.get("/api/users/me/")).body.id).toBe(existing.id);
    const rows = await t.db.db.select().from(schema.accounts).where(eq(schema.accounts.providerAccountId, sub));
    expect(rows).toHaveLength(1);
    expect((await userRow(t, existing.email)).isEmailVerified).toBe(true);
  });

  it("refuses an email the provider has not verified: no link, no account (5119)", async () => {
    const existing = await passwordUser(t, { email: uniq("unverified") });
    idpAccount({ email: existing.email, email_verified: false });
    const browser = t.anon();
    const cb = await browser.get(local(await throughIdp(browser)));
    expect(cb.location).toBe(
      `${WEB}/?next_path=%2Facme%2F&error_code=5119&error_message=OAUTH_EMAIL_NOT_VERIFIED&email=${encodeURIComponent(existing.email)}`,
    );
    expect((await browser.get("/api/users/me/")).status).toBe(401);
    const fresh = uniq("unverified-new");
    idpAccount({ email: fresh, email_verified: false });
    const b2 = t.anon();
    await b2.get(local(await throughIdp(b2)));
    expect(await userRow(t, fresh)).toBeUndefined();
    expect(await t.db.db.select().from(schema.accounts).where(eq(schema.accounts.userId, existing.id))).toEqual([]);
  });

  it("a state that is not this browser's is refused (5124) and signs nobody in", async () => {
    const email = uniq("state");
    idpAccount({ email, email_verified: true });
    const browser = t.anon();
    const back = new URL(await throughIdp(browser));
    back.searchParams.set("state", crypto.randomBytes(16).toString("hex"));
    const cb = await browser.get(local(back.toString()));
    expect(cb.location).toBe(`${WEB}/?next_path=%2Facme%2F&error_code=5124&error_message=OIDC_OAUTH_PROVIDER_ERROR`);
    expect((await browser.get("/api/users/me/")).status).toBe(401);
    // Another browser (no flow cookie) presenting the right state fails too.
    const browser2 = t.anon();
    const back2 = await throughIdp(browser2);
    const thief = t.anon();
    expect(query((await thief.get(local(back2))).location)).toMatchObject({ error_code: "5124" });
    expect(await userRow(t, email)).toBeUndefined();
  });

  it("new users need sign-up open (or an invitation): 5015 when it is off", async () => {
    await configure(root.admin, { ENABLE_SIGNUP: "0" });
    try {
      const email = uniq("closed");
      idpAccount({ email, email_verified: true });
      const browser = t.anon();
      const cb = await browser.get(local(await throughIdp(browser)));
      expect(query(cb.location)).toMatchObject({ error_code: "5015", error_message: "SIGNUP_DISABLED", email });
      expect(await userRow(t, email)).toBeUndefined();
    } finally {
      await configure(root.admin, { ENABLE_SIGNUP: "1" });
    }
  });

  it("is advertised in the public config once on", async () => {
    const res = await t.anon().get("/api/instances/");
    expect(res.body.config).toMatchObject({ is_oidc_enabled: true, is_gitea_enabled: true, is_github_enabled: true });
  });
});

describe("GitHub and Gitea (loopback stand-in of their APIs)", () => {
  it("Gitea: signs up a new user with the primary verified email; the code is exchanged with the client secret", async () => {
    const email = uniq("gitea");
    standIn.next = {
      id: 4242,
      login: "gitea-ada",
      name: "Ada Lovelace",
      emails: [
        { email: "other@example.com", primary: false, verified: false },
        { email, primary: true, verified: true },
      ],
    };
    const browser = t.anon();
    const start = await browser.get("/auth/gitea/?next_path=/w/");
    const authUrl = new URL(start.location!);
    expect(authUrl.origin + authUrl.pathname).toBe(`${standIn.url}/login/oauth/authorize`);
    expect(authUrl.searchParams.get("scope")).toBe("openid email profile");
    const provider = await fetch(authUrl, { redirect: "manual" });
    const cb = await browser.get(local(provider.headers.get("location")!));
    expect(cb.location).toBe(`${WEB}/?next_path=%2Fw%2F`);
    expect((await browser.get("/api/users/me/")).body).toMatchObject({
      email,
      first_name: "Ada",
      last_name: "Lovelace",
      last_login_medium: "gitea",
    });
    expect(standIn.tokenRequests.at(-1)).toMatchObject({
      client_id: "gitea-client",
      client_secret: STAND_IN_SECRET,
      grant_type: "authorization_code",
      redirect_uri: `${t.url}/auth/gitea/callback/`,
    });
  });

  it("GitHub: the primary email must be verified to link; a state mismatch is 5120", async () => {
    const existing = await passwordUser(t, { email: uniq("gh") });
    standIn.next = {
      id: 777,
      login: "octo",
      name: "Octo Cat",
      emails: [{ email: existing.email, primary: true, verified: false }],
    };
    const b1 = t.anon();
    const s1 = await b1.get("/auth/github/");
    const p1 = await fetch(s1.location!, { redirect: "manual" });
    expect(query((await b1.get(local(p1.headers.get("location")!))).location)).toMatchObject({ error_code: "5119" });

    standIn.next = {
      id: 777,
      login: "octo",
      name: "Octo Cat",
      emails: [{ email: existing.email, primary: true, verified: true }],
    };
    const b2 = t.anon();
    const s2 = await b2.get("/auth/github/");
    const p2 = new URL((await fetch(s2.location!, { redirect: "manual" })).headers.get("location")!);
    p2.searchParams.set("state", "0".repeat(32));
    expect((await b2.get(local(p2.toString()))).location).toBe(
      `${WEB}/?error_code=5120&error_message=GITHUB_OAUTH_PROVIDER_ERROR`,
    );

    const b3 = t.anon();
    const s3 = await b3.get("/auth/github/");
    const p3 = await fetch(s3.location!, { redirect: "manual" });
    expect((await b3.get(local(p3.headers.get("location")!))).location).toBe(WEB);
    expect((await b3.get("/api/users/me/")).body).toMatchObject({ id: existing.id, last_login_medium: "github" });
  });

  it("GitHub: with an organization set, non-members get 5122", async () => {
    await configure(root.admin, { GITHUB_ORGANIZATION_ID: "acme-org" });
    try {
      standIn.next = {
        id: 778,
        login: "outsider",
        name: "Out Sider",
        emails: [{ email: uniq("out"), primary: true, verified: true }],
      };
      const b = t.anon();
      const s = await b.get("/auth/github/");
      expect(new URL(s.location!).searchParams.get("scope")).toBe("read:user user:email read:org");
      const p = await fetch(s.location!, { redirect: "manual" });
      expect((await b.get(local(p.headers.get("location")!))).location).toBe(
        `${WEB}/?error_code=5122&error_message=GITHUB_USER_NOT_IN_ORG`,
      );
    } finally {
      await configure(root.admin, { GITHUB_ORGANIZATION_ID: "" });
    }
  });

  /** Run one provider's flow through the stand-in with `user`; answers the browser and the final redirect. */
  async function viaStandIn(p: string, user: StandInUser) {
    standIn.next = user;
    const b = t.anon();
    const s = await b.get(`/auth/${p}/`);
    const back = await fetch(s.location!, { redirect: "manual" });
    return { b, start: new URL(s.location!), location: (await b.get(local(back.headers.get("location")!))).location };
  }

  it("Google: Plane's authorize parameters; signs up with the verified email and the profile's names and picture", async () => {
    const email = uniq("google");
    const { b, start, location } = await viaStandIn("google", {
      id: 1001,
      login: "gl",
      name: "Katherine Johnson",
      emails: [{ email, primary: true, verified: true }],
    });
    expect(Object.fromEntries(start.searchParams)).toMatchObject({
      client_id: "google-client",
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      redirect_uri: `${t.url}/auth/google/callback/`,
      scope: "https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
    });
    expect(location).toBe(WEB);
    expect((await b.get("/api/users/me/")).body).toMatchObject({
      email,
      first_name: "Katherine",
      last_name: "Johnson",
      avatar: "https://avatars.example/gl",
      last_login_medium: "google",
    });
  });

  it("GitLab: read_user scope on the configured host; ENABLE_GITLAB_SYNC re-syncs the names of an existing user", async () => {
    const email = uniq("gitlab");
    const first = await viaStandIn("gitlab", {
      id: 2002,
      login: "gl2",
      name: "Dorothy Vaughan",
      emails: [{ email, primary: true, verified: true }],
    });
    expect(first.start.origin + first.start.pathname).toBe(`${standIn.url}/oauth/authorize`);
    expect(first.start.searchParams.get("scope")).toBe("read_user");
    expect(first.location).toBe(WEB);
    // Without sync a changed name at the provider is not copied; with it, it is.
    await viaStandIn("gitlab", {
      id: 2002,
      login: "gl2",
      name: "Dot Vaughan",
      emails: [{ email, primary: true, verified: true }],
    });
    expect((await userRow(t, email)).firstName).toBe("Dorothy");
    await configure(root.admin, { ENABLE_GITLAB_SYNC: "1" });
    try {
      await viaStandIn("gitlab", {
        id: 2002,
        login: "gl2",
        name: "Dot Vaughan",
        emails: [{ email, primary: true, verified: true }],
      });
      expect((await userRow(t, email)).firstName).toBe("Dot");
    } finally {
      await configure(root.admin, { ENABLE_GITLAB_SYNC: "0" });
    }
    // An unconfirmed GitLab account cannot link or sign up.
    const unconfirmed = await viaStandIn("gitlab", {
      id: 2003,
      login: "gl3",
      name: "N N",
      emails: [{ email: uniq("gitlab-unconfirmed"), primary: true, verified: false }],
    });
    expect(query(unconfirmed.location)).toMatchObject({ error_code: "5119" });
  });

  it("a provider whose token endpoint refuses the code gives its error code", async () => {
    standIn.next = { id: 9, login: "x", name: "X", emails: [{ email: uniq("x"), primary: true, verified: true }] };
    const b = t.anon();
    const s = await b.get("/auth/gitea/");
    const p = new URL((await fetch(s.location!, { redirect: "manual" })).headers.get("location")!);
    p.searchParams.set("code", "not-a-code");
    expect((await b.get(local(p.toString()))).location).toBe(
      `${WEB}/?error_code=5123&error_message=GITEA_OAUTH_PROVIDER_ERROR`,
    );
  });
});

describe("configuration", () => {
  it("not-configured codes per provider (Gitea 5112 also for a non-http host)", async () => {
    const t2 = await startTestServer();
    try {
      const r2 = await setupInstance(t2);
      const expected: [string, number, string][] = [
        ["google", 5105, "GOOGLE_NOT_CONFIGURED"],
        ["github", 5110, "GITHUB_NOT_CONFIGURED"],
        ["gitlab", 5111, "GITLAB_NOT_CONFIGURED"],
        ["gitea", 5112, "GITEA_NOT_CONFIGURED"],
        ["oidc", 5113, "OIDC_NOT_CONFIGURED"],
      ];
      for (const [p, code, name] of expected) {
        expect((await t2.anon().get(`/auth/${p}/?next_path=/acme/`)).location).toBe(
          `${WEB}/?next_path=%2Facme%2F&error_code=${code}&error_message=${name}`,
        );
        expect((await t2.anon().get(`/auth/${p}/callback/?code=x&state=y`)).location).toBe(
          `${WEB}/?error_code=${code}&error_message=${name}`,
        );
      }
      await configure(r2.admin, { GITEA_HOST: "ftp://gitea.example", GITEA_CLIENT_ID: "a", GITEA_CLIENT_SECRET: "b" });
      expect(query((await t2.anon().get("/auth/gitea/")).location)).toMatchObject({ error_code: "5112" });
      // An issuer that is not reachable under the outbound policy (loopback without OUTBOUND_ALLOW_PRIVATE) is a provider error.
      await configure(r2.admin, { OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" });
      expect(query((await t2.anon().get("/auth/oidc/")).location)).toMatchObject({ error_code: "5124" });
    } finally {
      await t2.close();
    }
  });

  it("only instance admins change provider settings; the secret is stored sealed", async () => {
    const someone = await passwordUser(t);
    const notAdmin = await adminSessionFor(t, someone.id);
    const res = await notAdmin.patch("/api/instances/configurations/", {
      OIDC_ISSUER_URL: "https://evil.example",
      OIDC_CLIENT_SECRET: "x",
    });
    expect(res.status).toBe(403);
    expect(
      (await t.anon().patch("/api/instances/configurations/", { OIDC_ISSUER_URL: "https://evil.example" })).status,
    ).toBe(401);
    const list = await root.admin.get("/api/instances/configurations/");
    expect(list.body.find((r: { key: string }) => r.key === "OIDC_ISSUER_URL").value).toBe(idp.issuer);
    const [raw] = await t.db.db
      .select()
      .from(schema.instanceConfigurations)
      .where(eq(schema.instanceConfigurations.key, "OIDC_CLIENT_SECRET"));
    expect(raw.value).toMatch(/^enc:v1:/);
    // Switching OIDC on without its issuer is refused with a field error.
    const off = await root.admin.patch("/api/instances/configurations/", { OIDC_ISSUER_URL: "" });
    expect(off.status).toBe(400);
    expect(off.body).toHaveProperty("OIDC_ISSUER_URL");
  });
});
