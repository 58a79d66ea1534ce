import { ROLE, type Role } from "./roles.ts";

/**
 * The permission table: who may do what, declared once for the server's route guard and the web's `useCan`.
 *
 * A POLICY is a role rule in a scope (`POLICIES`). The ACTION table (`PERMISSIONS`) names, per entity, which policy
 * each action needs; the server's routes declare those entries as their policy, and the web asks
 * `can(action, entity, roles)` of the same entries, so a screen offers exactly what the server will accept.
 *
 * Authorization runs in two phases (the server's route pipeline runs them at fixed points):
 * 1. The GATE, before the request is validated: decided from the caller's roles alone (`gate` in `scope`,
 *    plus `workspaceAdmins`). A caller who fails it gets 401/403 before any 400 about their input.
 * 2. The ENTITY RULE, after the entity is loaded: only for `creatorAllowed` policies, whose gate lets through
 *    everyone who could be the creator (members of the scope at its floor, guest) and whose final answer
 *    depends on who created the entity: the creator passes, anyone else needs `min`.
 *
 * Scopes:
 * - `user`: any signed-in user.
 * - `workspace`: the caller's active workspace membership role.
 * - `project`: the caller's project membership role. Workspace admins count as project admins for policies
 *    marked `workspaceAdmins`: `"member"` when they belong to the project (any role), `"public"` also when they
 *    are outside it and it is public (project administration: update, archive, delete, members). Outside a
 *    private project a workspace admin is like any non-member (docs/decisions.md).
 * - `instanceAdmin`: an instance admin (god mode).
 */
export type Scope = "user" | "workspace" | "project" | "instanceAdmin";
export interface Policy {
  /** Human name, used in route listings and tests. */
  name: string;
  scope: Scope;
  /** The role a caller needs (for `creatorAllowed` policies: a caller who did not create the loaded entity). */
  min: Role;
  /** Phase 1: the role checked before validation; `min`, or the scope floor when the entity rule decides. */
  gate: Role;
  /**
   * Workspace admins pass this project check as project admins: `"member"` when they belong to the project (any
   * role); `"public"` also when they are not in it and the project is public. Never outside a private project.
   */
  workspaceAdmins?: "member" | "public";
  /** Phase 2: the creator of the loaded entity passes regardless of role (e.g. deleting one's own comment). */
  creatorAllowed?: boolean;
  /**
   * A workspace member who is not in the project but could join it (a public project) is answered
   * 409 "You are not a member of this project" instead of 403 (wire-facts: `GET P/`).
   */
  joinable?: boolean;
}

/** The lowest role that counts as belonging to a workspace or project. */
export const SCOPE_FLOOR: Role = ROLE.GUEST;

const p = (name: string, scope: Scope, min: Role, extra: Partial<Omit<Policy, "gate">> = {}): Policy => ({
  name,
  scope,
  min,
  gate: extra.creatorAllowed ? SCOPE_FLOOR : min,
  ...extra,
});
const { GUEST, MEMBER, ADMIN } = ROLE;

/** The role rules (guest 5 < member 15 < admin 20, per scope). */
export const POLICIES = {
  user: { any: p("user.any", "user", GUEST) },
  instance: { admin: p("instance.admin", "instanceAdmin", ADMIN) },
  workspace: {
    read: p("workspace.read", "workspace", GUEST),
    member: p("workspace.member", "workspace", MEMBER),
    admin: p("workspace.admin", "workspace", ADMIN),
    /** Members act; the creator of the loaded entity (e.g. an uploaded file) may act on it. */
    memberOrCreator: p("workspace.memberOrCreator", "workspace", MEMBER, { creatorAllowed: true }),
    adminOrCreator: p("workspace.adminOrCreator", "workspace", ADMIN, { creatorAllowed: true }),
  },
  project: {
    read: p("project.read", "project", GUEST),
    /** Reading the project itself: a workspace member outside a public project gets 409 (they may join). */
    view: p("project.view", "project", GUEST, { joinable: true }),
    member: p("project.member", "project", MEMBER),
    /** Project admins (and workspace admins who belong to the project): settings, repositories, sandboxes, models. */
    admin: p("project.admin", "project", ADMIN, { workspaceAdmins: "member" }),
    /**
     * Administering the project itself (update, archive, restore, delete, members): project admins, workspace admins
     * in it, and workspace admins outside it when it is public.
     */
    administer: p("project.administer", "project", ADMIN, { workspaceAdmins: "public" }),
    /** Work-item style actions: members act, creators may act on what they created. */
    memberOrCreator: p("project.memberOrCreator", "project", MEMBER, { creatorAllowed: true }),
    adminOrCreator: p("project.adminOrCreator", "project", ADMIN, { creatorAllowed: true }),
  },
} as const;

const W = POLICIES.workspace;
const PJ = POLICIES.project;

/**
 * What each action on each entity needs. The server's routes declare these entries as their policy; the web's
 * `useCan(action, entity)` reads them. Add an action here, then use it on both sides.
 */
export const PERMISSIONS = {
  workspace: { view: W.read, edit: W.admin, delete: W.admin },
  workspaceMember: { view: W.read, edit: W.admin, remove: W.admin },
  invitation: { view: W.admin, create: W.admin, edit: W.admin, delete: W.admin },
  /** `join`: a workspace member joins a public project (an admin, any project) with their workspace role (platform.md §3). */
  project: {
    create: W.member,
    view: PJ.view,
    edit: PJ.administer,
    archive: PJ.administer,
    restore: PJ.administer,
    delete: PJ.administer,
    join: W.member,
  },
  projectMember: { view: PJ.read, add: PJ.administer, edit: PJ.administer, remove: PJ.administer },
  state: { view: PJ.read, create: PJ.member, edit: PJ.member, delete: PJ.member },
  label: { view: PJ.read, create: PJ.member, edit: PJ.member, delete: PJ.member },
  /**
   * Workflows (which states a work item may move to, and who may move it): everyone in the project reads the rules
   * (the board and the pickers ask them before offering a move); project admins set them.
   */
  workflow: { view: PJ.read, edit: PJ.admin },
  /** Estimate systems and their points: everyone in the project reads them; the settings page is admin only. */
  estimate: { view: PJ.read, create: PJ.admin, edit: PJ.admin, delete: PJ.admin },
  /**
   * Work item types, their custom properties and options (issue #29): everyone in the project reads them (to show
   * and set values); the settings page is admin only. An item's values are edited with `workItem.edit`.
   */
  issueType: { view: PJ.read, create: PJ.admin, edit: PJ.admin, delete: PJ.admin },
  /** Types shared across the workspace (W/issue-types/): anyone in it reads; workspace admins manage them. */
  workspaceIssueType: { view: W.read, create: W.admin, edit: W.admin, delete: W.admin },
  workItem: {
    view: PJ.read,
    create: PJ.member,
    /** Members edit every item; a guest edits the items they created. */
    edit: PJ.memberOrCreator,
    /** Admins delete every item; anyone deletes the items they created. */
    delete: PJ.adminOrCreator,
    archive: PJ.member,
    restore: PJ.member,
    bulkEdit: PJ.member,
    bulkDelete: PJ.admin,
    /** Sub-items, relations, links and tasks of an item. */
    link: PJ.member,
  },
  /** Modules (work-tracking.md §3): members plan, admins and the creator delete; anyone in the project reads. */
  module: {
    view: PJ.read,
    create: PJ.member,
    edit: PJ.member,
    delete: PJ.adminOrCreator,
    archive: PJ.member,
    restore: PJ.member,
    favorite: PJ.member,
    addItems: PJ.member,
  },
  comment: { view: PJ.read, create: PJ.read, edit: PJ.adminOrCreator, delete: PJ.adminOrCreator, react: PJ.read },
  /**
   * Work logs (issue #29 point 3): everyone who sees an item sees its logged time; members log time; the person who
   * logged it (or an admin) changes or removes a log; the project's worklog report and its export are for members.
   */
  worklog: { view: PJ.read, create: PJ.member, edit: PJ.adminOrCreator, delete: PJ.adminOrCreator, report: PJ.member },
  /**
   * Project updates (issue #29 point 4): everyone in the project reads them, comments and reacts; members post one;
   * its author (or an admin) edits or deletes it, and the same for a comment on it.
   */
  projectUpdate: {
    view: PJ.read,
    create: PJ.member,
    edit: PJ.adminOrCreator,
    delete: PJ.adminOrCreator,
    comment: PJ.read,
    react: PJ.read,
  },
  draft: { view: W.member, create: W.member, edit: W.member, delete: W.member },
  /** Cycles and their work items; `favorite` and `preferences` are the caller's own (user-favorite-cycles, user-properties). */
  cycle: {
    view: PJ.read,
    create: PJ.member,
    edit: PJ.member,
    delete: PJ.adminOrCreator,
    addItems: PJ.member,
    archive: PJ.member,
    restore: PJ.member,
    favorite: PJ.member,
    preferences: PJ.read,
  },
  /** Project views: everyone reads (private ones only their owner); owners and admins change them. */
  view: { view: PJ.read, create: PJ.member, edit: PJ.adminOrCreator, delete: PJ.adminOrCreator, favorite: PJ.member },
  /** Workspace (global) views. */
  workspaceView: { view: W.read, create: W.member, edit: W.adminOrCreator, delete: W.adminOrCreator },
  /**
   * Teamspaces (work-tracking §2 `teamspaceId`): workspace admins create, change and delete them (name, description,
   * logo, lead, members, projects); members and admins read the teamspaces they belong to (admins every teamspace, to
   * manage them). What a teamspace shows of work items follows project membership. Guests have no teamspaces.
   */
  teamspace: { view: W.member, create: W.admin, edit: W.admin, delete: W.admin },
  /** Team views (the "team view" list context): a teamspace's saved views; its members save them, owners and admins change them. */
  teamView: { view: W.member, create: W.member, edit: W.adminOrCreator, delete: W.adminOrCreator },
  /** The caller's own favourites and folders (W/user-favorites/): guests have none. */
  favorite: { view: W.member, create: W.member, edit: W.member, delete: W.member },
  /** The caller's own workspace preferences (W/user-properties/). */
  workspaceUserProperties: { view: W.read, edit: W.read },
  /** Search: every member searches what they may see (the queries apply project membership and guest rules). */
  search: { workspace: W.read, project: PJ.read },
  /**
   * Project pages (platform.md §6): the role part of each page rule. Anyone in the project reads (public pages and
   * their own); members create, duplicate and favourite; the owner (any role) or an admin locks, changes access,
   * archives, restores, deletes and moves; edits need a member or the owner. The page-dependent rest (public or
   * private, owner, locked, archived) is `pageRights` (pages.ts), asked by the server's commands and the web alike.
   */
  page: {
    view: PJ.read,
    create: PJ.member,
    edit: PJ.memberOrCreator,
    duplicate: PJ.member,
    favorite: PJ.member,
    lock: PJ.adminOrCreator,
    access: PJ.adminOrCreator,
    archive: PJ.adminOrCreator,
    restore: PJ.adminOrCreator,
    delete: PJ.adminOrCreator,
    move: PJ.adminOrCreator,
  },
  /**
   * Intake (wire-facts §8): everyone in the project files requests (guests see only their own); members and the
   * creator edit an item's fields; only admins triage (status, snooze, duplicate) and change the settings.
   */
  intake: {
    view: PJ.read,
    create: PJ.read,
    edit: PJ.memberOrCreator,
    triage: PJ.admin,
    delete: PJ.adminOrCreator,
    settingsView: PJ.member,
    settingsEdit: PJ.admin,
  },
  /** Publishing a project to the public space (wire-facts-2 §2): anyone in the project reads the settings; members publish. */
  publish: { view: PJ.read, edit: PJ.member },
  /** A person's own inbox in a workspace (anyone in it; rows of others are not found). */
  notification: { view: W.read, edit: W.read },
  /** Repositories (sandbox environment templates) and MCP servers of a project: admin only (platform.md §6). */
  environmentTemplate: { view: PJ.admin, create: PJ.admin, delete: PJ.admin },
  /** Sandboxes check out those repositories: admin only, like them (the sandbox modal). */
  sandbox: { view: PJ.admin, create: PJ.admin, refresh: PJ.admin, shutdown: PJ.admin },
  /** Agent templates and the issue_agent preset: admins configure, members read them (and the agent types) to run agents. */
  agentTemplate: { view: PJ.member, create: PJ.admin, delete: PJ.admin },
  /** Executions (agents.md §1): members and admins run agents, follow up, cancel and read runs and their artifacts. */
  agentExecution: { view: PJ.member, run: PJ.member, cancel: PJ.member },
  /**
   * The project assistant (agents.md §1 point 4): anyone in the project holds their own conversations (executions
   * tagged `project-assistant`), so the execution calls' gate is this; runs on work items still need
   * `agentExecution`'s entries (checked by the commands), and the assistant's tools check the person's own rights.
   */
  projectAssistant: { chat: PJ.read },
  /** Model configurations of a project (agents.md §2; platform §6: admin only). */
  modelConfig: { view: PJ.admin, edit: PJ.admin, delete: PJ.admin, test: PJ.admin },
  /** A person's own secrets (`/api/users/me/secrets/`). */
  secret: { view: POLICIES.user.any, create: POLICIES.user.any, edit: POLICIES.user.any, delete: POLICIES.user.any },
  /** Webhooks and their delivery logs (platform.md §6): workspace admins only. */
  webhook: { view: W.admin, create: W.admin, edit: W.admin, delete: W.admin },
  /**
   * A person's own home in a workspace (stickies, quick links, home widgets and dashboard, recent visits, sidebar
   * pins): every role has one; rows of others are not found.
   */
  home: { view: W.read, edit: W.read },
  /** The caller's own API tokens of a workspace (settings → API tokens: admin only). */
  apiToken: { view: W.admin, create: W.admin, delete: W.admin },
  /** Importers (settings → imports, work-tracking §9): workspace admins only. */
  importer: { view: W.admin, create: W.admin, edit: W.admin, delete: W.admin },
  /** Analytics (wire-facts-2 §4): workspace admins and members; a project's analytics: its members. */
  analytics: { workspace: W.member, project: PJ.member },
  /** Exports of work items (wire-facts-2 §5): workspace admins and members start them and read the history. */
  export: { view: W.member, create: W.member },
  /** People's profiles (stats, summary, activity, their work-item tabs): anyone in the workspace, counting what they may see. */
  profile: { view: W.read },
  /** The realtime subscription token (agents.md §4): anyone in the workspace; it covers only their projects. */
  agentRealtime: { token: W.read },
} as const satisfies Record<string, Record<string, Policy>>;

export type Entity = keyof typeof PERMISSIONS;
export type Action<E extends Entity = Entity> = keyof (typeof PERMISSIONS)[E] & string;

/** The policy an action on an entity needs. */
export function permission<E extends Entity>(action: Action<E>, entity: E): Policy {
  const policy = (PERMISSIONS[entity] as Record<string, Policy>)[action];
  if (!policy) throw new Error(`No permission "${action}" on ${entity}`);
  return policy;
}

export interface RoleContext {
  userId: string | null;
  isInstanceAdmin?: boolean;
  workspaceRole?: number | null;
  projectRole?: number | null;
  creatorId?: string | null;
  /** The project is public (network 2): for `joinable` policies and workspace admins outside the project. */
  projectIsPublic?: boolean;
}

/**
 * Why the gate refuses a caller, or null when it lets them through:
 * - `notMember`: not a member of the policy's project (and not a workspace admin where the policy counts one);
 * - `joinable`: like `notMember`, but the project is public and the policy is `joinable`;
 * - `role`: a member whose role is below the gate, or not an instance admin.
 */
export type GateRefusal = "notMember" | "joinable" | "role";

/** Phase 1: the entity-independent check, run before validation. */
export function gateRefusal(policy: Policy, ctx: RoleContext): GateRefusal | null {
  if (!ctx.userId) return "role";
  const wsRole = ctx.workspaceRole ?? 0;
  switch (policy.scope) {
    case "user":
      return null;
    case "instanceAdmin":
      return ctx.isInstanceAdmin ? null : "role";
    case "workspace":
      return wsRole >= policy.gate ? null : wsRole >= SCOPE_FLOOR ? "role" : "notMember";
    case "project": {
      const role = ctx.projectRole ?? 0;
      if (
        policy.workspaceAdmins &&
        wsRole >= ADMIN &&
        (role >= SCOPE_FLOOR || (policy.workspaceAdmins === "public" && ctx.projectIsPublic))
      )
        return null;
      if (role >= policy.gate) return null;
      if (role >= SCOPE_FLOOR) return "role";
      return policy.joinable && ctx.projectIsPublic && wsRole >= SCOPE_FLOOR ? "joinable" : "notMember";
    }
  }
}

/**
 * The whole decision (phase 1 and, for `creatorAllowed` policies, phase 2 with `creatorId` of the loaded
 * entity).
 */
export function allows(policy: Policy, ctx: RoleContext): boolean {
  if (!ctx.userId) return false;
  if (policy.creatorAllowed && ctx.creatorId && ctx.creatorId === ctx.userId) {
    // creators still need to belong to the scope
    return gateRefusal(policy, ctx) === null;
  }
  return gateRefusal({ ...policy, gate: policy.min }, ctx) === null;
}

/** May the caller (`ctx`: their roles, and the entity's creator for creator rules) do `action` on `entity`? */
export function can<E extends Entity>(action: Action<E>, entity: E, ctx: RoleContext): boolean {
  return allows(permission(action, entity), ctx);
}

/**
 * Work-item visibility (wire-facts §6.1, §15): project guests whose project has
 * `guest_view_all_features = false` see and act on only the work items they created;
 * members and admins see every item of the project.
 */
export function canSeeWorkItem(ctx: {
  userId: string | null;
  projectRole?: number | null;
  guestViewAllFeatures: boolean;
  creatorId?: string | null;
}): boolean {
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

/**
 * Roles a person needs to be given a part (rather than to act): the lead of a project needs a workspace role of
 * member or above (a guest cannot lead), and the pickers offer as assignees the project members who act (member
 * or above); guests are not offered. A teamspace's lead and members (workspace role) are members or admins too.
 */
export const ROLE_FOR_PART = {
  projectLead: MEMBER,
  assignee: MEMBER,
  teamspaceMember: MEMBER,
} as const satisfies Record<string, Role>;
export type Part = keyof typeof ROLE_FOR_PART;

/** May a person with `role` (workspace role for a project lead, project role for an assignee) take `part`? */
export function mayTake(part: Part, role: number | null | undefined): boolean {
  return (role ?? 0) >= ROLE_FOR_PART[part];
}
