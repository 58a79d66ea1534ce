import { andFilterNodes, FilterError, isFilterDate, isFilterDateTime, type FilterNode } from "@stride/shared";
import type { ProjectCtx, RouteModule, ScopeCtx } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES, seesOnlyOwnWorkItems } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { parsePage } from "../../http/pagination.ts";
import {
  filterError,
  listCacheOf,
  listWorkItems,
  listWorkItemsJson,
  one,
  parseFilters,
  parseListQuery,
  safeTimeZone,
  type ItemShape,
  type ListContext,
  type ListRequest,
  type Viewer,
} from "../../domain/work-item-list/index.ts";
import { listQuery, projectParams, slugParams } from "../../http/fields.ts";
import { onEpics, PROJECT_API, workItemListEndpoints as L } from "@stride/shared/endpoints";
import { onItems } from "../issues/item-endpoint.ts";
import { globalViewFilter, type SavedFilter } from "../../domain/saved-views.ts";
import { MAX_LIST_IDS, userIssuesParams } from "./schemas.ts";
import { presentItems, presentList, presentListText, presentSync } from "./presenters.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AnyCtx = ScopeCtx<unknown, Record<string, unknown>>;
type ProjectListCtx = ProjectCtx<unknown, Record<string, unknown>>;

/** The `issues=a,b` parameter: item ids, each once; none, too many or a bad one → 400. */
export function itemIds(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? "")
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!ids.length) throw errors.badRequest("Issues are required");
  if (ids.length > MAX_LIST_IDS) throw errors.badParam(`Too many issues (max ${MAX_LIST_IDS}).`);
  const bad = ids.find((id) => !UUID_RE.test(id));
  if (bad) throw errors.badParam(`Invalid issue id '${bad}'.`);
  return ids;
}

function projectViewer(ctx: ProjectListCtx): Viewer {
  return {
    userId: ctx.user.id,
    timezone: safeTimeZone(ctx.user.userTimezone),
    ownOnly: seesOnlyOwnWorkItems({
      projectRole: ctx.projectMember?.role ?? null,
      guestViewAllFeatures: ctx.project.guestViewAllFeatures,
    }),
  };
}

function workspaceViewer(ctx: AnyCtx): Viewer {
  return { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone) };
}

/**
 * One paginated (optionally grouped) list of a project-scoped context. `saved` is a saved view's filter (read in the
 * viewer's time zone): it is ANDed with the request's own filters, so a request narrows a view but never widens it.
 */
export async function projectListHandler(
  ctx: ProjectListCtx,
  kind: "project" | "epics" | "archived",
  shape: ItemShape,
  saved?: SavedFilter,
) {
  const context: ListContext =
    kind === "archived"
      ? { kind: "archived", workspaceId: ctx.workspace.id, projectId: ctx.project.id }
      : {
          kind: "project",
          workspaceId: ctx.workspace.id,
          projectId: ctx.project.id,
          epics: kind === "epics",
          projectArchived: !!ctx.project.archivedAt,
        };
  return contextListHandler(ctx, context, kind, shape, saved);
}

/**
 * The paginated, grouped, cached list of any context inside the route's project (P/issues/, a cycle's or a module's
 * items, …): the issue-list params and shape of wire-facts §6.1. `kind` names the context in the cache key.
 */
export async function contextListHandler(
  ctx: ProjectListCtx,
  context: ListContext,
  kind: string,
  shape: ItemShape = "list",
  saved?: SavedFilter,
) {
  const viewer = projectViewer(ctx);
  const parsed = parseListQuery(ctx.query, { timezone: viewer.timezone });
  if (saved) parsed.filter = andFilterNodes(savedFilter(saved, viewer.timezone), parsed.filter);
  const req: ListRequest = { context, viewer, ...parsed, shape };
  const cache = listCacheOf(ctx.app);
  // The body with each item's JSON text printed from its row, no object built (the detail shape's relations are
  // jsonb values: read as objects).
  const compute = async () =>
    Buffer.from(
      shape === "detail"
        ? JSON.stringify(presentList(parsed.page, await listWorkItems(ctx.app, req)))
        : presentListText(parsed.page, await listWorkItemsJson(ctx.app, req)),
    );
  if (!cache.cacheable(req))
    return ctx.reply
      .code(200)
      .type(JSON_TYPE)
      .send(await compute());
  // Cached by the project's list_version, read with the project row of the route scope before the list query
  // runs (core/issue-list/cache.ts): a hit sends the stored body as-is, a miss runs the engine and serializes once.
  const gen = {
    projectId: ctx.project.id,
    listVersion: Number(ctx.project.listVersion),
    updatedAt: ctx.project.updatedAt,
  };
  const key = cache.key(gen, req, kind);
  const body = await cache.fetch(gen, key, compute);
  return ctx.reply.code(200).type(JSON_TYPE).send(body);
}

/** A saved view's filter; one stored before a rule changed answers the list's filter error, never a 500. */
function savedFilter(saved: SavedFilter, timezone: string): FilterNode | null {
  try {
    return saved(timezone);
  } catch (e) {
    if (e instanceof FilterError) throw filterError(e);
    throw e;
  }
}

/**
 * One page of a list that spans projects (workspace global views, a teamspace's items and its team views): the caller's
 * own memberships decide what it holds, and its filters are ANDed with `saved` (a view's). Not cached: no one project's
 * list_version covers it.
 */
export async function workspaceListHandler(
  ctx: AnyCtx,
  context: ListContext,
  opts: { saved?: () => Promise<SavedFilter | null>; globalView?: boolean } = {},
) {
  const viewer = workspaceViewer(ctx);
  const parsed = parseListQuery(ctx.query, { timezone: viewer.timezone, globalView: opts.globalView });
  const saved = await opts.saved?.();
  if (saved) parsed.filter = andFilterNodes(savedFilter(saved, viewer.timezone), parsed.filter);
  const result = await listWorkItems(ctx.app, { context, viewer, ...parsed, shape: "list" });
  return presentList(parsed.page, result);
}

/** Fastify's content type for a serialized object, so cached and uncached responses are byte-identical. */
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Work-item list endpoints, all on the one engine (core/issue-list): project list, epics, archived,
 * issues-detail, list by ids, v2 sync, deleted ids, workspace global views and profile tabs.
 */
export const issueListRoutes: RouteModule = (fastify, app) => {
  // GET P/issues/ and P/epics/ (wire-facts §6.1)
  for (const [endpoint, kind] of [
    [L.list, "project"],
    [onEpics(L.list), "epics"],
  ] as const) {
    route(fastify, app, {
      endpoint,
      scope: "project",
      params: projectParams,
      query: listQuery,
      policy: POLICIES.project.read,
      handler: (ctx) => projectListHandler(ctx, kind, "list"),
    });
  }

  // GET P/archived-issues/
  route(fastify, app, {
    endpoint: L.archived,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: (ctx) => projectListHandler(ctx, "archived", "list"),
  });

  // GET P/issues-detail/: the list with issue_relation / issue_related on each item
  route(fastify, app, {
    endpoint: L.detailed,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: (ctx) => projectListHandler(ctx, "project", "detail"),
  });

  // GET P/issues/list/?issues=a,b → plain array of the named items
  route(fastify, app, {
    ...onItems(L.byIds),
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const ids = itemIds(one(ctx.query.issues));
      const viewer = projectViewer(ctx);
      const parsed = parseListQuery(
        { order_by: ctx.query.order_by ?? "" },
        { timezone: viewer.timezone, grouping: false },
      );
      const result = await listWorkItems(ctx.app, {
        context: { kind: "ids", workspaceId: ctx.workspace.id, projectId: ctx.project.id, ids },
        viewer,
        filter: null,
        order: parsed.order,
        page: parsePage({}, MAX_LIST_IDS),
        shape: "create",
      });
      return presentItems(result);
    },
  });

  // GET /api/v2/…/issues/: local-database sync, ordered by updated_at ascending
  route(fastify, app, {
    endpoint: L.sync,
    aliases: [`${PROJECT_API}/v2/issues/`],
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const viewer = projectViewer(ctx);
      const page = parsePage({ per_page: one(ctx.query.per_page), cursor: one(ctx.query.cursor) }, 1000);
      const filter = parseFilters(ctx.query, viewer.timezone);
      const description = ["true", "True", "1"].includes(one(ctx.query.description) ?? "");
      // `issues=a,b` (Stride's): only these items, those still in the list; the others left it (or never were)
      const ids = one(ctx.query.issues) === undefined ? undefined : itemIds(one(ctx.query.issues));
      const result = await listWorkItems(ctx.app, {
        context: {
          kind: "project",
          workspaceId: ctx.workspace.id,
          projectId: ctx.project.id,
          projectArchived: !!ctx.project.archivedAt,
          ids,
        },
        viewer,
        filter,
        order: { field: "updated_at", desc: false },
        page,
        shape: "sync",
        description,
      });
      return presentSync(page, result);
    },
  });

  // GET P/deleted-issues/?updated_at__gt= → ids of archived or deleted items changed since then
  route(fastify, app, {
    endpoint: L.deletedIds,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const since = one(ctx.query.updated_at__gt)?.trim().replace(" ", "+") || null;
      if (since && !isFilterDateTime(since) && !isFilterDate(since)) {
        throw errors.body(400, {
          message: `Invalid value '${since}' for filter 'updated_at__gt'`,
          code: "invalid_filter_value",
        });
      }
      const viewer = projectViewer(ctx);
      const rows = await ctx.app.sql<{ id: string }[]>`
        SELECT i.id FROM issues i
        WHERE i.project = ${ctx.project.id}
          AND (i.archived_at IS NOT NULL OR i.deleted_at IS NOT NULL)
          AND (${since}::timestamptz IS NULL OR i.updated_at > ${since}::timestamptz OR i.deleted_at > ${since}::timestamptz)
          AND (${viewer.ownOnly ?? false}::boolean = false OR i.created_by = ${viewer.userId})
        ORDER BY i.updated_at, i.id`;
      return rows.map((r) => r.id);
    },
  });

  // GET W/issues/: workspace global views (all-issues, assigned, created, subscribed via filters, or
  // `global_view_id`: a default view's name or a custom global view's id, whose filters are ANDed with the request's)
  route(fastify, app, {
    endpoint: L.workspace,
    scope: "workspace",
    params: slugParams,
    query: listQuery,
    policy: POLICIES.workspace.read,
    handler: async (ctx) => {
      const viewId = one(ctx.query.global_view_id);
      const saved = viewId ? () => globalViewFilter(ctx.app.db, ctx.workspace.id, ctx.user.id, viewId) : undefined;
      return workspaceListHandler(
        ctx,
        { kind: "workspace", workspaceId: ctx.workspace.id },
        { saved, globalView: true },
      );
    },
  });

  // GET W/user-issues/{userId}/: a user's profile tabs (assigned / created / subscribed by filter params)
  route(fastify, app, {
    endpoint: L.userItems,
    scope: "workspace",
    params: userIssuesParams,
    query: listQuery,
    policy: POLICIES.workspace.read,
    load: async (ctx) => {
      const rows = await ctx.app
        .sql`SELECT 1 FROM workspace_members WHERE workspace = ${ctx.workspace.id} AND member = ${ctx.params.userId} LIMIT 1`;
      if (!rows.length) throw errors.notFound();
      return ctx.params.userId;
    },
    handler: async (ctx) => {
      const viewer = workspaceViewer(ctx);
      const parsed = parseListQuery(ctx.query, { timezone: viewer.timezone });
      const result = await listWorkItems(ctx.app, {
        context: { kind: "profile", workspaceId: ctx.workspace.id, userId: ctx.loaded },
        viewer,
        ...parsed,
        shape: "list",
      });
      return presentList(parsed.page, result);
    },
  });
};
