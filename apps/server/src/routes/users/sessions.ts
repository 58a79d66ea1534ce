import { userEndpoints as U } from "@stride/shared/endpoints";
import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { describeUserAgent } from "@stride/shared";
import type { UserSession } from "@stride/shared/contract";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { iso } from "../../http/present.ts";
import { schema, type DbOrTx } from "../../db/client.ts";

const { sessions } = schema;
type SessionRow = typeof sessions.$inferSelect;

/**
 * A session's id in the API: derived from its stored id (itself the hash of the cookie's token), so that neither
 * the token nor the stored id ever leaves the server.
 */
export const publicSessionId = (storedId: string) =>
  crypto.createHash("sha256").update(`stride-session:${storedId}`).digest("hex").slice(0, 32);

/** The caller's live app sessions (god-mode sessions are the instance admin's own), last used first. */
async function liveSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, "app"), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

function presentSession(s: SessionRow, currentId: string | null): UserSession {
  return {
    id: publicSessionId(s.id),
    device: describeUserAgent(s.userAgent),
    user_agent: s.userAgent,
    ip_address: s.ipAddress,
    created_at: iso(s.createdAt),
    last_seen_at: iso(s.lastSeenAt),
    expires_at: iso(s.expiresAt),
    is_current: s.id === currentId,
  };
}

/** Any text: an id that is not one of the caller's sessions is simply not found (after the body is checked, as elsewhere). */
const sessionParams = z.object({ sessionId: z.string().max(64) });

/**
 * Stride: the caller's signed-in sessions (the security settings): list them (device, where from, last used, this
 * one), sign one other out, or all the others. This session ends by signing out (`/auth/sign-out/`).
 */
export const userSessionRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: U.sessions,
    policy: POLICIES.user.any,
    handler: async ({ user, sessionId }) =>
      (await liveSessions(app.db, user.id)).map((s) => presentSession(s, sessionId)),
  });

  route(fastify, app, {
    endpoint: U.endSession,
    params: sessionParams,
    policy: POLICIES.user.any,
    status: 204,
    load: async ({ user, params }) => {
      const found = (await liveSessions(app.db, user.id)).find((s) => publicSessionId(s.id) === params.sessionId);
      if (!found) throw errors.notFound();
      return found;
    },
    handler: async ({ loaded, sessionId }) => {
      if (loaded.id === sessionId) throw errors.badRequest("This is the session you are using: sign out to end it.");
      await app.db.delete(sessions).where(eq(sessions.id, loaded.id));
    },
  });

  route(fastify, app, {
    endpoint: U.endOtherSessions,
    policy: POLICIES.user.any,
    status: 204,
    handler: async ({ user, sessionId }) => {
      const others = (await liveSessions(app.db, user.id)).filter((s) => s.id !== sessionId).map((s) => s.id);
      if (others.length)
        await app.db
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), inArray(sessions.id, others), ne(sessions.id, sessionId ?? "")));
    },
  });
};
