import { userEndpoints as U } from "@stride/shared/endpoints";
import { and, asc, eq } from "drizzle-orm";
import type { SessionStatus, UserMe } from "@stride/shared/contract";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { copyDefined } from "../../http/patch.ts";
import { isInstanceAdmin } from "../../http/session.ts";
import { schema } from "../../db/client.ts";
import { presentWorkspace } from "../workspaces/presenters.ts";
import { memberCounts, userWorkspaces } from "../workspaces/commands.ts";
import { presentInvitation } from "../workspace-invitations/presenters.ts";
import { acceptOwnInvitations, pendingInvitationsFor } from "../workspace-invitations/commands.ts";
import { presentProjectMemberFull } from "../project-members/presenters.ts";
import { ensureProfile } from "../../domain/profile.ts";
import { slugParams } from "../../http/fields.ts";
import { presentNotificationPreferences, presentProfile, presentUser, presentUserMe } from "./presenters.ts";
import {
  acceptInvitationsBody,
  notificationPreferencesBody,
  onboardBody,
  tourCompletedBody,
  updateMeBody,
  updateProfileBody,
} from "./schemas.ts";
import {
  activeWorkspaceOf,
  assertOwnAsset,
  deactivateUser,
  ensureNotificationPreferences,
  firstJoinedWorkspaceOf,
  userSettings,
} from "./commands.ts";

const { users, profiles, userNotificationPreferences, projectMembers, projects } = schema;

const UPDATED = { message: "Updated successfully" };

/** The current user: account, profile, settings, onboarding, notification preferences, workspaces and invitations. */
export const usersRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: U.me,
    policy: POLICIES.user.any,
    handler: async ({ user }) => presentUserMe(user),
  });

  route(fastify, app, {
    endpoint: U.updateMe,
    policy: POLICIES.user.any,
    body: updateMeBody,
    handler: async ({ user, body }) => {
      if (body.avatar_asset) await assertOwnAsset(app.db, user.id, body.avatar_asset, "avatar_asset");
      if (body.cover_image_asset) await assertOwnAsset(app.db, user.id, body.cover_image_asset, "cover_image_asset");
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.first_name !== undefined) set.firstName = body.first_name.trim();
      if (body.last_name !== undefined) set.lastName = body.last_name.trim();
      if (body.display_name !== undefined) set.displayName = body.display_name.trim();
      if (body.avatar !== undefined) set.avatar = body.avatar ?? "";
      if (body.cover_image !== undefined) set.coverImage = body.cover_image === "" ? null : body.cover_image;
      copyDefined(set, body, {
        avatar_asset: "avatarAssetId",
        cover_image_asset: "coverImageAssetId",
        user_timezone: "userTimezone",
      });
      const [updated] = await app.db.update(users).set(set).where(eq(users.id, user.id)).returning();
      return presentUser(updated);
    },
  });

  route(fastify, app, {
    endpoint: U.deactivate,
    policy: POLICIES.user.any,
    status: 204,
    handler: async ({ user, reply }) => {
      await deactivateUser(app, user, reply);
    },
  });

  route(fastify, app, {
    endpoint: U.session,
    auth: "optional",
    policy: null,
    handler: async ({ user }): Promise<SessionStatus<UserMe>> =>
      user ? { is_authenticated: true, user: presentUserMe(user) } : { is_authenticated: false },
  });

  route(fastify, app, {
    endpoint: U.profile,
    policy: POLICIES.user.any,
    handler: async ({ user }) => presentProfile(await ensureProfile(app.db, user.id)),
  });

  route(fastify, app, {
    endpoint: U.updateProfile,
    policy: POLICIES.user.any,
    body: updateProfileBody,
    handler: async ({ user, body }) => {
      const current = await ensureProfile(app.db, user.id);
      if (body.last_workspace_id && !(await activeWorkspaceOf(app.db, user.id, body.last_workspace_id))) {
        throw errors.field("last_workspace_id", "You are not a member of this workspace.");
      }
      const merge = (old: unknown, patch: Record<string, unknown> | undefined) =>
        patch === undefined
          ? undefined
          : {
              ...((old as Record<string, unknown>) ?? {}),
              ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
            };
      const set: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
      const direct = {
        theme: "theme",
        is_app_rail_docked: "isAppRailDocked",
        is_tour_completed: "isTourCompleted",
        use_case: "useCase",
        role: "role",
        is_onboarded: "isOnboarded",
        last_workspace_id: "lastWorkspaceId",
        billing_address_country: "billingAddressCountry",
        billing_address: "billingAddress",
        has_billing_address: "hasBillingAddress",
        company_name: "companyName",
        notification_view_mode: "notificationViewMode",
        is_smooth_cursor_enabled: "isSmoothCursorEnabled",
        is_mobile_onboarded: "isMobileOnboarded",
        mobile_timezone_auto_set: "mobileTimezoneAutoSet",
        language: "language",
        start_of_the_week: "startOfTheWeek",
        time_format: "timeFormat",
        goals: "goals",
        background_color: "backgroundColor",
        is_navigation_tour_completed: "isNavigationTourCompleted",
        has_marketing_email_consent: "hasMarketingEmailConsent",
        is_subscribed_to_changelog: "isSubscribedToChangelog",
      } as const;
      copyDefined(set, body, direct);
      const steps = merge(current.onboardingStep, body.onboarding_step);
      if (steps) set.onboardingStep = steps;
      const mobile = merge(current.mobileOnboardingStep, body.mobile_onboarding_step);
      if (mobile) set.mobileOnboardingStep = mobile;
      const tour = merge(current.productTour, body.product_tour);
      if (tour) set.productTour = tour;
      const [updated] = await app.db.update(profiles).set(set).where(eq(profiles.id, current.id)).returning();
      return presentProfile(updated);
    },
  });

  route(fastify, app, {
    endpoint: U.settings,
    policy: POLICIES.user.any,
    handler: async ({ user }) => userSettings(app.db, user),
  });

  route(fastify, app, {
    endpoint: U.instanceAdmin,
    policy: POLICIES.user.any,
    handler: async ({ user }) => ({ is_instance_admin: await isInstanceAdmin(app.db, user.id) }),
  });

  // Finishing onboarding (platform.md §4) marks every step done, points the last workspace at the first one
  // (keeping a valid last workspace), then marks the user onboarded.
  route(fastify, app, {
    endpoint: U.onboard,
    policy: POLICIES.user.any,
    body: onboardBody,
    handler: async ({ user, body }) => {
      const onboarded = body.is_onboarded ?? false;
      await app.db.transaction(async (tx) => {
        const profile = await ensureProfile(tx, user.id);
        const set: Partial<typeof profiles.$inferInsert> = { isOnboarded: onboarded, updatedAt: new Date() };
        if (onboarded) {
          set.onboardingStep = {
            ...(profile.onboardingStep as object),
            profile_complete: true,
            workspace_create: true,
            workspace_invite: true,
            workspace_join: true,
          };
          const keep = profile.lastWorkspaceId ? await activeWorkspaceOf(tx, user.id, profile.lastWorkspaceId) : null;
          if (!keep) set.lastWorkspaceId = (await firstJoinedWorkspaceOf(tx, user.id))?.id ?? null;
        }
        await tx.update(profiles).set(set).where(eq(profiles.id, profile.id));
      });
      return UPDATED;
    },
  });

  route(fastify, app, {
    endpoint: U.tourCompleted,
    policy: POLICIES.user.any,
    body: tourCompletedBody,
    handler: async ({ user, body }) => {
      const profile = await ensureProfile(app.db, user.id);
      await app.db
        .update(profiles)
        .set({ isTourCompleted: body.is_tour_completed ?? false, updatedAt: new Date() })
        .where(eq(profiles.id, profile.id));
      return UPDATED;
    },
  });

  route(fastify, app, {
    endpoint: U.notificationPreferences,
    policy: POLICIES.user.any,
    handler: async ({ user }) => presentNotificationPreferences(await ensureNotificationPreferences(app.db, user.id)),
  });

  route(fastify, app, {
    endpoint: U.updateNotificationPreferences,
    policy: POLICIES.user.any,
    body: notificationPreferencesBody,
    handler: async ({ user, body }) => {
      const current = await ensureNotificationPreferences(app.db, user.id);
      const set: Partial<typeof userNotificationPreferences.$inferInsert> = { updatedAt: new Date() };
      copyDefined(set, body, {
        property_change: "propertyChange",
        state_change: "stateChange",
        comment: "comment",
        mention: "mention",
        issue_completed: "issueCompleted",
      });
      const [updated] = await app.db
        .update(userNotificationPreferences)
        .set(set)
        .where(eq(userNotificationPreferences.id, current.id))
        .returning();
      return presentNotificationPreferences(updated);
    },
  });

  route(fastify, app, {
    endpoint: U.workspaces,
    policy: POLICIES.user.any,
    handler: async ({ user }) => {
      const rows = await userWorkspaces(app.db, user.id);
      return rows.map((r) => presentWorkspace(r.ws, { totalMembers: r.totalMembers, role: r.role }));
    },
  });

  route(fastify, app, {
    endpoint: U.invitations,
    policy: POLICIES.user.any,
    handler: async ({ user }) => {
      const rows = await pendingInvitationsFor(app.db, user.email);
      const counts = await memberCounts(app.db, [...new Set(rows.map((r) => r.ws.id))]);
      return rows.map((r) => {
        const out = presentInvitation(r.inv, r.ws);
        return { ...out, workspace: { ...out.workspace, total_members: counts.get(r.ws.id) ?? 0 } };
      });
    },
  });

  route(fastify, app, {
    endpoint: U.acceptInvitations,
    policy: POLICIES.user.any,
    body: acceptInvitationsBody,
    status: 204,
    handler: async ({ user, body }) => {
      await acceptOwnInvitations(app, user, body.invitations);
    },
  });

  route(fastify, app, {
    endpoint: U.projectRoles,
    scope: "workspace",
    policy: POLICIES.workspace.read,
    params: slugParams,
    handler: async ({ workspace, user }) => {
      const rows = await app.db
        .select({ projectId: projectMembers.projectId, role: projectMembers.role })
        .from(projectMembers)
        .where(
          and(
            eq(projectMembers.workspaceId, workspace.id),
            eq(projectMembers.memberId, user.id),
            eq(projectMembers.isActive, true),
          ),
        );
      return Object.fromEntries(rows.map((r) => [r.projectId, r.role]));
    },
  });

  route(fastify, app, {
    endpoint: U.lastVisitedWorkspace,
    policy: POLICIES.user.any,
    handler: async ({ user }) => {
      const profile = await ensureProfile(app.db, user.id);
      const ws = profile.lastWorkspaceId ? await activeWorkspaceOf(app.db, user.id, profile.lastWorkspaceId) : null;
      if (!ws) return { workspace_details: {}, project_details: [] };
      const counts = await memberCounts(app.db, [ws.id]);
      const rows = await app.db
        .select({ pm: projectMembers, p: projects })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .where(
          and(
            eq(projectMembers.workspaceId, ws.id),
            eq(projectMembers.memberId, user.id),
            eq(projectMembers.isActive, true),
          ),
        )
        .orderBy(asc(projectMembers.sortOrder), asc(projects.name));
      return {
        workspace_details: presentWorkspace(ws, { totalMembers: counts.get(ws.id) ?? 0 }),
        project_details: rows.map(({ pm, p }) => presentProjectMemberFull(pm, ws, p, user)),
      };
    },
  });
};
