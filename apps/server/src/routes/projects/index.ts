import { projectEndpoints as PE } from "@stride/shared/endpoints";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { answerWithVisit } from "../../domain/recent-visits.ts";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { ROLE } from "@stride/shared";
import { errors } from "../../http/errors.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { schema } from "../../db/client.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import {
  createProjectBody,
  detailsQuery,
  favoriteProjectBody,
  identifierDeleteBody,
  identifierQuery,
  projectViewsBody,
  statsQuery,
  updateProjectBody,
} from "./schemas.ts";
import {
  callerMemberships,
  isProjectVisible,
  presentOneProjectFull,
  presentProjectsFull,
  visibleProjectsWhere,
} from "./queries.ts";
import { presentProjectListItem } from "./presenters.ts";
import {
  archiveProject,
  createProject,
  deleteProject,
  favoriteProject,
  restoreProject,
  unfavoriteProject,
  updateProject,
} from "./commands.ts";
import { z } from "zod";
import type { ProjectStats } from "@stride/shared/contract";
import { openCounts } from "../intake/commands.ts";

const { projects, projectMembers } = schema;

const STATS_FIELDS = ["total_issues", "completed_issues", "total_members", "total_cycles", "total_modules"] as const;

/** Sortable columns of the paginated `details/` list (`order_by`, `-` for descending). */
const DETAIL_ORDER: Record<string, (typeof projects)[keyof typeof projects]> = {
  created_at: projects.createdAt,
  updated_at: projects.updatedAt,
  name: projects.name,
  identifier: projects.identifier,
};

export const projectRoutes: RouteModule = (fastify, app) => {
  // Lite list: archived included; guests see their projects, members their own and public ones.
  route(fastify, app, {
    endpoint: PE.list,
    params: slugParams,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, workspaceMember, user }) => {
      const rows = await app.db
        .select()
        .from(projects)
        .where(visibleProjectsWhere(workspace.id, user.id, workspaceMember!.role))
        .orderBy(asc(projects.createdAt));
      const mine = await callerMemberships(
        app.db,
        user.id,
        rows.map((r) => r.id),
      );
      // intake_count: the open intake items (pending, or snoozed past their date) of each project the caller sees
      const intake = await openCounts(
        app.db,
        rows.filter((r) => r.intakeView).map((r) => r.id),
        user.id,
      );
      return rows.map((r) =>
        presentProjectListItem(r, {
          sortOrder: mine.get(r.id)?.sortOrder ?? null,
          memberRole: mine.get(r.id)?.role ?? null,
          intakeCount: intake.get(r.id) ?? 0,
        }),
      );
    },
  });

  // Full objects ordered by the caller's sort_order then name; the paginated envelope when per_page and cursor are given.
  route(fastify, app, {
    endpoint: PE.details,
    params: slugParams,
    query: detailsQuery,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, workspaceMember, user, query }) => {
      const where = visibleProjectsWhere(workspace.id, user.id, workspaceMember!.role);
      const mySort = sql`(select pm.sort_order from ${projectMembers} pm where pm.project = ${projects.id} and pm.member = ${user.id} and pm.is_active)`;
      if (query.per_page && query.cursor) {
        const page = parsePage(query);
        const orderBy = query.order_by ?? "-created_at";
        const key = orderBy.replace(/^-/, "");
        if (!(key in DETAIL_ORDER) && key !== "sort_order")
          throw errors.badParam(`Invalid order_by value: ${orderBy}.`);
        const col = key === "sort_order" ? mySort : DETAIL_ORDER[key];
        const primary = orderBy.startsWith("-") ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
        const [{ n }] = await app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(projects)
          .where(where);
        const rows = await app.db
          .select()
          .from(projects)
          .where(where)
          .orderBy(primary, desc(projects.createdAt), asc(projects.id))
          .limit(page.perPage)
          .offset(page.offset);
        const results = await presentProjectsFull(app.db, user.id, rows);
        return envelope(page, n, results, results.length);
      }
      const rows = await app.db
        .select()
        .from(projects)
        .where(where)
        .orderBy(sql`${mySort} asc nulls last`, asc(projects.name));
      return presentProjectsFull(app.db, user.id, rows);
    },
  });

  route(fastify, app, {
    endpoint: PE.create,
    params: slugParams,
    body: createProjectBody,
    scope: "workspace",
    policy: PERMISSIONS.project.create,
    status: 201,
    handler: async ({ workspace, user, body }) => {
      const project = await createProject(app, workspace, user.id, body);
      return presentOneProjectFull(app.db, user.id, project.id);
    },
  });

  // Detail: 404 when archived; a non-member gets 409 for a public project (they may join) and 403 for a secret one.
  route(fastify, app, {
    endpoint: PE.get,
    params: projectParams,
    scope: "project",
    load: async ({ project }) => {
      if (project.archivedAt) throw errors.notFound();
      return project;
    },
    policy: PERMISSIONS.project.view,
    handler: async ({ project, user, workspace, req }) => {
      // the answer from the row the scope loaded
      const [full] = await answerWithVisit(
        app.db,
        req.log,
        { userId: user.id, workspaceId: workspace.id, entity: "project", id: project.id, projectId: project.id },
        presentProjectsFull(app.db, user.id, [project]),
      );
      return full;
    },
  });

  route(fastify, app, {
    endpoint: PE.update,
    params: projectParams,
    body: updateProjectBody,
    scope: "project",
    policy: PERMISSIONS.project.edit,
    handler: async ({ project, user, body }) => {
      await updateProject(app, project, user.id, body);
      return presentOneProjectFull(app.db, user.id, project.id);
    },
  });

  route(fastify, app, {
    endpoint: PE.remove,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.project.delete,
    status: 204,
    handler: async ({ project, user }) => {
      await deleteProject(app, project, user.id);
    },
  });

  route(fastify, app, {
    endpoint: PE.archive,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.project.archive,
    handler: async ({ project, user }) => {
      const at = await archiveProject(app, project, user.id);
      return { archived_at: at.toISOString() };
    },
  });

  route(fastify, app, {
    endpoint: PE.restore,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.project.restore,
    status: 204,
    handler: async ({ project, user }) => {
      await restoreProject(app, project, user.id);
    },
  });

  // Identifier availability by name (work-tracking §5): projects of the workspace using it.
  route(fastify, app, {
    endpoint: PE.identifiers,
    params: slugParams,
    query: identifierQuery,
    scope: "workspace",
    policy: POLICIES.workspace.member,
    handler: async ({ workspace, query }) => {
      const name = (query.name ?? "").trim().toUpperCase();
      if (!name) throw errors.badRequest("Name is required");
      const rows = await app.db
        .select({ id: projects.id, name: projects.identifier, project: projects.id })
        .from(projects)
        .where(and(eq(projects.workspaceId, workspace.id), eq(projects.identifier, name)));
      return { exists: rows.length, identifiers: rows };
    },
  });

  route(fastify, app, {
    endpoint: PE.releaseIdentifier,
    params: slugParams,
    body: identifierDeleteBody,
    scope: "workspace",
    policy: POLICIES.workspace.member,
    status: 204,
    handler: async ({ workspace, body }) => {
      const name = (body.name ?? "").trim().toUpperCase();
      if (!name) throw errors.badRequest("Name is required");
      const used = await app.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.workspaceId, workspace.id), eq(projects.identifier, name)))
        .limit(1);
      if (used.length) throw errors.badRequest("Cannot delete an identifier of an existing project");
      // Identifiers live on projects: one no project uses is already free.
    },
  });

  // Per-project counts (wire-facts-2 project-stats): only the caller's non-archived projects.
  route(fastify, app, {
    endpoint: PE.stats,
    params: slugParams,
    query: statsQuery,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, user, query }) => {
      const asked = (query.fields ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter((f): f is (typeof STATS_FIELDS)[number] => (STATS_FIELDS as readonly string[]).includes(f));
      const fields = asked.length ? asked : [...STATS_FIELDS];
      let ids: string[] | null = null;
      if (query.project_ids) {
        ids = query.project_ids
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        if (ids.some((id) => !z.uuid().safeParse(id).success)) throw errors.badParam("Invalid project_ids value.");
      }
      // a guest of a project whose guests see only the items they created counts only those (issue #24)
      const rows = await app.db.execute<{
        id: string;
        total_issues: number;
        completed_issues: number;
        total_members: number;
        total_cycles: number;
        total_modules: number;
      }>(sql`
        select p.id,
          (select count(*)::int from issues i where i.project = p.id and i.deleted_at is null and i.archived_at is null and i.is_draft = false
             and (me.sees_all or i.created_by = ${user.id})) as total_issues,
          (select count(*)::int from issues i join states s on s.id = i.state
             where i.project = p.id and i.deleted_at is null and i.archived_at is null and i.is_draft = false and s."group" in ('completed', 'cancelled')
               and (me.sees_all or i.created_by = ${user.id})) as completed_issues,
          (select count(*)::int from project_members m join users u on u.id = m.member where m.project = p.id and m.is_active and not u.is_bot) as total_members,
          (select count(*)::int from cycles c where c.project = p.id) as total_cycles,
          (select count(*)::int from modules md where md.project = p.id) as total_modules
        from projects p
        cross join lateral (
          select (pm.role >= ${ROLE.MEMBER} or p.guest_view_all_features) as sees_all
          from project_members pm where pm.project = p.id and pm.member = ${user.id} and pm.is_active limit 1
        ) me
        where p.workspace = ${workspace.id} and p.archived_at is null
          ${
            ids
              ? sql`and p.id in (${sql.join(
                  ids.map((i) => sql`${i}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
        order by p.created_at`);
      return [...rows].map((r) => {
        const out: ProjectStats = { id: r.id };
        for (const f of fields) out[f] = r[f];
        return out;
      });
    },
  });

  route(fastify, app, {
    endpoint: PE.favorite,
    params: slugParams,
    body: favoriteProjectBody,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    status: 204,
    handler: async ({ workspace, workspaceMember, user, body }) => {
      const [project] = await app.db
        .select()
        .from(projects)
        .where(and(eq(projects.id, body.project), eq(projects.workspaceId, workspace.id)))
        .limit(1);
      // A project the caller cannot see does not exist for them.
      if (!project || !(await isProjectVisible(app.db, project, user.id, workspaceMember!.role)))
        throw errors.notFound();
      await favoriteProject(app, project, user.id);
    },
  });

  route(fastify, app, {
    endpoint: PE.unfavorite,
    params: projectParams,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    status: 204,
    handler: async ({ workspace, user, params }) => {
      if (!(await unfavoriteProject(app, workspace.id, params.projectId, user.id))) throw errors.notFound();
    },
  });

  // The caller's own per-project preferences, stored on their membership row.
  route(fastify, app, {
    endpoint: PE.views,
    params: projectParams,
    body: projectViewsBody,
    scope: "project",
    policy: POLICIES.project.read,
    status: 204,
    handler: async ({ projectMember, body }) => {
      const set: Partial<typeof projectMembers.$inferInsert> = { updatedAt: new Date() };
      if (body.view_props !== undefined) set.viewProps = body.view_props;
      if (body.default_props !== undefined) set.defaultProps = body.default_props;
      if (body.preferences !== undefined) set.preferences = body.preferences;
      if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
      await app.db.update(projectMembers).set(set).where(eq(projectMembers.id, projectMember!.id));
    },
  });
};
