import { AUTH_ERROR, AUTH_ERROR_MESSAGE } from "@stride/shared";

/** Codes that belong to the sign-up flow: a redirect carrying one of these reopens the sign-up screen. */
export const SIGN_UP_ERROR_CODES = new Set([5015, 5021, 5030, 5035, 5040, 5045, 5050, 5055, 5092, 5097, 5102]);

/**
 * The step of the email-first form that an error redirect belongs to: a wrong password reopens the
 * password step, a wrong or expired code the code step (for the email the redirect carries); any other
 * code is about the email itself.
 */
export function authErrorStep(code: string | number | null | undefined): "password" | "code" | null {
  const n = Number(code);
  if (
    n === AUTH_ERROR.AUTHENTICATION_FAILED_SIGN_IN ||
    n === AUTH_ERROR.INVALID_PASSWORD ||
    n === AUTH_ERROR.PASSWORD_TOO_WEAK
  )
    return "password";
  if (
    n === AUTH_ERROR.INVALID_MAGIC_CODE_SIGN_IN ||
    n === AUTH_ERROR.INVALID_MAGIC_CODE_SIGN_UP ||
    n === AUTH_ERROR.EXPIRED_MAGIC_CODE_SIGN_IN ||
    n === AUTH_ERROR.EXPIRED_MAGIC_CODE_SIGN_UP ||
    n === AUTH_ERROR.MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED ||
    n === AUTH_ERROR.MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED
  )
    return "code";
  return null;
}

/** Readable message for an auth error code from a redirect query or a JSON error body. */
export function authMessage(code: string | number | null | undefined, fallback?: string | null): string | null {
  if (code === null || code === undefined || code === "") return null;
  const n = Number(code);
  return AUTH_ERROR_MESSAGE[n] ?? (fallback ? humanize(fallback) : "Something went wrong. Please try again.");
}

function humanize(s: string): string {
  const t = s.replace(/_/g, " ").toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1) + ".";
}

/** Auth error code from a JSON body `{error_code, error_message}`. */
export function bodyAuthMessage(body: unknown): string | null {
  if (body && typeof body === "object" && "error_code" in body) {
    const b = body as { error_code: number | string; error_message?: string };
    return authMessage(b.error_code, b.error_message);
  }
  return null;
}

/**
 * A `next_path` is followed only when it is a same-site path (starts with one `/`, no `..`, no
 * scheme), mirroring the server's rule.
 */
export function safeNextPath(p: string | null | undefined): string | null {
  if (
    !p ||
    !p.startsWith("/") ||
    p.startsWith("//") ||
    p.length > 500 ||
    p.includes("..") ||
    /[a-z]+:/i.test(p) ||
    /<|>|javascript/i.test(p)
  )
    return null;
  return p;
}
