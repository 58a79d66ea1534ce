import { AUTH_ERROR_MESSAGE } from "@stride/shared";

/** Codes that belong to the sign-up flow: a redirect carrying one of these reopens the sign-up screen. */
export const SIGN_UP_ERROR_CODES = new Set([5015, 5021, 5030, 5035, 5040, 5045, 5050, 5055, 5092, 5097, 5102]);

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
  if (!p || !p.startsWith("/") || p.startsWith("//") || p.length > 500 || p.includes("..") || /[a-z]+:/i.test(p) || /<|>|javascript/i.test(p)) return null;
  return p;
}
