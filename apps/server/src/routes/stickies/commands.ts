import { and, count, desc, eq, ilike, max, or, type SQL } from "drizzle-orm";
import { sortOrderOnTop, stripHtml } from "@stride/shared";
import type { StickyCreateBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";

const S = schema.stickies;
type StickyRow = typeof S.$inferSelect;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/** The owner's stickies in the workspace, optionally those whose name or text contains `query`. */
export function stickiesWhere(workspaceId: string, ownerId: string, query?: string): SQL {
  const w: SQL[] = [eq(S.workspaceId, workspaceId), eq(S.ownerId, ownerId)];
  const q = query?.trim();
  if (q) w.push(or(ilike(S.descriptionStripped, `%${likeEscape(q)}%`), ilike(S.name, `%${likeEscape(q)}%`))!);
  return and(...w)!;
}

/** One page, highest `sort_order` first (newest on ties), with the total. */
export async function listStickies(
  db: DbOrTx,
  where: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: StickyRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(S)
      .where(where)
      .orderBy(desc(S.sortOrder), desc(S.createdAt), desc(S.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(S).where(where),
  ]);
  return { rows, total };
}

/** The caller's own sticky, or 404 (another person's stickies do not exist for them). */
export async function loadOwnSticky(db: DbOrTx, workspaceId: string, ownerId: string, id: string): Promise<StickyRow> {
  const [row] = await db
    .select()
    .from(S)
    .where(and(eq(S.id, id), eq(S.workspaceId, workspaceId), eq(S.ownerId, ownerId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** The columns a body sets (the plain text is kept in step with the HTML, for search). */
function columnsOf(body: StickyCreateBody): Partial<typeof S.$inferInsert> {
  const set: Partial<typeof S.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description ?? {};
  if (body.description_html !== undefined) {
    set.descriptionHtml = body.description_html;
    set.descriptionStripped = stripHtml(body.description_html) || null;
  }
  if (body.logo_props !== undefined) set.logoProps = body.logo_props;
  if (body.color !== undefined) set.color = body.color;
  if (body.background_color !== undefined) set.backgroundColor = body.background_color;
  if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
  return set;
}

/** A new sticky goes first: above the owner's highest sort order in the workspace (platform.md §4). */
export async function createSticky(
  db: DbOrTx,
  workspaceId: string,
  ownerId: string,
  body: StickyCreateBody,
): Promise<StickyRow> {
  return db.transaction(async (tx) => {
    const [{ top }] = await tx
      .select({ top: max(S.sortOrder) })
      .from(S)
      .where(and(eq(S.workspaceId, workspaceId), eq(S.ownerId, ownerId)));
    const { sortOrder: _ignored, ...set } = columnsOf(body);
    const [row] = await tx
      .insert(S)
      .values({
        ...set,
        workspaceId,
        ownerId,
        sortOrder: sortOrderOnTop(top === null ? [] : [top]),
        createdById: ownerId,
        updatedById: ownerId,
      })
      .returning();
    return row;
  });
}

export async function updateSticky(
  db: DbOrTx,
  sticky: StickyRow,
  body: StickyCreateBody,
  userId: string,
): Promise<StickyRow> {
  const set = columnsOf(body);
  if (!Object.keys(set).length) return sticky;
  const [row] = await db
    .update(S)
    .set({ ...set, updatedAt: new Date(), updatedById: userId })
    .where(eq(S.id, sticky.id))
    .returning();
  return row;
}

export async function deleteSticky(db: DbOrTx, sticky: StickyRow): Promise<void> {
  await db.delete(S).where(eq(S.id, sticky.id));
}
