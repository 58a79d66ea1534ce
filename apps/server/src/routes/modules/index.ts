import { and, desc, eq, sql } from "drizzle-orm";
import type { RouteModule, ProjectCtx } from "../../http/route.ts";
import { moduleEndpoints as E } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { onlyItemsOf } from "../../http/readable.ts";
import { errors } from "../../http/errors.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { listQuery, projectParams, slugParams } from "../../http/fields.ts";
import { contextListHandler } from "../issue-lists/index.ts";
import { changeItemModules, projectItemsFor } from "../issues/modules.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import { normalizeLinkUrl } from "../issues/links.ts";
import { getOrCreateProps, patchProps } from "../user-properties/commands.ts";
import { presentUserProperties } from "../user-properties/presenters.ts";
import { userPropertiesPatch } from "../user-properties/schemas.ts";
import {
  archiveModule,
  createModule,
  deleteModule,
  favoriteModule,
  loadModule,
  projectToday,
  restoreModule,
  unfavoriteModule,
  updateModule,
  type ModuleRow,
} from "./commands.ts";
import { moduleDistributions, selectModules } from "./queries.ts";
import { presentModule, presentModuleDetail, presentModuleLink } from "./presenters.ts";
import {
  createLinkBody,
  favoriteModuleBody,
  issueModulesBody,
  issueParams,
  moduleCreateBody,
  moduleIssueParams,
  moduleIssuesBody,
  moduleLinkParams,
  moduleParams,
  modulePatchBody,
  updateLinkBody,
} from "./schemas.ts";

const M = schema.modules;
const L = schema.moduleLinks;

/** One module with its counts, as the caller sees it (favourite flag). */
async function moduleWithStats(db: DbOrTx, id: string, userId: string) {
  const [row] = await selectModules(db, sql`m.id = ${id}`, userId);
  if (!row) throw errors.notFound("Module does not exist");
  return row;
}

/**
 * GET P/modules/{id}/ and P/archived-modules/{id}/: the list shape with links and distributions (a guest who sees
 * only the items they created: of those, `ownerId`).
 */
async function moduleDetail(db: DbOrTx, m: ModuleRow, userId: string, ownerId: string | null) {
  const row = await moduleWithStats(db, m.id, userId);
  const links = await db.select().from(L).where(eq(L.moduleId, m.id)).orderBy(desc(L.createdAt));
  return presentModuleDetail(
    row,
    links,
    await moduleDistributions(db, row, await projectToday(db, m.projectId), ownerId),
  );
}

type ModuleCtx = ProjectCtx<{ moduleId: string }>;
const live = (ctx: ModuleCtx) => loadModule(ctx.app.db, ctx.project.id, ctx.params.moduleId);
/** Reads of a module's items and preferences work for archived modules too (the archived module page). */
const anyModule = async (ctx: ModuleCtx) => {
  const [m] = await ctx.app.db
    .select()
    .from(M)
    .where(and(eq(M.id, ctx.params.moduleId), eq(M.projectId, ctx.project.id)))
    .limit(1);
  if (!m) throw errors.notFound("Module does not exist");
  return m;
};

async function loadLink(ctx: ProjectCtx<{ moduleId: string; linkId: string }>) {
  const m = await live(ctx);
  const [link] = await ctx.app.db
    .select()
    .from(L)
    .where(and(eq(L.id, ctx.params.linkId), eq(L.moduleId, m.id)))
    .limit(1);
  if (!link) throw errors.notFound();
  return link;
}

/**
 * Modules (wire-facts §7, work-tracking.md §3–§4): CRUD with lead and members, their work items (through the list
 * engine's module context), links, archive / restore, favourites, per-user list preferences and the workspace list.
 */
export const moduleRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: E.list,
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.module.view,
    handler: async (ctx) =>
      (await selectModules(ctx.app.db, sql`m.project = ${ctx.project.id} AND m.archived_at IS NULL`, ctx.user.id)).map(
        presentModule,
      ),
  });

  route(fastify, app, {
    endpoint: E.create,
    scope: "project",
    params: projectParams,
    body: moduleCreateBody,
    policy: PERMISSIONS.module.create,
    status: 201,
    handler: async (ctx) => {
      const m = await ctx.app.db.transaction((tx) => createModule(tx, ctx.project, ctx.user.id, ctx.body));
      return presentModule(await moduleWithStats(ctx.app.db, m.id, ctx.user.id));
    },
  });

  route(fastify, app, {
    endpoint: E.get,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.view,
    load: live,
    handler: (ctx) => moduleDetail(ctx.app.db, ctx.loaded, ctx.user.id, onlyItemsOf(ctx)),
  });

  for (const [endpoint, body] of [
    // PUT replaces the module: its body is a whole module (the name is required)
    [E.replace, moduleCreateBody],
    [E.update, modulePatchBody],
  ] as const) {
    route(fastify, app, {
      endpoint,
      scope: "project",
      params: moduleParams,
      body,
      policy: PERMISSIONS.module.edit,
      load: live,
      handler: async (ctx) => {
        await ctx.app.db.transaction((tx) => updateModule(tx, ctx.loaded, ctx.user.id, ctx.body));
        return presentModule(await moduleWithStats(ctx.app.db, ctx.loaded.id, ctx.user.id));
      },
    });
  }

  route(fastify, app, {
    endpoint: E.remove,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.delete,
    load: anyModule,
    creatorOf: (m) => m.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteModule(tx, ctx.project, ctx.loaded, ctx.user.id));
    },
  });

  // ---- work items of a module
  route(fastify, app, {
    endpoint: E.items,
    scope: "project",
    params: moduleParams,
    query: listQuery,
    policy: PERMISSIONS.workItem.view,
    load: anyModule,
    handler: (ctx) =>
      contextListHandler(
        ctx,
        { kind: "module", workspaceId: ctx.workspace.id, projectId: ctx.project.id, moduleId: ctx.loaded.id },
        `module:${ctx.loaded.id}`,
        "list",
      ),
  });

  route(fastify, app, {
    endpoint: E.addItems,
    scope: "project",
    params: moduleParams,
    body: moduleIssuesBody,
    policy: PERMISSIONS.module.addItems,
    load: live,
    status: 201,
    handler: async (ctx) => {
      await ctx.app.db.transaction(async (tx) => {
        const items = await projectItemsFor(tx, ctx.project.id, ctx.body.issues);
        await changeItemModules(tx, ctx.project, ctx.user.id, items, { add: [ctx.loaded.id] });
      });
      return { message: "success" };
    },
  });

  route(fastify, app, {
    endpoint: E.removeItem,
    scope: "project",
    params: moduleIssueParams,
    policy: PERMISSIONS.module.addItems,
    load: live,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction(async (tx) => {
        const items = await projectItemsFor(tx, ctx.project.id, [ctx.params.issueId]).catch(() => {
          throw errors.notFound();
        });
        await changeItemModules(tx, ctx.project, ctx.user.id, items, { remove: [ctx.loaded.id] });
      });
    },
  });

  // POST P/issues/{id}/modules/ {modules, removed_modules}: the item joins and leaves modules in one go
  route(fastify, app, {
    endpoint: E.itemModules,
    scope: "project",
    params: issueParams,
    body: issueModulesBody,
    policy: PERMISSIONS.module.addItems,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const item = ctx.loaded;
      await ctx.app.db.transaction(async (tx) => {
        await changeItemModules(
          tx,
          ctx.project,
          ctx.user.id,
          [item],
          { add: ctx.body.modules ?? [] },
          { field: "modules" },
        );
        await changeItemModules(
          tx,
          ctx.project,
          ctx.user.id,
          [item],
          { remove: ctx.body.removed_modules ?? [] },
          { field: "removed_modules" },
        );
      });
      return { message: "success" };
    },
  });

  // ---- links
  route(fastify, app, {
    endpoint: E.links,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.view,
    load: live,
    handler: async (ctx) =>
      (await ctx.app.db.select().from(L).where(eq(L.moduleId, ctx.loaded.id)).orderBy(desc(L.createdAt))).map(
        presentModuleLink,
      ),
  });

  route(fastify, app, {
    endpoint: E.addLink,
    scope: "project",
    params: moduleParams,
    body: createLinkBody,
    policy: PERMISSIONS.module.edit,
    load: live,
    status: 201,
    handler: async (ctx) => {
      const m = ctx.loaded;
      const url = normalizeLinkUrl(ctx.body.url);
      const [link] = await ctx.app.db
        .insert(L)
        .values({
          moduleId: m.id,
          projectId: m.projectId,
          workspaceId: m.workspaceId,
          url,
          title: ctx.body.title ?? null,
          metadata: ctx.body.metadata ?? {},
          createdById: ctx.user.id,
          updatedById: ctx.user.id,
        })
        .returning();
      return presentModuleLink(link);
    },
  });

  route(fastify, app, {
    endpoint: E.updateLink,
    scope: "project",
    params: moduleLinkParams,
    body: updateLinkBody,
    policy: PERMISSIONS.module.edit,
    load: loadLink,
    handler: async (ctx) => {
      const set: Partial<typeof L.$inferInsert> = { updatedAt: new Date(), updatedById: ctx.user.id };
      if (ctx.body.url !== undefined) set.url = normalizeLinkUrl(ctx.body.url);
      if (ctx.body.title !== undefined) set.title = ctx.body.title;
      if (ctx.body.metadata !== undefined) set.metadata = ctx.body.metadata;
      const [link] = await ctx.app.db.update(L).set(set).where(eq(L.id, ctx.loaded.id)).returning();
      return presentModuleLink(link);
    },
  });

  route(fastify, app, {
    endpoint: E.removeLink,
    scope: "project",
    params: moduleLinkParams,
    policy: PERMISSIONS.module.edit,
    load: loadLink,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.delete(L).where(eq(L.id, ctx.loaded.id));
    },
  });

  // ---- favourites
  route(fastify, app, {
    endpoint: E.favorite,
    scope: "project",
    params: projectParams,
    body: favoriteModuleBody,
    policy: PERMISSIONS.module.favorite,
    status: 204,
    handler: async (ctx) => {
      const m = await loadModule(ctx.app.db, ctx.project.id, ctx.body.module);
      await ctx.app.db.transaction((tx) => favoriteModule(tx, m, ctx.user.id));
    },
  });

  route(fastify, app, {
    endpoint: E.unfavorite,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.favorite,
    status: 204,
    handler: async (ctx) => {
      if (!(await unfavoriteModule(ctx.app.db, ctx.workspace.id, ctx.params.moduleId, ctx.user.id)))
        throw errors.notFound();
    },
  });

  // ---- archive
  route(fastify, app, {
    endpoint: E.archivedList,
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.module.view,
    handler: async (ctx) =>
      (
        await selectModules(ctx.app.db, sql`m.project = ${ctx.project.id} AND m.archived_at IS NOT NULL`, ctx.user.id)
      ).map(presentModule),
  });

  route(fastify, app, {
    endpoint: E.archivedGet,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.view,
    load: (ctx) => loadModule(ctx.app.db, ctx.project.id, ctx.params.moduleId, { archived: true }),
    handler: (ctx) => moduleDetail(ctx.app.db, ctx.loaded, ctx.user.id, onlyItemsOf(ctx)),
  });

  route(fastify, app, {
    endpoint: E.archive,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.archive,
    load: live,
    handler: async (ctx) => {
      const at = await ctx.app.db.transaction((tx) => archiveModule(tx, ctx.loaded, ctx.user.id));
      return { archived_at: at.toISOString() };
    },
  });

  route(fastify, app, {
    endpoint: E.restore,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.restore,
    load: (ctx) => loadModule(ctx.app.db, ctx.project.id, ctx.params.moduleId, { archived: true }),
    status: 204,
    handler: async (ctx) => {
      await restoreModule(ctx.app.db, ctx.loaded, ctx.user.id);
    },
  });

  // ---- the caller's list preferences of a module (wire-facts §7): GET creates them, PATCH is partial → 200
  route(fastify, app, {
    endpoint: E.userProperties,
    scope: "project",
    params: moduleParams,
    policy: PERMISSIONS.module.view,
    load: anyModule,
    handler: async (ctx) =>
      presentUserProperties(
        await getOrCreateProps(
          ctx.app.db,
          { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id, entityId: ctx.loaded.id },
          "module",
        ),
      ),
  });

  route(fastify, app, {
    endpoint: E.updateUserProperties,
    scope: "project",
    params: moduleParams,
    body: userPropertiesPatch,
    policy: PERMISSIONS.module.view,
    load: anyModule,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction(async (tx) => {
        const current = await getOrCreateProps(
          tx,
          { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id, entityId: ctx.loaded.id },
          "module",
        );
        return patchProps(tx, current, ctx.body, ctx.user.id);
      });
      return presentUserProperties(row);
    },
  });

  // ---- GET W/modules/: live modules of the caller's (non-archived) projects
  route(fastify, app, {
    endpoint: E.workspaceList,
    scope: "workspace",
    params: slugParams,
    policy: PERMISSIONS.workspace.view,
    handler: async (ctx) =>
      (
        await selectModules(
          ctx.app.db,
          sql`m.workspace = ${ctx.workspace.id} AND m.archived_at IS NULL AND m.project IN (
            SELECT pm.project FROM project_members pm JOIN projects p ON p.id = pm.project
            WHERE pm.member = ${ctx.user.id} AND pm.is_active = true AND p.archived_at IS NULL)`,
          ctx.user.id,
        )
      ).map(presentModule),
  });
};
