/**
 * Rich text of descriptions and comments, as stored (the editor's form: `<mention-component>`,
 * `<image-component>`, …; components/editor shows and edits it). `sanitizeHtml` uses the browser's
 * DOMParser and the shared allowlist (`packages/shared/src/html/`).
 */
import { cleanHtmlAttributes, escapeHtml, htmlTagAction } from "@stride/shared";

/** The app's one escape and text-to-HTML (packages/shared/src/html/text.ts). */
export { escapeHtml };
export { textToHtml } from "@stride/shared";

/** True when the HTML holds no text and no mention (e.g. "<p></p>", "<p><br></p>"). */
export function isEmptyHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<mention-component|<image-component\b[^>]*\bsrc=|data-type="mention"|<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
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
    const attrs = cleanHtmlAttributes(
      el.localName,
      Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    );
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
  const body = new DOMParser().parseFromString(
    `<!DOCTYPE html><html><head></head><body>${html}</body></html>`,
    "text/html",
  ).body;
  cleanChildren(body);
  return body.innerHTML;
}
