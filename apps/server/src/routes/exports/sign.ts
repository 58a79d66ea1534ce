import crypto from "node:crypto";

/**
 * The export history's download links (wire-facts-2 §5: valid for 7 days), signed with the instance secret like
 * the assets' links, so they work without a session (a script, another browser) and any instance accepts them.
 */
export const EXPORT_LINK_TTL_SECONDS = 7 * 24 * 3600;

function mac(secret: string, exportId: string, exp: number): string {
  return crypto.createHmac("sha256", secret).update(`export:${exportId}:${exp}`).digest("base64url");
}

export function signedExportPath(secret: string, exportId: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS;
  return `/api/exports/${exportId}/file/?exp=${exp}&sig=${mac(secret, exportId, exp)}`;
}

export function verifyExportLink(secret: string, exportId: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) < Math.floor(now / 1000)) return false;
  const want = Buffer.from(mac(secret, exportId, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
