import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq, inArray, ne, sql as dsql } from "drizzle-orm";
import type { AppContext } from "../../core/context.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { UserRow } from "../../http/route.ts";
import { startSession, hashToken } from "../../http/session.ts";
import { verifyPassword } from "../../core/password.ts";
import { accountLimits, admitAttempt, clientAddress, countWindowHit, forgetFailures } from "../../core/rate-limit.ts";
import { fail, AUTH_ERROR } from "./flow.ts";

const {
  users,
  profiles,
  userNotificationPreferences,
  workspaceInvitations,
  workspaceMembers,
  magicCodes,
  passwordResetTokens,
  sessions,
} = schema;

export const MAGIC_CODE_TTL_SECONDS = 600;
/** One code plus at most three regenerations inside the code's validity (wire-facts §1). */
export const MAGIC_CODE_MAX_REGENERATIONS = 3;
/** Wrong codes accepted per generated code before it is burned. */
export const MAGIC_CODE_MAX_FAILED_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_SECONDS = 24 * 3600;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u ?? null;
}

/** True when a workspace invitation (answered or not) exists for the email. */
export async function hasInvitation(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.email, email))
    .limit(1);
  return !!row;
}

/** Sign-up is open, or the email was invited to a workspace. */
export async function signupAllowed(db: DbOrTx, cfg: Record<string, string>, email: string): Promise<boolean> {
  return cfg.ENABLE_SIGNUP !== "0" || (await hasInvitation(db, email));
}

/**
 * A deactivated account signs in again only when a workspace invited its email since (the deactivation
 * removed its pending invitations); otherwise 5019 USER_ACCOUNT_DEACTIVATED. A bot (an agent's) never signs in.
 */
export async function assertCanReactivate(db: DbOrTx, user: UserRow): Promise<void> {
  if (user.isBot) throw fail(AUTH_ERROR.AUTHENTICATION_FAILED);
  if (user.isActive) return;
  if (!(await hasInvitation(db, user.email))) throw fail(AUTH_ERROR.USER_ACCOUNT_DEACTIVATED, { email: user.email });
}

/** Create a user with its Profile and notification preferences. display_name = email local part. */
export async function createUser(
  tx: DbOrTx,
  input: {
    email: string;
    passwordHash: string | null;
    isPasswordAutoset: boolean;
    isEmailVerified?: boolean;
    firstName?: string;
    lastName?: string;
    medium?: string;
    companyName?: string;
  },
): Promise<UserRow> {
  const [u] = await tx
    .insert(users)
    .values({
      email: input.email,
      username: crypto.randomUUID().replace(/-/g, ""),
      displayName: input.email.split("@")[0] || input.email,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      password: input.passwordHash,
      isPasswordAutoset: input.isPasswordAutoset,
      isEmailVerified: input.isEmailVerified ?? false,
      lastLoginMedium: input.medium ?? "email",
    })
    .returning();
  await tx
    .insert(profiles)
    .values({ userId: u.id, companyName: input.companyName ?? "" })
    .onConflictDoNothing();
  await tx.insert(userNotificationPreferences).values({ userId: u.id }).onConflictDoNothing();
  return u;
}

/**
 * The user's accepted workspace invitations become memberships with the invited role (an inactive
 * earlier membership is reactivated; an active one keeps its role); those invitations are deleted.
 */
export async function convertAcceptedInvitations(tx: DbOrTx, user: UserRow): Promise<number> {
  const invites = await tx
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, user.email), eq(workspaceInvitations.accepted, true)));
  if (invites.length === 0) return 0;
  await tx
    .insert(workspaceMembers)
    .values(
      invites.map((i) => ({
        workspaceId: i.workspaceId,
        memberId: user.id,
        role: i.role,
        createdById: i.createdById,
        updatedById: i.createdById,
      })),
    )
    .onConflictDoUpdate({
      target: [workspaceMembers.workspaceId, workspaceMembers.memberId],
      set: {
        role: dsql`CASE WHEN ${workspaceMembers.isActive} THEN ${workspaceMembers.role} ELSE excluded.role END`,
        isActive: true,
        updatedAt: new Date(),
      },
    });
  await tx.delete(workspaceInvitations).where(
    inArray(
      workspaceInvitations.id,
      invites.map((i) => i.id),
    ),
  );
  return invites.length;
}

/**
 * Finish a successful authentication: record the login (medium, time, IP), reactivate the account when
 * allowed, make sure a Profile exists, turn accepted invitations into memberships, start the session.
 */
export async function completeLogin(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  medium: string,
  tx?: DbOrTx,
): Promise<UserRow> {
  // bots (agents, integrations) never get a session, whichever way they got here
  if (user.isBot) throw fail(AUTH_ERROR.AUTHENTICATION_FAILED);
  const run = async (db: DbOrTx) => {
    const [updated] = await db
      .update(users)
      .set({
        lastLoginMedium: medium,
        lastLoginTime: new Date(),
        lastLoginIp: req.ip,
        isActive: true,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
    await convertAcceptedInvitations(db, updated);
    // A previous session in this browser ends: the cookie now names the new one.
    const previous = req.cookies?.[app.config.sessionCookieName];
    if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
    await startSession(app, reply, req, updated.id, "app", db);
    return updated;
  };
  return tx ? run(tx) : app.db.transaction(run);
}

/**
 * Sign up `email` and log the new user in, in one transaction. Concurrent sign-ups of one email queue on
 * an advisory lock; the later one sees the user and fails with 5030.
 */
export async function signUpAndLogin(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: Parameters<typeof createUser>[1] & { medium: string },
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.execute(dsql`SELECT pg_advisory_xact_lock(hashtext(${"signup:" + input.email}))`);
    if (await findUserByEmail(tx, input.email)) throw fail(AUTH_ERROR.USER_ALREADY_EXIST, { email: input.email });
    const user = await createUser(tx, input);
    await completeLogin(app, req, reply, user, input.medium, tx);
  });
}

/** Store a new password hash of the user's own choosing (no longer autoset); returns the updated row. */
export async function setPassword(db: DbOrTx, userId: string, hash: string): Promise<UserRow> {
  const [u] = await db
    .update(users)
    .set({ password: hash, isPasswordAutoset: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return u;
}

/** End every app session of the user except the given one (after a password change or reset). */
export async function endOtherSessions(db: DbOrTx, userId: string, keepSessionId: string | null): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

// ---- secrets checked under the per-account limits (core/rate-limit.ts) ----

/** A throttled attempt: the seconds until its source may try again. */
export interface Throttled {
  retryAfter: number;
}

export type PasswordCheck = "ok" | "wrong" | Throttled;

/** The caller's address is the account's last sign-in address: the per-account wide rule leaves it alone. */
const knownAddress = (req: FastifyRequest, user: Pick<UserRow, "lastLoginIp"> | null | undefined) =>
  !!user?.lastLoginIp && user.lastLoginIp === clientAddress(req);

/**
 * Check `password` against the account's hash under the per-account password limit (keyed by the account's
 * normalised email and the caller's address, shared by app sign-in, god-mode sign-in and change-password): the
 * attempt is counted before the check, a match forgets the address's failures, and while the address is slowed
 * down the password is not checked at all.
 */
export async function checkAccountPassword(
  app: AppContext,
  req: FastifyRequest,
  user: UserRow,
  password: string,
): Promise<PasswordCheck> {
  const limit = accountLimits(app.config).password;
  const admitted = await admitAttempt(app.db, limit, user.email, clientAddress(req), knownAddress(req, user));
  if (!admitted.ok) return { retryAfter: admitted.retryAfter };
  if (!(await verifyPassword(password, user.password))) return "wrong";
  await forgetFailures(app.db, limit, user.email, clientAddress(req));
  return "ok";
}

/**
 * Count a mail about to be sent to `email` (sign-in code, reset link) from the caller's address; refused (with the
 * seconds to wait) when that address asked for enough this hour, or every address together did.
 */
export async function allowMailTo(
  app: AppContext,
  req: FastifyRequest,
  email: string,
  user: UserRow | null,
): Promise<true | Throttled> {
  const admitted = await admitAttempt(
    app.db,
    accountLimits(app.config).mail,
    email,
    clientAddress(req),
    knownAddress(req, user),
  );
  return admitted.ok ? true : { retryAfter: admitted.retryAfter };
}

// ---- magic codes ----

function codeHash(app: AppContext, email: string, code: string): string {
  return crypto.createHmac("sha256", app.secretKey).update(`magic:${email}:${code}`).digest("hex");
}

export function newMagicCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

const regenKey = (email: string, source: string) =>
  crypto.createHash("sha256").update(`${email}\n${source}`).digest("base64url");

export type MagicGenerateResult = { ok: true; code: string } | { ok: false; exhausted: true };

/**
 * Issue a code for the email, counting regenerations inside the live window per caller address (another address
 * asking for codes does not use up the owner's). Call inside a transaction.
 */
export async function issueMagicCode(
  app: AppContext,
  tx: DbOrTx,
  email: string,
  source: string,
): Promise<MagicGenerateResult> {
  await tx.execute(dsql`SELECT pg_advisory_xact_lock(hashtext(${"magic:" + email}))`);
  const [row] = await tx.select().from(magicCodes).where(eq(magicCodes.email, email)).limit(1);
  const now = Date.now();
  const code = newMagicCode();
  const expiresAt = new Date(now + MAGIC_CODE_TTL_SECONDS * 1000);
  const live = !!row && row.expiresAt.getTime() > now;
  // this address's codes for the live code's lifetime (a new code starts a new count)
  const asked = await countWindowHit(
    tx,
    `magic-gen:${regenKey(email, source)}:${live ? row!.createdAt.getTime() : now}`,
    MAGIC_CODE_TTL_SECONDS,
  );
  if (row && live) {
    if (asked.count > MAGIC_CODE_MAX_REGENERATIONS + 1) return { ok: false, exhausted: true };
    await tx
      .update(magicCodes)
      .set({ codeHash: codeHash(app, email, code), generations: row.generations + 1, failedAttempts: 0, expiresAt })
      .where(eq(magicCodes.email, email));
  } else {
    await tx
      .insert(magicCodes)
      .values({
        email,
        codeHash: codeHash(app, email, code),
        generations: 1,
        failedAttempts: 0,
        expiresAt,
        createdAt: new Date(now),
      })
      .onConflictDoUpdate({
        target: magicCodes.email,
        set: {
          codeHash: codeHash(app, email, code),
          generations: 1,
          failedAttempts: 0,
          expiresAt,
          createdAt: new Date(now),
        },
      });
  }
  return { ok: true, code };
}

export type MagicCheck = "ok" | "expired" | "invalid" | "exhausted" | Throttled;

/**
 * Check a submitted code (magic sign-in and sign-up both come here). A match consumes it; a miss counts
 * against the code's own attempt limit (burned after five) and against the email's per-account limit from the
 * caller's address, which slows the guesses across regenerated codes down. Only real comparisons count: no code, an expired or a burned
 * one answer without touching either counter. The code row is locked, so parallel guesses queue.
 */
export async function checkMagicCode(
  app: AppContext,
  req: FastifyRequest,
  email: string,
  code: string,
  user: UserRow | null,
): Promise<MagicCheck> {
  const limit = accountLimits(app.config).magicCode;
  const source = clientAddress(req);
  return app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(magicCodes).where(eq(magicCodes.email, email)).for("update").limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now()) return "expired";
    if (row.failedAttempts >= MAGIC_CODE_MAX_FAILED_ATTEMPTS) return "exhausted";
    const admitted = await admitAttempt(tx, limit, email, source, knownAddress(req, user));
    if (!admitted.ok) return { retryAfter: admitted.retryAfter };
    const expected = Buffer.from(row.codeHash);
    const actual = Buffer.from(codeHash(app, email, code.trim()));
    if (expected.length === actual.length && crypto.timingSafeEqual(expected, actual)) {
      await tx.delete(magicCodes).where(eq(magicCodes.email, email));
      await forgetFailures(tx, limit, email, source);
      return "ok";
    }
    const [u] = await tx
      .update(magicCodes)
      .set({ failedAttempts: row.failedAttempts + 1 })
      .where(eq(magicCodes.email, email))
      .returning({ failedAttempts: magicCodes.failedAttempts });
    return u.failedAttempts >= MAGIC_CODE_MAX_FAILED_ATTEMPTS ? "exhausted" : "invalid";
  });
}

// ---- password reset tokens ----

export const encodeUid = (userId: string): string => Buffer.from(userId, "utf8").toString("base64url");
export function decodeUid(uidb64: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,100}={0,2}$/.test(uidb64)) return null;
  const id = Buffer.from(uidb64.replace(/=+$/, ""), "base64url").toString("utf8");
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
}

/** A one-time reset token for the user (only its SHA-256 is stored). */
export async function createResetToken(tx: DbOrTx, userId: string): Promise<{ uidb64: string; token: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000) });
  return { uidb64: encodeUid(userId), token };
}

export type ResetTokenCheck =
  { ok: true; user: UserRow; tokenId: string } | { ok: false; code: number; retryAfter?: number };

/**
 * Check a reset link's token. Checks of one account's tokens count against its per-account limit (keyed by the
 * user id the link names and the caller's address); a valid token forgets the address's count.
 */
export async function checkResetToken(
  app: AppContext,
  req: FastifyRequest,
  uidb64: string,
  token: string,
): Promise<ResetTokenCheck> {
  const userId = decodeUid(uidb64);
  if (!userId || !token || token.length > 200) return { ok: false, code: AUTH_ERROR.INVALID_PASSWORD_TOKEN };
  const limit = accountLimits(app.config).resetToken;
  const admitted = await admitAttempt(app.db, limit, userId, clientAddress(req));
  if (!admitted.ok) return { ok: false, code: AUTH_ERROR.RATE_LIMIT_EXCEEDED, retryAfter: admitted.retryAfter };
  const [row] = await app.db
    .select({ t: passwordResetTokens, u: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), eq(passwordResetTokens.userId, userId)))
    .limit(1);
  if (!row || row.t.usedAt) return { ok: false, code: AUTH_ERROR.INVALID_PASSWORD_TOKEN };
  if (row.t.expiresAt.getTime() <= Date.now()) return { ok: false, code: AUTH_ERROR.EXPIRED_PASSWORD_TOKEN };
  await forgetFailures(app.db, limit, userId, clientAddress(req));
  return { ok: true, user: row.u, tokenId: row.t.id };
}
