import type { FastifyInstance } from "fastify";
import {
  createIssuePropertyBody,
  createIssueTypeBody,
  createPropertyOptionBody,
  propertyValueBody,
  updateIssuePropertyBody,
  updateIssueTypeBody,
  updatePropertyOptionBody,
} from "@stride/shared/contract";
import { issueTypeEndpointsAt } from "@stride/shared/endpoints";
import { route, type ProjectRow, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { idParam, issueParams, projectParams, slugParams } from "../../http/fields.ts";
import { P as PP, W } from "../../http/paths.ts";
import { V1P, V1W } from "../v1/paths.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import { patchIssue } from "../issues/commands.ts";
import {
  createIssueType,
  createOption,
  createProperty,
  deleteIssueType,
  deleteOption,
  deleteProperty,
  loadOption,
  loadOwnType,
  loadProjectType,
  loadProperty,
  loadWorkspaceType,
  projectTypes,
  TYPES_OFF,
  typeProperties,
  updateIssueType,
  updateOption,
  updateProperty,
  workspaceTypes,
  type IssueTypeRow,
  type PropertyWithOptions,
} from "./commands.ts";
import { presentIssueType, presentOption, presentProperty } from "./presenters.ts";

const typeParams = projectParams.extend({ typeId: idParam() });
const propertyParams = projectParams.extend({ propertyId: idParam() });
const typePropertyParams = typeParams.extend({ propertyId: idParam() });
const optionParams = propertyParams.extend({ optionId: idParam() });
const valueParams = issueParams.extend({ propertyId: idParam() });
const wsTypeParams = slugParams.extend({ typeId: idParam() });
const wsPropertyParams = slugParams.extend({ propertyId: idParam() });
const wsOptionParams = wsPropertyParams.extend({ optionId: idParam() });

/** Changing a project's types needs them on (project settings → features). */
function typesOn(project: ProjectRow) {
  if (!project.isIssueTypeEnabled) throw errors.badRequest(TYPES_OFF);
}

/** Properties of a project's types (own and shared), with their options. */
async function projectProperties(app: AppContext, project: ProjectRow) {
  const types = await projectTypes(app.db, project);
  return typeProperties(
    app.db,
    types.map((t) => t.id),
  );
}

/**
 * Work item types, their custom properties and options (issue #29), under the app's API and API v1 (Plane's paths):
 * `P/issue-types/`, `P/issue-types/{id}/issue-properties/`, `P/issue-properties/{id}/[options/]`, and an item's values
 * `P/issues/{id}/issue-properties/[{property}/]values/`. Shared types live at `W/issue-types/`. Reading is for anyone in
 * the project; changes are the project admins' (`PERMISSIONS.issueType`); an item's values are edited like the item.
 */
export const issueTypeRoutes: RouteModule = (fastify, app) => {
  for (const surface of [
    { P: PP, W, auth: undefined },
    { P: V1P, W: V1W, auth: "apiKey" as const },
  ])
    registerSurface(fastify, app, surface);
};

function registerSurface(
  fastify: FastifyInstance,
  app: AppContext,
  s: { P: string; W: string; auth: "apiKey" | undefined },
) {
  const db = app.db;
  const A = PERMISSIONS.issueType;
  const WA = PERMISSIONS.workspaceIssueType;
  const auth = s.auth ? { auth: s.auth } : {};
  const P = s.P;
  // the app's surface: `issueTypeEndpoints`; API v1's the same under its prefixes
  const E = issueTypeEndpointsAt(P, s.W);

  // ---------------------------------------------------------------- types of a project
  route(fastify, app, {
    endpoint: E.list,
    ...auth,
    scope: "project",
    params: projectParams,
    policy: A.view,
    handler: async ({ project }) => (await projectTypes(db, project)).map(presentIssueType),
  });
  route(fastify, app, {
    endpoint: E.create,
    ...auth,
    scope: "project",
    params: projectParams,
    body: createIssueTypeBody,
    policy: A.create,
    status: 201,
    handler: async ({ project, user, body }) => {
      typesOn(project);
      return presentIssueType(await createIssueType(app, project.workspaceId, project.id, user.id, body));
    },
  });
  route(fastify, app, {
    endpoint: E.get,
    ...auth,
    scope: "project",
    params: typeParams,
    policy: A.view,
    load: ({ project, params }) => loadProjectType(db, project, params.typeId),
    handler: async ({ loaded }) => presentIssueType(loaded),
  });
  route(fastify, app, {
    endpoint: E.update,
    ...auth,
    scope: "project",
    params: typeParams,
    body: updateIssueTypeBody,
    policy: A.edit,
    load: ({ project, params }) => loadOwnType(db, project, params.typeId),
    handler: async ({ loaded, user, body }) => presentIssueType(await updateIssueType(app, loaded, user.id, body)),
  });
  route(fastify, app, {
    endpoint: E.remove,
    ...auth,
    scope: "project",
    params: typeParams,
    policy: A.delete,
    status: 204,
    load: ({ project, params }) => loadOwnType(db, project, params.typeId),
    handler: async ({ loaded }) => {
      await deleteIssueType(app, loaded);
    },
  });

  // ---------------------------------------------------------------- properties
  route(fastify, app, {
    endpoint: E.properties,
    ...auth,
    scope: "project",
    params: projectParams,
    policy: A.view,
    handler: async ({ project }) => (await projectProperties(app, project)).map(presentProperty),
  });
  route(fastify, app, {
    endpoint: E.typeProperties,
    ...auth,
    scope: "project",
    params: typeParams,
    policy: A.view,
    load: ({ project, params }) => loadProjectType(db, project, params.typeId),
    handler: async ({ loaded }) => (await typeProperties(db, [loaded.id])).map(presentProperty),
  });
  route(fastify, app, {
    endpoint: E.createProperty,
    ...auth,
    scope: "project",
    params: typeParams,
    body: createIssuePropertyBody,
    policy: A.create,
    status: 201,
    load: ({ project, params }) => loadOwnType(db, project, params.typeId),
    handler: async ({ project, loaded, user, body }) => {
      typesOn(project);
      return presentProperty(await createProperty(app, loaded, user.id, body));
    },
  });
  const ownProperty = async ({
    project,
    params,
  }: {
    project: ProjectRow;
    params: { propertyId: string; typeId?: string };
  }) => {
    const p = await loadProperty(db, project, params.propertyId, params.typeId);
    if (!p.projectId)
      throw errors.badRequest(
        "This property belongs to a type shared across the workspace: change it in the workspace settings.",
      );
    return p;
  };
  for (const [one, params] of [
    [{ get: E.property, update: E.updateProperty, remove: E.removeProperty }, propertyParams],
    [{ get: E.typeProperty, update: E.updateTypeProperty, remove: E.removeTypeProperty }, typePropertyParams],
  ] as const) {
    route(fastify, app, {
      endpoint: one.get,
      ...auth,
      scope: "project",
      params,
      policy: A.view,
      load: ({ project, params: p }) =>
        loadProperty(db, project, p.propertyId, "typeId" in p ? (p.typeId as string) : undefined),
      handler: async ({ loaded }) => presentProperty(loaded),
    });
    route(fastify, app, {
      endpoint: one.update,
      ...auth,
      scope: "project",
      params,
      body: updateIssuePropertyBody,
      policy: A.edit,
      load: ownProperty,
      handler: async ({ loaded, user, body }) => presentProperty(await updateProperty(app, loaded, user.id, body)),
    });
    route(fastify, app, {
      endpoint: one.remove,
      ...auth,
      scope: "project",
      params,
      policy: A.delete,
      status: 204,
      load: ownProperty,
      handler: async ({ loaded }) => {
        await deleteProperty(app, loaded);
      },
    });
  }

  // ---------------------------------------------------------------- options
  route(fastify, app, {
    endpoint: E.options,
    ...auth,
    scope: "project",
    params: propertyParams,
    policy: A.view,
    load: ({ project, params }) => loadProperty(db, project, params.propertyId),
    handler: async ({ loaded }) => loaded.options.map(presentOption),
  });
  route(fastify, app, {
    endpoint: E.createOption,
    ...auth,
    scope: "project",
    params: propertyParams,
    body: createPropertyOptionBody,
    policy: A.create,
    status: 201,
    load: ownProperty,
    handler: async ({ loaded, user, body }) => presentOption(await createOption(app, loaded, user.id, body)),
  });
  const ownOption = async (ctx: { project: ProjectRow; params: { propertyId: string; optionId: string } }) => {
    const p = await ownProperty(ctx);
    return loadOption(db, p, ctx.params.optionId);
  };
  route(fastify, app, {
    endpoint: E.updateOption,
    ...auth,
    scope: "project",
    params: optionParams,
    body: updatePropertyOptionBody,
    policy: A.edit,
    load: ownOption,
    handler: async ({ loaded, user, body }) => presentOption(await updateOption(app, loaded, user.id, body)),
  });
  route(fastify, app, {
    endpoint: E.removeOption,
    ...auth,
    scope: "project",
    params: optionParams,
    policy: A.delete,
    status: 204,
    load: ownOption,
    handler: async ({ loaded }) => {
      await deleteOption(app, loaded);
    },
  });

  // ---------------------------------------------------------------- an item's values
  // under `issues/` (the endpoints'), and v1's `work-items/` or the app's `epics/`
  const itemAlias = (suffix: string) => [`${P}/${s.auth ? "work-items" : "epics"}/:issueId/${suffix}`];
  route(fastify, app, {
    endpoint: E.values,
    aliases: itemAlias("issue-properties/values/"),
    ...auth,
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async ({ loaded }) => loaded.propertyValues as Record<string, string[]>,
  });
  route(fastify, app, {
    endpoint: E.value,
    aliases: itemAlias("issue-properties/:propertyId/values/"),
    ...auth,
    scope: "project",
    params: valueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async ({ loaded, params }) => ({
      property_id: params.propertyId,
      values: ((loaded.propertyValues ?? {}) as Record<string, string[]>)[params.propertyId] ?? [],
    }),
  });
  for (const endpoint of [E.setValue, E.replaceValue]) {
    route(fastify, app, {
      endpoint,
      aliases: itemAlias("issue-properties/:propertyId/values/"),
      ...auth,
      scope: "project",
      params: valueParams,
      body: propertyValueBody,
      policy: PERMISSIONS.workItem.edit,
      load: (ctx) => loadIssueForRoute(ctx),
      creatorOf: (issue) => issue.createdById,
      handler: async ({ project, user, loaded, params, body }) => {
        const row = await patchIssue(db, project, user.id, loaded, {
          property_values: { [params.propertyId]: body.values },
        });
        return {
          property_id: params.propertyId,
          values: ((row.propertyValues ?? {}) as Record<string, string[]>)[params.propertyId] ?? [],
        };
      },
    });
  }

  // ---------------------------------------------------------------- types shared across the workspace
  route(fastify, app, {
    endpoint: E.workspaceList,
    ...auth,
    scope: "workspace",
    params: slugParams,
    policy: WA.view,
    handler: async ({ workspace }) => (await workspaceTypes(db, workspace.id)).map(presentIssueType),
  });
  route(fastify, app, {
    endpoint: E.workspaceCreate,
    ...auth,
    scope: "workspace",
    params: slugParams,
    body: createIssueTypeBody.omit({ is_default: true }),
    policy: WA.create,
    status: 201,
    handler: async ({ workspace, user, body }) =>
      presentIssueType(await createIssueType(app, workspace.id, null, user.id, body)),
  });
  const wsType = ({ workspace, params }: { workspace: { id: string }; params: { typeId: string } }) =>
    loadWorkspaceType(db, workspace.id, params.typeId);
  route(fastify, app, {
    endpoint: E.workspaceUpdate,
    ...auth,
    scope: "workspace",
    params: wsTypeParams,
    body: updateIssueTypeBody.omit({ is_default: true }),
    policy: WA.edit,
    load: wsType,
    handler: async ({ loaded, user, body }) => presentIssueType(await updateIssueType(app, loaded, user.id, body)),
  });
  route(fastify, app, {
    endpoint: E.workspaceRemove,
    ...auth,
    scope: "workspace",
    params: wsTypeParams,
    policy: WA.delete,
    status: 204,
    load: wsType,
    handler: async ({ loaded }) => {
      await deleteIssueType(app, loaded);
    },
  });
  route(fastify, app, {
    endpoint: E.workspaceTypeProperties,
    ...auth,
    scope: "workspace",
    params: wsTypeParams,
    policy: WA.view,
    load: wsType,
    handler: async ({ loaded }) => (await typeProperties(db, [loaded.id])).map(presentProperty),
  });
  route(fastify, app, {
    endpoint: E.workspaceCreateProperty,
    ...auth,
    scope: "workspace",
    params: wsTypeParams,
    body: createIssuePropertyBody,
    policy: WA.create,
    status: 201,
    load: wsType,
    handler: async ({ loaded, user, body }) =>
      presentProperty(await createProperty(app, loaded as IssueTypeRow, user.id, body)),
  });
  const wsProperty = async ({
    workspace,
    params,
  }: {
    workspace: { id: string };
    params: { propertyId: string };
  }): Promise<PropertyWithOptions> => {
    const [p] = await typePropertiesOfWorkspace(app, workspace.id, params.propertyId);
    if (!p) throw errors.notFound();
    return p;
  };
  route(fastify, app, {
    endpoint: E.workspaceUpdateProperty,
    ...auth,
    scope: "workspace",
    params: wsPropertyParams,
    body: updateIssuePropertyBody,
    policy: WA.edit,
    load: wsProperty,
    handler: async ({ loaded, user, body }) => presentProperty(await updateProperty(app, loaded, user.id, body)),
  });
  route(fastify, app, {
    endpoint: E.workspaceRemoveProperty,
    ...auth,
    scope: "workspace",
    params: wsPropertyParams,
    policy: WA.delete,
    status: 204,
    load: wsProperty,
    handler: async ({ loaded }) => {
      await deleteProperty(app, loaded);
    },
  });
  route(fastify, app, {
    endpoint: E.workspaceCreateOption,
    ...auth,
    scope: "workspace",
    params: wsPropertyParams,
    body: createPropertyOptionBody,
    policy: WA.create,
    status: 201,
    load: wsProperty,
    handler: async ({ loaded, user, body }) => presentOption(await createOption(app, loaded, user.id, body)),
  });
  const wsOption = async (ctx: { workspace: { id: string }; params: { propertyId: string; optionId: string } }) =>
    loadOption(db, await wsProperty(ctx), ctx.params.optionId);
  route(fastify, app, {
    endpoint: E.workspaceUpdateOption,
    ...auth,
    scope: "workspace",
    params: wsOptionParams,
    body: updatePropertyOptionBody,
    policy: WA.edit,
    load: wsOption,
    handler: async ({ loaded, user, body }) => presentOption(await updateOption(app, loaded, user.id, body)),
  });
  route(fastify, app, {
    endpoint: E.workspaceRemoveOption,
    ...auth,
    scope: "workspace",
    params: wsOptionParams,
    policy: WA.delete,
    status: 204,
    load: wsOption,
    handler: async ({ loaded }) => {
      await deleteOption(app, loaded);
    },
  });
}

/** A property of a type shared across the workspace. */
async function typePropertiesOfWorkspace(
  app: AppContext,
  workspaceId: string,
  propertyId: string,
): Promise<PropertyWithOptions[]> {
  const types = await workspaceTypes(app.db, workspaceId);
  return (
    await typeProperties(
      app.db,
      types.map((t) => t.id),
    )
  ).filter((p) => p.id === propertyId);
}
