import crypto from "node:crypto";

/**
 * The export history's download links (wire-facts-2 §5: valid for 7 days), signed with the instance secret like
 * the assets' links, so they work without a session (a script, another browser) and any instance accepts them.
 * A link is issued to one person (the history's reader) and names them: the download checks, when it happens,
 * that this person may still read every project of the export (issue #24), so a link kept or passed on stops
 * working once they lose access.
 */
export const EXPORT_LINK_TTL_SECONDS = 7 * 24 * 3600;

function mac(secret: string, exportId: string, userId: string, exp: number): string {
  return crypto.createHmac("sha256", secret).update(`export:${exportId}:${userId}:${exp}`).digest("base64url");
}

export function signedExportPath(secret: string, exportId: string, userId: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS;
  return `/api/exports/${exportId}/file/?u=${userId}&exp=${exp}&sig=${mac(secret, exportId, userId, exp)}`;
}

/** The person a valid, unexpired link was issued to; null when the link is bad or expired. */
export function verifyExportLink(
  secret: string,
  exportId: string,
  link: { u?: string; exp?: string; sig?: string },
  now = Date.now(),
): string | null {
  const { u, exp, sig } = link;
  if (!u || !exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) < Math.floor(now / 1000)) return null;
  const want = Buffer.from(mac(secret, exportId, u, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? u : null;
}
