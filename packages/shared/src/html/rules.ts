import { HTML_ALLOWLIST, type AttrRule } from "./allowlist.ts";

const {
  tags: ALLOWED_TAGS,
  dropWithContent: DROP_WITH_CONTENT,
  attributes: ATTRIBUTES,
  classes: CLASSES,
  styles: STYLES,
  forcedAttributes: FORCED_ATTRIBUTES,
  requiredAttributes: REQUIRED_ATTRIBUTES,
  linkSchemes: LINK_SCHEMES,
  imageSchemes: IMAGE_SCHEMES,
  assetPath: ASSET_PATH,
} = HTML_ALLOWLIST;

/**
 * The allowlist's rules as pure functions over a tag name and its (already entity-decoded) attributes,
 * so that the server's sanitiser (htmlparser2 underneath) and the browser's (DOMParser) apply exactly
 * the same decisions.
 */

const ALLOWED = new Set<string>(ALLOWED_TAGS);
const DROPPED = new Set<string>(DROP_WITH_CONTENT);

/** What happens to an element: kept (with cleaned attributes), unwrapped (children kept) or dropped with its content. */
export function htmlTagAction(tag: string): "keep" | "unwrap" | "drop" {
  const t = tag.toLowerCase();
  if (ALLOWED.has(t)) return "keep";
  return DROPPED.has(t) ? "drop" : "unwrap";
}

const ASSET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * A URL as the browser will read it: leading/trailing C0 controls and spaces removed, tabs and line
 * breaks removed anywhere (WHATWG URL parsing), so `java\tscript:` and ` javascript:` are seen for what they are.
 */
function normalizeUrl(value: string): string {
  return value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
}

function hasScheme(url: string, schemes: readonly string[]): boolean {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  return !!m && schemes.includes(m[1].toLowerCase()) && !/[\u0000-\u001f\u007f]/.test(url);
}

/** The URL to keep for `rule`, or null when it is not allowed. */
export function safeHtmlUrl(value: string, rule: "link" | "image" | "asset"): string | null {
  const url = normalizeUrl(value);
  if (!url) return null;
  if (rule === "link") return hasScheme(url, LINK_SCHEMES) ? url : null;
  if (hasScheme(url, IMAGE_SCHEMES) && /^https?:\/\/[^/\\]/i.test(url)) return url;
  if (ASSET_PATH.test(url) && !url.includes("..")) return url;
  if (rule === "asset" && ASSET_ID.test(url)) return url;
  return null;
}

function checkValue(rule: AttrRule, name: string, value: string): string | null {
  if (rule === "text") return value;
  if (rule === "link" || rule === "image" || rule === "asset") return safeHtmlUrl(value, rule);
  if (rule === "flag") return value === "" || value.toLowerCase() === name || value === "true" ? value : null;
  if (rule instanceof RegExp) return rule.test(value) ? value : null;
  return (rule as readonly string[]).includes(value) ? value : null;
}

/** Allowed class tokens of `tag`, space-joined ("" when none is left). */
function cleanClasses(tag: string, value: string): string {
  const allowed = CLASSES[tag];
  if (!allowed) return "";
  return value
    .split(/\s+/)
    .filter((c) => c && allowed.some((re) => re.test(c)))
    .join(" ");
}

/** Allowed declarations of a `style` value of `tag`, as `prop: value; prop: value` ("" when none is left). */
function cleanStyle(tag: string, value: string): string {
  const allowed = STYLES[tag];
  if (!allowed || /[\\<>"'`]|\/\*|url\s*\(|expression|@import|&/i.test(value)) return "";
  const out: string[] = [];
  for (const decl of value.split(";")) {
    const m = /^\s*([a-zA-Z-]+)\s*:\s*(.+?)\s*$/.exec(decl);
    if (!m) continue;
    const prop = m[1].toLowerCase();
    const re = Object.prototype.hasOwnProperty.call(allowed, prop) ? allowed[prop] : undefined;
    if (re && re.test(m[2])) out.push(`${prop}: ${m[2]}`);
  }
  return out.join("; ");
}

/**
 * The attributes to keep on an allowed `tag`, in their original order, values checked against the
 * allowlist and forced attributes set; `null` when the element must be dropped (a required attribute
 * is missing or was rejected, e.g. an `<input>` that is not a checkbox or an `<img>` without a safe src).
 */
export function cleanHtmlAttributes(
  tag: string,
  attrs: Readonly<Record<string, string>>,
): Record<string, string> | null {
  const t = tag.toLowerCase();
  const rules = ATTRIBUTES[t] ?? {};
  const out: Record<string, string> = {};
  for (const [rawName, rawValue] of Object.entries(attrs)) {
    const name = rawName.toLowerCase();
    const value = rawValue ?? "";
    if (Object.prototype.hasOwnProperty.call(out, name)) continue;
    let kept: string | null = null;
    if (name === "class") kept = cleanClasses(t, value) || null;
    else if (name === "style") kept = cleanStyle(t, value) || null;
    else if (Object.prototype.hasOwnProperty.call(rules, name)) kept = checkValue(rules[name], name, value);
    if (kept !== null) out[name] = kept;
  }
  for (const [name, value] of Object.entries(FORCED_ATTRIBUTES[t] ?? {})) out[name] = value;
  for (const name of REQUIRED_ATTRIBUTES[t] ?? []) if (!Object.prototype.hasOwnProperty.call(out, name)) return null;
  return out;
}

/** Attribute names that may appear on `tag` (for sanitisers that also filter by name). */
export function htmlAttributeNames(tag: string): string[] {
  const names = Object.keys(ATTRIBUTES[tag] ?? {});
  if (CLASSES[tag]) names.push("class");
  if (STYLES[tag]) names.push("style");
  for (const n of Object.keys(FORCED_ATTRIBUTES[tag] ?? {})) if (!names.includes(n)) names.push(n);
  return names;
}
