import { LINK_URL_MAX, MSG } from "@stride/shared/contract";
import { errors } from "./errors.ts";

/**
 * A link a person typed (work-item links, quick links): `http://` is prefixed when no scheme is given; only
 * http(s) URLs with a host are accepted (400 `{url: [...]}` otherwise).
 */
export function normalizeLinkUrl(raw: string): string {
  let u = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) u = "http://" + u;
  let parsed: URL;
  try {
    parsed = new URL(u);
  } catch {
    throw errors.field("url", MSG.url);
  }
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname)
    throw errors.field("url", "Enter a valid URL.");
  if (u.length > LINK_URL_MAX) throw errors.field("url", MSG.maxLen(LINK_URL_MAX));
  return u;
}
