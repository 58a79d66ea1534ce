import { describe, expect, expectTypeOf, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Label } from "@stride/shared/contract";
import { labelEndpoints } from "@stride/shared/endpoints";
import { registeredRoutes, route, type UserRow } from "./route.ts";
import { POLICIES, PERMISSIONS } from "./policies.ts";
import type { AppContext } from "../core/context.ts";

/**
 * The route's types (`npm run typecheck` compiles this file): a handler answers its endpoint's response type, and
 * its context holds only what its auth and scope load. Each `@ts-expect-error` fails the typecheck if the line
 * below it compiles — the check this file exists for. At run time the routes register on a stub.
 */
const fastify = { route: () => undefined } as unknown as FastifyInstance;
const app = {} as AppContext;
const label: Label = {
  id: "l",
  parent: null,
  name: "Bug",
  color: "#f00",
  project_id: "p",
  workspace_id: "w",
  sort_order: 1,
};

function declareRoutes() {
  // the endpoint's answer: a presented label
  route(fastify, app, {
    endpoint: labelEndpoints.get,
    scope: "project",
    policy: PERMISSIONS.label.view,
    handler: async () => label,
  });

  route(fastify, app, {
    endpoint: labelEndpoints.get,
    scope: "project",
    policy: PERMISSIONS.label.view,
    // @ts-expect-error a presenter that drifted from the contract (no `sort_order`, `color` a number) does not compile
    handler: async () => ({ id: "l", parent: null, name: "Bug", color: 1, project_id: "p", workspace_id: "w" }),
  });

  route(fastify, app, {
    endpoint: labelEndpoints.list,
    scope: "project",
    policy: PERMISSIONS.label.view,
    // @ts-expect-error one label where the endpoint answers a list
    handler: async () => label,
  });

  // a 204 endpoint answers nothing
  route(fastify, app, {
    endpoint: labelEndpoints.remove,
    scope: "project",
    policy: PERMISSIONS.label.delete,
    status: 204,
    handler: async () => undefined,
  });

  // @ts-expect-error an endpoint's route takes its method and url from the table, not its own
  route(fastify, app, {
    endpoint: labelEndpoints.get,
    method: "GET",
    url: "/x/",
    scope: "project",
    policy: PERMISSIONS.label.view,
    handler: async () => label,
  });

  // a signed-out route has no user
  route(fastify, app, {
    method: "GET",
    url: "/signed-out/",
    auth: "none",
    policy: null,
    // @ts-expect-error `ctx.user` does not exist on an `auth: "none"` route
    handler: async (ctx) => ctx.user.id,
  });

  // `optional` without a policy: maybe a user
  route(fastify, app, {
    method: "GET",
    url: "/maybe/",
    auth: "optional",
    policy: null,
    handler: async (ctx) => {
      expectTypeOf(ctx.user).toEqualTypeOf<UserRow | undefined>();
      return null;
    },
  });

  // a workspace route has its workspace and no project
  route(fastify, app, {
    method: "GET",
    url: "/api/workspaces/:slug/x/",
    scope: "workspace",
    policy: PERMISSIONS.workspaceView.view,
    handler: async (ctx) => {
      expectTypeOf(ctx.workspace.id).toBeString();
      expectTypeOf(ctx.user).toEqualTypeOf<UserRow>();
      // @ts-expect-error `ctx.project` does not exist without `scope: "project"`
      return ctx.project.id;
    },
  });

  // an unscoped route has neither
  route(fastify, app, {
    method: "GET",
    url: "/unscoped/",
    policy: POLICIES.user.any,
    // @ts-expect-error `ctx.workspace` does not exist on a route without a scope
    handler: async (ctx) => ctx.workspace.id,
  });
}

describe("route() types", () => {
  it("registers an endpoint's route under the endpoint's method and path", () => {
    const before = registeredRoutes.length;
    declareRoutes();
    const added = registeredRoutes.slice(before);
    const onOneLabel = added.filter(
      (r) => r.url === "/api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/",
    );
    expect(onOneLabel.map((r) => r.method)).toEqual(["GET", "GET", "DELETE", "GET"]);
    expect(onOneLabel[2]).toMatchObject({ status: 204, scope: "project" });
  });
});
