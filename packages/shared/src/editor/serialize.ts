import { DOMSerializer, type Node as PMNode, type Schema } from "@tiptap/pm/model";
import { Transform } from "@tiptap/pm/transform";

/**
 * The stored form of a document: the schema's `renderHTML` of every node, serialised in an inert
 * document (no CSP applies there and nothing loads), images still uploading left out. This is what the
 * server's sanitiser keeps byte for byte (see editor.test.ts). `dom` is the browser's document, or on the server
 * an inert one (happy-dom) the collaboration server writes pages with.
 */
export function documentHtml(doc: PMNode, schema: Schema, dom: Document = document): string {
  const pending: { pos: number; size: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === IMAGE_NODE && !node.attrs.src) pending.push({ pos, size: node.nodeSize });
    return true;
  });
  let content = doc.content;
  if (pending.length) {
    // from last to first so that a deletion does not shift the ones before it
    const tr = new Transform(doc);
    for (const p of pending.reverse()) tr.delete(p.pos, p.pos + p.size);
    content = tr.doc.content;
  }
  const inert = dom.implementation.createHTMLDocument("");
  const host = inert.createElement("div");
  host.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(content, { document: inert }));
  const html = host.innerHTML;
  return html === "" ? "<p></p>" : html;
}

/** Name of the image node (Plane's `<image-component>`). */
export const IMAGE_NODE = "imageComponent";

/** A random id (Plane's node ids are UUIDs); `crypto.randomUUID` needs a secure context, this does not. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Links the allowlist keeps: http, https and mailto. */
export function isAllowedLink(url: string): boolean {
  return /^(https?:\/\/[^\s/\\]|mailto:[^\s])/i.test(url.trim());
}

/** What the user typed in the link editor, as a link ("example.com" → "https://example.com"), or null. */
export function normalizeLink(input: string): string | null {
  const v = input.trim();
  if (!v) return null;
  if (isAllowedLink(v)) return v;
  if (/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(v)) return `mailto:${v}`;
  if (/^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(v)) return `https://${v}`;
  return null;
}
