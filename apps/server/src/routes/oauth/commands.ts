import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { and, eq, sql as dsql } from "drizzle-orm";
import type { OAuthProviderKey } from "@stride/shared";
import type { AppContext } from "../../core/context.ts";
import type { UserRow } from "../../http/route.ts";
import { seal } from "../../core/crypto-box.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { AUTH_ERROR, fail, isValidEmail, normalizeEmail } from "../auth/flow.ts";
import { assertCanReactivate, completeLogin, createUser, findUserByEmail, signupAllowed } from "../auth/commands.ts";
import type { ProviderIdentity, ProviderTokens } from "./providers.ts";

const { accounts, users } = schema;

/** Does the provider's `ENABLE_<P>_SYNC` ask for the profile to follow the provider on each sign-in? */
const syncKey = (p: OAuthProviderKey) => `ENABLE_${p.toUpperCase()}_SYNC`;

const expiry = (seconds: number | null) => (seconds ? new Date(Date.now() + seconds * 1000) : null);

/** Insert or refresh the provider account row of `user` (wire-facts-2 §3 step 6); tokens are sealed. */
async function upsertAccount(
  app: AppContext,
  tx: DbOrTx,
  user: UserRow,
  provider: OAuthProviderKey,
  identity: ProviderIdentity,
  tokens: ProviderTokens,
) {
  const sealed = (v: string) => seal(app.secretKey, "oauth-account", v);
  const now = new Date();
  const values = {
    accessToken: sealed(tokens.accessToken),
    refreshToken: sealed(tokens.refreshToken),
    idToken: sealed(tokens.idToken),
    accessTokenExpiredAt: expiry(tokens.expiresIn),
    refreshTokenExpiredAt: expiry(tokens.refreshExpiresIn),
    lastConnectedAt: now,
    metadata: { email: identity.email },
    updatedAt: now,
  };
  await tx
    .insert(accounts)
    .values({ userId: user.id, provider, providerAccountId: identity.id, ...values })
    .onConflictDoUpdate({ target: [accounts.provider, accounts.providerAccountId], set: values });
}

/**
 * Sign in the person a provider vouched for (wire-facts-2 §3 callback steps 2–8), in one transaction:
 * - an account already linked to this provider account signs in its user;
 * - otherwise the email must be one the provider verified (5119): it then links to the user with that email, or
 *   creates one when sign-up is open or the email was invited (5015 otherwise);
 * - `ENABLE_<P>_SYNC` re-syncs names and avatar of existing users; the login is recorded with the provider as
 *   medium, accepted invitations become memberships, and the session starts.
 */
export async function signInWithProvider(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: OAuthProviderKey,
  cfg: Record<string, string>,
  identity: ProviderIdentity,
  tokens: ProviderTokens,
): Promise<void> {
  if (!identity.id) throw fail(AUTH_ERROR.AUTHENTICATION_FAILED);
  const email = normalizeEmail(identity.email);
  await app.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ u: users })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, identity.id)))
      .limit(1);
    let user: UserRow | null = linked?.u ?? null;
    let created = false;
    if (!user) {
      if (!isValidEmail(email)) throw fail(AUTH_ERROR.INVALID_EMAIL);
      if (!identity.emailVerified) throw fail(AUTH_ERROR.OAUTH_EMAIL_NOT_VERIFIED, { email });
      // Two first sign-ins of one email queue here; the later one links to the user the first created.
      await tx.execute(dsql`SELECT pg_advisory_xact_lock(hashtext(${"signup:" + email}))`);
      user = await findUserByEmail(tx, email);
      if (!user) {
        if (!(await signupAllowed(tx, cfg, email))) throw fail(AUTH_ERROR.SIGNUP_DISABLED, { email });
        user = await createUser(tx, {
          email,
          passwordHash: null,
          isPasswordAutoset: true,
          isEmailVerified: true,
          firstName: identity.firstName,
          lastName: identity.lastName,
          medium: provider,
        });
        created = true;
      }
    }
    // Bot users (agents, integrations) never sign in interactively.
    if (user.isBot) throw fail(AUTH_ERROR.AUTHENTICATION_FAILED);
    await assertCanReactivate(tx, user);
    const profile: Partial<typeof users.$inferInsert> = {};
    if (created || cfg[syncKey(provider)] === "1") {
      if (identity.avatar) profile.avatar = identity.avatar;
      if (!created) Object.assign(profile, { firstName: identity.firstName, lastName: identity.lastName });
    }
    // Linking by a verified email proves the address, whichever way the account was made.
    if (!user.isEmailVerified && identity.emailVerified && normalizeEmail(user.email) === email)
      profile.isEmailVerified = true;
    if (Object.keys(profile).length) {
      [user] = await tx
        .update(users)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }
    await upsertAccount(app, tx, user, provider, identity, tokens);
    await completeLogin(app, req, reply, user, provider, tx);
  });
}

/** Fresh secrets of one flow: the 32-hex state (Plane's shape), a nonce and a PKCE verifier. */
export function newFlowSecrets() {
  return {
    state: crypto.randomBytes(16).toString("hex"),
    nonce: crypto.randomBytes(16).toString("base64url"),
    verifier: crypto.randomBytes(32).toString("base64url"),
  };
}
