import { desc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db/client.ts";
import { EDIT_SESSION_MS } from "./activity.ts";

/**
 * A page's kept versions: written by the page's REST save (routes/pages/commands.ts) and by the collaborative
 * editor's store (collab/server.ts), so they live here, below both.
 */
const { pageVersions } = schema;
type PageRow = typeof schema.pages.$inferSelect;

/** A change to a page's versions within this window of the owner's last save continues that version. */
export const PAGE_VERSION_WINDOW_MS = EDIT_SESSION_MS;

const snapshotOf = (p: PageRow) => ({
  descriptionHtml: p.descriptionHtml,
  descriptionStripped: p.descriptionStripped,
  descriptionJson: p.descriptionJson,
  descriptionBinary: p.descriptionBinary,
});

/**
 * Keep the page's content after a save as a version: the latest version's owner within the window continues it,
 * anyone else starts one. A page's first save also keeps the content it replaced (owned by the page's owner, as of
 * its creation), so what a page was created with can always be restored.
 */
export async function keepPageVersion(
  tx: DbOrTx,
  before: PageRow,
  page: PageRow,
  actorId: string,
  now = new Date(),
): Promise<void> {
  const [latest] = await tx
    .select({ id: pageVersions.id, ownedById: pageVersions.ownedById, lastSavedAt: pageVersions.lastSavedAt })
    .from(pageVersions)
    .where(eq(pageVersions.pageId, page.id))
    .orderBy(desc(pageVersions.lastSavedAt), desc(pageVersions.createdAt))
    .limit(1);
  if (
    latest &&
    latest.ownedById === actorId &&
    now.getTime() - latest.lastSavedAt.getTime() <= PAGE_VERSION_WINDOW_MS
  ) {
    await tx
      .update(pageVersions)
      .set({ ...snapshotOf(page), lastSavedAt: now, updatedAt: now, updatedById: actorId })
      .where(eq(pageVersions.id, latest.id));
    return;
  }
  const of = { pageId: page.id, projectId: page.projectId, workspaceId: page.workspaceId };
  const rows: (typeof pageVersions.$inferInsert)[] = [];
  if (!latest && before.descriptionStripped.trim() !== "") {
    const at = before.createdAt;
    const owner = before.ownedById;
    rows.push({
      ...of,
      ...snapshotOf(before),
      ownedById: owner,
      lastSavedAt: at,
      createdAt: at,
      updatedAt: at,
      createdById: owner,
      updatedById: owner,
    });
  }
  rows.push({
    ...of,
    ...snapshotOf(page),
    ownedById: actorId,
    lastSavedAt: now,
    createdAt: now,
    updatedAt: now,
    createdById: actorId,
    updatedById: actorId,
  });
  await tx.insert(pageVersions).values(rows);
}
