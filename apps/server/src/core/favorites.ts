/**
 * Favourites of one entity (project, cycle, module, view, page, issue), shared by every resource that offers a
 * favourite toggle (`W/user-favorite-projects/`, `P/user-favorite-cycles/`, …) and by `W/user-favorites/`.
 * Folders and reordering live in the favourites resource; this module only adds, removes and reads entity favourites.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx, type Tx } from "../db/client.ts";

const { userFavorites } = schema;

export type FavoriteEntityType = "project" | "cycle" | "module" | "view" | "page" | "issue";

/** Step between a user's favourites (wire-facts §7: sequence grows by 10000; the first one is 65535). */
export const FAVORITE_SEQUENCE_STEP = 10000;
export const FAVORITE_FIRST_SEQUENCE = 65535;

/** The next sequence after `last` (null when the folder is empty). */
export function nextFavoriteSequence(last: number | null | undefined): number {
  return last === null || last === undefined ? FAVORITE_FIRST_SEQUENCE : Number(last) + FAVORITE_SEQUENCE_STEP;
}

export interface EntityFavorite {
  workspaceId: string;
  userId: string;
  projectId: string | null;
  entityType: FavoriteEntityType;
  entityId: string;
}

/**
 * Favourite an entity for a user inside the caller's transaction (idempotent: an existing favourite is returned),
 * placed after the user's last top-level favourite. Concurrent favourites of one user are serialised.
 */
export async function addEntityFavorite(tx: Tx, f: EntityFavorite): Promise<{ id: string; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"fav:" + f.userId}))`);
  const [existing] = await tx
    .select({ id: userFavorites.id })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, f.userId), eq(userFavorites.entityType, f.entityType), eq(userFavorites.entityIdentifier, f.entityId)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const [last] = await tx
    .select({ m: sql<number | null>`max(${userFavorites.sequence})` })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, f.userId), eq(userFavorites.workspaceId, f.workspaceId), sql`${userFavorites.parentId} is null`));
  const [row] = await tx
    .insert(userFavorites)
    .values({
      workspaceId: f.workspaceId,
      userId: f.userId,
      projectId: f.projectId,
      entityType: f.entityType,
      entityIdentifier: f.entityId,
      sequence: nextFavoriteSequence(last?.m),
      createdById: f.userId,
      updatedById: f.userId,
    })
    .returning({ id: userFavorites.id });
  return { id: row!.id, created: true };
}

/** Remove one user's favourite of an entity; true when there was one. */
export async function removeEntityFavorite(db: DbOrTx, f: Omit<EntityFavorite, "projectId">): Promise<boolean> {
  const deleted = await db
    .delete(userFavorites)
    .where(
      and(
        eq(userFavorites.workspaceId, f.workspaceId),
        eq(userFavorites.userId, f.userId),
        eq(userFavorites.entityType, f.entityType),
        eq(userFavorites.entityIdentifier, f.entityId),
      ),
    )
    .returning({ id: userFavorites.id });
  return deleted.length > 0;
}

/** Every user's favourites of these entities go (archive, delete). Run it in the archiving/deleting transaction. */
export async function dropFavoritesOf(tx: DbOrTx, entityType: FavoriteEntityType, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx.delete(userFavorites).where(and(eq(userFavorites.entityType, entityType), inArray(userFavorites.entityIdentifier, entityIds)));
}

/** Which of these entities the user has favourited (for `is_favorite`). */
export async function favoritedIds(db: DbOrTx, userId: string, entityType: FavoriteEntityType, entityIds: string[]): Promise<Set<string>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .select({ id: userFavorites.entityIdentifier })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.entityType, entityType), inArray(userFavorites.entityIdentifier, entityIds)));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}
