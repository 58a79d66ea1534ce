import { userPropertiesEndpoints } from "@stride/shared/endpoints";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { getOrCreateProps, getOrCreateWorkspaceProps, patchProps, patchWorkspaceProps } from "./commands.ts";
import { presentUserProperties, presentWorkspaceUserProperties } from "./presenters.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import { displayPropertiesPost, userPropertiesPatch, workspaceUserPropertiesPatch } from "./schemas.ts";

/**
 * Per-user list preferences of a project (wire-facts §7): P/user-properties/ (work items),
 * P/epics-user-properties/ (epics) and the display-properties toggles P/issue-display-properties/.
 * GET creates them with the defaults; PATCH is partial and answers 200. W/user-properties/ holds the caller's
 * workspace preferences and sidebar navigation settings. Cycle and module preferences use the same core functions
 * (core/user-properties.ts) from their own routes.
 */
export const userPropertiesRoutes: RouteModule = (fastify, app) => {
  const E = userPropertiesEndpoints;
  for (const [get, update, kind] of [
    [E.get, E.update, "issues"],
    [E.epicsGet, E.epicsUpdate, "epics"],
  ] as const) {
    route(fastify, app, {
      endpoint: get,
      scope: "project",
      params: projectParams,
      policy: POLICIES.project.read,
      handler: async (ctx) => {
        const row = await getOrCreateProps(
          ctx.app.db,
          { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id },
          kind,
        );
        return presentUserProperties(row);
      },
    });

    route(fastify, app, {
      endpoint: update,
      scope: "project",
      params: projectParams,
      body: userPropertiesPatch,
      policy: POLICIES.project.read,
      handler: async (ctx) => {
        const row = await ctx.app.db.transaction(async (tx) => {
          const current = await getOrCreateProps(
            tx,
            { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id },
            kind,
          );
          return patchProps(tx, current, ctx.body, ctx.user.id);
        });
        return presentUserProperties(row);
      },
    });
  }

  route(fastify, app, {
    endpoint: E.displayGet,
    scope: "project",
    params: projectParams,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const row = await getOrCreateProps(
        ctx.app.db,
        { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id },
        "issues",
      );
      return presentUserProperties(row);
    },
  });

  route(fastify, app, {
    endpoint: E.displaySet,
    scope: "project",
    params: projectParams,
    body: displayPropertiesPost,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction(async (tx) => {
        const current = await getOrCreateProps(
          tx,
          { workspaceId: ctx.workspace.id, projectId: ctx.project.id, userId: ctx.user.id },
          "issues",
        );
        return patchProps(tx, current, { display_properties: ctx.body.properties }, ctx.user.id);
      });
      return presentUserProperties(row);
    },
  });

  route(fastify, app, {
    endpoint: E.workspaceGet,
    scope: "workspace",
    params: slugParams,
    policy: PERMISSIONS.workspaceUserProperties.view,
    handler: async (ctx) =>
      presentWorkspaceUserProperties(
        await getOrCreateWorkspaceProps(ctx.app.db, { workspaceId: ctx.workspace.id, userId: ctx.user.id }),
      ),
  });

  route(fastify, app, {
    endpoint: E.workspaceUpdate,
    scope: "workspace",
    params: slugParams,
    body: workspaceUserPropertiesPatch,
    policy: PERMISSIONS.workspaceUserProperties.edit,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction(async (tx) => {
        const current = await getOrCreateWorkspaceProps(tx, { workspaceId: ctx.workspace.id, userId: ctx.user.id });
        return patchWorkspaceProps(tx, current, ctx.body, ctx.user.id);
      });
      return presentWorkspaceUserProperties(row);
    },
  });
};
