import { projectMemberEndpoints as PM } from "@stride/shared/endpoints";
import { and, asc, eq } from "drizzle-orm";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { schema } from "../../db/client.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
import { presentProjectMemberFull, presentProjectMemberRole } from "./presenters.ts";
import { addProjectMembersBody, joinProjectsBody, memberParams, updateProjectMemberBody } from "./schemas.ts";
import {
  addProjectMembers,
  JOINED_PROJECTS,
  joinProjects,
  leaveProject,
  loadActiveMember,
  removeProjectMember,
  updateProjectMemberRole,
} from "./commands.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectMemberRow, ProjectRow, WorkspaceRow } from "../../http/route.ts";

const { projectMembers, workspaceMembers, users } = schema;

async function presentFull(app: AppContext, m: ProjectMemberRow, ws: WorkspaceRow, p: ProjectRow) {
  const [u] = await app.db.select().from(users).where(eq(users.id, m.memberId)).limit(1);
  return presentProjectMemberFull(m, ws, p, u);
}

export const projectMemberRoutes: RouteModule = (fastify, app) => {
  // Plane's "Join" on a project card: the caller joins with their workspace role.
  route(fastify, app, {
    endpoint: PM.join,
    params: slugParams,
    body: joinProjectsBody,
    scope: "workspace",
    policy: PERMISSIONS.project.join,
    status: 201,
    handler: async ({ workspace, workspaceMember, user, body }) => {
      await joinProjects(
        app,
        workspace.id,
        { id: user.id, workspaceRole: workspaceMember?.role ?? 0 },
        body.project_ids,
      );
      return { message: JOINED_PROJECTS };
    },
  });

  // Active, non-bot members who are still active in the workspace.
  route(fastify, app, {
    endpoint: PM.list,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.projectMember.view,
    handler: async ({ project }) => {
      const rows = await app.db
        .select({ pm: projectMembers })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.memberId))
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, projectMembers.workspaceId),
            eq(workspaceMembers.memberId, projectMembers.memberId),
          ),
        )
        .where(
          and(
            eq(projectMembers.projectId, project.id),
            eq(projectMembers.isActive, true),
            eq(users.isBot, false),
            eq(workspaceMembers.isActive, true),
          ),
        )
        .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id));
      return rows.map((r) => presentProjectMemberRole(r.pm));
    },
  });

  route(fastify, app, {
    endpoint: PM.add,
    params: projectParams,
    body: addProjectMembersBody,
    scope: "project",
    policy: PERMISSIONS.projectMember.add,
    status: 201,
    handler: async ({ project, user, body }) =>
      (await addProjectMembers(app, project, user.id, body)).map(presentProjectMemberRole),
  });

  route(fastify, app, {
    endpoint: PM.get,
    params: memberParams,
    scope: "project",
    load: ({ project, params }) => loadActiveMember(app.db, project.id, params.memberId),
    policy: PERMISSIONS.projectMember.view,
    handler: async ({ loaded, workspace, project }) => presentFull(app, loaded, workspace, project),
  });

  route(fastify, app, {
    endpoint: PM.update,
    params: memberParams,
    body: updateProjectMemberBody,
    scope: "project",
    load: ({ project, params }) => loadActiveMember(app.db, project.id, params.memberId),
    policy: PERMISSIONS.projectMember.edit,
    handler: async ({ loaded, workspace, workspaceMember, project, user, body }) => {
      const row = await updateProjectMemberRole(
        app,
        project,
        loaded,
        { id: user.id, workspaceRole: workspaceMember!.role },
        body.role,
      );
      return presentFull(app, row, workspace, project);
    },
  });

  route(fastify, app, {
    endpoint: PM.remove,
    params: memberParams,
    scope: "project",
    load: ({ project, params }) => loadActiveMember(app.db, project.id, params.memberId),
    policy: PERMISSIONS.projectMember.remove,
    status: 204,
    handler: async ({ loaded, project, user }) => {
      await removeProjectMember(app, project, loaded, user.id);
    },
  });

  route(fastify, app, {
    endpoint: PM.leave,
    params: projectParams,
    scope: "project",
    policy: POLICIES.project.read,
    status: 204,
    handler: async ({ project, projectMember }) => {
      await leaveProject(app, project, projectMember!);
    },
  });

  route(fastify, app, {
    endpoint: PM.me,
    params: projectParams,
    scope: "project",
    policy: POLICIES.project.read,
    handler: async ({ projectMember, workspace, project }) => presentFull(app, projectMember!, workspace, project),
  });
};
