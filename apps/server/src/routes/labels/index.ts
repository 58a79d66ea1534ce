import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { labelEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { schema } from "../../db/client.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import { bulkCreateLabelsBody, createLabelBody, labelParams, updateLabelBody } from "./schemas.ts";
import { presentLabel } from "./presenters.ts";
import { bulkCreateLabels, createLabel, deleteLabel, loadLabel, updateLabel } from "./commands.ts";

const { labels, projects, projectMembers } = schema;

export const labelRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: labelEndpoints.list,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.label.view,
    handler: async ({ project }) => {
      const rows = await app.db
        .select()
        .from(labels)
        .where(eq(labels.projectId, project.id))
        .orderBy(asc(labels.sortOrder), asc(labels.createdAt));
      return rows.map(presentLabel);
    },
  });

  route(fastify, app, {
    endpoint: labelEndpoints.create,
    params: projectParams,
    body: createLabelBody,
    scope: "project",
    policy: PERMISSIONS.label.create,
    status: 201,
    handler: async ({ project, user, body }) => presentLabel(await createLabel(app, project, user.id, body)),
  });

  route(fastify, app, {
    endpoint: labelEndpoints.get,
    params: labelParams,
    scope: "project",
    load: ({ project, params }) => loadLabel(app.db, project.id, params.labelId),
    policy: PERMISSIONS.label.view,
    handler: async ({ loaded }) => presentLabel(loaded),
  });

  route(fastify, app, {
    endpoint: labelEndpoints.update,
    params: labelParams,
    body: updateLabelBody,
    scope: "project",
    load: ({ project, params }) => loadLabel(app.db, project.id, params.labelId),
    policy: PERMISSIONS.label.edit,
    handler: async ({ loaded, user, body }) => presentLabel(await updateLabel(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: labelEndpoints.remove,
    params: labelParams,
    scope: "project",
    load: ({ project, params }) => loadLabel(app.db, project.id, params.labelId),
    policy: PERMISSIONS.label.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteLabel(app, loaded);
    },
  });

  route(fastify, app, {
    endpoint: labelEndpoints.bulkCreate,
    params: projectParams,
    body: bulkCreateLabelsBody,
    scope: "project",
    policy: PERMISSIONS.label.create,
    status: 201,
    handler: async ({ project, user, body }) => ({
      labels: (await bulkCreateLabels(app, project, user.id, body)).map(presentLabel),
    }),
  });

  // Labels of the non-archived projects the caller belongs to.
  route(fastify, app, {
    endpoint: labelEndpoints.workspaceList,
    params: slugParams,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, user }) => {
      const rows = await app.db
        .select({ l: labels })
        .from(labels)
        .innerJoin(projects, eq(projects.id, labels.projectId))
        .where(
          and(
            eq(labels.workspaceId, workspace.id),
            isNull(projects.archivedAt),
            sql`exists (select 1 from ${projectMembers} pm where pm.project = ${labels.projectId} and pm.member = ${user.id} and pm.is_active)`,
          ),
        )
        .orderBy(asc(labels.sortOrder), asc(labels.createdAt));
      return rows.map((r) => presentLabel(r.l));
    },
  });
};
