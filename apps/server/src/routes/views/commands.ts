import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { CreateViewBody, UpdateViewBody, ViewOrder } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { addEntityFavorite, dropFavoritesOf, favoritedIds, removeEntityFavorite } from "../../domain/favorites.ts";
import { visibleViews, type ViewRow } from "../../domain/saved-views.ts";
import { schema } from "../../db/client.ts";

const { issueViews } = schema;

/** Where a view lives: a project (project views), a teamspace (team views) or the workspace itself (global views, both null). */
export interface ViewPlace {
  workspaceId: string;
  projectId: string | null;
  teamspaceId?: string | null;
}

/**
 * The views of a place the user may see with their `is_favorite`: favourites first, then by name (wire-facts §7),
 * or in the asked order (work-tracking §3: name, created_at, updated_at, `-` for descending).
 */
export async function listViews(
  app: AppContext,
  place: ViewPlace,
  userId: string,
  order?: ViewOrder,
): Promise<{ row: ViewRow; fav: boolean }[]> {
  const field = order?.replace(/^-/, "") as "name" | "created_at" | "updated_at" | undefined;
  const dir = order?.startsWith("-") ? desc : asc;
  const col =
    field === "created_at"
      ? issueViews.createdAt
      : field === "updated_at"
        ? issueViews.updatedAt
        : sql`lower(${issueViews.name})`;
  const rows = await app.db
    .select()
    .from(issueViews)
    .where(visibleViews(place.workspaceId, place.projectId, userId, place.teamspaceId ?? null))
    .orderBy(dir(col), asc(issueViews.createdAt), asc(issueViews.id));
  const favs = place.projectId
    ? await favoritedIds(
        app.db,
        userId,
        "view",
        rows.map((r) => r.id),
      )
    : new Set<string>();
  const out = rows.map((row) => ({ row, fav: favs.has(row.id) }));
  // favourites first unless an order was asked for (a stable partition keeps the order inside each part)
  return order ? out : [...out.filter((v) => v.fav), ...out.filter((v) => !v.fav)];
}

export async function isFavoriteView(app: AppContext, view: ViewRow, userId: string): Promise<boolean> {
  if (!view.projectId) return false;
  return (await favoritedIds(app.db, userId, "view", [view.id])).has(view.id);
}

function columns(body: UpdateViewBody): Partial<typeof issueViews.$inferInsert> {
  const set: Partial<typeof issueViews.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.filters !== undefined) set.filters = body.filters;
  if (body.display_filters !== undefined) set.displayFilters = body.display_filters;
  if (body.display_properties !== undefined) set.displayProperties = body.display_properties;
  if (body.rich_filters !== undefined) set.richFilters = body.rich_filters;
  if (body.access !== undefined) set.access = body.access;
  if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
  if (body.logo_props !== undefined) set.logoProps = body.logo_props;
  if (body.is_locked !== undefined) set.isLocked = body.is_locked;
  return set;
}

/** A new view, owned by its creator. */
export async function createView(
  app: AppContext,
  place: ViewPlace,
  userId: string,
  body: CreateViewBody,
): Promise<ViewRow> {
  const [row] = await app.db
    .insert(issueViews)
    .values({
      ...columns(body),
      name: body.name,
      workspaceId: place.workspaceId,
      projectId: place.projectId,
      teamspaceId: place.teamspaceId ?? null,
      ownedById: userId,
      createdById: userId,
      updatedById: userId,
    })
    .returning();
  return row!;
}

/**
 * Change a view. A locked view (work-tracking §4) takes only the lock toggle itself: any other change is 400
 * `{error: "view is locked"}`. The row is locked for the check, so a concurrent lock cannot slip a change through.
 */
export async function updateView(
  app: AppContext,
  view: ViewRow,
  userId: string,
  body: UpdateViewBody,
): Promise<ViewRow> {
  const set = columns(body);
  return app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(issueViews).where(eq(issueViews.id, view.id)).for("update");
    if (!current) throw errors.notFound();
    const changesMoreThanLock = Object.keys(set).some((k) => k !== "isLocked");
    if (current.isLocked && changesMoreThanLock) throw errors.badRequest("view is locked");
    if (Object.keys(set).length === 0) return current;
    const [row] = await tx
      .update(issueViews)
      .set({ ...set, updatedAt: new Date(), updatedById: userId })
      .where(eq(issueViews.id, view.id))
      .returning();
    return row!;
  });
}

/** Delete a view with every user's favourite of it and its public board (a published view is unpublished). */
export async function deleteView(app: AppContext, view: ViewRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.delete(issueViews).where(eq(issueViews.id, view.id));
    await dropFavoritesOf(tx, "view", [view.id]);
    const B = schema.deployBoards;
    await tx.delete(B).where(and(eq(B.entityName, "view"), eq(B.entityIdentifier, view.id)));
  });
}

export async function favoriteView(app: AppContext, view: ViewRow, userId: string): Promise<void> {
  await app.db.transaction((tx) =>
    addEntityFavorite(tx, {
      workspaceId: view.workspaceId,
      userId,
      projectId: view.projectId,
      entityType: "view",
      entityId: view.id,
    }),
  );
}

export async function unfavoriteView(
  app: AppContext,
  workspaceId: string,
  viewId: string,
  userId: string,
): Promise<boolean> {
  return removeEntityFavorite(app.db, { workspaceId, userId, entityType: "view", entityId: viewId });
}
