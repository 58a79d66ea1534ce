import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { UserRow, WorkspaceRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { cookieName, isInstanceAdmin } from "../../http/session.ts";
import type { FastifyReply } from "fastify";
import type { UserSettings } from "@stride/shared/contract";
import { workspaceLogoUrl } from "../../http/present.ts";
import { ensureProfile } from "../../domain/profile.ts";
import type { NotificationPreferenceRow } from "./presenters.ts";

const {
  profiles,
  workspaces,
  workspaceMembers,
  workspaceInvitations,
  userNotificationPreferences,
  projectMembers,
  sessions,
  users,
} = schema;

export async function ensureNotificationPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferenceRow> {
  const [existing] = await db
    .select()
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId))
    .limit(1);
  if (existing) return existing;
  await db
    .insert(userNotificationPreferences)
    .values({ userId })
    .onConflictDoNothing({ target: userNotificationPreferences.userId });
  const [row] = await db
    .select()
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId))
    .limit(1);
  return row;
}

/** The workspace if the user is an active member of it. */
export async function activeWorkspaceOf(db: DbOrTx, userId: string, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select({ ws: workspaces })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.ws ?? null;
}

/** The earliest-created workspace the user is an active member of (the settings fallback). */
export async function fallbackWorkspaceOf(db: DbOrTx, userId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select({ ws: workspaces })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id))
    .limit(1);
  return row?.ws ?? null;
}

/** The workspace the user joined first (onboarding's "first workspace"). */
export async function firstJoinedWorkspaceOf(db: DbOrTx, userId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select({ ws: workspaces })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.createdAt))
    .limit(1);
  return row?.ws ?? null;
}

/** Invitations addressed to this email that have not been answered yet. */
export async function pendingInvitationCount(db: DbOrTx, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, email.toLowerCase()), isNull(workspaceInvitations.respondedAt)));
  return row?.n ?? 0;
}

/** GET /api/users/me/settings/ (wire-facts §2). */
export async function userSettings(db: DbOrTx, user: UserRow): Promise<UserSettings> {
  const profile = await ensureProfile(db, user.id);
  const invites = await pendingInvitationCount(db, user.email);
  const last = profile.lastWorkspaceId ? await activeWorkspaceOf(db, user.id, profile.lastWorkspaceId) : null;
  if (last) {
    return {
      id: user.id,
      email: user.email,
      workspace: {
        last_workspace_id: last.id,
        last_workspace_slug: last.slug,
        last_workspace_name: last.name,
        last_workspace_logo: workspaceLogoUrl(last),
        fallback_workspace_id: last.id,
        fallback_workspace_slug: last.slug,
        invites,
      },
    };
  }
  const fallback = await fallbackWorkspaceOf(db, user.id);
  return {
    id: user.id,
    email: user.email,
    workspace: {
      last_workspace_id: null,
      last_workspace_slug: null,
      fallback_workspace_id: fallback?.id ?? null,
      fallback_workspace_slug: fallback?.slug ?? null,
      invites,
    },
  };
}

/** An asset may be set as the caller's avatar/cover only if it exists and the caller uploaded it. */
export async function assertOwnAsset(db: DbOrTx, userId: string, assetId: string, field: string): Promise<void> {
  const [row] = await db
    .select({ id: schema.fileAssets.id })
    .from(schema.fileAssets)
    .where(
      and(
        eq(schema.fileAssets.id, assetId),
        eq(schema.fileAssets.isDeleted, false),
        sql`(${schema.fileAssets.userId} = ${userId} OR ${schema.fileAssets.createdById} = ${userId})`,
      ),
    )
    .limit(1);
  if (!row) throw errors.field(field, "Asset not found.");
}

/**
 * DELETE /api/users/me/: deactivate the account. Refused for instance admins and for the only admin of a
 * workspace that has other active members. Memberships are deactivated, pending invitations removed,
 * onboarding reset, every session ended.
 */
export async function deactivateUser(app: AppContext, user: UserRow, reply: FastifyReply): Promise<void> {
  if (await isInstanceAdmin(app.db, user.id)) {
    throw errors.badRequest("You cannot deactivate your account since you are an instance admin");
  }
  await app.db.transaction(async (tx) => {
    const adminOf = await tx
      .select({ workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.memberId, user.id), eq(workspaceMembers.isActive, true), eq(workspaceMembers.role, 20)),
      );
    for (const { workspaceId } of adminOf) {
      const [others] = await tx
        .select({
          admins: sql<number>`count(*) filter (where ${workspaceMembers.role} = 20)::int`,
          members: sql<number>`count(*)::int`,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.memberId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            eq(workspaceMembers.isActive, true),
            ne(workspaceMembers.memberId, user.id),
            eq(users.isBot, false),
          ),
        );
      if ((others?.members ?? 0) > 0 && (others?.admins ?? 0) === 0) {
        throw errors.badRequest("You cannot deactivate account as you are the only admin in some workspaces.");
      }
    }
    const now = new Date();
    await tx
      .update(workspaceMembers)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(workspaceMembers.memberId, user.id), eq(workspaceMembers.isActive, true)));
    await tx
      .update(projectMembers)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(projectMembers.memberId, user.id), eq(projectMembers.isActive, true)));
    await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.email, user.email.toLowerCase()));
    await ensureProfile(tx, user.id);
    await tx
      .update(profiles)
      .set({
        lastWorkspaceId: null,
        isTourCompleted: false,
        isOnboarded: false,
        onboardingStep: {
          workspace_join: false,
          profile_complete: false,
          workspace_create: false,
          workspace_invite: false,
        },
        updatedAt: now,
      })
      .where(eq(profiles.userId, user.id));
    await tx
      .update(users)
      .set({ isActive: false, password: null, isPasswordAutoset: true, lastLogoutTime: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  for (const kind of ["app", "admin"] as const)
    reply.clearCookie(cookieName(app, kind), { path: "/", domain: app.config.cookieDomain });
}
