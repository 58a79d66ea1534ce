import { pageEndpoints as E } from "@stride/shared/endpoints";
import { route, type RouteModule, type ProjectCtx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { projectParams } from "../../http/fields.ts";
import { answerWithVisit } from "../../domain/recent-visits.ts";
import {
  createPageBody,
  movePageBody,
  pageAccessBody,
  pageDescriptionBody,
  pageListQuery,
  pageParams,
  pageVersionParams,
  updatePageBody,
} from "./schemas.ts";
import { presentPage, presentPageDetail, presentPageVersion, presentPageVersionLite } from "./presenters.ts";
import {
  archivePage,
  createPage,
  deletePage,
  duplicatePage,
  favoritePage,
  findVersion,
  isFavoritePage,
  listPages,
  listTree,
  listVersions,
  loadPage,
  movePage,
  need,
  pagesSummary,
  restorePage,
  setAccess,
  setLocked,
  unfavoritePage,
  updateDescription,
  updatePage,
  type PageRow,
} from "./commands.ts";

const G = PERMISSIONS.page;
const owner = (p: PageRow) => p.ownedById;
const load = (ctx: ProjectCtx<{ pageId: string }>) => loadPage(ctx);

/**
 * Project pages (wire-facts §9, platform.md §3–§9): CRUD, the list of own and public top-level pages, access, lock,
 * archive, favourites, duplicate, move, the summary, Stride's page tree (`pages-tree/`, `sub-pages/`), the content (`description/`, Yjs binary + HTML + JSON) and its
 * versions. The role part of each rule is the `page` entry of the permission table; the page part (public or private,
 * owner, locked, archived) is `pageRights`, checked by the commands.
 */
export const pageRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: E.list,
    params: projectParams,
    query: pageListQuery,
    scope: "project",
    policy: G.view,
    handler: async (ctx) => (await listPages(app, ctx, ctx.query)).map((p) => presentPage(p.row, p.fav)),
  });

  route(fastify, app, {
    endpoint: E.archivedList,
    params: projectParams,
    query: pageListQuery,
    scope: "project",
    policy: G.view,
    handler: async (ctx) =>
      (await listPages(app, ctx, { ...ctx.query, type: "archived" })).map((p) => presentPage(p.row, p.fav)),
  });

  // Stride's page tree: the project's readable pages that are not archived, with their parents
  route(fastify, app, {
    endpoint: E.tree,
    params: projectParams,
    scope: "project",
    policy: G.view,
    handler: async (ctx) => (await listTree(app, ctx)).map((p) => presentPage(p.row, p.fav)),
  });

  route(fastify, app, {
    endpoint: E.subPages,
    params: pageParams,
    scope: "project",
    load,
    policy: G.view,
    handler: async (ctx) => (await listTree(app, ctx, ctx.loaded)).map((p) => presentPage(p.row, p.fav)),
  });

  route(fastify, app, {
    endpoint: E.summary,
    params: projectParams,
    scope: "project",
    policy: G.view,
    handler: (ctx) => pagesSummary(app, ctx),
  });

  route(fastify, app, {
    endpoint: E.create,
    params: projectParams,
    body: createPageBody,
    scope: "project",
    policy: G.create,
    status: 201,
    handler: async (ctx) => presentPageDetail(await createPage(app, ctx, ctx.body), false),
  });

  route(fastify, app, {
    endpoint: E.get,
    params: pageParams,
    scope: "project",
    load,
    policy: G.view,
    handler: async ({ loaded, user, workspace, project, req }) => {
      return answerWithVisit(
        app.db,
        req.log,
        { userId: user.id, workspaceId: workspace.id, entity: "page", id: loaded.id, projectId: project.id },
        isFavoritePage(app, user.id, loaded.id).then((fav) => presentPageDetail(loaded, fav)),
      );
    },
  });

  route(fastify, app, {
    endpoint: E.update,
    params: pageParams,
    body: updatePageBody,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.edit,
    handler: async (ctx) =>
      presentPageDetail(
        await updatePage(app, ctx, ctx.loaded, ctx.body),
        await isFavoritePage(app, ctx.user.id, ctx.loaded.id),
      ),
  });

  route(fastify, app, {
    endpoint: E.remove,
    params: pageParams,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.delete,
    status: 204,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "delete");
      await deletePage(app, ctx.loaded);
    },
  });

  route(fastify, app, {
    endpoint: E.access,
    params: pageParams,
    body: pageAccessBody,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.access,
    status: 204,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "changeAccess");
      await setAccess(app, ctx, ctx.loaded, ctx.body.access);
    },
  });

  for (const [endpoint, locked] of [
    [E.lock, true],
    [E.unlock, false],
  ] as const) {
    route(fastify, app, {
      endpoint,
      params: pageParams,
      scope: "project",
      load,
      creatorOf: owner,
      policy: G.lock,
      status: 204,
      handler: async (ctx) => {
        need(ctx, ctx.loaded, "lock");
        await setLocked(app, ctx, ctx.loaded, locked);
      },
    });
  }

  route(fastify, app, {
    endpoint: E.archive,
    params: pageParams,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.archive,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "archive");
      return { archived_at: await archivePage(app, ctx, ctx.loaded) };
    },
  });

  route(fastify, app, {
    endpoint: E.restore,
    params: pageParams,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.restore,
    status: 204,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "archive");
      await restorePage(app, ctx, ctx.loaded);
    },
  });

  route(fastify, app, {
    endpoint: E.favorite,
    params: pageParams,
    scope: "project",
    load,
    policy: G.favorite,
    status: 204,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "favorite");
      await favoritePage(app, ctx, ctx.loaded);
    },
  });

  route(fastify, app, {
    endpoint: E.unfavorite,
    params: pageParams,
    scope: "project",
    policy: G.favorite,
    status: 204,
    handler: async (ctx) => {
      if (!(await unfavoritePage(app, ctx, ctx.params.pageId))) throw errors.notFound();
    },
  });

  // GET description/: the Yjs state as bytes (empty when the page has none yet)
  route(fastify, app, {
    endpoint: E.description,
    params: pageParams,
    scope: "project",
    load,
    policy: G.view,
    handler: async ({ loaded, reply }) =>
      reply
        .code(200)
        .header("content-type", "application/octet-stream")
        .header("content-disposition", 'attachment; filename="page_description.bin"')
        .send(loaded.descriptionBinary ?? Buffer.alloc(0)),
  });

  route(fastify, app, {
    endpoint: E.updateDescription,
    params: pageParams,
    body: pageDescriptionBody,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.edit,
    handler: async (ctx) => {
      await updateDescription(app, ctx, ctx.loaded, ctx.body);
      return { message: "Updated successfully" };
    },
  });

  route(fastify, app, {
    endpoint: E.duplicate,
    params: pageParams,
    scope: "project",
    load,
    policy: G.duplicate,
    status: 201,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "duplicate");
      return presentPageDetail(await duplicatePage(app, ctx, ctx.loaded), false);
    },
  });

  route(fastify, app, {
    endpoint: E.move,
    params: pageParams,
    body: movePageBody,
    scope: "project",
    load,
    creatorOf: owner,
    policy: G.move,
    status: 204,
    handler: async (ctx) => {
      need(ctx, ctx.loaded, "move");
      await movePage(app, ctx, ctx.loaded, ctx.body.new_project_id);
    },
  });

  route(fastify, app, {
    endpoint: E.versions,
    params: pageParams,
    scope: "project",
    load,
    policy: G.view,
    handler: async ({ loaded }) => (await listVersions(app, loaded.id)).map(presentPageVersionLite),
  });

  route(fastify, app, {
    endpoint: E.version,
    params: pageVersionParams,
    scope: "project",
    load,
    policy: G.view,
    handler: async ({ loaded, params }) => presentPageVersion(await findVersion(app, loaded.id, params.versionId)),
  });
};
