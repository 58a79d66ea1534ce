import { workspaceMemberEndpoints as WM } from "@stride/shared/endpoints";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { WorkspaceProjectMembers } from "@stride/shared/contract";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { schema } from "../../db/client.ts";
import { iso } from "../../http/present.ts";
import { listMembersQuery, memberParams, updateWorkspaceMemberBody } from "./schemas.ts";
import { presentWorkspaceMember } from "./presenters.ts";
import { capProjectRoles, deactivateMembership, loadMember, otherActiveAdmins } from "./commands.ts";
import { maxProjectRole } from "../project-members/commands.ts";

const { workspaceMembers, projectMembers, users } = schema;

/** Escape LIKE wildcards so a search for `50%` matches literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/** Workspace members: list (bots excluded, caller first, then by display name), detail, role change, remove, leave. */
export const workspaceMembersRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: WM.list,
    scope: "workspace",
    policy: PERMISSIONS.workspaceMember.view,
    query: listMembersQuery,
    handler: async ({ workspace, workspaceMember, user, query }) => {
      const callerRole = workspaceMember!.role;
      const conds = [eq(workspaceMembers.workspaceId, workspace.id), eq(users.isBot, false)];
      const search = query.search?.trim();
      if (search) {
        const pattern = `%${likeEscape(search)}%`;
        const fields: AnyPgColumn[] = [users.firstName, users.lastName, users.displayName];
        // Guests do not see email addresses, so they cannot search by them either.
        if (callerRole > 5) fields.push(users.email);
        conds.push(or(...fields.map((f) => ilike(f, pattern)))!);
      }
      const rows = await app.db
        .select({ m: workspaceMembers, u: users })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.memberId))
        .where(and(...conds))
        .orderBy(
          sql`case when ${workspaceMembers.memberId} = ${user.id} then 0 else 1 end`,
          sql`lower(${users.displayName})`,
          asc(users.displayName),
          asc(workspaceMembers.createdAt),
        );
      return rows.map((r) => presentWorkspaceMember(r.m, r.u, callerRole));
    },
  });

  route(fastify, app, {
    endpoint: WM.leave,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    status: 204,
    handler: async ({ workspace, workspaceMember, user }) => {
      const me = workspaceMember!;
      await app.db.transaction(async (tx) => {
        if (me.role === 20 && (await otherActiveAdmins(tx, workspace.id, user.id)) === 0) {
          throw errors.badRequest(
            "You cannot leave the workspace as you are the only admin of the workspace you will have to either delete the workspace or promote another user to admin.",
          );
        }
        await deactivateMembership(tx, me, user.id);
      });
    },
  });

  route(fastify, app, {
    endpoint: WM.get,
    scope: "workspace",
    policy: PERMISSIONS.workspaceMember.view,
    params: memberParams,
    load: ({ workspace, params }) => loadMember(app.db, workspace.id, params.memberId),
    handler: async ({ loaded, workspaceMember }) => presentWorkspaceMember(loaded.m, loaded.u, workspaceMember!.role),
  });

  route(fastify, app, {
    endpoint: WM.update,
    scope: "workspace",
    policy: PERMISSIONS.workspaceMember.edit,
    params: memberParams,
    body: updateWorkspaceMemberBody,
    load: ({ workspace, params }) => loadMember(app.db, workspace.id, params.memberId, { activeOnly: true }),
    handler: async ({ loaded, workspace, workspaceMember, user, body }) => {
      const target = loaded.m;
      const newRole = body.role;
      if (target.memberId === user.id) throw errors.badRequest("You cannot update your own role");
      const updated = await app.db.transaction(async (tx) => {
        if (target.role === 20 && newRole < 20 && (await otherActiveAdmins(tx, workspace.id, target.memberId)) === 0) {
          throw errors.badRequest("The workspace needs at least one admin; promote another member first.");
        }
        const [row] = await tx
          .update(workspaceMembers)
          .set({ role: newRole, updatedAt: new Date(), updatedById: user.id })
          .where(eq(workspaceMembers.id, target.id))
          .returning();
        if (newRole < target.role)
          await capProjectRoles(tx, workspace.id, target.memberId, maxProjectRole(newRole), user.id);
        return row;
      });
      return presentWorkspaceMember(updated, loaded.u, workspaceMember!.role);
    },
  });

  route(fastify, app, {
    endpoint: WM.remove,
    scope: "workspace",
    policy: PERMISSIONS.workspaceMember.remove,
    params: memberParams,
    status: 204,
    load: ({ workspace, params }) => loadMember(app.db, workspace.id, params.memberId, { activeOnly: true }),
    handler: async ({ loaded, workspace, workspaceMember, user }) => {
      const target = loaded.m;
      if (target.id === workspaceMember!.id)
        throw errors.badRequest("You cannot remove yourself from the workspace. Please use leave workspace");
      await app.db.transaction(async (tx) => {
        if (target.role === 20 && (await otherActiveAdmins(tx, workspace.id, target.memberId)) === 0) {
          throw errors.badRequest("The workspace needs at least one admin; promote another member first.");
        }
        await deactivateMembership(tx, target, user.id);
      });
    },
  });

  route(fastify, app, {
    endpoint: WM.projectMembers,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    handler: async ({ workspace, user }) => {
      // Members of every project of this workspace the caller is an active member of.
      const mine = app.db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(
          and(
            eq(projectMembers.workspaceId, workspace.id),
            eq(projectMembers.memberId, user.id),
            eq(projectMembers.isActive, true),
          ),
        );
      const rows = await app.db
        .select({ pm: projectMembers, wsRole: workspaceMembers.role })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.memberId))
        .leftJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, projectMembers.workspaceId),
            eq(workspaceMembers.memberId, projectMembers.memberId),
          ),
        )
        .where(
          and(
            eq(projectMembers.workspaceId, workspace.id),
            eq(projectMembers.isActive, true),
            inArray(projectMembers.projectId, mine),
          ),
        )
        .orderBy(asc(projectMembers.createdAt));
      const out: WorkspaceProjectMembers = {};
      for (const { pm, wsRole } of rows) {
        (out[pm.projectId] ??= []).push({
          id: pm.id,
          role: wsRole === null ? pm.role : Math.min(pm.role, wsRole),
          member: pm.memberId,
          original_role: pm.role,
          created_at: iso(pm.createdAt),
        });
      }
      return out;
    },
  });
};
