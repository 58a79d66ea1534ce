/**
 * Rich text of descriptions and comments. Stored HTML carries mentions as the editor's
 * `<mention-component entity_identifier="<user id>" entity_name="user_mention">` tags (what the server
 * reads to record mentions); on screen they are `@Name` chips. The string transforms are pure;
 * `sanitizeHtml` uses the browser's DOMParser and the shared allowlist (`packages/shared/src/html/`).
 */
import { cleanHtmlAttributes, htmlTagAction } from "@stride/shared";

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return m ? (m[2] ?? m[3]) : undefined;
}

/** The chip shown for a mention (in the editor and when reading). */
export function mentionChip(id: string, name: string): string {
  return `<span class="mention" data-type="mention" data-id="${escapeHtml(id)}" contenteditable="false">@${escapeHtml(name)}</span>`;
}

/** Stored HTML → display / editor HTML: mention tags become `@Name` chips. */
export function storageToDisplay(html: string | null | undefined, nameOf: (id: string) => string | null | undefined): string {
  if (!html) return "";
  return html.replace(/<mention-component\b[^>]*>(?:\s*<\/mention-component>)?/gi, (tag) => {
    const id = attr(tag, "entity_identifier") ?? attr(tag, "id") ?? "";
    const entity = attr(tag, "entity_name");
    if (entity && entity !== "user_mention") return "";
    const name = nameOf(id) ?? attr(tag, "label") ?? "user";
    return mentionChip(id, name);
  });
}

/** Editor HTML → stored HTML: `@Name` chips become mention tags. */
export function displayToStorage(html: string): string {
  return html.replace(new RegExp(`<span\\b[^>]*data-type="mention"[^>]*>[\\s\\S]*?<\\/span>`, "gi"), (tag) => {
    const id = attr(tag, "data-id") ?? "";
    if (!new RegExp(`^${UUID}$`).test(id)) return "";
    const label = (/>@?([\s\S]*?)<\/span>$/.exec(tag)?.[1] ?? "").replace(/<[^>]*>/g, "");
    return `<mention-component entity_identifier="${id}" entity_name="user_mention" label="${escapeHtml(label)}"></mention-component>`;
  });
}

/** User ids mentioned in stored HTML, each once. */
export function mentionedIds(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<mention-component\b[^>]*>/gi)) {
    const id = attr(m[0], "entity_identifier");
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

/** True when the HTML holds no text and no mention (e.g. "<p></p>", "<p><br></p>"). */
export function isEmptyHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<mention-component|data-type="mention"|<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";
}

const HTML_NS = "http://www.w3.org/1999/xhtml";

/** Keep what the allowlist admits (a second layer behind the server's sanitiser). */
function cleanChildren(parent: ParentNode) {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === 3) continue; // text
    if (child.nodeType !== 1) {
      child.remove(); // comments, processing instructions, CDATA
      continue;
    }
    const el = child as Element;
    const action = el.namespaceURI === HTML_NS ? htmlTagAction(el.localName) : "drop";
    if (action === "drop") {
      el.remove();
      continue;
    }
    cleanChildren(el);
    if (action === "unwrap") {
      el.replaceWith(...el.childNodes);
      continue;
    }
    const attrs = cleanHtmlAttributes(el.localName, Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])));
    if (!attrs) {
      el.remove();
      continue;
    }
    for (const a of [...el.attributes]) el.removeAttribute(a.name);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  }
}

/**
 * Sanitise stored HTML with the shared allowlist of `@stride/shared` (the one the server applies on
 * write): parsed in an inert document (nothing loads or runs), unknown tags unwrapped, dangerous ones
 * dropped with their content, attributes, classes, styles and URLs checked by the shared rules. Browser only.
 */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === "undefined") return escapeHtml(html.replace(/<[^>]*>/g, ""));
  const body = new DOMParser().parseFromString(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`, "text/html").body;
  cleanChildren(body);
  return body.innerHTML;
}

/** Stored HTML → what is shown (and edited): sanitised first, then mentions become chips. */
export function toDisplayHtml(html: string | null | undefined, nameOf: (id: string) => string | null | undefined): string {
  return storageToDisplay(sanitizeHtml(html ?? ""), nameOf);
}
