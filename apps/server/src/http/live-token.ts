import crypto from "node:crypto";

/**
 * Signed short-lived tokens for the realtime channel: `v1.<payload>.<mac>` where the payload is base64url JSON
 * `{ u: userId, exp: unix seconds, t?: topics }` and the mac an HMAC-SHA256 under a key derived from the
 * instance secret. A client that has no session cookie (an agent, a subscription made for someone) connects
 * with `?token=`; the user's subscriptions are then checked exactly like a cookie user's, and `t`, when
 * present, narrows the topics the token may subscribe to.
 */
export interface LiveTokenClaims {
  /** The user the token acts for. */
  u: string;
  /** Expiry, unix seconds. */
  exp: number;
  /** Topics the token may subscribe to (any the user may read when absent). */
  t?: string[];
  /** A subscription token (W/agent/get-subscription-token/): the workspace it is scoped to... */
  w?: string;
  /** ...and the projects in it (those the user belonged to when it was signed); only their streams may be read. */
  p?: string[];
}

/** Longest lifetime a token may be signed for. */
export const LIVE_TOKEN_MAX_SECONDS = 15 * 60;

function key(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("stride live token v1").digest();
}

function mac(secret: string, payload: string): string {
  return crypto.createHmac("sha256", key(secret)).update(payload).digest("base64url");
}

export function signLiveToken(
  secret: string,
  claims: Omit<LiveTokenClaims, "exp">,
  ttlSeconds = 60,
  now = Date.now(),
): string {
  const ttl = Math.max(1, Math.min(ttlSeconds, LIVE_TOKEN_MAX_SECONDS));
  const body: LiveTokenClaims = {
    u: claims.u,
    exp: Math.floor(now / 1000) + ttl,
    ...(claims.t ? { t: claims.t } : {}),
    ...(claims.w ? { w: claims.w } : {}),
    ...(claims.p ? { p: claims.p } : {}),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `v1.${payload}.${mac(secret, payload)}`;
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export function verifyLiveToken(secret: string, token: unknown, now = Date.now()): LiveTokenClaims | null {
  if (typeof token !== "string" || token.length > 4096) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== "v1") return null;
  const [, payload, given] = parts;
  const expected = mac(secret, payload);
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== "object") return null;
  const c = claims as Partial<LiveTokenClaims>;
  if (typeof c.u !== "string" || typeof c.exp !== "number" || !Number.isFinite(c.exp)) return null;
  if (c.exp * 1000 <= now || c.exp * 1000 > now + (LIVE_TOKEN_MAX_SECONDS + 60) * 1000) return null;
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
  if (c.t !== undefined && !strings(c.t)) return null;
  if (c.p !== undefined && !strings(c.p)) return null;
  if (c.w !== undefined && typeof c.w !== "string") return null;
  if ((c.w === undefined) !== (c.p === undefined)) return null;
  return { u: c.u, exp: c.exp, ...(c.t ? { t: c.t } : {}), ...(c.w ? { w: c.w, p: c.p } : {}) };
}
