import { describe, expect, it } from "vitest";
import { allows, gateRefusal, P } from "./policies.ts";

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
  it("lets workspace admins administer projects they are not members of", () => {
    expect(allows(P.project.admin, { userId: u, workspaceRole: 20, projectRole: null })).toBe(true);
    expect(allows(P.project.member, { userId: u, workspaceRole: 20, projectRole: null })).toBe(false);
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
    for (const policy of [P.project.memberOrCreator, P.project.adminOrCreator, P.workspace.memberOrCreator]) expect(policy.gate).toBe(5);
    expect(P.project.adminOrCreator.min).toBe(20);
    expect(gateRefusal(P.project.adminOrCreator, { userId: CALLER, workspaceRole: 5, projectRole: 5 })).toBeNull();
    expect(gateRefusal(P.project.adminOrCreator, { userId: CALLER, workspaceRole: 15, projectRole: null })).toBe("notMember");
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
    expect(gateRefusal(P.project.view, { userId: CALLER, workspaceRole: null, projectIsPublic: true })).toBe("notMember");
  });
  it("lets workspace admins through the gate of workspace-admin-allowed project policies only", () => {
    expect(gateRefusal(P.project.admin, { userId: CALLER, workspaceRole: 20, projectRole: null })).toBeNull();
    expect(gateRefusal(P.project.read, { userId: CALLER, workspaceRole: 20, projectRole: null })).toBe("notMember");
  });
});
