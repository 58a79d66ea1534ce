import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";

/**
 * The signed-in user (wire-facts §2): account, profile, settings, onboarding, notification preferences, their
 * workspaces and invitations, their project roles, and their signed-in sessions (Stride's).
 */
export const userEndpoints = {
  me: endpoint("GET", "/api/users/me/").answers<C.UserMe>(),
  updateMe: endpoint("PATCH", "/api/users/me/").sends<In<typeof C.updateMeBody>>().answers<C.User>(),
  /** Deactivate the account (and sign out). */
  deactivate: endpoint("DELETE", "/api/users/me/").answers<void>(),
  session: endpoint("GET", "/api/users/session/").answers<C.SessionStatus<C.UserMe>>(),
  profile: endpoint("GET", "/api/users/me/profile/").answers<C.Profile>(),
  updateProfile: endpoint("PATCH", "/api/users/me/profile/")
    .sends<In<typeof C.updateProfileBody>>()
    .answers<C.Profile>(),
  settings: endpoint("GET", "/api/users/me/settings/").answers<C.UserSettings>(),
  instanceAdmin: endpoint("GET", "/api/users/me/instance-admin/").answers<{ is_instance_admin: boolean }>(),
  onboard: endpoint("PATCH", "/api/users/me/onboard/").sends<In<typeof C.onboardBody>>().answers<{ message: string }>(),
  tourCompleted: endpoint("PATCH", "/api/users/me/tour-completed/")
    .sends<In<typeof C.tourCompletedBody>>()
    .answers<{ message: string }>(),
  notificationPreferences: endpoint(
    "GET",
    "/api/users/me/notification-preferences/",
  ).answers<C.NotificationPreferences>(),
  updateNotificationPreferences: endpoint("PATCH", "/api/users/me/notification-preferences/")
    .sends<In<typeof C.notificationPreferencesBody>>()
    .answers<C.NotificationPreferences>(),
  workspaces: endpoint("GET", "/api/users/me/workspaces/").answers<C.Workspace[]>(),
  /** The caller's pending invitations, each workspace with its `total_members`. */
  invitations: endpoint("GET", "/api/users/me/workspaces/invitations/").answers<C.Invitation[]>(),
  acceptInvitations: endpoint("POST", "/api/users/me/workspaces/invitations/")
    .sends<In<typeof C.acceptInvitationsBody>>()
    .answers<void>(),
  /** `{projectId: role}` of the caller's active memberships in the workspace. */
  projectRoles: endpoint("GET", "/api/users/me/workspaces/:slug/project-roles/").answers<Record<string, number>>(),
  lastVisitedWorkspace: endpoint("GET", "/api/users/last-visited-workspace/").answers<C.LastVisitedWorkspace>(),
  sessions: endpoint("GET", "/api/users/me/sessions/").answers<C.UserSession[]>(),
  /** Sign one other session out (this one ends by signing out). */
  endSession: endpoint("DELETE", "/api/users/me/sessions/:sessionId/").answers<void>(),
  endOtherSessions: endpoint("DELETE", "/api/users/me/sessions/").answers<void>(),
};
