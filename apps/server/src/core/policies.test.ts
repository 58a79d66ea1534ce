import { describe, expect, it } from "vitest";
import { allows, P } from "./policies.ts";

describe("policies", () => {
  const u = "u1";
  it("refuses anonymous callers everywhere", () => {
    expect(allows(P.user.any, { userId: null })).toBe(false);
    expect(allows(P.workspace.read, { userId: null, workspaceRole: 20 })).toBe(false);
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
  });
  it("checks instance admin status", () => {
    expect(allows(P.instance.admin, { userId: u, isInstanceAdmin: false })).toBe(false);
    expect(allows(P.instance.admin, { userId: u, isInstanceAdmin: true })).toBe(true);
  });
});
