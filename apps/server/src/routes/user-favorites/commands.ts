import { and, eq, isNull, ne } from "drizzle-orm";
import { sequenceAtEnd, sequencesInSlot, sortFavorites } from "@stride/shared";
import type { UserFavorite } from "@stride/shared/contract";
import { schema, type Db, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import {
  addEntityFavorite,
  addFavoriteFolder,
  lockUserFavorites,
  type FavoriteEntityType,
} from "../../domain/favorites.ts";
import { FAVORITE_ENTITIES, resolveFavoriteEntities, type Viewer } from "./entities.ts";
import { presentFavorite, type FavoriteRow } from "./presenters.ts";
import type { CreateFavoriteBody, UpdateFavoriteBody } from "./schemas.ts";

const F = schema.userFavorites;
const mine = (v: Viewer) => and(eq(F.userId, v.userId), eq(F.workspaceId, v.workspaceId));

/**
 * Present favourites in display order (sequence descending). Entity favourites whose entity the viewer can no
 * longer see (left the project, archived, deleted) are left out; folders always show.
 */
export async function presentFavorites(db: DbOrTx, viewer: Viewer, rows: FavoriteRow[]): Promise<UserFavorite[]> {
  const entityOf = await resolveFavoriteEntities(db, viewer, rows);
  const out: UserFavorite[] = [];
  for (const row of sortFavorites(rows)) {
    const entity = entityOf(row.entityType, row.entityIdentifier);
    if (!row.isFolder && !entity) continue;
    out.push(presentFavorite(row, entity));
  }
  return out;
}

/** The caller's favourites: the top level, everything (`all`), or one folder's children. */
export async function listFavorites(
  db: DbOrTx,
  viewer: Viewer,
  scope: { all: true } | { parentId: string | null },
): Promise<UserFavorite[]> {
  const where =
    "all" in scope
      ? mine(viewer)
      : and(mine(viewer), scope.parentId ? eq(F.parentId, scope.parentId) : isNull(F.parentId));
  return presentFavorites(db, viewer, await db.select().from(F).where(where));
}

/** One of the caller's favourites, or 404 (another user's favourites do not exist for them). */
export async function loadFavorite(db: DbOrTx, viewer: Viewer, id: string): Promise<FavoriteRow> {
  const [row] = await db
    .select()
    .from(F)
    .where(and(mine(viewer), eq(F.id, id)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** The folder a favourite goes into: one of the caller's folders, else a 400 on `parent`. */
async function folderOf(db: DbOrTx, viewer: Viewer, parentId: string): Promise<FavoriteRow> {
  const [row] = await db
    .select()
    .from(F)
    .where(and(mine(viewer), eq(F.id, parentId)))
    .limit(1);
  if (!row || !row.isFolder) throw errors.field("parent", "Folder not found.");
  return row;
}

async function presentOne(db: DbOrTx, viewer: Viewer, id: string): Promise<UserFavorite> {
  const row = await loadFavorite(db, viewer, id);
  const entityOf = await resolveFavoriteEntities(db, viewer, [row]);
  return presentFavorite(row, entityOf(row.entityType, row.entityIdentifier));
}

/**
 * POST W/user-favorites/: a folder (by name) or a favourite of an entity the caller can see, on top of the top
 * level or of the given folder. An existing favourite (or folder of that name) is returned as it is.
 */
export async function createFavorite(db: Db, viewer: Viewer, body: CreateFavoriteBody): Promise<UserFavorite> {
  const isFolder = body.is_folder === true || body.entity_type === "folder";
  if (isFolder) {
    if (body.entity_type !== "folder") throw errors.field("entity_type", 'A folder has the entity type "folder".');
    const name = body.name?.trim();
    if (!name) throw errors.field("name", "This field may not be blank.");
    if (body.parent) throw errors.field("parent", "A folder cannot be put in another folder.");
    const { id } = await db.transaction((tx) =>
      addFavoriteFolder(tx, { workspaceId: viewer.workspaceId, userId: viewer.userId, name }),
    );
    return presentOne(db, viewer, id);
  }
  const type = body.entity_type as FavoriteEntityType;
  const resolve = FAVORITE_ENTITIES[type];
  if (!resolve) throw errors.field("entity_type", `"${type}" cannot be favourited yet.`);
  if (!body.entity_identifier) throw errors.field("entity_identifier", "This field is required.");
  const entity = (await resolve(db, viewer, [body.entity_identifier])).get(body.entity_identifier);
  if (!entity) throw errors.notFound();
  if (body.parent) await folderOf(db, viewer, body.parent);
  const { id } = await db.transaction((tx) =>
    addEntityFavorite(tx, {
      workspaceId: viewer.workspaceId,
      userId: viewer.userId,
      projectId: entity.projectId,
      entityType: type,
      entityId: body.entity_identifier!,
      parentId: body.parent ?? null,
    }),
  );
  return presentOne(db, viewer, id);
}

/**
 * PATCH W/user-favorites/{id}/: rename (folders), move into a folder or out to the top level (`parent`), reorder
 * (`sequence`). A move without a sequence puts the favourite at the end of its new place.
 */
export async function updateFavorite(
  db: Db,
  viewer: Viewer,
  row: FavoriteRow,
  body: UpdateFavoriteBody,
): Promise<UserFavorite> {
  await db.transaction(async (tx) => {
    await lockUserFavorites(tx, viewer.userId);
    const set: Partial<typeof F.$inferInsert> = { updatedAt: new Date(), updatedById: viewer.userId };
    if (body.name !== undefined) {
      if (!row.isFolder) throw errors.field("name", "Only a folder can be renamed.");
      const [clash] = await tx
        .select({ id: F.id })
        .from(F)
        .where(and(mine(viewer), eq(F.isFolder, true), eq(F.name, body.name), ne(F.id, row.id)))
        .limit(1);
      if (clash) throw errors.field("name", "A folder with this name already exists.");
      set.name = body.name;
    }
    if (body.parent !== undefined && body.parent !== row.parentId) {
      if (body.parent !== null) {
        if (row.isFolder) throw errors.field("parent", "A folder cannot be put in another folder.");
        if (body.parent === row.id) throw errors.field("parent", "A favourite cannot be its own folder.");
        await folderOf(tx, viewer, body.parent);
      }
      set.parentId = body.parent;
      if (body.sequence === undefined) {
        const siblings = await tx
          .select({ s: F.sequence })
          .from(F)
          .where(and(mine(viewer), body.parent ? eq(F.parentId, body.parent) : isNull(F.parentId)));
        set.sequence = sequenceAtEnd(siblings.map((x) => x.s));
      }
    }
    if (body.sequence !== undefined) set.sequence = body.sequence;
    await tx.update(F).set(set).where(eq(F.id, row.id));
  });
  return presentOne(db, viewer, row.id);
}

/**
 * DELETE W/user-favorites/{id}/. A folder's favourites are not dropped with it: they take the folder's place at
 * the top level, in their order (docs/decisions.md).
 */
export async function deleteFavorite(db: Db, viewer: Viewer, row: FavoriteRow): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserFavorites(tx, viewer.userId);
    if (row.isFolder) {
      const children = sortFavorites(
        await tx
          .select({ id: F.id, sequence: F.sequence })
          .from(F)
          .where(and(mine(viewer), eq(F.parentId, row.id))),
      );
      if (children.length) {
        const top = sortFavorites(
          await tx
            .select({ id: F.id, sequence: F.sequence })
            .from(F)
            .where(and(mine(viewer), isNull(F.parentId))),
        );
        const at = top.findIndex((f) => f.id === row.id);
        const seqs = sequencesInSlot(top[at - 1]?.sequence, top[at + 1]?.sequence, children.length);
        for (const [i, child] of children.entries()) {
          await tx
            .update(F)
            .set({ parentId: null, sequence: seqs[i]!, updatedAt: new Date(), updatedById: viewer.userId })
            .where(eq(F.id, child.id));
        }
      }
    }
    await tx.delete(F).where(eq(F.id, row.id));
  });
}
