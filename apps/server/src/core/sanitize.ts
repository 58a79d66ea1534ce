import sanitize from "sanitize-html";
import { z } from "zod";
import { EMPTY_HTML, HTML_ALLOWLIST, cleanHtmlAttributes, htmlAttributeNames } from "@stride/shared";

/**
 * Rich text is sanitised on the server, on write, with the one allowlist of `@stride/shared`
 * (`packages/shared/src/html/`): sanitize-html parses (htmlparser2), drops or unwraps what is not
 * listed and escapes what it writes; the shared rules decide every attribute value (URL schemes,
 * classes, styles, ids), the same rules the web app applies again before rendering.
 */

const tags: string[] = [...HTML_ALLOWLIST.tags];
const allowed = new Set(tags);
/** Attribute objects of elements the shared rules reject: `exclusiveFilter` removes those elements. */
const rejected = new WeakSet<object>();

/** `allowedEmptyAttributes` exists in sanitize-html 2.17 but not in its typings yet. */
const OPTIONS: sanitize.IOptions & { allowedEmptyAttributes?: string[] } = {
  allowedTags: tags,
  allowedAttributes: Object.fromEntries(tags.map((t) => [t, htmlAttributeNames(t)])),
  allowedClasses: Object.fromEntries(Object.entries(HTML_ALLOWLIST.classes).map(([t, res]) => [t, [...res]])),
  // styles are reduced to the allowlist's declarations by the shared rules (same output on both sides)
  parseStyleAttributes: false,
  allowedSchemes: [...HTML_ALLOWLIST.linkSchemes],
  allowedSchemesByTag: { img: [...HTML_ALLOWLIST.imageSchemes], "image-component": [...HTML_ALLOWLIST.imageSchemes] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "data-emoji-url"],
  allowProtocolRelative: false,
  allowedEmptyAttributes: ["alt", "checked"],
  selfClosing: ["img", "br", "hr", "input", "col"],
  disallowedTagsMode: "discard",
  nonTextTags: [...HTML_ALLOWLIST.dropWithContent],
  // attribute values: the shared rules; an element they reject (non-checkbox input, img without a safe src) is dropped
  transformTags: {
    "*": (tagName, attribs) => {
      if (!allowed.has(tagName)) return { tagName, attribs };
      const cleaned = cleanHtmlAttributes(tagName, attribs);
      if (cleaned) return { tagName, attribs: cleaned };
      const none = {};
      rejected.add(none);
      return { tagName, attribs: none };
    },
  },
  exclusiveFilter: (frame) => rejected.has(frame.attribs),
  nestingLimit: 100,
};


const VOID_SELF_CLOSED = /<(br|hr|img|input|col)((?:\s[^<>]*)?) \/>/g;

/**
 * Sanitise rich text with the shared allowlist. Output is written like the browser's serialiser
 * (void elements without " /", non-breaking spaces as `&nbsp;`) so editor output stays unchanged; a
 * result without any markup or text left (`<script>…</script>`, "", whitespace) is stored as Plane's
 * empty document `<p></p>`.
 */
export function sanitizeHtml(html: string): string {
  const out = sanitize(html, OPTIONS).replace(VOID_SELF_CLOSED, "<$1$2>").replace(/\u00a0/g, "&nbsp;");
  return out.trim() === "" ? EMPTY_HTML : out;
}

/**
 * A rich-text body field: a string of at most `max` characters (checked before sanitising), stored
 * sanitised. Every request schema that accepts HTML uses this field, so no write path can skip it.
 */
export function htmlField(max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? "This field is required." : iss.input === null ? "This field may not be null." : "Not a valid string.") })
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .transform(sanitizeHtml);
}
