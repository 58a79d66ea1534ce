import { and, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { addJob } from "../../core/jobs.ts";
import { safeFetch } from "../../core/safe-fetch.ts";

/**
 * A quick link saved without a title gets the page's `<title>`, fetched by a job after the save (never in the
 * request) through the SSRF-guarded fetch: internal addresses only when the instance allows them, 256 KB read at
 * most, 5 s. A title typed meanwhile is never overwritten; a page that cannot be fetched leaves the title empty
 * (the web shows the URL).
 */
export const QUICK_LINK_TITLE_TASK = "quick-links:title";
const TITLE_MAX = 255;
const L = schema.workspaceUserLinks;

export async function queueQuickLinkTitle(tx: DbOrTx, linkId: string): Promise<void> {
  await addJob(tx, QUICK_LINK_TITLE_TASK, { id: linkId }, { maxAttempts: 2 });
}

export function registerQuickLinkTitleJob(app: AppContext): void {
  app.jobs.register<{ id: string }>(QUICK_LINK_TITLE_TASK, (p) => fetchQuickLinkTitle(app, p.id), { maxAttempts: 2 });
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of a page's first `<title>` element, entities decoded and spaces collapsed; null when there is none. */
export function titleOf(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  if (!m) return null;
  const text = m[1]
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (all, n: string) => ENTITIES[n.toLowerCase()] ?? all)
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, TITLE_MAX) : null;
}

/** Fetch the link's page and keep its title if the link still has none. Returns the title kept, or null. */
export async function fetchQuickLinkTitle(app: AppContext, id: string): Promise<string | null> {
  const [link] = await app.db.select({ url: L.url, title: L.title }).from(L).where(eq(L.id, id)).limit(1);
  if (!link || link.title) return null;
  let title: string | null = null;
  try {
    const res = await safeFetch(link.url, {
      allowPrivate: app.config.outboundAllowPrivate,
      maxBytes: 256 * 1024,
      truncate: true,
      timeoutMs: 5_000,
      headers: { accept: "text/html,application/xhtml+xml", "user-agent": "Stride link preview" },
    });
    const type = String(res.headers["content-type"] ?? "");
    if (res.status === 200 && /html/i.test(type)) title = titleOf(res.text());
  } catch {
    return null; // refused by the guard, unreachable, too slow: the link keeps no title
  }
  if (!title) return null;
  const kept = await app.db
    .update(L)
    .set({ title })
    .where(and(eq(L.id, id), isNull(L.title)))
    .returning({ id: L.id });
  return kept.length ? title : null;
}
