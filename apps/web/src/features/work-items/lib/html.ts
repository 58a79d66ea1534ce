/**
 * Rich text of descriptions and comments. Stored HTML carries mentions as the editor's
 * `<mention-component entity_identifier="<user id>" entity_name="user_mention">` tags (what the server
 * reads to record mentions); on screen they are `@Name` chips. The string transforms are pure;
 * `sanitizeHtml` uses the browser's DOMParser and keeps only a small allowlist of tags and attributes.
 */

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

const ALLOWED_TAGS = new Set(["P", "BR", "STRONG", "B", "EM", "I", "U", "S", "STRIKE", "DEL", "CODE", "PRE", "BLOCKQUOTE", "UL", "OL", "LI", "H1", "H2", "H3", "A", "SPAN", "DIV", "HR", "IMG"]);
const ALLOWED_ATTRS: Record<string, string[]> = {
  A: ["href", "title", "target", "rel"],
  SPAN: ["class", "data-type", "data-id", "contenteditable"],
  IMG: ["src", "alt", "width", "height"],
};

/** Keep only safe markup (no scripts, event handlers or javascript: links). Browser only. */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === "undefined") return escapeHtml(html.replace(/<[^>]*>/g, ""));
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, "text/html");
  const root = doc.body.firstElementChild as HTMLElement | null;
  if (!root) return "";
  const walk = (el: Element) => {
    for (const child of [...el.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE"].includes(child.tagName)) {
          child.remove();
          continue;
        }
        // unknown wrapper: keep its content
        const frag = doc.createDocumentFragment();
        while (child.firstChild) frag.appendChild(child.firstChild);
        child.replaceWith(frag);
        walk(el);
        return;
      }
      const allowed = ALLOWED_ATTRS[child.tagName] ?? [];
      for (const a of [...child.attributes]) if (!allowed.includes(a.name)) child.removeAttribute(a.name);
      if (child.tagName === "A") {
        const href = child.getAttribute("href") ?? "";
        if (!/^(https?:|mailto:|\/)/i.test(href)) child.removeAttribute("href");
        child.setAttribute("target", "_blank");
        child.setAttribute("rel", "noopener noreferrer");
      }
      if (child.tagName === "IMG" && !/^(https?:|\/)/i.test(child.getAttribute("src") ?? "")) child.remove();
      else walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}
