import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { roleWorld, type RoleWorld } from "./helpers/fixtures.ts";
import type { Client, Res } from "./helpers/client.ts";
import { concretePath, everyRoute } from "./helpers/routes.ts";
import type { RegisteredRoute } from "../src/http/route.ts";
import { schema } from "../src/db/client.ts";
import { hashToken } from "../src/http/session.ts";

/**
 * The role-derived route guard. From each registered route's declaration (auth kind, scope, the policy object)
 * it derives what every kind of caller must get, and calls EVERY registered route (each method × url, aliases
 * included) with each of them, with random ids and an empty body:
 * - anonymous → 401 with the spec body (routes that are not anonymous by design);
 * - a signed-in user outside the workspace → 403 on every workspace- or project-scoped route;
 * - a caller below the policy's gate → 403 with the catalogue body (409 where the policy is `joinable`);
 * - a caller the policy lets through → anything but 401/403/5xx (404 for a random id, 400 for an empty body).
 * Project routes are called in the world's public project, and as `wsAdminPrivate` (the same workspace admin who is
 * in neither project) in its private one: outside a private project a workspace admin is refused like any non-member.
 * Authorization runs before validation, so no refused caller ever sees a 400 about their input.
 * A new route is covered by registering it: nothing here lists routes by hand.
 */

type CallerName = "admin" | "member" | "guest" | "wsAdminOnly" | "wsAdminPrivate" | "outsider" | "anon";
interface Who {
  signedIn: boolean;
  wsRole: number | null;
  projectRole: number | null;
  instanceAdmin: boolean;
  /** The project of the calls is the world's private one (else its public one). */
  privateProject?: boolean;
}
const WHO: Record<CallerName, Who> = {
  admin: { signedIn: true, wsRole: 20, projectRole: 20, instanceAdmin: true },
  member: { signedIn: true, wsRole: 15, projectRole: 15, instanceAdmin: false },
  guest: { signedIn: true, wsRole: 5, projectRole: 5, instanceAdmin: false },
  wsAdminOnly: { signedIn: true, wsRole: 20, projectRole: null, instanceAdmin: false },
  wsAdminPrivate: { signedIn: true, wsRole: 20, projectRole: null, instanceAdmin: false, privateProject: true },
  outsider: { signedIn: true, wsRole: null, projectRole: null, instanceAdmin: false },
  anon: { signedIn: false, wsRole: null, projectRole: null, instanceAdmin: false },
};
const CALLERS = Object.keys(WHO) as CallerName[];

const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_MEMBER = { detail: "You do not have permission to perform this action." };
const BELOW_ROLE = { error: "You don't have the required permissions." };
const JOINABLE = { error: "You are not a member of this project" };

/** `pass`: not refused by the pipeline; `own`: anonymous by design, the route's own checks decide (only no 5xx). */
type Expectation = { pass: true; own?: boolean } | { pass: false; status: number; body: unknown };
const PASS: Expectation = { pass: true };
const OWN: Expectation = { pass: true, own: true };
const refuse = (status: number, body: unknown): Expectation => ({ pass: false, status, body });

/** What the route's declaration promises this caller. */
function expected(r: RegisteredRoute, who: Who): Expectation {
  const projectIsPublic = !who.privateProject;
  if (r.auth === "none" || r.auth === "optional") return OWN;
  if (!who.signedIn) return refuse(401, UNAUTH);
  const policy = r.policy!;
  // the scope comes first: outside the workspace nothing else is judged
  if (r.scope && who.wsRole === null) return refuse(403, NOT_MEMBER);
  // the role checked before validation: the full role, or just membership when the creator rule decides after load
  const gate = policy.creatorAllowed ? 5 : policy.min;
  switch (policy.scope) {
    case "user":
      return PASS;
    case "instanceAdmin":
      return who.instanceAdmin ? PASS : refuse(403, NOT_MEMBER);
    case "workspace":
      return who.wsRole! >= gate ? PASS : refuse(403, BELOW_ROLE);
    case "project":
      if (
        policy.workspaceAdmins &&
        who.wsRole! >= 20 &&
        (who.projectRole !== null || (policy.workspaceAdmins === "public" && projectIsPublic))
      )
        return PASS;
      if (who.projectRole === null)
        return policy.joinable && projectIsPublic ? refuse(409, JOINABLE) : refuse(403, NOT_MEMBER);
      return who.projectRole >= gate ? PASS : refuse(403, BELOW_ROLE);
  }
}

let t: TestServer;
let world: RoleWorld;
let routes: RegisteredRoute[];
/** Session cookies each caller must keep holding (a route may end a session; the world is then rebuilt). */
let jars: Map<CallerName, Map<string, string>>;
const zero = () => Object.fromEntries(CALLERS.map((n) => [n, 0])) as Record<CallerName, number>;
const exercised = zero();
const refusedWith = zero();
/** Refusals of `wsAdminPrivate` on project routes whose policy lets workspace admins in (public projects only). */
let privateAdminRefusals = 0;

function client(name: CallerName): Client {
  const { ws, wsAdminOnly } = world;
  return name === "wsAdminOnly" || name === "wsAdminPrivate" ? wsAdminOnly : ws[name];
}

/** Each signed-in caller's API key, for the public API v1's `apiKey` routes (no rate limit to speak of). */
let keys: Map<CallerName, string>;

async function freshWorld() {
  world = await roleWorld(t, { privateProject: true });
  jars = new Map(CALLERS.map((n) => [n, new Map(client(n).cookies)]));
  keys = new Map();
  for (const n of CALLERS.filter((c) => WHO[c].signedIn)) {
    const key = `plane_api_${crypto.randomBytes(16).toString("hex")}`;
    await t.db.db
      .insert(schema.apiTokens)
      .values({ tokenHash: hashToken(key), userId: client(n).userId, allowedRateLimit: "1000000/min" });
    keys.set(n, key);
  }
}

/**
 * Routes act for real (an admin may delete the workspace, a member leave it, anyone sign out), so after any
 * call that may have changed something, check the world still holds every caller in their role; else rebuild it.
 */
async function worldIntact(): Promise<boolean> {
  for (const n of CALLERS) {
    const jar = client(n).cookies;
    for (const [k, v] of jars.get(n)!) if (jar.get(k) !== v) return false;
  }
  const db = t.db.db;
  const signedIn = CALLERS.filter((n) => WHO[n].signedIn);
  const userIds = signedIn.map((n) => client(n).userId);
  const tokens = signedIn.flatMap((n) => [...jars.get(n)!.values()].map(hashToken));
  const sessions = await db
    .select({ id: schema.sessions.id })
    .from(schema.sessions)
    .where(inArray(schema.sessions.id, tokens));
  if (sessions.length !== tokens.length) return false;
  const active = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(inArray(schema.users.id, userIds), eq(schema.users.isActive, true)));
  if (active.length !== userIds.length) return false;
  const projects = await db
    .select()
    .from(schema.projects)
    .where(
      and(
        inArray(schema.projects.id, [world.project.id, world.privateProject!.id]),
        isNull(schema.projects.archivedAt),
      ),
    );
  if (
    projects.find((p) => p.id === world.project.id)?.network !== 2 ||
    projects.find((p) => p.id === world.privateProject!.id)?.network !== 0
  )
    return false;
  const wsRoles = await db
    .select()
    .from(schema.workspaceMembers)
    .where(and(eq(schema.workspaceMembers.workspaceId, world.ws.id), eq(schema.workspaceMembers.isActive, true)));
  const prRoles = await db
    .select()
    .from(schema.projectMembers)
    .where(
      and(
        inArray(schema.projectMembers.projectId, [world.project.id, world.privateProject!.id]),
        eq(schema.projectMembers.isActive, true),
      ),
    );
  const admins = await db
    .select()
    .from(schema.instanceAdmins)
    .where(eq(schema.instanceAdmins.userId, world.ws.admin.userId));
  if (!admins.length) return false;
  for (const n of signedIn) {
    const id = client(n).userId;
    if ((wsRoles.find((m) => m.memberId === id)?.role ?? null) !== WHO[n].wsRole) return false;
    for (const projectId of [world.project.id, world.privateProject!.id]) {
      if ((prRoles.find((m) => m.memberId === id && m.projectId === projectId)?.role ?? null) !== WHO[n].projectRole)
        return false;
    }
  }
  return true;
}

/** Browser-style: the CSRF cookie and header are sent, so form endpoints judge the caller, not a missing token. */
const CSRF = "guard" + "x".repeat(40);

async function call(name: CallerName, r: RegisteredRoute): Promise<Res> {
  const body = r.method === "GET" || r.method === "DELETE" ? undefined : {};
  const c = client(name);
  c.setCookie("csrftoken", CSRF);
  const key = r.auth === "apiKey" ? keys.get(name) : undefined;
  const override: Record<string, string> = WHO[name].privateProject ? { projectId: world.privateProject!.id } : {};
  return c.request(r.method, concretePath(r.url, world, override), body, {
    "x-csrftoken": CSRF,
    ...(key ? { "x-api-key": key } : {}),
  });
}

beforeAll(async () => {
  t = await startTestServer();
  await freshWorld();
  routes = everyRoute();
});
afterAll(async () => {
  await t?.close();
});

describe("every registered route answers every kind of caller as its declared policy says", () => {
  it("registers a meaningful number of routes, each with a policy unless anonymous by design", () => {
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes
      .filter((r) => (r.auth === "session" || r.auth === "admin") && !r.policy)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  for (const name of CALLERS) {
    it(`as ${name}`, async () => {
      const failures: string[] = [];
      for (const r of routes) {
        const want = expected(r, WHO[name]);
        if (name === "wsAdminPrivate" && !want.pass && r.policy?.workspaceAdmins) privateAdminRefusals++;
        const res = await call(name, r);
        exercised[name]++;
        const got = `${res.status} ${res.text.slice(0, 100)}`;
        if (res.status >= 500) failures.push(`${r.method} ${r.url} → ${got} (a 5xx)`);
        else if (want.pass && !want.own && (res.status === 401 || res.status === 403))
          failures.push(`${r.method} ${r.url} → ${got} (policy ${r.policy?.name} lets ${name} through)`);
        else if (!want.pass) {
          refusedWith[name]++;
          if (res.status !== want.status || JSON.stringify(res.body) !== JSON.stringify(want.body)) {
            failures.push(
              `${r.method} ${r.url} → ${got} (want ${want.status} ${JSON.stringify(want.body)} for ${name}, policy ${r.policy?.name})`,
            );
          }
        }
        const mayHaveActed = r.method !== "GET" && res.status < 400;
        if ((mayHaveActed || r.auth === "none" || r.auth === "optional") && !(await worldIntact())) await freshWorld();
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }

  it("exercised each of the callers on more than 150 routes, with refusals where the policies say so", () => {
    for (const name of CALLERS) expect(exercised[name], name).toBeGreaterThan(150);
    // anonymous callers are refused on (nearly) everything, outsiders on every scoped route, guests on writes
    expect(refusedWith.anon).toBeGreaterThan(150);
    expect(refusedWith.outsider).toBeGreaterThan(150);
    expect(refusedWith.guest).toBeGreaterThan(50);
    expect(refusedWith.member).toBeGreaterThan(10);
    expect(refusedWith.admin).toBe(0);
    // a workspace admin outside a private project is refused the project's administration too (issue #24)
    expect(refusedWith.wsAdminPrivate).toBeGreaterThan(refusedWith.wsAdminOnly);
    expect(privateAdminRefusals).toBeGreaterThan(20);
  });
});
