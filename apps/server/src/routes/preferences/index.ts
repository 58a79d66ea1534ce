import { preferenceEndpoints } from "@stride/shared/endpoints";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import {
  homePreferencePatchBody,
  preferenceKeyParams,
  sidebarPreferencePatchBody,
  sidebarPreferencesBulkBody,
} from "./schemas.ts";
import {
  presentHomePreference,
  presentHomePreferenceUpdate,
  presentSidebarPreference,
  presentSidebarPreferences,
} from "./presenters.ts";
import { homePreferences, patchHomePreference, patchSidebarPreferences, sidebarPreferences } from "./commands.ts";

/**
 * A person's home widgets (`W/home-preferences/`: which are on and their order) and sidebar pins
 * (`W/sidebar-preferences/`), both created with their defaults on first read (wire-facts §9). The sidebar takes a
 * PATCH of the whole list `[{key, is_pinned?, sort_order?}]` and one of a single key. An unknown key is 404.
 */
export const preferenceRoutes: RouteModule = (fastify, app) => {
  const homeRules = PERMISSIONS.home;
  const who = (ctx: { workspace: { id: string }; user: { id: string } }) => ({
    workspaceId: ctx.workspace.id,
    userId: ctx.user.id,
  });

  route(fastify, app, {
    endpoint: preferenceEndpoints.homeList,
    params: slugParams,
    scope: "workspace",
    policy: homeRules.view,
    handler: async (ctx) => (await homePreferences(app.db, who(ctx))).map(presentHomePreference),
  });

  route(fastify, app, {
    endpoint: preferenceEndpoints.homeUpdate,
    params: preferenceKeyParams,
    body: homePreferencePatchBody,
    scope: "workspace",
    policy: homeRules.edit,
    handler: async (ctx) =>
      presentHomePreferenceUpdate(await patchHomePreference(app.db, who(ctx), ctx.params.key, ctx.body)),
  });

  route(fastify, app, {
    endpoint: preferenceEndpoints.sidebarList,
    params: slugParams,
    scope: "workspace",
    policy: homeRules.view,
    handler: async (ctx) => presentSidebarPreferences(await sidebarPreferences(app.db, who(ctx))),
  });

  route(fastify, app, {
    endpoint: preferenceEndpoints.sidebarUpdateAll,
    params: slugParams,
    body: sidebarPreferencesBulkBody,
    scope: "workspace",
    policy: homeRules.edit,
    handler: async (ctx) => {
      await patchSidebarPreferences(app.db, who(ctx), ctx.body);
      return { message: "Successfully updated" };
    },
  });

  route(fastify, app, {
    endpoint: preferenceEndpoints.sidebarUpdate,
    params: preferenceKeyParams,
    body: sidebarPreferencePatchBody,
    scope: "workspace",
    policy: homeRules.edit,
    handler: async (ctx) => {
      const [row] = await patchSidebarPreferences(app.db, who(ctx), [{ ...ctx.body, key: ctx.params.key }]);
      return presentSidebarPreference(row);
    },
  });
};
