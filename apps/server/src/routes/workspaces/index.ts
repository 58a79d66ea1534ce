import { workspaceEndpoints } from "@stride/shared/endpoints";
import { eq } from "drizzle-orm";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { schema } from "../../db/client.ts";
import { WORKSPACE_SLUG_MAX } from "@stride/shared";
import { presentWorkspace } from "./presenters.ts";
import { presentWorkspaceMemberMe } from "../workspace-members/presenters.ts";
import { createWorkspaceBody, slugCheckQuery, updateWorkspaceBody } from "./schemas.ts";
import {
  checkWorkspaceName,
  createWorkspace,
  draftIssueCount,
  memberCounts,
  slugProblem,
  slugTaken,
  userWorkspaces,
} from "./commands.ts";

const { workspaces } = schema;

/** Workspaces: list, create, slug check, detail, update, delete, and the caller's own membership. */
export const workspacesRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: workspaceEndpoints.list,
    policy: POLICIES.user.any,
    handler: async ({ user }) => {
      const rows = await userWorkspaces(app.db, user.id);
      return rows.map((r) => presentWorkspace(r.ws, { totalMembers: r.totalMembers }));
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.create,
    policy: POLICIES.user.any,
    body: createWorkspaceBody,
    status: 201,
    handler: async ({ user, body }) => {
      const ws = await createWorkspace(app, user, body);
      const counts = await memberCounts(app.db, [ws.id]);
      return presentWorkspace(ws, { totalMembers: counts.get(ws.id) ?? 1, role: 20 });
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.slugCheck,
    policy: POLICIES.user.any,
    query: slugCheckQuery,
    handler: async ({ query }) => {
      const slug = (query.slug ?? "").trim();
      if (slug === "") throw errors.badRequest("Workspace Slug is required");
      const usable = slug.length <= WORKSPACE_SLUG_MAX && slugProblem(slug) === null;
      return { status: usable && !(await slugTaken(app.db, slug)) };
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.get,
    scope: "workspace",
    policy: PERMISSIONS.workspace.view,
    handler: async ({ workspace }) => {
      const counts = await memberCounts(app.db, [workspace.id]);
      return presentWorkspace(workspace, { totalMembers: counts.get(workspace.id) ?? 0 });
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.update,
    scope: "workspace",
    policy: PERMISSIONS.workspace.edit,
    body: updateWorkspaceBody,
    handler: async ({ workspace, user, body }) => {
      const set: Partial<typeof workspaces.$inferInsert> = { updatedAt: new Date(), updatedById: user.id };
      if (body.name !== undefined) set.name = checkWorkspaceName(body.name);
      if (body.organization_size !== undefined) set.organizationSize = body.organization_size;
      if (body.timezone !== undefined) set.timezone = body.timezone;
      if (body.logo !== undefined) set.logo = body.logo === "" ? null : body.logo;
      if (body.logo_asset !== undefined) set.logoAssetId = null;
      if (body.background_color !== undefined) set.backgroundColor = body.background_color;
      const [ws] = await app.db.update(workspaces).set(set).where(eq(workspaces.id, workspace.id)).returning();
      const counts = await memberCounts(app.db, [ws.id]);
      return presentWorkspace(ws, { totalMembers: counts.get(ws.id) ?? 0 });
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.remove,
    scope: "workspace",
    policy: PERMISSIONS.workspace.delete,
    status: 204,
    handler: async ({ workspace }) => {
      await app.db.transaction(async (tx) => {
        await tx
          .update(schema.profiles)
          .set({ lastWorkspaceId: null, updatedAt: new Date() })
          .where(eq(schema.profiles.lastWorkspaceId, workspace.id));
        await tx.delete(workspaces).where(eq(workspaces.id, workspace.id));
      });
    },
  });

  route(fastify, app, {
    endpoint: workspaceEndpoints.memberMe,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, workspaceMember, user }) => {
      return presentWorkspaceMemberMe(workspaceMember!, await draftIssueCount(app.db, workspace.id, user.id));
    },
  });
};
