import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { stateEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { schema } from "../../db/client.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import { createStateBody, listStatesQuery, stateParams, updateStateBody } from "./schemas.ts";
import { groupStates, presentState, presentStates, type StateRow } from "./presenters.ts";
import { createState, deleteState, loadEditableState, markDefaultState, updateState } from "./commands.ts";

const { states, projects, projectMembers } = schema;

/** The project's visible states (triage hidden), by sequence. */
async function projectStates(app: Parameters<RouteModule>[1], projectId: string): Promise<StateRow[]> {
  return app.db
    .select()
    .from(states)
    .where(and(eq(states.projectId, projectId), eq(states.isTriage, false)))
    .orderBy(asc(states.sequence), asc(states.createdAt));
}

/** One state, presented with its `order` inside its group. */
async function presentOne(app: Parameters<RouteModule>[1], state: StateRow) {
  const all = await projectStates(app, state.projectId);
  return presentStates(all).find((s) => s.id === state.id) ?? presentState(state, 1);
}

export const stateRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: stateEndpoints.list,
    params: projectParams,
    query: listStatesQuery,
    scope: "project",
    policy: PERMISSIONS.state.view,
    handler: async ({ project, query }) => {
      const presented = presentStates(await projectStates(app, project.id));
      return query.grouped === "true" ? groupStates(presented) : presented;
    },
  });

  route(fastify, app, {
    endpoint: stateEndpoints.create,
    params: projectParams,
    body: createStateBody,
    scope: "project",
    policy: PERMISSIONS.state.create,
    status: 200,
    handler: async ({ project, user, body }) => presentOne(app, await createState(app, project, user.id, body)),
  });

  route(fastify, app, {
    endpoint: stateEndpoints.update,
    params: stateParams,
    body: updateStateBody,
    scope: "project",
    load: ({ project, params }) => loadEditableState(app.db, project.id, params.stateId),
    policy: PERMISSIONS.state.edit,
    handler: async ({ loaded, user, body }) => presentOne(app, await updateState(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: stateEndpoints.remove,
    params: stateParams,
    scope: "project",
    load: ({ project, params }) => loadEditableState(app.db, project.id, params.stateId),
    policy: PERMISSIONS.state.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteState(app, loaded);
    },
  });

  route(fastify, app, {
    endpoint: stateEndpoints.markDefault,
    params: stateParams,
    scope: "project",
    load: ({ project, params }) => loadEditableState(app.db, project.id, params.stateId),
    policy: PERMISSIONS.state.edit,
    status: 204,
    handler: async ({ loaded, user }) => {
      await markDefaultState(app, loaded, user.id);
    },
  });

  // The hidden triage state that intake items start in.
  route(fastify, app, {
    endpoint: stateEndpoints.intakeState,
    params: projectParams,
    scope: "project",
    policy: POLICIES.project.read,
    handler: async ({ project }) => {
      const [triage] = await app.db
        .select()
        .from(states)
        .where(and(eq(states.projectId, project.id), eq(states.isTriage, true)))
        .orderBy(asc(states.createdAt))
        .limit(1);
      if (!triage) throw errors.notFound("Triage state not found");
      return presentState(triage, 1);
    },
  });

  // Every visible state of the non-archived projects the caller belongs to.
  route(fastify, app, {
    endpoint: stateEndpoints.workspaceList,
    params: slugParams,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, user }) => {
      const rows = await app.db
        .select({ s: states })
        .from(states)
        .innerJoin(projects, eq(projects.id, states.projectId))
        .where(
          and(
            eq(states.workspaceId, workspace.id),
            eq(states.isTriage, false),
            isNull(projects.archivedAt),
            sql`exists (select 1 from ${projectMembers} pm where pm.project = ${states.projectId} and pm.member = ${user.id} and pm.is_active)`,
          ),
        )
        .orderBy(asc(states.sequence), asc(states.createdAt));
      return presentStates(rows.map((r) => r.s));
    },
  });
};
