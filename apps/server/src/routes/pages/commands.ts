import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_PAGE_ORDER,
  DEFAULT_SORT_ORDER,
  PAGE_ACCESS,
  pageRights,
  ROLE,
  SORT_STEP,
  type PageRights,
} from "@stride/shared";
import type {
  CreatePageBody,
  PageDescriptionBody,
  PageListQuery,
  PagesSummary,
  UpdatePageBody,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { addEntityFavorite, dropFavoritesOf, favoritedIds, removeEntityFavorite } from "../../domain/favorites.ts";
import type { ProjectCtx } from "../../http/route.ts";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { stripHtml } from "../../domain/text.ts";
import {
  changeDocument,
  COLLAB_KIND,
  lockedDoc,
  pagesAccessChanged,
  parseYjsState,
  publishCollab,
  REST_ORIGIN,
  sameContent,
} from "../../collab/content.ts";
import { storedContent } from "../../collab/document.ts";
import { keepPageVersion } from "../../domain/page-versions.ts";
import { readerOf, requireReadable, requireReadableMentions } from "../../http/readable.ts";

const { pages, pageVersions } = schema;
export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;

/** The spec's page errors (wire-facts §11 domain codes, platform.md §5). */
export const pageLocked = () => errors.domain(4701, "PAGE_LOCKED");
export const pageArchived = () => errors.domain(4702, "PAGE_ARCHIVED");
export const missingFields = () => errors.badRequest("Missing required fields.");

const today = () => new Date().toISOString().slice(0, 10);
const subject = (p: PageRow) => ({
  owned_by: p.ownedById,
  access: p.access,
  is_locked: p.isLocked,
  archived_at: p.archivedAt,
});

/** What the caller may do with a page (platform.md §6). */
export function rightsOf(ctx: ProjectCtx, page: PageRow): PageRights {
  return pageRights(subject(page), { userId: ctx.user.id, projectRole: ctx.projectMember?.role ?? null });
}

/** Refuse with 403 unless the caller has `right` on the page. */
export function need(ctx: ProjectCtx, page: PageRow, right: keyof PageRights): void {
  if (!rightsOf(ctx, page)[right]) throw errors.forbidden();
}

/**
 * The page may change now: the caller has `right` on it as if it were unlocked and live (403), and it is neither
 * archived (4702) nor locked (4701).
 */
export function needWritable(ctx: ProjectCtx, page: PageRow, right: "edit" | "contentEditable"): void {
  if (!rightsOf(ctx, { ...page, isLocked: false, archivedAt: null })[right]) throw errors.forbidden();
  if (page.archivedAt) throw pageArchived();
  if (page.isLocked) throw pageLocked();
}

/** A page of the route's project the caller may read (public or their own); anything else is 404. */
export async function loadPage(ctx: ProjectCtx<{ pageId: string }>, db: DbOrTx = ctx.app.db): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.id, ctx.params.pageId),
        eq(pages.projectId, ctx.project.id),
        eq(pages.workspaceId, ctx.workspace.id),
      ),
    )
    .limit(1);
  if (!row || !rightsOf(ctx, row).access) throw errors.notFound();
  return row;
}

/** Pages the caller may read in the project: public ones and their own. */
const readable = (ctx: ProjectCtx): SQL =>
  and(eq(pages.projectId, ctx.project.id), or(eq(pages.access, PAGE_ACCESS.PUBLIC), eq(pages.ownedById, ctx.user.id)))!;

/**
 * GET P/pages/: the caller's own and the public top-level pages (platform.md §4: `-updated_at` unless asked),
 * narrowed by `type` (public and private leave archived pages out; archived lists only them) and `search`.
 */
export async function listPages(
  app: AppContext,
  ctx: ProjectCtx,
  q: PageListQuery,
): Promise<{ row: PageRow; fav: boolean }[]> {
  const where: SQL[] = [readable(ctx), isNull(pages.parentId)];
  const type = q.type ?? "all";
  if (type === "public") where.push(eq(pages.access, PAGE_ACCESS.PUBLIC), isNull(pages.archivedAt));
  if (type === "private") where.push(eq(pages.access, PAGE_ACCESS.PRIVATE), isNull(pages.archivedAt));
  if (type === "archived") where.push(isNotNull(pages.archivedAt));
  if (q.search?.trim()) where.push(ilike(pages.name, `%${q.search.trim().replace(/[\\%_]/g, (c) => "\\" + c)}%`));
  const order = q.order_by ?? DEFAULT_PAGE_ORDER;
  const dir = order.startsWith("-") ? desc : asc;
  const field = order.replace(/^-/, "");
  const col = field === "name" ? sql`lower(${pages.name})` : field === "created_at" ? pages.createdAt : pages.updatedAt;
  const rows = await app.db
    .select()
    .from(pages)
    .where(and(...where))
    .orderBy(dir(col), desc(pages.createdAt), asc(pages.id));
  const favs = await favoritedIds(
    app.db,
    ctx.user.id,
    "page",
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, fav: favs.has(row.id) }));
}

/**
 * Stride's page tree: GET P/pages-tree/ (every page of the project the caller may read, archived ones left out) and
 * GET P/pages/{id}/sub-pages/ (`under`: the page's readable children, archived like it), siblings by `sort_order`.
 */
export async function listTree(
  app: AppContext,
  ctx: ProjectCtx,
  under?: PageRow,
): Promise<{ row: PageRow; fav: boolean }[]> {
  const where: SQL[] = [readable(ctx)];
  if (under)
    where.push(eq(pages.parentId, under.id), under.archivedAt ? isNotNull(pages.archivedAt) : isNull(pages.archivedAt));
  else where.push(isNull(pages.archivedAt));
  const rows = await app.db
    .select()
    .from(pages)
    .where(and(...where))
    .orderBy(asc(pages.sortOrder), asc(pages.createdAt), asc(pages.id));
  const favs = await favoritedIds(
    app.db,
    ctx.user.id,
    "page",
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, fav: favs.has(row.id) }));
}

/** The sort order that puts a page last among the pages under `parentId` (null: the top level) of a project. */
async function lastSortOrder(tx: DbOrTx, projectId: string, parentId: string | null, except?: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${pages.sortOrder})` })
    .from(pages)
    .where(
      and(
        eq(pages.projectId, projectId),
        parentId ? eq(pages.parentId, parentId) : isNull(pages.parentId),
        except ? ne(pages.id, except) : undefined,
      ),
    );
  return row?.max === null || row?.max === undefined ? DEFAULT_SORT_ORDER : Number(row.max) + SORT_STEP;
}

/** GET P/pages-summary/: how many pages each tab of the list holds. */
export async function pagesSummary(app: AppContext, ctx: ProjectCtx): Promise<PagesSummary> {
  const [row] = await app.db
    .select({
      public_pages: sql<number>`count(*) filter (where ${pages.access} = 0 and ${pages.archivedAt} is null)::int`,
      private_pages: sql<number>`count(*) filter (where ${pages.access} = 1 and ${pages.archivedAt} is null)::int`,
      archived_pages: sql<number>`count(*) filter (where ${pages.archivedAt} is not null)::int`,
    })
    .from(pages)
    .where(and(readable(ctx), isNull(pages.parentId)));
  return {
    public_pages: row?.public_pages ?? 0,
    private_pages: row?.private_pages ?? 0,
    archived_pages: row?.archived_pages ?? 0,
  };
}

export async function isFavoritePage(app: AppContext, userId: string, pageId: string): Promise<boolean> {
  return (await favoritedIds(app.db, userId, "page", [pageId])).has(pageId);
}

/** A parent page: a page of the same project the caller may read, not archived (and never the page itself or below it). */
async function checkParent(
  ctx: ProjectCtx,
  tx: DbOrTx,
  parentId: string | null | undefined,
  self?: string,
): Promise<void> {
  if (!parentId) return;
  const invalid = () => errors.field("parent", `Invalid pk "${parentId}" - object does not exist.`);
  const [p] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, parentId), eq(pages.projectId, ctx.project.id)))
    .limit(1);
  if (!p || !rightsOf(ctx, p).access) throw invalid();
  if (p.archivedAt) throw pageArchived();
  if (self && (await descendantIds(tx, [self])).includes(parentId))
    throw errors.field("parent", "A page cannot be nested under itself.");
}

/** The pages and every page below them (ids, the given ones included). */
async function descendantIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = (await db.execute(sql`
    with recursive tree(id) as (
      select id from pages where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union select p.id from pages p join tree t on p.parent = t.id
    ) select id from tree`)) as unknown as { id: string }[];
  return rows.map((r) => r.id);
}

/**
 * The three kept forms of a new page's content: from the Yjs state when one is sent (its HTML and JSON are then
 * the state's, written by the editor's schema and sanitised), else the sanitised HTML (the collaboration server
 * builds the state from it when the page is first opened) and the JSON sent.
 */
function content(body: Pick<CreatePageBody, "description_html" | "description_json" | "description_binary">) {
  if (body.description_binary) return storedContent(parseYjsState(body.description_binary));
  const html = body.description_html ?? "<p></p>";
  return {
    descriptionHtml: html,
    descriptionStripped: stripHtml(html),
    descriptionJson: body.description_json ?? {},
    descriptionBinary: null,
  };
}

/** POST P/pages/: a new page owned by its creator, public unless asked (platform.md §2). */
export async function createPage(app: AppContext, ctx: ProjectCtx, body: CreatePageBody): Promise<PageRow> {
  return app.db.transaction(async (tx) => {
    await checkParent(ctx, tx, body.parent);
    const made = content(body);
    // work items it embeds or mentions: only ones the writer may read (core/readable.ts)
    await requireReadableMentions(tx, readerOf(ctx), made.descriptionHtml);
    const [row] = await tx
      .insert(pages)
      .values({
        workspaceId: ctx.workspace.id,
        projectId: ctx.project.id,
        name: body.name?.trim() ?? "",
        access: body.access ?? PAGE_ACCESS.PUBLIC,
        color: body.color ?? "",
        logoProps: body.logo_props ?? {},
        viewProps: body.view_props ?? {},
        parentId: body.parent ?? null,
        sortOrder: body.sort_order ?? (await lastSortOrder(tx, ctx.project.id, body.parent ?? null)),
        ...made,
        ownedById: ctx.user.id,
        createdById: ctx.user.id,
        updatedById: ctx.user.id,
      })
      .returning();
    return row!;
  });
}

/** Lock the page's row for a change, re-reading it (a concurrent lock or archive cannot slip a change through). */
async function lockRow(tx: Tx, id: string): Promise<PageRow> {
  const [row] = await tx.select().from(pages).where(eq(pages.id, id)).for("update");
  if (!row) throw errors.notFound();
  return row;
}

async function setPage(
  tx: DbOrTx,
  id: string,
  userId: string,
  set: Partial<typeof pages.$inferInsert>,
): Promise<PageRow> {
  const [row] = await tx
    .update(pages)
    .set({ ...set, updatedAt: new Date(), updatedById: userId })
    .where(eq(pages.id, id))
    .returning();
  return row!;
}

/**
 * PATCH P/pages/{id}/: name, colour, logo, view choices, parent and place among its siblings (a new parent without a
 * `sort_order`: last among its new siblings); refused on a locked (4701) or archived (4702) page.
 */
export async function updatePage(
  app: AppContext,
  ctx: ProjectCtx,
  page: PageRow,
  body: UpdatePageBody,
): Promise<PageRow> {
  needWritable(ctx, page, "edit");
  return app.db.transaction(async (tx) => {
    const current = await lockRow(tx, page.id);
    needWritable(ctx, current, "edit");
    const set: Partial<typeof pages.$inferInsert> = {};
    if (body.name !== undefined) set.name = body.name.trim();
    if (body.color !== undefined) set.color = body.color;
    if (body.logo_props !== undefined) set.logoProps = body.logo_props;
    if (body.view_props !== undefined) set.viewProps = body.view_props;
    if (body.parent !== undefined && body.parent !== current.parentId) {
      await checkParent(ctx, tx, body.parent, page.id);
      set.parentId = body.parent;
      if (body.sort_order === undefined)
        set.sortOrder = await lastSortOrder(tx, current.projectId, body.parent, page.id);
    }
    if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
    if (Object.keys(set).length === 0) return current;
    return setPage(tx, page.id, ctx.user.id, set);
  });
}

/** DELETE P/pages/{id}/: the page and every user's favourite of it go; pages below it move to the top level. */
export async function deletePage(app: AppContext, page: PageRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.delete(pages).where(eq(pages.id, page.id));
    await dropFavoritesOf(tx, "page", [page.id]);
  });
}

/** POST P/pages/{id}/access/ `{access}` (an archived page keeps its access: 4702). */
export async function setAccess(app: AppContext, ctx: ProjectCtx, page: PageRow, access: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const current = await lockRow(tx, page.id);
    if (current.archivedAt) throw pageArchived();
    if (current.access !== access) await setPage(tx, page.id, ctx.user.id, { access });
    await pagesAccessChanged(tx, [page.id]);
  });
}

/** POST/DELETE P/pages/{id}/lock/. */
export async function setLocked(app: AppContext, ctx: ProjectCtx, page: PageRow, isLocked: boolean): Promise<void> {
  await app.db.transaction(async (tx) => {
    const current = await lockRow(tx, page.id);
    if (current.isLocked !== isLocked) await setPage(tx, page.id, ctx.user.id, { isLocked });
    await pagesAccessChanged(tx, [page.id]);
  });
}

/** POST P/pages/{id}/archive/: the page and the pages below it are archived; every favourite of them goes. */
export async function archivePage(app: AppContext, ctx: ProjectCtx, page: PageRow): Promise<string> {
  return app.db.transaction(async (tx) => {
    const day = today();
    const ids = await descendantIds(tx, [page.id]);
    await tx
      .update(pages)
      .set({ archivedAt: day, updatedAt: new Date(), updatedById: ctx.user.id })
      .where(and(inArray(pages.id, ids), isNull(pages.archivedAt)));
    await dropFavoritesOf(tx, "page", ids);
    await pagesAccessChanged(tx, ids);
    return day;
  });
}

/** DELETE P/pages/{id}/archive/: restore the page and the pages below it; under a still archived parent it moves to the top. */
export async function restorePage(app: AppContext, ctx: ProjectCtx, page: PageRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    const ids = await descendantIds(tx, [page.id]);
    await tx
      .update(pages)
      .set({ archivedAt: null, updatedAt: new Date(), updatedById: ctx.user.id })
      .where(and(inArray(pages.id, ids), isNotNull(pages.archivedAt)));
    if (page.parentId) {
      const [parent] = await tx.select({ archivedAt: pages.archivedAt }).from(pages).where(eq(pages.id, page.parentId));
      if (parent?.archivedAt)
        await tx
          .update(pages)
          .set({ parentId: null, sortOrder: await lastSortOrder(tx, page.projectId, null, page.id) })
          .where(eq(pages.id, page.id));
    }
    await pagesAccessChanged(tx, ids);
  });
}

/** POST P/favorite-pages/{id}/ (an archived page cannot be a favourite: 4702). */
export async function favoritePage(app: AppContext, ctx: ProjectCtx, page: PageRow): Promise<void> {
  if (page.archivedAt) throw pageArchived();
  await app.db.transaction((tx) =>
    addEntityFavorite(tx, {
      workspaceId: page.workspaceId,
      userId: ctx.user.id,
      projectId: page.projectId,
      entityType: "page",
      entityId: page.id,
    }),
  );
}

export async function unfavoritePage(app: AppContext, ctx: ProjectCtx, pageId: string): Promise<boolean> {
  return removeEntityFavorite(app.db, {
    workspaceId: ctx.workspace.id,
    userId: ctx.user.id,
    entityType: "page",
    entityId: pageId,
  });
}

/**
 * PATCH P/pages/{id}/description/: the content, applied to the page's live document as one Yjs update (a state that
 * continues the stored one is merged; any other state, or the HTML alone, replaces the content), so the three stored
 * forms stay in step and every open editor receives the change through the collaboration relay (src/collab/).
 * `description_html` is required (every reader uses it). The save continues or starts a version (an editing session
 * per owner within the window).
 */
export async function updateDescription(
  app: AppContext,
  ctx: ProjectCtx,
  page: PageRow,
  body: PageDescriptionBody,
): Promise<void> {
  needWritable(ctx, page, "contentEditable");
  if (body.description_html === undefined || body.description_html === null) throw missingFields();
  const state = body.description_binary ? parseYjsState(body.description_binary) : null;
  await app.db.transaction(async (tx) => {
    const live = await lockedDoc(tx, page.id);
    if (!live) throw errors.notFound();
    const current = live.row;
    needWritable(ctx, current, "contentEditable");
    const { update, content: next } = changeDocument(live.doc, { state, html: body.description_html });
    // work items it newly embeds or mentions: only ones the writer may read (core/readable.ts)
    await requireReadableMentions(tx, readerOf(ctx), next.descriptionHtml, current.descriptionHtml);
    if (update) await publishCollab(tx, page.id, COLLAB_KIND.update, update, REST_ORIGIN);
    if (sameContent(current, next)) {
      if (update)
        await tx.update(pages).set({ descriptionBinary: next.descriptionBinary }).where(eq(pages.id, page.id));
      return;
    }
    const saved = await setPage(tx, page.id, ctx.user.id, next);
    await keepPageVersion(tx, current, saved, ctx.user.id);
  });
}

/** POST P/pages/{id}/duplicate/: a copy owned by the caller, with the same access, parent and content, unlocked, last among its siblings. */
export async function duplicatePage(app: AppContext, ctx: ProjectCtx, page: PageRow): Promise<PageRow> {
  const [row] = await app.db
    .insert(pages)
    .values({
      workspaceId: page.workspaceId,
      projectId: page.projectId,
      name: `${page.name} (Copy)`.slice(0, 255),
      access: page.access,
      color: page.color,
      logoProps: page.logoProps,
      viewProps: page.viewProps,
      parentId: page.parentId,
      sortOrder: await lastSortOrder(app.db, page.projectId, page.parentId),
      descriptionHtml: page.descriptionHtml,
      descriptionStripped: page.descriptionStripped,
      descriptionJson: page.descriptionJson,
      descriptionBinary: page.descriptionBinary,
      ownedById: ctx.user.id,
      createdById: ctx.user.id,
      updatedById: ctx.user.id,
    })
    .returning();
  return row!;
}

/**
 * POST P/pages/{id}/move/ `{new_project_id}`: the page and the pages below it go to another project of the workspace
 * where the caller is a member or admin; it leaves its parent (last at the top level there), and its favourites and
 * the files of its content (images) follow it. Its text is kept as it is: work items embedded or mentioned stay
 * named by their id and their own project's id, so they show as before.
 */
export async function movePage(
  app: AppContext,
  ctx: ProjectCtx,
  page: PageRow,
  newProjectId: string | undefined,
): Promise<void> {
  if (!newProjectId) throw missingFields();
  if (newProjectId === page.projectId) throw errors.badRequest("The page is already in this project.");
  // a project the caller is not in is named like a project of nothing (core/readable.ts)
  await requireReadable(app.db, readerOf(ctx), "project", [newProjectId]);
  const [target] = await app.db
    .select({ id: schema.projects.id, archivedAt: schema.projects.archivedAt, role: schema.projectMembers.role })
    .from(schema.projects)
    .leftJoin(
      schema.projectMembers,
      and(
        eq(schema.projectMembers.projectId, schema.projects.id),
        eq(schema.projectMembers.memberId, ctx.user.id),
        eq(schema.projectMembers.isActive, true),
      ),
    )
    .where(and(eq(schema.projects.id, newProjectId), eq(schema.projects.workspaceId, ctx.workspace.id)))
    .limit(1);
  if (!target || target.archivedAt) throw errors.notFound("Project not found");
  if ((target.role ?? 0) < ROLE.MEMBER) throw errors.forbidden();
  await app.db.transaction(async (tx) => {
    const ids = await descendantIds(tx, [page.id]);
    await tx
      .update(pages)
      .set({ projectId: newProjectId, updatedAt: new Date(), updatedById: ctx.user.id })
      .where(inArray(pages.id, ids));
    await tx
      .update(pages)
      .set({ parentId: null, sortOrder: await lastSortOrder(tx, newProjectId, null, page.id) })
      .where(eq(pages.id, page.id));
    await tx.update(schema.fileAssets).set({ projectId: newProjectId }).where(inArray(schema.fileAssets.pageId, ids));
    await tx.update(pageVersions).set({ projectId: newProjectId }).where(inArray(pageVersions.pageId, ids));
    await tx
      .update(schema.userFavorites)
      .set({ projectId: newProjectId })
      .where(and(eq(schema.userFavorites.entityType, "page"), inArray(schema.userFavorites.entityIdentifier, ids)));
    await pagesAccessChanged(tx, ids);
  });
}

/** GET P/pages/{id}/versions/: newest first. */
export async function listVersions(app: AppContext, pageId: string): Promise<PageVersionRow[]> {
  return app.db
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.pageId, pageId))
    .orderBy(desc(pageVersions.lastSavedAt), desc(pageVersions.createdAt));
}

export async function findVersion(app: AppContext, pageId: string, versionId: string): Promise<PageVersionRow> {
  const [row] = await app.db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.id, versionId), eq(pageVersions.pageId, pageId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}
