import { describe, expect, it } from "vitest";
import {
  allows,
  can,
  gateRefusal,
  mayTake,
  PERMISSIONS,
  POLICIES,
  POLICIES as P,
  type Action,
  type Entity,
  type RoleContext,
} from "./permissions.ts";
import { roleLabel, rolesUpTo } from "./roles.ts";

const CALLER = "caller";

describe("policies", () => {
  const u = "u1";
  it("refuses anonymous callers everywhere", () => {
    expect(allows(P.user.any, { userId: null })).toBe(false);
    expect(allows(P.workspace.read, { userId: null, workspaceRole: 20 })).toBe(false);
    expect(gateRefusal(P.user.any, { userId: null })).toBe("role");
  });
  it("orders roles guest < member < admin at workspace level", () => {
    expect(allows(P.workspace.read, { userId: u, workspaceRole: 5 })).toBe(true);
    expect(allows(P.workspace.member, { userId: u, workspaceRole: 5 })).toBe(false);
    expect(allows(P.workspace.member, { userId: u, workspaceRole: 15 })).toBe(true);
    expect(allows(P.workspace.admin, { userId: u, workspaceRole: 15 })).toBe(false);
    expect(allows(P.workspace.admin, { userId: u, workspaceRole: 20 })).toBe(true);
    expect(allows(P.workspace.read, { userId: u, workspaceRole: null })).toBe(false);
  });
  it("lets workspace admins administer public projects they are not in, and act as project admins in projects they are in", () => {
    const outside = { userId: u, workspaceRole: 20, projectRole: null };
    expect(allows(P.project.administer, { ...outside, projectIsPublic: true })).toBe(true);
    expect(allows(P.project.administer, { ...outside, projectIsPublic: false })).toBe(false);
    expect(allows(P.project.admin, { ...outside, projectIsPublic: true })).toBe(false);
    expect(allows(P.project.admin, { ...outside, projectIsPublic: false })).toBe(false);
    expect(allows(P.project.admin, { userId: u, workspaceRole: 20, projectRole: 5 })).toBe(true);
    expect(allows(P.project.administer, { userId: u, workspaceRole: 20, projectRole: 5 })).toBe(true);
    expect(allows(P.project.member, { ...outside, projectIsPublic: true })).toBe(false);
    expect(allows(P.project.admin, { userId: u, workspaceRole: 15, projectRole: 15 })).toBe(false);
  });
  it("lets creators act on their own entities when the policy says so", () => {
    expect(allows(P.project.adminOrCreator, { userId: u, projectRole: 5, creatorId: u })).toBe(true);
    expect(allows(P.project.adminOrCreator, { userId: u, projectRole: 5, creatorId: "other" })).toBe(false);
    expect(allows(P.project.adminOrCreator, { userId: u, projectRole: null, creatorId: u })).toBe(false);
    expect(allows(P.workspace.memberOrCreator, { userId: u, workspaceRole: null, creatorId: u })).toBe(false);
  });
  it("checks instance admin status", () => {
    expect(allows(P.instance.admin, { userId: u, isInstanceAdmin: false })).toBe(false);
    expect(allows(P.instance.admin, { userId: u, isInstanceAdmin: true })).toBe(true);
  });
});

describe("the gate (before validation) and the entity rule (after load)", () => {
  it("gates a plain policy at its full role, saying why it refuses", () => {
    expect(gateRefusal(P.project.member, { userId: CALLER, projectRole: 15 })).toBeNull();
    expect(gateRefusal(P.project.member, { userId: CALLER, workspaceRole: 5, projectRole: 5 })).toBe("role");
    expect(gateRefusal(P.project.member, { userId: CALLER, workspaceRole: 15, projectRole: null })).toBe("notMember");
    expect(gateRefusal(P.workspace.admin, { userId: CALLER, workspaceRole: 15 })).toBe("role");
    expect(gateRefusal(P.workspace.read, { userId: CALLER, workspaceRole: null })).toBe("notMember");
    expect(gateRefusal(P.instance.admin, { userId: CALLER, isInstanceAdmin: false })).toBe("role");
  });
  it("gates creator-allowed policies at the scope floor, so anyone who could be the creator reaches the entity rule", () => {
    for (const policy of [P.project.memberOrCreator, P.project.adminOrCreator, P.workspace.memberOrCreator])
      expect(policy.gate).toBe(5);
    expect(P.project.adminOrCreator.min).toBe(20);
    expect(gateRefusal(P.project.adminOrCreator, { userId: CALLER, workspaceRole: 5, projectRole: 5 })).toBeNull();
    expect(gateRefusal(P.project.adminOrCreator, { userId: CALLER, workspaceRole: 15, projectRole: null })).toBe(
      "notMember",
    );
    // after load: the creator passes, anyone else needs the full role
    expect(allows(P.project.adminOrCreator, { userId: "g", projectRole: 5, creatorId: "g" })).toBe(true);
    expect(allows(P.project.adminOrCreator, { userId: "m", projectRole: 15, creatorId: "g" })).toBe(false);
    expect(allows(P.project.adminOrCreator, { userId: "a", projectRole: 20, creatorId: "g" })).toBe(true);
  });
  it("answers a workspace member outside a public project 409 only where the policy is joinable", () => {
    const outside = { userId: CALLER, workspaceRole: 15, projectRole: null };
    expect(gateRefusal(P.project.view, { ...outside, projectIsPublic: true })).toBe("joinable");
    expect(gateRefusal(P.project.view, { ...outside, projectIsPublic: false })).toBe("notMember");
    expect(gateRefusal(P.project.read, { ...outside, projectIsPublic: true })).toBe("notMember");
    expect(gateRefusal(P.project.view, { userId: CALLER, workspaceRole: null, projectIsPublic: true })).toBe(
      "notMember",
    );
  });
  it("lets workspace admins through the gate of workspace-admin project policies only, never outside a private project", () => {
    expect(
      gateRefusal(P.project.administer, {
        userId: CALLER,
        workspaceRole: 20,
        projectRole: null,
        projectIsPublic: true,
      }),
    ).toBeNull();
    expect(
      gateRefusal(P.project.administer, {
        userId: CALLER,
        workspaceRole: 20,
        projectRole: null,
        projectIsPublic: false,
      }),
    ).toBe("notMember");
    expect(
      gateRefusal(P.project.admin, { userId: CALLER, workspaceRole: 20, projectRole: null, projectIsPublic: true }),
    ).toBe("notMember");
    expect(gateRefusal(P.project.read, { userId: CALLER, workspaceRole: 20, projectRole: null })).toBe("notMember");
  });
});

// ---------------------------------------------------------------- the action table (what each role may do)

/**
 * `wsAdminOutside`: a workspace admin outside a public project; `wsAdminPrivate`: outside a private one;
 * `wsAdminGuest`: a workspace admin who is a guest of the project.
 */
type Caller =
  "admin" | "member" | "guest" | "wsAdminOutside" | "wsAdminPrivate" | "wsAdminGuest" | "wsMemberOutside" | "outsider";
const WHO: Record<Caller, RoleContext> = {
  admin: { userId: "a", workspaceRole: 20, projectRole: 20 },
  member: { userId: "m", workspaceRole: 15, projectRole: 15 },
  guest: { userId: "g", workspaceRole: 5, projectRole: 5 },
  wsAdminOutside: { userId: "w", workspaceRole: 20, projectRole: null, projectIsPublic: true },
  wsAdminPrivate: { userId: "v", workspaceRole: 20, projectRole: null, projectIsPublic: false },
  wsAdminGuest: { userId: "y", workspaceRole: 20, projectRole: 5 },
  wsMemberOutside: { userId: "x", workspaceRole: 15, projectRole: null, projectIsPublic: true },
  outsider: { userId: "o", workspaceRole: null, projectRole: null },
};
const CALLERS = Object.keys(WHO) as Caller[];
/** Anyone in the workspace (whatever their place in the project). */
const IN_WS: Caller[] = [
  "admin",
  "member",
  "guest",
  "wsAdminOutside",
  "wsAdminPrivate",
  "wsAdminGuest",
  "wsMemberOutside",
];
/** Workspace admins and members. */
const WS_ACTORS: Caller[] = ["admin", "member", "wsAdminOutside", "wsAdminPrivate", "wsAdminGuest", "wsMemberOutside"];
const WS_ADMINS: Caller[] = ["admin", "wsAdminOutside", "wsAdminPrivate", "wsAdminGuest"];
const ALL_IN: Caller[] = ["admin", "member", "guest", "wsAdminGuest"];
const ACTORS: Caller[] = ["admin", "member"];
/** Project admins, and workspace admins who belong to the project. */
const ADMINS: Caller[] = ["admin", "wsAdminGuest"];
/** Project administration: also workspace admins outside a public project (never a private one). */
const ADMINISTER: Caller[] = ["admin", "wsAdminGuest", "wsAdminOutside"];

/** Who may do each action on something they did not create (work-tracking.md §6, the server's routes). */
const EXPECTED: { [E in Entity]: Record<Action<E>, Caller[]> } = {
  workspace: { view: IN_WS, edit: WS_ADMINS, delete: WS_ADMINS },
  workspaceMember: { view: IN_WS, edit: WS_ADMINS, remove: WS_ADMINS },
  invitation: { view: WS_ADMINS, create: WS_ADMINS, edit: WS_ADMINS, delete: WS_ADMINS },
  project: {
    create: WS_ACTORS,
    view: ALL_IN,
    edit: ADMINISTER,
    archive: ADMINISTER,
    restore: ADMINISTER,
    delete: ADMINISTER,
    join: WS_ACTORS,
  },
  projectMember: { view: ALL_IN, add: ADMINISTER, edit: ADMINISTER, remove: ADMINISTER },
  state: { view: ALL_IN, create: ACTORS, edit: ACTORS, delete: ACTORS },
  label: { view: ALL_IN, create: ACTORS, edit: ACTORS, delete: ACTORS },
  workflow: { view: ALL_IN, edit: ADMINS },
  estimate: { view: ALL_IN, create: ADMINS, edit: ADMINS, delete: ADMINS },
  issueType: { view: ALL_IN, create: ADMINS, edit: ADMINS, delete: ADMINS },
  workspaceIssueType: { view: IN_WS, create: WS_ADMINS, edit: WS_ADMINS, delete: WS_ADMINS },
  workItem: {
    view: ALL_IN,
    create: ACTORS,
    edit: ACTORS,
    delete: ["admin"],
    archive: ACTORS,
    restore: ACTORS,
    bulkEdit: ACTORS,
    bulkDelete: ADMINS,
    link: ACTORS,
  },
  comment: { view: ALL_IN, create: ALL_IN, edit: ["admin"], delete: ["admin"], react: ALL_IN },
  worklog: { view: ALL_IN, create: ACTORS, edit: ["admin"], delete: ["admin"], report: ACTORS },
  projectUpdate: { view: ALL_IN, create: ACTORS, edit: ["admin"], delete: ["admin"], comment: ALL_IN, react: ALL_IN },
  module: {
    view: ALL_IN,
    create: ACTORS,
    edit: ACTORS,
    delete: ["admin"],
    archive: ACTORS,
    restore: ACTORS,
    favorite: ACTORS,
    addItems: ACTORS,
  },
  draft: { view: WS_ACTORS, create: WS_ACTORS, edit: WS_ACTORS, delete: WS_ACTORS },
  cycle: {
    view: ALL_IN,
    create: ACTORS,
    edit: ACTORS,
    delete: ["admin"],
    addItems: ACTORS,
    archive: ACTORS,
    restore: ACTORS,
    favorite: ACTORS,
    preferences: ALL_IN,
  },
  view: { view: ALL_IN, create: ACTORS, edit: ["admin"], delete: ["admin"], favorite: ACTORS },
  workspaceView: { view: IN_WS, create: WS_ACTORS, edit: WS_ADMINS, delete: WS_ADMINS },
  teamspace: { view: WS_ACTORS, create: WS_ADMINS, edit: WS_ADMINS, delete: WS_ADMINS },
  teamView: { view: WS_ACTORS, create: WS_ACTORS, edit: WS_ADMINS, delete: WS_ADMINS },
  favorite: { view: WS_ACTORS, create: WS_ACTORS, edit: WS_ACTORS, delete: WS_ACTORS },
  workspaceUserProperties: { view: IN_WS, edit: IN_WS },
  search: { workspace: IN_WS, project: ALL_IN },
  notification: { view: IN_WS, edit: IN_WS },
  page: {
    view: ALL_IN,
    create: ACTORS,
    edit: ACTORS,
    duplicate: ACTORS,
    favorite: ACTORS,
    lock: ["admin"],
    access: ["admin"],
    archive: ["admin"],
    restore: ["admin"],
    delete: ["admin"],
    move: ["admin"],
  },
  environmentTemplate: { view: ADMINS, create: ADMINS, delete: ADMINS },
  sandbox: { view: ADMINS, create: ADMINS, refresh: ADMINS, shutdown: ADMINS },
  modelConfig: { view: ADMINS, edit: ADMINS, delete: ADMINS, test: ADMINS },
  agentTemplate: { view: ACTORS, create: ADMINS, delete: ADMINS },
  agentExecution: { view: ACTORS, run: ACTORS, cancel: ACTORS },
  projectAssistant: { chat: ALL_IN },
  secret: { view: CALLERS, create: CALLERS, edit: CALLERS, delete: CALLERS },
  webhook: { view: WS_ADMINS, create: WS_ADMINS, edit: WS_ADMINS, delete: WS_ADMINS },
  intake: {
    view: ALL_IN,
    create: ALL_IN,
    edit: ACTORS,
    triage: ADMINS,
    delete: ["admin"],
    settingsView: ACTORS,
    settingsEdit: ADMINS,
  },
  publish: { view: ALL_IN, edit: ACTORS },
  home: { view: IN_WS, edit: IN_WS },
  apiToken: { view: WS_ADMINS, create: WS_ADMINS, delete: WS_ADMINS },
  importer: { view: WS_ADMINS, create: WS_ADMINS, edit: WS_ADMINS, delete: WS_ADMINS },
  analytics: { workspace: WS_ACTORS, project: ACTORS },
  export: { view: WS_ACTORS, create: WS_ACTORS },
  profile: { view: IN_WS },
  agentRealtime: { token: IN_WS },
};

describe("the action table", () => {
  it("names only the policies the server's routes declare", () => {
    const policies = new Set(Object.values(POLICIES).flatMap((scope) => Object.values(scope)));
    for (const [entity, actions] of Object.entries(PERMISSIONS)) {
      for (const [action, policy] of Object.entries(actions))
        expect(policies.has(policy), `${entity}.${action}`).toBe(true);
    }
  });
  it("lets each role do exactly what the spec gives it, for every action", () => {
    const entities = Object.keys(PERMISSIONS) as Entity[];
    expect(Object.keys(EXPECTED).sort()).toEqual([...entities].sort());
    for (const entity of entities) {
      const expected = EXPECTED[entity] as Record<string, Caller[]>;
      expect(Object.keys(expected).sort(), entity).toEqual(Object.keys(PERMISSIONS[entity]).sort());
      for (const action of Object.keys(expected)) {
        const allowed = CALLERS.filter((c) =>
          can(action as Action<typeof entity>, entity, { ...WHO[c], creatorId: "someone-else" }),
        );
        expect(allowed.sort(), `${entity}.${action}`).toEqual([...expected[action]].sort());
      }
    }
  });
  it("lets owners change and delete their own views, whatever their role", () => {
    const memberOwner = { ...WHO.member, creatorId: WHO.member.userId };
    expect(can("edit", "view", memberOwner)).toBe(true);
    expect(can("delete", "view", memberOwner)).toBe(true);
    expect(can("edit", "workspaceView", memberOwner)).toBe(true);
    expect(can("edit", "view", { ...WHO.member, creatorId: "someone-else" })).toBe(false);
  });
  it("lets creators edit and delete their own work items and comments, but not administer or link them", () => {
    const guestCreator = { ...WHO.guest, creatorId: WHO.guest.userId };
    expect(can("edit", "workItem", guestCreator)).toBe(true);
    expect(can("delete", "workItem", guestCreator)).toBe(true);
    expect(can("delete", "comment", guestCreator)).toBe(true);
    expect(can("archive", "workItem", guestCreator)).toBe(false);
    expect(can("link", "workItem", guestCreator)).toBe(false);
    expect(can("bulkDelete", "workItem", guestCreator)).toBe(false);
    const memberCreator = { ...WHO.member, creatorId: WHO.member.userId };
    expect(can("delete", "workItem", memberCreator)).toBe(true);
    // a creator who left the project is no longer let through
    expect(can("edit", "workItem", { ...WHO.outsider, creatorId: WHO.outsider.userId })).toBe(false);
  });
  it("says nothing yes while the roles are unknown", () => {
    expect(can("view", "workItem", { userId: null, workspaceRole: 20, projectRole: 20 })).toBe(false);
    expect(can("create", "project", { userId: "u" })).toBe(false);
  });
});

describe("who may take a part, which roles one may give", () => {
  it("offers members and admins as project leads and assignees, never guests", () => {
    expect([5, 15, 20, null].map((r) => mayTake("projectLead", r))).toEqual([false, true, true, false]);
    expect([5, 15, 20, undefined].map((r) => mayTake("assignee", r))).toEqual([false, true, true, false]);
  });
  it("gives no role above one's own, highest first", () => {
    expect(rolesUpTo(20)).toEqual([20, 15, 5]);
    expect(rolesUpTo(15)).toEqual([15, 5]);
    expect(rolesUpTo(5)).toEqual([5]);
    expect(rolesUpTo(null)).toEqual([]);
  });
  it("labels any number by the role at or below it", () => {
    expect([20, 15, 5, 0, 17].map(roleLabel)).toEqual(["Admin", "Member", "Guest", "Guest", "Member"]);
  });
});
