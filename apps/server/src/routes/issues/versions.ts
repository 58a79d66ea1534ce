import { and, desc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { EDIT_SESSION_MS } from "../../domain/activity.ts";
import type { IssueRow } from "./queries.ts";
import { stripHtml } from "../../domain/text.ts";

const V = schema.issueDescriptionVersions;
export type DescriptionVersionRow = typeof V.$inferSelect;

/**
 * Description versions are editing sessions: a change by the latest version's owner within this window
 * of that version's last save updates it instead of adding a version (docs/decisions.md).
 */
export const DESCRIPTION_VERSION_WINDOW_MS = EDIT_SESSION_MS;

type Description = Pick<IssueRow, "descriptionHtml" | "descriptionStripped" | "descriptionBinary" | "descriptionJson">;

/** No text, image or mention: nothing worth keeping as a version. */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || (stripHtml(html) === "" && !/<(img|image-component|mention-component)\b/i.test(html));
}

const content = (d: Description) => ({
  descriptionHtml: d.descriptionHtml,
  descriptionStripped: d.descriptionStripped ?? stripHtml(d.descriptionHtml),
  descriptionBinary: d.descriptionBinary,
  descriptionJson: d.descriptionJson ?? {},
});

/**
 * Keep a version of a work item's description after it changed from `before` to `after`, in the
 * transaction of the change (the item row is locked by the caller, so versions of one item never race).
 * - The latest version is the owner's session: the same user within the window updates it.
 * - Otherwise a new version holds `after`.
 * - An item without versions first gets its description as it was (owned by its creator, as of its
 *   creation), so the text a first edit replaces can always be restored.
 */
export async function keepDescriptionVersion(
  tx: DbOrTx,
  before: IssueRow,
  after: Description,
  actorId: string,
  now = new Date(),
): Promise<void> {
  const [latest] = await tx
    .select({ id: V.id, ownedById: V.ownedById, lastSavedAt: V.lastSavedAt })
    .from(V)
    .where(eq(V.issueId, before.id))
    .orderBy(desc(V.lastSavedAt), desc(V.createdAt))
    .limit(1);
  const of = { issueId: before.id, projectId: before.projectId, workspaceId: before.workspaceId };
  if (
    latest &&
    latest.ownedById === actorId &&
    now.getTime() - latest.lastSavedAt.getTime() <= DESCRIPTION_VERSION_WINDOW_MS
  ) {
    await tx
      .update(V)
      .set({ ...content(after), lastSavedAt: now, updatedAt: now, updatedById: actorId })
      .where(eq(V.id, latest.id));
    return;
  }
  const rows: (typeof V.$inferInsert)[] = [];
  if (!latest && !isBlankHtml(before.descriptionHtml)) {
    const owner = before.createdById ?? actorId;
    const at = before.createdAt;
    rows.push({
      ...of,
      ...content(before),
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
    ...content(after),
    ownedById: actorId,
    lastSavedAt: now,
    createdAt: now,
    updatedAt: now,
    createdById: actorId,
    updatedById: actorId,
  });
  await tx.insert(V).values(rows);
}

/** Versions go with their work item when it is deleted. */
export async function deleteDescriptionVersions(tx: DbOrTx, issueId: string): Promise<void> {
  await tx.delete(V).where(eq(V.issueId, issueId));
}

/** One version of an item, or null. */
export async function findDescriptionVersion(
  db: DbOrTx,
  issueId: string,
  versionId: string,
): Promise<DescriptionVersionRow | null> {
  const [row] = await db
    .select()
    .from(V)
    .where(and(eq(V.id, versionId), eq(V.issueId, issueId)))
    .limit(1);
  return row ?? null;
}
