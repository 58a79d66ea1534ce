import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../core/context.ts";
import { schema, type Db, type DbOrTx } from "../db/client.ts";
import { pageLoad } from "./page-loads.ts";

/** A users row (route.ts's UserRow, named here so that session.ts needs nothing of route.ts). */
type UserRow = typeof schema.users.$inferSelect;

export type AuthKind = "session" | "admin";
export interface SessionUser {
  user: UserRow;
  sessionId: string;
  isInstanceAdmin: () => Promise<boolean>;
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function cookieName(app: AppContext, kind: "app" | "admin"): string {
  return kind === "admin" ? app.config.adminSessionCookieName : app.config.sessionCookieName;
}

/** The stored id of the request's session cookie of `kind` (its token's hash), or null without one. */
export function sessionIdOf(app: AppContext, req: FastifyRequest, kind: "app" | "admin"): string | null {
  const token = req.cookies?.[cookieName(app, kind)];
  return token ? hashToken(token) : null;
}

/** A live session: placeholders `id`, `kind` and `now` (shared by every prepared statement that reads a session). */
export const liveSession = () =>
  and(
    eq(schema.sessions.id, sql.placeholder("id")),
    eq(schema.sessions.kind, sql.placeholder("kind")),
    gt(schema.sessions.expiresAt, sql.placeholder("now")),
  );

/** How stale a session's `last_seen_at` may get before a request writes it again. */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Keep the session's last use (the sessions list of the security settings) to within SESSION_SEEN_EVERY_MS: a
 * request whose session was last seen longer ago writes the time (one small update every few minutes per session).
 */
export async function noteSessionSeen(
  app: AppContext,
  sessionId: string,
  lastSeenAt: Date,
  now = new Date(),
): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < SESSION_SEEN_EVERY_MS) return;
  await app.db.update(schema.sessions).set({ lastSeenAt: now }).where(eq(schema.sessions.id, sessionId));
}

/** The caller of a session whose user row was read; an inactive user, or a bot (an agent's), has no session. */
export function sessionCaller(app: AppContext, sessionId: string, user: UserRow): SessionUser | null {
  if (!user.isActive || user.isBot) return null;
  return { user, sessionId, isInstanceAdmin: () => isInstanceAdmin(app.db, user.id) };
}

/** The session lookup every authenticated request makes: built once per database, a prepared statement. */
function prepareSessionQuery(db: Db) {
  return db
    .select({ user: schema.users, lastSeenAt: schema.sessions.lastSeenAt })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(liveSession())
    .limit(1)
    .prepare("stride_session");
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function sessionQuery(db: Db) {
  let q = sessionQueries.get(db);
  if (!q) sessionQueries.set(db, (q = prepareSessionQuery(db)));
  return q;
}

/** Resolve the caller from the session cookie of the given kind. Inactive users have no session. */
export async function resolveSession(
  app: AppContext,
  req: FastifyRequest,
  kind: "app" | "admin",
): Promise<SessionUser | null> {
  const id = sessionIdOf(app, req, kind);
  if (!id) return null;
  // once per page when the server runs a page's requests itself (core/page-loads.ts)
  return pageLoad(`session:${kind}:${id}`, async () => {
    const now = new Date();
    const [row] = await sessionQuery(app.db).execute({ id, kind, now: now.toISOString() });
    const caller = row ? sessionCaller(app, id, row.user) : null;
    if (caller) await noteSessionSeen(app, id, row!.lastSeenAt, now);
    return caller;
  });
}

export async function isInstanceAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: schema.instanceAdmins.role })
    .from(schema.instanceAdmins)
    .where(eq(schema.instanceAdmins.userId, userId))
    .limit(1);
  return !!rows[0] && rows[0].role >= 15;
}

/** Create a session row and set its cookie (HttpOnly, SameSite Lax, Path /). */
export async function startSession(
  app: AppContext,
  reply: FastifyReply,
  req: FastifyRequest,
  userId: string,
  kind: "app" | "admin",
  db: DbOrTx = app.db,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const maxAge = kind === "admin" ? app.config.adminSessionMaxAge : app.config.sessionMaxAge;
  await db.insert(schema.sessions).values({
    id: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + maxAge * 1000),
    userAgent: req.headers["user-agent"] ?? null,
    ipAddress: req.ip,
  });
  reply.setCookie(cookieName(app, kind), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge,
    secure: app.config.cookieSecure,
    domain: app.config.cookieDomain,
  });
  return token;
}

export async function endSession(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: "app" | "admin",
): Promise<void> {
  const name = cookieName(app, kind);
  const token = req.cookies?.[name];
  if (token) await app.db.delete(schema.sessions).where(eq(schema.sessions.id, hashToken(token)));
  reply.clearCookie(name, { path: "/", domain: app.config.cookieDomain });
}
