/**
 * Favourites of one entity (project, cycle, module, view, page, issue), shared by every resource that offers a
 * favourite toggle (`W/user-favorite-projects/`, `P/user-favorite-cycles/`, …) and by `W/user-favorites/`.
 * Folders and reordering live in the favourites resource (routes/user-favorites/); every favourite row, entity or
 * folder, is inserted here, on top of its siblings (the sequence math is `@stride/shared` favorite-sequence.ts).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { sequenceOnTop } from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../db/client.ts";

const { userFavorites } = schema;

export type FavoriteEntityType = "project" | "cycle" | "module" | "view" | "page" | "issue";

/** The next sequence after `last` (null when the folder is empty). */
export function nextFavoriteSequence(last: number | null | undefined): number {
  return sequenceOnTop(last === null || last === undefined ? [] : [Number(last)]);
}

export interface EntityFavorite {
  workspaceId: string;
  userId: string;
  projectId: string | null;
  entityType: FavoriteEntityType;
  entityId: string;
  /** The user's folder to put it in (null or absent: the top level). */
  parentId?: string | null;
}

/** Serialise one user's favourite writes (sequence placement, idempotent adds) for the rest of the transaction. */
export async function lockUserFavorites(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"fav:" + userId}))`);
}

/** The highest sequence among a user's favourites in one folder (or the top level); null when there are none. */
async function topSequence(
  tx: Tx,
  workspaceId: string,
  userId: string,
  parentId: string | null,
): Promise<number | null> {
  const [last] = await tx
    .select({ m: sql<number | null>`max(${userFavorites.sequence})` })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.userId, userId),
        eq(userFavorites.workspaceId, workspaceId),
        parentId ? eq(userFavorites.parentId, parentId) : isNull(userFavorites.parentId),
      ),
    );
  return last?.m ?? null;
}

/** The one insert of a favourite row: placed on top of its siblings. Call under `lockUserFavorites`. */
async function insertFavorite(
  tx: Tx,
  f: {
    workspaceId: string;
    userId: string;
    projectId: string | null;
    entityType: string;
    entityId: string | null;
    name: string | null;
    isFolder: boolean;
    parentId: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(userFavorites)
    .values({
      workspaceId: f.workspaceId,
      userId: f.userId,
      projectId: f.projectId,
      entityType: f.entityType,
      entityIdentifier: f.entityId,
      name: f.name,
      isFolder: f.isFolder,
      parentId: f.parentId,
      sequence: nextFavoriteSequence(await topSequence(tx, f.workspaceId, f.userId, f.parentId)),
      createdById: f.userId,
      updatedById: f.userId,
    })
    .returning({ id: userFavorites.id });
  return row!.id;
}

/**
 * Favourite an entity for a user inside the caller's transaction (idempotent: an existing favourite is returned
 * where it is), placed on top of the user's top-level favourites or of the given folder. Concurrent favourites of
 * one user are serialised.
 */
export async function addEntityFavorite(tx: Tx, f: EntityFavorite): Promise<{ id: string; created: boolean }> {
  await lockUserFavorites(tx, f.userId);
  const [existing] = await tx
    .select({ id: userFavorites.id })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.userId, f.userId),
        eq(userFavorites.entityType, f.entityType),
        eq(userFavorites.entityIdentifier, f.entityId),
      ),
    )
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const id = await insertFavorite(tx, { ...f, parentId: f.parentId ?? null, name: null, isFolder: false });
  return { id, created: true };
}

/** A folder of a user's favourites (idempotent by name: a folder of that name is returned), on top of the list. */
export async function addFavoriteFolder(
  tx: Tx,
  f: { workspaceId: string; userId: string; name: string },
): Promise<{ id: string; created: boolean }> {
  await lockUserFavorites(tx, f.userId);
  const [existing] = await tx
    .select({ id: userFavorites.id })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.userId, f.userId),
        eq(userFavorites.workspaceId, f.workspaceId),
        eq(userFavorites.isFolder, true),
        eq(userFavorites.name, f.name),
      ),
    )
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const id = await insertFavorite(tx, {
    ...f,
    projectId: null,
    entityType: "folder",
    entityId: null,
    isFolder: true,
    parentId: null,
  });
  return { id, created: true };
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
  await tx
    .delete(userFavorites)
    .where(and(eq(userFavorites.entityType, entityType), inArray(userFavorites.entityIdentifier, entityIds)));
}

/** Which of these entities the user has favourited (for `is_favorite`). */
export async function favoritedIds(
  db: DbOrTx,
  userId: string,
  entityType: FavoriteEntityType,
  entityIds: string[],
): Promise<Set<string>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .select({ id: userFavorites.entityIdentifier })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.userId, userId),
        eq(userFavorites.entityType, entityType),
        inArray(userFavorites.entityIdentifier, entityIds),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}
