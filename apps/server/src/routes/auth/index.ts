import { z } from "zod";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { checkPasswordStrength } from "@stride/shared";
import { authEndpoints as A, type ResponseOf } from "@stride/shared/endpoints";
import { route, type RouteModule, type UserRow } from "../../http/route.ts";
import { formRoute } from "../../http/form-route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { assertCsrf, issueCsrfToken } from "../../http/csrf.ts";
import { clientAddress, hitRateLimit } from "../../core/rate-limit.ts";
import { hashPassword } from "../../core/password.ts";
import { instanceConfig, isOn } from "../../core/instance-config.ts";
import { enqueueMail, isSmtpConfigured } from "../../core/mail.ts";
import { endSession } from "../../http/session.ts";
import { schema } from "../../db/client.ts";
import {
  AUTH_ERROR,
  AuthFlowError,
  type AuthFormEndpoint,
  appBase,
  authForm,
  configuredInstance,
  errorUrl,
  fail,
  field,
  formBody,
  formFlow,
  isValidEmail,
  jsonFail,
  normalizeEmail,
  redirect,
  successUrl,
  throttled,
} from "./flow.ts";
import {
  allowMailTo,
  assertCanReactivate,
  checkAccountPassword,
  checkMagicCode,
  checkResetToken,
  completeLogin,
  createResetToken,
  endOtherSessions,
  findUserByEmail,
  issueMagicCode,
  setPassword,
  signUpAndLogin,
  signupAllowed,
} from "./commands.ts";
import { magicCodeMail, resetPasswordMail } from "./mails.ts";
import { presentUser as presentUserFull } from "../users/presenters.ts";

const E = AUTH_ERROR;

/** The normalized `email` of a JSON endpoint's body: 5000-family errors when missing (5005) or invalid (5012). */
function jsonEmail(body: unknown): string {
  const raw = field(body, "email");
  if (!raw.trim()) throw jsonFail(E.EMAIL_REQUIRED);
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw jsonFail(E.INVALID_EMAIL, { email });
  return email;
}

/**
 * The normalized `email` of a browser form, which must come with a non-empty `secret` (password or code):
 * `requiredCode` when either is missing, `invalidCode` when the email is not an address.
 */
function formEmail(body: unknown, secret: string, requiredCode: number, invalidCode: number): string {
  const raw = field(body, "email");
  if (!raw.trim() || !secret) throw fail(requiredCode, raw ? { email: raw } : {});
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw fail(invalidCode, { email });
  return email;
}

export const authRoutes: RouteModule = (fastify, app) => {
  /** A deactivated user may come back only when invited; otherwise the JSON error carries the email. */
  const reactivateOrJsonFail = async (user: UserRow, email: string) => {
    try {
      await assertCanReactivate(app.db, user);
    } catch (e) {
      if (e instanceof AuthFlowError) throw jsonFail(e.code, { email });
      throw e;
    }
  };

  /** The checks every browser form makes first: its rate limit, then a configured instance. */
  const formGate = async (req: FastifyRequest, rateKey: string) => {
    if (!(await hitRateLimit(app, rateKey, req))) throw fail(E.RATE_LIMIT_EXCEEDED);
    if (!(await configuredInstance(app))) throw fail(E.INSTANCE_NOT_CONFIGURED);
  };

  /**
   * A browser sign-in / sign-up form: CSRF, then `run` (after the form gate) answers the URL to land on;
   * failures land on the error page with `next_path` kept (see formFlow).
   */
  const signInForm = (
    form: AuthFormEndpoint,
    rateKey: string,
    run: (f: {
      req: FastifyRequest;
      reply: FastifyReply;
      body: Record<string, unknown>;
      base: string;
      nextPath: string;
    }) => Promise<string>,
    genericCode?: number,
  ) =>
    authForm(fastify, app, form, {
      errorTarget: (req, body, e) => errorUrl(appBase(app, req), e.code, field(body, "next_path"), e.extra),
      run: async ({ req, reply, body }) => {
        await formGate(req, rateKey);
        return run({ req, reply, body, base: appBase(app, req), nextPath: field(body, "next_path") });
      },
      genericCode,
    });

  route(fastify, app, {
    endpoint: A.csrfToken,
    auth: "none",
    policy: null,
    handler: async ({ req, reply }) => ({ csrf_token: issueCsrfToken(app, req, reply) }),
  });

  // ---- JSON endpoints ----

  route(fastify, app, {
    endpoint: A.emailCheck,
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, body }): Promise<ResponseOf<typeof A.emailCheck>> => {
      if (!(await hitRateLimit(app, "auth-email-check", req))) throw errors.rateLimited();
      if (!(await configuredInstance(app))) throw jsonFail(E.INSTANCE_NOT_CONFIGURED);
      const email = jsonEmail(body);
      const cfg = await instanceConfig(app);
      const magic = isSmtpConfigured(cfg) && isOn(cfg.ENABLE_MAGIC_LINK_LOGIN);
      const user = await findUserByEmail(app.db, email);
      if (user) {
        await reactivateOrJsonFail(user, email);
        return { existing: true, status: user.isPasswordAutoset && magic ? "MAGIC_CODE" : "CREDENTIAL" };
      }
      // a new address learns at once that it cannot sign up, before it chooses a password or waits for a code
      if (!(await signupAllowed(app.db, cfg, email))) throw jsonFail(E.SIGNUP_DISABLED, { email });
      return { existing: false, status: magic ? "MAGIC_CODE" : "CREDENTIAL" };
    },
  });

  route(fastify, app, {
    endpoint: A.magicGenerate,
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, body }) => {
      if (!(await hitRateLimit(app, "auth-magic-generate", req))) throw errors.rateLimited();
      if (!(await configuredInstance(app))) throw jsonFail(E.INSTANCE_NOT_CONFIGURED);
      const email = jsonEmail(body);
      const cfg = await instanceConfig(app);
      if (!isSmtpConfigured(cfg)) throw jsonFail(E.SMTP_NOT_CONFIGURED);
      if (!isOn(cfg.ENABLE_MAGIC_LINK_LOGIN)) throw jsonFail(E.MAGIC_LINK_LOGIN_DISABLED);
      const user = await findUserByEmail(app.db, email);
      if (user && (!user.isActive || user.isBot)) await reactivateOrJsonFail(user, email);
      // no code is mailed to an address that could not sign up with it
      if (!user && !(await signupAllowed(app.db, cfg, email))) throw jsonFail(E.SIGNUP_DISABLED, { email });
      const mail = await allowMailTo(app, req, email, user);
      if (mail !== true) throw errors.rateLimited(mail.retryAfter);
      const result = await app.db.transaction(async (tx) => {
        const r = await issueMagicCode(app, tx, email, clientAddress(req));
        if (r.ok) await enqueueMail(app, tx, magicCodeMail(email, r.code));
        return r;
      });
      if (!result.ok)
        throw jsonFail(user ? E.EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN : E.EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP, {
          email,
        });
      return { key: `magic_${email}` };
    },
  });

  route(fastify, app, {
    endpoint: A.forgotPassword,
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, body }) => {
      if (!(await hitRateLimit(app, "auth-forgot-password", req))) throw errors.rateLimited();
      if (!(await configuredInstance(app))) throw jsonFail(E.INSTANCE_NOT_CONFIGURED);
      const cfg = await instanceConfig(app);
      if (cfg.ENABLE_EMAIL_PASSWORD === "0") throw jsonFail(E.PASSWORD_LOGIN_DISABLED);
      if (!isSmtpConfigured(cfg)) throw jsonFail(E.SMTP_NOT_CONFIGURED);
      const email = jsonEmail(body);
      const user = await findUserByEmail(app.db, email);
      // a bot has no password to reset
      if (!user || user.isBot) throw jsonFail(E.USER_DOES_NOT_EXIST, { email });
      const mail = await allowMailTo(app, req, email, user);
      if (mail !== true) throw errors.rateLimited(mail.retryAfter);
      const base = appBase(app, req);
      await app.db.transaction(async (tx) => {
        const { uidb64, token } = await createResetToken(tx, user.id);
        const link = `${base}/accounts/reset-password/?${new URLSearchParams({ uidb64, token, email }).toString()}`;
        await enqueueMail(app, tx, resetPasswordMail(email, user.firstName, link));
      });
      return { message: "Check your email to reset your password" };
    },
  });

  route(fastify, app, {
    endpoint: A.setPassword,
    auth: "session",
    body: formBody,
    policy: POLICIES.user.any,
    handler: async ({ req, user, sessionId, body }) => {
      assertCsrf(req, { headerOnly: true });
      if (!user.isPasswordAutoset) throw jsonFail(E.PASSWORD_ALREADY_SET);
      const password = field(body, "password");
      if (checkPasswordStrength(password, [user.email]) !== "strength_valid") throw jsonFail(E.INVALID_PASSWORD);
      const hash = await hashPassword(password);
      const updated = await app.db.transaction(async (tx) => {
        const u = await setPassword(tx, user.id, hash);
        await endOtherSessions(tx, user.id, sessionId);
        return u;
      });
      return presentUserFull(updated);
    },
  });

  route(fastify, app, {
    endpoint: A.changePassword,
    auth: "session",
    body: formBody,
    policy: POLICIES.user.any,
    handler: async ({ req, user, sessionId, body }) => {
      assertCsrf(req, { headerOnly: true });
      const oldPassword = field(body, "old_password");
      const newPassword = field(body, "new_password");
      if (!newPassword) throw jsonFail(E.MISSING_PASSWORD);
      if (!user.isPasswordAutoset) {
        if (!oldPassword) throw jsonFail(E.MISSING_PASSWORD);
        const check = await checkAccountPassword(app, req, user, oldPassword);
        if (typeof check === "object") throw errors.rateLimited(check.retryAfter);
        if (check === "wrong") throw jsonFail(E.INCORRECT_OLD_PASSWORD);
      }
      if (checkPasswordStrength(newPassword, [user.email]) !== "strength_valid") throw jsonFail(E.PASSWORD_TOO_WEAK);
      const hash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await setPassword(tx, user.id, hash);
        await endOtherSessions(tx, user.id, sessionId);
      });
      return { message: "Password updated successfully" };
    },
  });

  // ---- browser form endpoints (always 302) ----

  signInForm(A.signIn, "auth-sign-in", async ({ req, reply, body, base, nextPath }) => {
    const password = field(body, "password");
    const email = formEmail(body, password, E.REQUIRED_EMAIL_PASSWORD_SIGN_IN, E.INVALID_EMAIL_SIGN_IN);
    const user = await findUserByEmail(app.db, email);
    if (!user) throw fail(E.USER_DOES_NOT_EXIST, { email });
    const cfg = await instanceConfig(app);
    if (cfg.ENABLE_EMAIL_PASSWORD === "0") throw fail(E.EMAIL_PASSWORD_AUTHENTICATION_DISABLED, { email });
    const check = await checkAccountPassword(app, req, user, password);
    if (typeof check === "object") throw throttled(check.retryAfter, { email });
    if (check === "wrong") throw fail(E.AUTHENTICATION_FAILED_SIGN_IN, { email });
    await assertCanReactivate(app.db, user);
    await completeLogin(app, req, reply, user, "email");
    return successUrl(base, nextPath);
  });

  signInForm(
    A.signUp,
    "auth-sign-up",
    async ({ req, reply, body, base, nextPath }) => {
      const password = field(body, "password");
      const email = formEmail(body, password, E.REQUIRED_EMAIL_PASSWORD_SIGN_UP, E.INVALID_EMAIL_SIGN_UP);
      const existing = await findUserByEmail(app.db, email);
      if (existing) {
        if (!existing.isActive) throw fail(E.USER_ACCOUNT_DEACTIVATED, { email });
        throw fail(E.USER_ALREADY_EXIST, { email });
      }
      const cfg = await instanceConfig(app);
      if (cfg.ENABLE_EMAIL_PASSWORD === "0") throw fail(E.EMAIL_PASSWORD_AUTHENTICATION_DISABLED, { email });
      if (!(await signupAllowed(app.db, cfg, email))) throw fail(E.SIGNUP_DISABLED, { email });
      if (checkPasswordStrength(password, [email]) !== "strength_valid") throw fail(E.PASSWORD_TOO_WEAK, { email });
      const hash = await hashPassword(password);
      await signUpAndLogin(app, req, reply, { email, passwordHash: hash, isPasswordAutoset: false, medium: "email" });
      return successUrl(base, nextPath);
    },
    E.AUTHENTICATION_FAILED_SIGN_UP,
  );

  /** Magic sign-in and sign-up share the flow; `signUp` selects the codes of each (wire-facts §1). */
  const magicForm = (form: typeof A.magicSignIn | typeof A.magicSignUp, signUp: boolean) =>
    signInForm(
      form,
      signUp ? "auth-magic-sign-up" : "auth-magic-sign-in",
      async ({ req, reply, body, base, nextPath }) => {
        const code = field(body, "code").trim();
        const email = formEmail(
          body,
          code,
          signUp ? E.MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED : E.MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED,
          signUp ? E.INVALID_EMAIL_MAGIC_SIGN_UP : E.INVALID_EMAIL_MAGIC_SIGN_IN,
        );
        const existing = await findUserByEmail(app.db, email);
        if (signUp && existing) throw fail(E.USER_ALREADY_EXIST, { email });
        if (!signUp && !existing) throw fail(E.USER_DOES_NOT_EXIST, { email });
        const cfg = await instanceConfig(app);
        if (!isSmtpConfigured(cfg)) throw fail(E.SMTP_NOT_CONFIGURED, { email });
        if (!isOn(cfg.ENABLE_MAGIC_LINK_LOGIN)) throw fail(E.MAGIC_LINK_LOGIN_DISABLED, { email });
        if (signUp && !(await signupAllowed(app.db, cfg, email))) throw fail(E.SIGNUP_DISABLED, { email });
        const check = await checkMagicCode(app, req, email, code, existing);
        if (typeof check === "object") throw throttled(check.retryAfter, { email });
        if (check === "expired")
          throw fail(signUp ? E.EXPIRED_MAGIC_CODE_SIGN_UP : E.EXPIRED_MAGIC_CODE_SIGN_IN, { email });
        if (check === "exhausted")
          throw fail(signUp ? E.EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP : E.EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN, {
            email,
          });
        if (check === "invalid")
          throw fail(signUp ? E.INVALID_MAGIC_CODE_SIGN_UP : E.INVALID_MAGIC_CODE_SIGN_IN, { email });
        if (existing) {
          await assertCanReactivate(app.db, existing);
          const user = await completeLogin(app, req, reply, existing, "magic-code");
          const [profile] = await app.db
            .select({ isOnboarded: schema.profiles.isOnboarded })
            .from(schema.profiles)
            .where(eq(schema.profiles.userId, user.id))
            .limit(1);
          // An onboarded user without a password of their own lands on `/` (wire-facts §1).
          if (user.isPasswordAutoset && profile?.isOnboarded) return successUrl(base, "/");
          return successUrl(base, nextPath);
        }
        await signUpAndLogin(app, req, reply, {
          email,
          passwordHash: null,
          isPasswordAutoset: true,
          isEmailVerified: true,
          medium: "magic-code",
        });
        return successUrl(base, nextPath);
      },
      signUp ? E.AUTHENTICATION_FAILED_SIGN_UP : E.AUTHENTICATION_FAILED,
    );
  magicForm(A.magicSignIn, false);
  magicForm(A.magicSignUp, true);

  formRoute(fastify, app, {
    endpoint: A.resetPassword,
    auth: "none",
    params: z.object({ uid: z.string(), token: z.string() }),
    body: formBody,
    policy: null,
    handler: async ({ req, reply, params, body }) => {
      assertCsrf(req);
      const base = appBase(app, req);
      const errorTarget = (e: AuthFlowError) =>
        `${base}/accounts/reset-password?${new URLSearchParams({ error_code: String(e.code), error_message: e.message }).toString()}`;
      return formFlow(reply, errorTarget, async () => {
        await formGate(req, "auth-reset-password");
        const cfg = await instanceConfig(app);
        if (cfg.ENABLE_EMAIL_PASSWORD === "0") throw fail(E.PASSWORD_LOGIN_DISABLED);
        const check = await checkResetToken(app, req, params.uid, params.token);
        if (!check.ok) throw check.retryAfter ? throttled(check.retryAfter) : fail(check.code);
        const password = field(body, "password");
        if (!password) throw fail(E.INVALID_PASSWORD);
        if (checkPasswordStrength(password, [check.user.email]) !== "strength_valid") throw fail(E.PASSWORD_TOO_WEAK);
        const hash = await hashPassword(password);
        await app.db.transaction(async (tx) => {
          await setPassword(tx, check.user.id, hash);
          // Every outstanding reset link of the user is spent, and every session ends.
          await tx
            .update(schema.passwordResetTokens)
            .set({ usedAt: new Date() })
            .where(eq(schema.passwordResetTokens.userId, check.user.id));
          await endOtherSessions(tx, check.user.id, null);
        });
        return `${base}/sign-in?success=True`;
      });
    },
  });

  formRoute(fastify, app, {
    endpoint: A.signOut,
    auth: "optional",
    body: formBody,
    policy: null,
    handler: async ({ req, reply, user }) => {
      assertCsrf(req);
      if (user)
        await app.db.update(schema.users).set({ lastLogoutTime: new Date() }).where(eq(schema.users.id, user.id));
      await endSession(app, req, reply, "app");
      return redirect(reply, appBase(app, req));
    },
  });
};
