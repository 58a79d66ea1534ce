import { ROLE, type Role } from "@stride/shared";

/**
 * Declarative authorization. A policy names the scope whose role is checked and the minimum role.
 * Routes refer to policies by value (`policy: P.project.update`); handlers never check roles inline.
 *
 * Scopes:
 * - `user`: any signed-in user.
 * - `workspace`: the caller's active workspace membership role.
 * - `project`: the caller's project membership role (workspace admins count as project admins for
 *    project-administration policies marked `workspaceAdminAllowed`).
 * - `instanceAdmin`: an instance admin (god mode).
 */
export type Scope = "user" | "workspace" | "project" | "instanceAdmin";
export interface Policy {
  scope: Scope;
  min: Role;
  /** Workspace admins pass project checks even without project membership. */
  workspaceAdminAllowed?: boolean;
  /** The creator of the loaded entity passes regardless of role (e.g. deleting one's own comment). */
  creatorAllowed?: boolean;
  /** Human name, used in route listings and tests. */
  name: string;
}

const p = (name: string, scope: Scope, min: Role, extra: Partial<Policy> = {}): Policy => ({ name, scope, min, ...extra });
const { GUEST, MEMBER, ADMIN } = ROLE;

export const P = {
  user: { any: p("user.any", "user", GUEST) },
  instance: { admin: p("instance.admin", "instanceAdmin", ADMIN) },
  workspace: {
    read: p("workspace.read", "workspace", GUEST),
    member: p("workspace.member", "workspace", MEMBER),
    admin: p("workspace.admin", "workspace", ADMIN),
    /** Members act; the creator of the loaded entity (e.g. an uploaded file) may act on it. */
    memberOrCreator: p("workspace.memberOrCreator", "workspace", MEMBER, { creatorAllowed: true }),
  },
  project: {
    read: p("project.read", "project", GUEST),
    member: p("project.member", "project", MEMBER),
    admin: p("project.admin", "project", ADMIN, { workspaceAdminAllowed: true }),
    /** Work-item style actions: members act, creators may act on what they created. */
    memberOrCreator: p("project.memberOrCreator", "project", MEMBER, { creatorAllowed: true }),
    adminOrCreator: p("project.adminOrCreator", "project", ADMIN, { creatorAllowed: true }),
  },
} as const;

export interface RoleContext {
  userId: string | null;
  isInstanceAdmin?: boolean;
  workspaceRole?: number | null;
  projectRole?: number | null;
  creatorId?: string | null;
}

/** True when the caller satisfies the policy. Pure, so it is unit-tested once. */
export function allows(policy: Policy, ctx: RoleContext): boolean {
  if (!ctx.userId) return false;
  if (policy.creatorAllowed && ctx.creatorId && ctx.creatorId === ctx.userId) {
    // creators still need to belong to the scope
    if (policy.scope === "project" && (ctx.projectRole ?? 0) < GUEST) return false;
    return true;
  }
  switch (policy.scope) {
    case "user":
      return true;
    case "instanceAdmin":
      return !!ctx.isInstanceAdmin;
    case "workspace":
      return (ctx.workspaceRole ?? 0) >= policy.min;
    case "project":
      if ((ctx.projectRole ?? 0) >= policy.min) return true;
      return !!policy.workspaceAdminAllowed && (ctx.workspaceRole ?? 0) >= ADMIN;
  }
}

/**
 * Work-item visibility (wire-facts §6.1, §15): project guests whose project has
 * `guest_view_all_features = false` see and act on only the work items they created;
 * members and admins see every item of the project.
 */
export function canSeeWorkItem(ctx: { userId: string | null; projectRole?: number | null; guestViewAllFeatures: boolean; creatorId?: string | null }): boolean {
  if (!ctx.userId) return false;
  const role = ctx.projectRole ?? 0;
  if (role >= MEMBER) return true;
  if (role < GUEST) return false;
  if (ctx.guestViewAllFeatures) return true;
  return !!ctx.creatorId && ctx.creatorId === ctx.userId;
}

/** List visibility: guests of a project without guest_view_all_features see only the work items they created. */
export function seesOnlyOwnWorkItems(ctx: { projectRole?: number | null; guestViewAllFeatures: boolean }): boolean {
  return (ctx.projectRole ?? 0) < MEMBER && !ctx.guestViewAllFeatures;
}
