import * as Y from "yjs";
import { eq, sql } from "drizzle-orm";
import { errors } from "../http/errors.ts";
import { schema, type DbOrTx, type Tx } from "../db/client.ts";
import { docFromState, docToNode, htmlToNode, replaceContent, storedContent, type StoredContent } from "./document.ts";

const { pages } = schema;
type PageRow = typeof pages.$inferSelect;

/**
 * The NOTIFY channel of the collaboration relay; its payload is `<page id>:<row id>` (ids, never the update), or
 * `access:<page|project|workspace|user>:<id>` when who may read or write pages changed (db/sql/collab-access.sql
 * sends it for deletes and membership changes, `pagesAccessChanged` for page commands).
 */
export const COLLAB_CHANNEL = "page_collab";
export const COLLAB_ACCESS_PREFIX = "access:";
/** Kinds of relay rows: a Yjs update, an awareness update. */
export const COLLAB_KIND = { update: 0, awareness: 1 } as const;
/** The origin of rows written by HTTP calls (every collaboration server applies them). */
export const REST_ORIGIN = "rest";

/** Hand an update to every collaboration server holding the page (the row and its NOTIFY go out at commit). */
export async function publishCollab(
  db: DbOrTx,
  pageId: string,
  kind: number,
  payload: Uint8Array,
  origin: string,
): Promise<void> {
  await db.execute(sql`
    WITH r AS (INSERT INTO page_collab_updates (page, kind, payload, origin) VALUES (${pageId}, ${kind}, ${Buffer.from(payload)}, ${origin}) RETURNING id, page)
    SELECT pg_notify(${COLLAB_CHANNEL}, r.page::text || ':' || r.id::text) FROM r`);
}

/**
 * Tell the collaboration servers to check again who may read and write these pages (lock, access, archive, move);
 * the NOTIFY goes out at commit. Deletes and membership changes are announced by triggers (db/sql/collab-access.sql).
 */
export async function pagesAccessChanged(db: DbOrTx, pageIds: string[]): Promise<void> {
  if (!pageIds.length) return;
  const rows = sql.join(
    pageIds.map((id) => sql`(${`${COLLAB_ACCESS_PREFIX}page:${id}`})`),
    sql`, `,
  );
  await db.execute(sql`SELECT pg_notify(${COLLAB_CHANNEL}, v.m) FROM (VALUES ${rows}) AS v(m)`);
}

/** A base64 Yjs state from a request, decoded and checked (400 on anything Yjs cannot read). */
export function parseYjsState(b64: string): Y.Doc {
  const bytes = Buffer.from(b64, "base64");
  try {
    const doc = docFromState(bytes);
    docToNode(doc);
    return doc;
  } catch {
    throw errors.field("description_binary", "Not a valid Yjs document state.");
  }
}

/**
 * The page's live document as stored: its Yjs state, or — a page that has only HTML (created through the API) —
 * a document built from that HTML. Call with the row locked so that two servers never build two different
 * documents from the same HTML (`seedState` writes the built state back).
 */
export function storedDoc(row: Pick<PageRow, "descriptionBinary" | "descriptionHtml">): {
  doc: Y.Doc;
  seeded: boolean;
} {
  if (row.descriptionBinary && row.descriptionBinary.length)
    return { doc: docFromState(row.descriptionBinary), seeded: false };
  const doc = new Y.Doc({ gc: true });
  replaceContent(doc, htmlToNode(row.descriptionHtml), null);
  return { doc, seeded: true };
}

/** Lock and read the page's row, building and storing its Yjs state when it has none (see storedDoc). */
export async function lockedDoc(tx: Tx, pageId: string): Promise<{ row: PageRow; doc: Y.Doc } | null> {
  const [row] = await tx.select().from(pages).where(eq(pages.id, pageId)).for("update");
  if (!row) return null;
  const { doc, seeded } = storedDoc(row);
  if (seeded) {
    const state = Buffer.from(Y.encodeStateAsUpdate(doc));
    await tx.update(pages).set({ descriptionBinary: state }).where(eq(pages.id, pageId));
    row.descriptionBinary = state;
  }
  return { row, doc };
}

/** Whether `next` holds everything `base` does (a later state of the same document, not a different one). */
function descends(next: Y.Doc, base: Y.Doc): boolean {
  const have = Y.decodeStateVector(Y.encodeStateVector(next));
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(base)))
    if ((have.get(client) ?? 0) < clock) return false;
  return true;
}

/**
 * Change a page's live document to what an HTTP write sends, as a Yjs update on the stored document: a state
 * that continues the stored one is merged; any other state, or HTML alone, replaces the content (a diff of the
 * blocks, so edits being made in the live document meanwhile are kept). Returns the update (empty when nothing
 * changed) and the three stored forms after it.
 */
export function changeDocument(
  doc: Y.Doc,
  to: { state?: Y.Doc | null; html?: string | null },
): { update: Uint8Array | null; content: StoredContent } {
  const updates: Uint8Array[] = [];
  const collect = (u: Uint8Array) => void updates.push(u);
  doc.on("update", collect);
  try {
    if (to.state && descends(to.state, doc))
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(to.state, Y.encodeStateVector(doc)), REST_ORIGIN);
    else if (to.state) replaceContent(doc, docToNode(to.state), REST_ORIGIN);
    else replaceContent(doc, htmlToNode(to.html ?? ""), REST_ORIGIN);
  } finally {
    doc.off("update", collect);
  }
  return { update: updates.length ? Y.mergeUpdates(updates) : null, content: storedContent(doc) };
}

/** Whether two stored forms describe the same content. */
export function sameContent(a: Pick<PageRow, "descriptionHtml" | "descriptionJson">, b: StoredContent): boolean {
  return (
    a.descriptionHtml === b.descriptionHtml && JSON.stringify(a.descriptionJson) === JSON.stringify(b.descriptionJson)
  );
}
