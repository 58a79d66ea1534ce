/**
 * The one allowlist of stored rich text (work-item descriptions, comments, drafts, project
 * descriptions, …): exactly what the editor produces — Tiptap's nodes and marks in the form Plane's
 * editor writes them (`<mention-component>`, `<image-component>`, `<callout-component>`, task lists,
 * code blocks with `language-*`, tables with colspan/rowspan/colwidth). The server sanitises every
 * HTML field with it on write (`apps/server/src/core/sanitize.ts`, sanitize-html) and the web app
 * sanitises with it again before it renders (`apps/web/src/lib/html.ts`).
 *
 * Everything not listed is dropped: other tags are unwrapped (their text stays), the tags of
 * `DROP_WITH_CONTENT` go with everything inside them, and so do unknown attributes, classes and
 * style declarations. Rules for the values are in `rules.ts`.
 */

/** How an attribute's value is checked. */
export type AttrRule =
  /** any text (still escaped on output) */
  | "text"
  /** a link: http, https or mailto */
  | "link"
  /** an image source: http(s) or a same-origin asset path */
  | "image"
  /** an editor asset: an asset id, or what `image` allows */
  | "asset"
  /** present without a value, or with its own name / "true" (boolean attributes such as `checked`) */
  | "flag"
  /** one of these values exactly */
  | readonly string[]
  /** the whole value must match */
  | RegExp;

/** Identifiers the editor writes (UUIDs and similar ids). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A colour: #hex, rgb()/rgba() with plain numbers, or a colour name (not the "null" Plane writes for no colour). */
const COLOR =
  /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}(\.\d+)?%?\s*(,\s*\d{1,3}(\.\d+)?%?\s*){2}(,\s*(0|1|0?\.\d+)\s*)?\)|(?!null$|undefined$)[a-zA-Z]{3,20})$/;
/** A colour, or the key of one of the editor's palette colours (`data-text-color="peach"`). */
const COLOR_OR_KEY = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z][a-zA-Z0-9-]{0,31})$/;
const PX = /^\d{1,5}(\.\d{1,3})?px$/;
const SMALL_INT = /^\d{1,3}$/;
const TEXT_ALIGN = /^(left|center|right|justify|start|end)$/;

/** Tags kept (lower case). Anything else is unwrapped, or dropped with its content (below). */
const TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "strike",
  "code",
  "pre",
  "mark",
  "sub",
  "sup",
  "span",
  "a",
  "ul",
  "ol",
  "li",
  "label",
  "input",
  "div",
  "table",
  "colgroup",
  "col",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "img",
  "mention-component",
  "image-component",
  "callout-component",
  "issue-embed-component",
] as const;

/** Tags removed together with everything inside them (scripts, embedded documents, foreign markup, forms' options). */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "textarea",
  "select",
  "option",
  "xmp",
  "plaintext",
  "title",
  "head",
  "meta",
  "link",
  "base",
] as const;

const TEXT_ALIGN_STYLE = { "text-align": TEXT_ALIGN } as const;
const COLOR_STYLE = { color: COLOR, "background-color": COLOR } as const;
const WIDTH_STYLE = { width: PX, "min-width": PX } as const;

/** Attributes per tag and how their values are checked. `class` and `style` are governed by CLASSES and STYLES. */
const ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, AttrRule>>>> = {
  a: { href: "link", target: ["_blank"], rel: "text", title: "text" },
  ol: { start: /^\d{1,6}$/, type: ["1", "a", "A", "i", "I"] },
  ul: { "data-type": ["taskList"] },
  li: { "data-type": ["taskItem"], "data-checked": ["true", "false"] },
  input: { type: ["checkbox"], checked: "flag" },
  // colour marks, and Tiptap's stock mention node (`<span data-type="mention" data-id>`), which the server also reads mentions from
  span: {
    "data-text-color": COLOR_OR_KEY,
    "data-background-color": COLOR_OR_KEY,
    "data-type": ["mention"],
    "data-id": ID,
    "data-label": "text",
  },
  mark: { "data-color": COLOR_OR_KEY },
  col: {},
  th: { colspan: SMALL_INT, rowspan: SMALL_INT, colwidth: /^\d{1,5}(,\d{1,5}){0,99}$/ },
  td: { colspan: SMALL_INT, rowspan: SMALL_INT, colwidth: /^\d{1,5}(,\d{1,5}){0,99}$/ },
  img: { src: "image", alt: "text", title: "text", width: /^\d{1,5}(px|%)?$/, height: /^\d{1,5}(px|%)?$/ },
  "mention-component": { id: ID, entity_identifier: ID, entity_name: /^[a-z_]{1,40}$/, label: "text" },
  "image-component": {
    src: "asset",
    id: ID,
    width: /^(\d{1,5}(\.\d{1,3})?(px|%)?|auto)$/,
    height: /^(\d{1,5}(\.\d{1,3})?(px|%)?|auto)$/,
    aspectratio: /^(\d{1,5}(\.\d{1,20})?|null)$/,
    alignment: ["left", "center", "right"],
    status: ["pending", "uploading", "uploaded", "duplicating", "duplication-failed"],
  },
  // a work item shown as a card in a page (Plane's page editor form): the item's id, its project's id, the workspace's slug
  "issue-embed-component": {
    id: ID,
    entity_identifier: ID,
    project_identifier: ID,
    workspace_identifier: /^[a-z0-9_-]{1,48}$/,
    entity_name: ["issue"],
  },
  "callout-component": {
    "data-icon-color": COLOR_OR_KEY,
    "data-icon-name": ID,
    "data-emoji-unicode": /^[0-9A-Fa-f-]{1,64}$/,
    "data-emoji-url": "image",
    "data-logo-in-use": ["emoji", "icon"],
    "data-background": COLOR_OR_KEY,
  },
};

/** Classes allowed per tag (each token must match); never layout or utility classes. */
const CLASSES: Readonly<Record<string, readonly RegExp[]>> = {
  code: [/^language-[A-Za-z0-9_+#.-]{1,40}$/],
};

/** Style declarations allowed per tag (property → value pattern); everything else in `style` is dropped. */
const STYLES: Readonly<Record<string, Readonly<Record<string, RegExp>>>> = {
  p: TEXT_ALIGN_STYLE,
  h1: TEXT_ALIGN_STYLE,
  h2: TEXT_ALIGN_STYLE,
  h3: TEXT_ALIGN_STYLE,
  h4: TEXT_ALIGN_STYLE,
  h5: TEXT_ALIGN_STYLE,
  h6: TEXT_ALIGN_STYLE,
  span: COLOR_STYLE,
  mark: COLOR_STYLE,
  th: COLOR_STYLE,
  td: COLOR_STYLE,
  table: WIDTH_STYLE,
  col: WIDTH_STYLE,
};

/** Attributes always set to these values, whatever was sent (links open in a new tab without an opener). */
const FORCED_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  a: { target: "_blank", rel: "noopener noreferrer nofollow" },
};

/** Elements dropped entirely when one of these attributes is missing or was rejected. */
const REQUIRED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  input: ["type"],
  img: ["src"],
};

/** URL schemes of links; images take http and https only. */
const LINK_SCHEMES = ["http", "https", "mailto"] as const;
const IMAGE_SCHEMES = ["http", "https"] as const;
/** Same-origin paths an image may point to (Stride's asset routes). */
const ASSET_PATH = /^\/api\/assets\/[A-Za-z0-9/_.~-]{1,500}(\?[A-Za-z0-9_.~%=&-]{0,1000})?$/;
/** The allowlist, as one object. */
export const HTML_ALLOWLIST = {
  tags: TAGS,
  dropWithContent: DROP_WITH_CONTENT,
  attributes: ATTRIBUTES,
  classes: CLASSES,
  styles: STYLES,
  forcedAttributes: FORCED_ATTRIBUTES,
  requiredAttributes: REQUIRED_ATTRIBUTES,
  linkSchemes: LINK_SCHEMES,
  imageSchemes: IMAGE_SCHEMES,
  assetPath: ASSET_PATH,
} as const;

/** What a blank result is stored as (Plane's default for an empty description or comment). */
export const EMPTY_HTML = "<p></p>";
