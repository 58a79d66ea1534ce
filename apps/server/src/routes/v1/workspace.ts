import type { FastifyInstance } from "fastify";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { v1WorkspaceEndpoints as W } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { schema } from "../../db/client.ts";
import { createProjectBody, updateProjectBody } from "../projects/schemas.ts";
import { archiveProject, createProject, deleteProject, restoreProject, updateProject } from "../projects/commands.ts";
import { visibleProjectsWhere } from "../projects/queries.ts";
import { authorExpanders, presentV1Me, presentV1Member, presentV1Projects } from "./presenters.ts";

import { shapeAll, shapeOne, v1ListQuery, v1Page, v1ShapeQuery } from "./shape.ts";
import { onlyItemsOf } from "../../http/readable.ts";

const { projects, workspaceMembers, users } = schema;

/** v1: the caller, the workspace's members, and projects (with archive and summary). */
export function registerV1Workspace(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: W.me,
    auth: "apiKey",
    query: v1ShapeQuery,
    policy: POLICIES.user.any,
    handler: async (ctx) => shapeOne(presentV1Me(ctx.user), ctx.query),
  });

  route(fastify, app, {
    endpoint: W.members,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.workspaceMember.view,
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select({ user: users, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.memberId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, ctx.workspace.id),
            eq(workspaceMembers.isActive, true),
            eq(users.isBot, false),
          ),
        )
        .orderBy(asc(workspaceMembers.createdAt));
      return shapeAll(
        rows.map((r) => presentV1Member(r.user, r.role)),
        ctx.query,
      );
    },
  });

  route(fastify, app, {
    endpoint: W.projects,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    query: v1ListQuery,
    policy: POLICIES.workspace.read,
    handler: async (ctx) => {
      const where = and(
        visibleProjectsWhere(ctx.workspace.id, ctx.user.id, ctx.workspaceMember!.role),
        sql`${projects.archivedAt} IS NULL`,
      );
      return v1Page(
        ctx.query,
        async () => (await ctx.app.db.select({ n: count() }).from(projects).where(where))[0].n,
        (limit, offset) =>
          ctx.app.db
            .select()
            .from(projects)
            .where(where)
            .orderBy(desc(projects.createdAt), asc(projects.id))
            .limit(limit)
            .offset(offset),
        (rows) => presentV1Projects(ctx.app.db, ctx.user.id, rows),
        authorExpanders(ctx.app.db),
      );
    },
  });

  route(fastify, app, {
    endpoint: W.createProject,
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    body: createProjectBody,
    policy: PERMISSIONS.project.create,
    status: 201,
    handler: async (ctx) => {
      const dup = await ctx.app.db
        .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
        .from(projects)
        .where(
          and(
            eq(projects.workspaceId, ctx.workspace.id),
            sql`(lower(${projects.name}) = lower(${ctx.body.name}) OR upper(${projects.identifier}) = upper(${ctx.body.identifier}))`,
          ),
        )
        .limit(1);
      if (dup[0]) {
        const field = dup[0].name.toLowerCase() === ctx.body.name.toLowerCase() ? "name" : "identifier";
        throw errors.conflict({
          [field]: [`A project with this ${field} already exists`],
          error: `Project with the same ${field} already exists`,
          id: dup[0].id,
        });
      }
      const row = await createProject(ctx.app, ctx.workspace, ctx.user.id, ctx.body);
      return (await presentV1Projects(ctx.app.db, ctx.user.id, [row]))[0];
    },
  });

  route(fastify, app, {
    endpoint: W.project,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.project.view,
    handler: async (ctx) =>
      shapeOne(
        (await presentV1Projects(ctx.app.db, ctx.user.id, [ctx.project]))[0],
        ctx.query,
        authorExpanders(ctx.app.db),
      ),
  });

  route(fastify, app, {
    endpoint: W.updateProject,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: updateProjectBody,
    policy: PERMISSIONS.project.edit,
    handler: async (ctx) => {
      await updateProject(ctx.app, ctx.project, ctx.user.id, ctx.body);
      const [row] = await ctx.app.db.select().from(projects).where(eq(projects.id, ctx.project.id));
      return (await presentV1Projects(ctx.app.db, ctx.user.id, [row]))[0];
    },
  });

  route(fastify, app, {
    endpoint: W.removeProject,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.project.delete,
    status: 204,
    handler: async (ctx) => deleteProject(ctx.app, ctx.project),
  });

  route(fastify, app, {
    endpoint: W.archive,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.project.archive,
    status: 204,
    handler: async (ctx) => {
      await archiveProject(ctx.app, ctx.project, ctx.user.id);
    },
  });

  route(fastify, app, {
    endpoint: W.restore,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.project.restore,
    status: 204,
    handler: async (ctx) => restoreProject(ctx.app, ctx.project, ctx.user.id),
  });

  route(fastify, app, {
    endpoint: W.summary,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.project.view,
    handler: async (ctx) => {
      const id = ctx.project.id;
      // a guest who sees only the items they created counts only those (issue #24)
      const owner = onlyItemsOf(ctx);
      const [c] = await ctx.app.db.execute<Record<string, number>>(sql`
        SELECT
          (SELECT count(*)::int FROM project_members m JOIN users u ON u.id = m.member WHERE m.project = ${id} AND m.is_active AND NOT u.is_bot) AS members,
          (SELECT count(*)::int FROM states WHERE project = ${id} AND NOT is_triage) AS states,
          (SELECT count(*)::int FROM labels WHERE project = ${id}) AS labels,
          (SELECT count(*)::int FROM cycles WHERE project = ${id}) AS cycles,
          (SELECT count(*)::int FROM modules WHERE project = ${id}) AS modules,
          (SELECT count(*)::int FROM issues WHERE project = ${id} AND deleted_at IS NULL AND is_draft = false AND archived_at IS NULL
            ${owner ? sql`AND created_by = ${owner}` : sql``}) AS issues`);
      return {
        id,
        name: ctx.project.name,
        identifier: ctx.project.identifier,
        counts: {
          members: c.members,
          states: c.states,
          labels: c.labels,
          cycles: c.cycles,
          modules: c.modules,
          issues: c.issues,
          intakes: 0,
          pages: 0,
        },
      };
    },
  });
}
