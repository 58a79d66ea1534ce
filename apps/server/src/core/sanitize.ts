import sanitize from "sanitize-html";
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { z } from "zod";
import { EMPTY_HTML, HTML_ALLOWLIST, cleanHtmlAttributes, htmlAttributeNames } from "@stride/shared";
import { fieldError, MSG, type HtmlField } from "@stride/shared/contract";

/**
 * Rich text is sanitised on the server, on write, with the one allowlist of `@stride/shared`
 * (`packages/shared/src/html/`): sanitize-html parses (htmlparser2), drops or unwraps what is not
 * listed and escapes what it writes; the shared rules decide every attribute value (URL schemes,
 * classes, styles, ids), the same rules the web app applies again before rendering.
 */

/** Deepest element nesting accepted (editor documents stay far below; see `htmlDepthWithin`). */
export const MAX_DEPTH = 100;

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
  nestingLimit: MAX_DEPTH,
};

const VOID_SELF_CLOSED = /<(br|hr|img|input|col)((?:\s[^<>]*)?) \/>/g;

/**
 * Sanitise rich text with the shared allowlist. Output is written like the browser's serialiser
 * (void elements without " /", non-breaking spaces as `&nbsp;`) so editor output stays unchanged; a
 * result without any markup or text left (`<script>…</script>`, "", whitespace) is stored as Plane's
 * empty document `<p></p>`.
 */
export function sanitizeHtml(html: string): string {
  const out = sanitize(html, OPTIONS)
    .replace(VOID_SELF_CLOSED, "<$1$2>")
    .replace(/\u00a0/g, "&nbsp;");
  return out.trim() === "" ? EMPTY_HTML : out;
}

// htmlparser2's element stack costs O(depth) per tag, so a deeply nested body (400k `<span>`s fit in
// 2 MB) would block the event loop for minutes. Its own tokenizer (linear) is run first with the
// parser's stack rules replayed in O(1) per tag, and a body nested deeper than MAX_DEPTH is refused.
const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
const P = ["p"];
const FORM = ["input", "option", "optgroup", "select", "button", "datalist", "textarea"];
const IMPLIED_CLOSES = new Map<string, Set<string>>(
  (
    [
      ["tr", ["tr", "th", "td"]],
      ["th", ["th"]],
      ["td", ["thead", "th", "td"]],
      ["body", ["head", "link", "script"]],
      ["li", ["li"]],
      ["option", ["option"]],
      ["optgroup", ["optgroup", "option"]],
      ["dd", ["dd", "dt"]],
      ["dt", ["dd", "dt"]],
      ["rt", ["rt", "rp"]],
      ["rp", ["rt", "rp"]],
      ["tbody", ["thead", "tbody"]],
      ["tfoot", ["thead", "tbody"]],
      ...["select", "input", "output", "button", "datalist", "textarea"].map((t) => [t, FORM]),
      ...[
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "address",
        "article",
        "aside",
        "blockquote",
        "details",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hr",
        "main",
        "nav",
        "ol",
        "pre",
        "section",
        "table",
        "ul",
      ].map((t) => [t, P]),
    ] as [string, string[]][]
  ).map(([t, closes]) => [t, new Set(closes)]),
);

class TooDeep extends Error {}

/**
 * True when no element of `html` sits deeper than `limit`, as htmlparser2 (sanitize-html's parser)
 * nests them; linear time. Self-closing syntax inside svg/math is counted as open (never an underestimate).
 */
export function htmlDepthWithin(html: string, limit = MAX_DEPTH): boolean {
  const stack: string[] = [];
  const open = new Map<string, number>();
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
    return name;
  };
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const noop = () => {};
  const cbs: TokenizerCallbacks = {
    onopentagname(start, end) {
      const tag = name(start, end);
      const closes = IMPLIED_CLOSES.get(tag);
      if (closes) while (stack.length && closes.has(stack[stack.length - 1])) pop();
      if (stack.length + 1 > limit) throw new TooDeep();
      if (VOID.has(tag)) return;
      stack.push(tag);
      open.set(tag, (open.get(tag) ?? 0) + 1);
    },
    onclosetag(start, end) {
      const tag = name(start, end);
      if (!VOID.has(tag) && (open.get(tag) ?? 0) > 0) while (pop() !== tag);
      // a stray </p> or </br> is an empty element at the current level
      else if ((tag === "p" || tag === "br") && stack.length + 1 > limit) throw new TooDeep();
    },
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onopentagend: noop,
    onprocessinginstruction: noop,
    onselfclosingtag: noop,
    ontext: noop,
    ontextentity: noop,
  };
  try {
    const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, cbs);
    tokenizer.write(html);
    tokenizer.end();
    return true;
  } catch (e) {
    if (e instanceof TooDeep) return false;
    throw e;
  }
}

/**
 * A rich-text body field: a string of at most `max` characters and MAX_DEPTH levels of nesting
 * (checked before sanitising), stored sanitised. The shared contract's bodies take their HTML fields from the
 * caller (`HtmlField`); the server always passes this one, so no write path can skip sanitising (the web
 * passes the contract's plain `htmlText`, which eslint keeps out of the server).
 */
export const htmlField: HtmlField = (max) =>
  z
    .string({ error: fieldError(MSG.string) })
    .max(max, MSG.maxLen(max))
    .refine((html) => htmlDepthWithin(html), `Ensure elements are nested no more than ${MAX_DEPTH} levels deep.`)
    .transform(sanitizeHtml);
