const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Plain text of an HTML fragment (for `description_stripped`, `comment_stripped`). */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      const k = e.toLowerCase();
      if (ENTITIES[k] !== undefined) return ENTITIES[k];
      if (k.startsWith("#x")) return String.fromCodePoint(parseInt(k.slice(2), 16));
      if (k.startsWith("#")) return String.fromCodePoint(parseInt(k.slice(1), 10));
      return m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * User ids mentioned in rich text: the editor's `<mention-component entity_identifier="…"
 * entity_name="user_mention">` tags, and `data-type="mention" data-id="…"` / `data-mention-id`
 * style nodes. Only UUIDs are kept, each once, in order of appearance.
 */
export function extractMentionIds(html: string | null | undefined): string[] {
  if (!html) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (id: string | undefined) => {
    if (!id) return;
    const v = id.trim().toLowerCase();
    if (UUID.test(v) && !seen.has(v)) {
      seen.add(v);
      out.push(v);
    }
  };
  const attr = (tag: string, name: string) => {
    const m = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
    return m ? (m[2] ?? m[3]) : undefined;
  };
  for (const m of html.matchAll(/<mention-component\b[^>]*>/gi)) {
    const tag = m[0];
    const entity = attr(tag, "entity_name");
    if (entity && entity !== "user_mention") continue;
    add(attr(tag, "entity_identifier") ?? attr(tag, "id"));
  }
  for (const m of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\bdata-type\s*=\s*["']mention["'][^>]*>/gi)) {
    add(attr(m[0], "data-id"));
  }
  for (const m of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\bdata-mention-id\s*=[^>]*>/gi)) {
    add(attr(m[0], "data-mention-id"));
  }
  return out;
}
