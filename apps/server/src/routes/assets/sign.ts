import crypto from "node:crypto";

/**
 * Signed tokens for the local-disk storage driver: an upload slot (one asset, one key, a size cap,
 * valid for an hour) and a download link (valid for 3600 s, wire-facts §10). HMAC-SHA256 with the
 * instance secret, so every instance sharing SECRET_KEY accepts them.
 */
export const UPLOAD_TTL_SECONDS = 3600;
export const DOWNLOAD_TTL_SECONDS = 3600;

export interface UploadClaims {
  /** asset id */
  a: string;
  /** storage key */
  k: string;
  /** max bytes */
  s: number;
  /** content type */
  t: string;
  /** expiry, unix seconds */
  e: number;
}

function mac(secret: string, data: string): string {
  return crypto.createHmac("sha256", secret).update(data).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function signUpload(secret: string, claims: Omit<UploadClaims, "e">, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...claims, e: Math.floor(now / 1000) + UPLOAD_TTL_SECONDS })).toString(
    "base64url",
  );
  return `${body}.${mac(secret, "upload:" + body)}`;
}

/** The claims of a valid, unexpired upload token, else null. */
export function verifyUpload(secret: string, token: string | undefined, now = Date.now()): UploadClaims | null {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf(".");
  if (dot < 1) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), mac(secret, "upload:" + body))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as UploadClaims;
    if (typeof claims.e !== "number" || claims.e < Math.floor(now / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}

export type Disposition = "inline" | "attachment";

/** Path of a signed download of an asset's bytes. */
export function signedDownloadPath(
  secret: string,
  assetId: string,
  disposition: Disposition,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + DOWNLOAD_TTL_SECONDS;
  const sig = mac(secret, `download:${assetId}:${exp}:${disposition}`);
  return `/api/assets/v2/files/${assetId}/?exp=${exp}&disposition=${disposition}&sig=${sig}`;
}

export function verifyDownload(
  secret: string,
  assetId: string,
  exp: string | undefined,
  disposition: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || (disposition !== "inline" && disposition !== "attachment"))
    return false;
  if (Number(exp) < Math.floor(now / 1000)) return false;
  return safeEqual(sig, mac(secret, `download:${assetId}:${exp}:${disposition}`));
}
