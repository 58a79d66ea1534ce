import { invitationEndpoints as I } from "@stride/shared/endpoints";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import {
  createInvitationsBody,
  invitationParams,
  joinInvitationBody,
  joinQuery,
  updateInvitationBody,
} from "./schemas.ts";
import { presentInvitation } from "./presenters.ts";
import { answerInvitation, createInvitations, tokenMatches } from "./commands.ts";

const { workspaceInvitations, workspaces } = schema;

const NO_JOIN = () => errors.body(403, { error: "You do not have permission to join the workspace" });
const NO_VIEW = () => errors.body(403, { error: "You do not have permission to access this invitation" });

/** The invitation by id within the workspace given by slug (no membership needed: used by the join endpoints). */
async function findInvitation(db: DbOrTx, slug: string, invitationId: string) {
  const [row] = await db
    .select({ inv: workspaceInvitations, ws: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaces.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** Workspace invitations: admins list, create, update and delete; anyone holding the token answers. */
export const workspaceInvitationsRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: I.list,
    scope: "workspace",
    policy: PERMISSIONS.invitation.view,
    handler: async ({ workspace }) => {
      const rows = await app.db
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.workspaceId, workspace.id))
        .orderBy(desc(workspaceInvitations.createdAt));
      return rows.map((inv) => presentInvitation(inv, workspace));
    },
  });

  route(fastify, app, {
    endpoint: I.create,
    scope: "workspace",
    policy: PERMISSIONS.invitation.create,
    body: createInvitationsBody,
    handler: async ({ req, workspace, workspaceMember, user, body }) => {
      await createInvitations(app, req, workspace, user, workspaceMember!, body.emails ?? []);
      return { message: "Emails sent successfully" };
    },
  });

  const loadInWorkspace = async ({
    workspace,
    params,
  }: {
    workspace: { id: string };
    params: { invitationId: string };
  }) => {
    const [inv] = await app.db
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.id, params.invitationId), eq(workspaceInvitations.workspaceId, workspace.id)))
      .limit(1);
    if (!inv) throw errors.notFound();
    return inv;
  };

  route(fastify, app, {
    endpoint: I.get,
    scope: "workspace",
    policy: PERMISSIONS.invitation.view,
    params: invitationParams,
    load: loadInWorkspace,
    handler: async ({ loaded, workspace }) => presentInvitation(loaded, workspace),
  });

  route(fastify, app, {
    endpoint: I.update,
    scope: "workspace",
    policy: PERMISSIONS.invitation.edit,
    params: invitationParams,
    body: updateInvitationBody,
    load: loadInWorkspace,
    handler: async ({ loaded, workspace, user, body }) => {
      const set: Partial<typeof workspaceInvitations.$inferInsert> = { updatedAt: new Date(), updatedById: user.id };
      if (body.role !== undefined) set.role = body.role;
      if (body.message !== undefined) set.message = body.message;
      const [inv] = await app.db
        .update(workspaceInvitations)
        .set(set)
        .where(eq(workspaceInvitations.id, loaded.id))
        .returning();
      return presentInvitation(inv, workspace);
    },
  });

  route(fastify, app, {
    endpoint: I.remove,
    scope: "workspace",
    policy: PERMISSIONS.invitation.delete,
    params: invitationParams,
    status: 204,
    load: loadInWorkspace,
    handler: async ({ loaded }) => {
      await app.db.delete(workspaceInvitations).where(eq(workspaceInvitations.id, loaded.id));
    },
  });

  // Answering needs no account: the token from the emailed link is the proof.
  route(fastify, app, {
    endpoint: I.joinGet,
    auth: "optional",
    policy: null,
    query: joinQuery,
    handler: async ({ req, query }) => {
      const raw = req.params as { slug: string; invitationId: string };
      if (!z.uuid().safeParse(raw.invitationId).success || !query.token) throw NO_VIEW();
      const found = await findInvitation(app.db, raw.slug, raw.invitationId);
      if (!found || !tokenMatches(found.inv.token, query.token)) throw NO_VIEW();
      return presentInvitation(found.inv, found.ws, { withSecret: false });
    },
  });

  route(fastify, app, {
    endpoint: I.join,
    auth: "optional",
    policy: null,
    params: invitationParams,
    body: joinInvitationBody,
    handler: async ({ params, body }) => {
      const found = await findInvitation(app.db, params.slug, params.invitationId);
      if (!found) throw errors.notFound();
      if (!tokenMatches(found.inv.token, body.token)) throw NO_JOIN();
      return answerInvitation(app, found.inv, body.accepted ?? false);
    },
  });
};
