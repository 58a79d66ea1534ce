import { and, desc, eq } from "drizzle-orm";
import type { QuickLinkPatchBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { normalizeLinkUrl } from "../../http/url.ts";
import { queueQuickLinkTitle } from "./title.ts";
import { requireReadable, type Reader } from "../../http/readable.ts";

const L = schema.workspaceUserLinks;
type LinkRow = typeof L.$inferSelect;

/** The owner's quick links in the workspace, newest first. */
export function listQuickLinks(db: DbOrTx, workspaceId: string, ownerId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(L)
    .where(and(eq(L.workspaceId, workspaceId), eq(L.ownerId, ownerId)))
    .orderBy(desc(L.createdAt), desc(L.id));
}

/** The caller's own quick link, or 404. */
export async function loadOwnQuickLink(db: DbOrTx, workspaceId: string, ownerId: string, id: string): Promise<LinkRow> {
  const [row] = await db
    .select()
    .from(L)
    .where(and(eq(L.id, id), eq(L.workspaceId, workspaceId), eq(L.ownerId, ownerId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/**
 * A project the link points to must be a project of this workspace the owner is in (core/readable.ts; DRF's message
 * otherwise, as for a project of nothing).
 */
async function checkProject(db: DbOrTx, reader: Reader, projectId: string | null | undefined): Promise<void> {
  if (!projectId) return;
  await requireReadable(db, reader, "project", [projectId], {
    error: () => errors.field("project", `Invalid pk "${projectId}" - object does not exist.`),
  });
}

/**
 * The columns a body sets. The title is what the person typed (blank → none: a job then fetches the page's title,
 * title.ts, and until then the web shows the URL).
 */
async function columnsOf(
  db: DbOrTx,
  reader: Reader,
  body: QuickLinkPatchBody,
): Promise<Partial<typeof L.$inferInsert>> {
  const set: Partial<typeof L.$inferInsert> = {};
  if (body.url !== undefined) set.url = normalizeLinkUrl(body.url);
  if (body.title !== undefined) set.title = body.title?.trim() ? body.title.trim() : null;
  if (body.metadata !== undefined) set.metadata = body.metadata;
  if (body.project !== undefined) {
    await checkProject(db, reader, body.project);
    set.projectId = body.project;
  }
  return set;
}

export async function createQuickLink(
  db: DbOrTx,
  workspaceId: string,
  ownerId: string,
  body: QuickLinkPatchBody & { url: string },
): Promise<LinkRow> {
  const set = await columnsOf(db, { userId: ownerId, workspaceId }, body);
  const [row] = await db
    .insert(L)
    .values({ ...set, url: set.url!, workspaceId, ownerId, createdById: ownerId, updatedById: ownerId })
    .returning();
  if (!row.title) await queueQuickLinkTitle(db, row.id);
  return row;
}

export async function updateQuickLink(
  db: DbOrTx,
  link: LinkRow,
  body: QuickLinkPatchBody,
  userId: string,
): Promise<LinkRow> {
  const set = await columnsOf(db, { userId: link.ownerId, workspaceId: link.workspaceId }, body);
  if (!Object.keys(set).length) return link;
  const [row] = await db
    .update(L)
    .set({ ...set, updatedAt: new Date(), updatedById: userId })
    .where(eq(L.id, link.id))
    .returning();
  if (!row.title && (set.url !== undefined || set.title !== undefined)) await queueQuickLinkTitle(db, row.id);
  return row;
}

export async function deleteQuickLink(db: DbOrTx, link: LinkRow): Promise<void> {
  await db.delete(L).where(eq(L.id, link.id));
}
