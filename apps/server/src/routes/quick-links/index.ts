import { quickLinkEndpoints } from "@stride/shared/endpoints";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { quickLinkCreateBody, quickLinkParams, quickLinkPatchBody } from "./schemas.ts";
import { presentQuickLink } from "./presenters.ts";
import { createQuickLink, deleteQuickLink, listQuickLinks, loadOwnQuickLink, updateQuickLink } from "./commands.ts";

/**
 * Quick links of the home screen (wire-facts §9): a person's own links in a workspace (others' answer 404). The title
 * is the one typed, or else the page's own, fetched by a job through the SSRF-safe fetch (title.ts).
 */
export const quickLinkRoutes: RouteModule = (fastify, app) => {
  const homeRules = PERMISSIONS.home;
  const loadOwn = ({
    workspace,
    user,
    params,
  }: {
    workspace: { id: string };
    user: { id: string };
    params: { linkId: string };
  }) => loadOwnQuickLink(app.db, workspace.id, user.id, params.linkId);

  route(fastify, app, {
    endpoint: quickLinkEndpoints.list,
    params: slugParams,
    scope: "workspace",
    policy: homeRules.view,
    handler: async ({ workspace, user }) => (await listQuickLinks(app.db, workspace.id, user.id)).map(presentQuickLink),
  });

  route(fastify, app, {
    endpoint: quickLinkEndpoints.create,
    params: slugParams,
    body: quickLinkCreateBody,
    scope: "workspace",
    policy: homeRules.edit,
    status: 201,
    handler: async ({ workspace, user, body }) =>
      presentQuickLink(await app.db.transaction((tx) => createQuickLink(tx, workspace.id, user.id, body))),
  });

  route(fastify, app, {
    endpoint: quickLinkEndpoints.update,
    params: quickLinkParams,
    body: quickLinkPatchBody,
    scope: "workspace",
    policy: homeRules.edit,
    load: loadOwn,
    handler: async ({ loaded, body, user }) =>
      presentQuickLink(await app.db.transaction((tx) => updateQuickLink(tx, loaded, body, user.id))),
  });

  route(fastify, app, {
    endpoint: quickLinkEndpoints.remove,
    params: quickLinkParams,
    scope: "workspace",
    policy: homeRules.edit,
    load: loadOwn,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteQuickLink(app.db, loaded);
    },
  });
};
