import { sanitizeHtml } from "../../lib/html.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stored rich text as the public space shows it: sanitised, and each `<image-component src="{asset id}">` turned
 * into an `<img>` loaded through the anchor (`assetUrl`); an image stored by address (https) keeps it. Browser only.
 */
export function spaceHtml(html: string, assetUrl: (assetId: string) => string): string {
  const clean = sanitizeHtml(html);
  if (!/<image-component\b/i.test(clean)) return clean;
  const body = new DOMParser().parseFromString(
    `<!DOCTYPE html><html><head></head><body>${clean}</body></html>`,
    "text/html",
  ).body;
  for (const el of [...body.querySelectorAll("image-component")]) {
    const src = el.getAttribute("src") ?? "";
    const url = UUID.test(src) ? assetUrl(src) : /^https:\/\//i.test(src) ? src : null;
    if (!url) {
      el.remove();
      continue;
    }
    const img = body.ownerDocument.createElement("img");
    img.setAttribute("src", url);
    img.setAttribute("alt", "");
    img.setAttribute("loading", "lazy");
    const width = el.getAttribute("width");
    if (width && /^\d+(\.\d+)?(px|%)$/.test(width)) img.style.width = width;
    img.className = "max-w-full rounded";
    el.replaceWith(img);
  }
  return body.innerHTML;
}
