import { describe, expect, it } from "vitest";
import {
  WORKSPACE_SIDEBAR,
  WORKSPACE_SETTINGS_PAGES,
  PROJECT_SETTINGS_PAGES,
  PROFILE_MENU,
  DEFAULT_PROJECT_SETTINGS_ORDER,
  DEFAULT_WORKSPACE_SETTINGS_ORDER,
  visibleEntries,
  canSee,
  roleBucket,
  effectiveProjectRole,
  settingsNavigation,
  navEntry,
  sidebarEntryForPath,
  isOnlyAdmin,
  PROJECT_FEATURES,
} from "./navigation.ts";

const keys = (xs: { key: string }[]) => xs.map((x) => x.key);

describe("workspace sidebar", () => {
  it("shows every entry to admins and members", () => {
    const all = ["home", "inbox", "projects", "views", "analytics", "your-work", "drafts", "archives", "stickies"];
    expect(keys(visibleEntries(WORKSPACE_SIDEBAR, 20))).toEqual(all);
    expect(keys(visibleEntries(WORKSPACE_SIDEBAR, 15))).toEqual(all);
  });
  it("shows guests only Home, Inbox, Projects, Views and their Stickies", () => {
    expect(keys(visibleEntries(WORKSPACE_SIDEBAR, 5))).toEqual(["home", "inbox", "projects", "views", "stickies"]);
  });
  it("shows nothing to non-members", () => {
    expect(visibleEntries(WORKSPACE_SIDEBAR, null)).toEqual([]);
    expect(visibleEntries(WORKSPACE_SIDEBAR, 0)).toEqual([]);
  });
  it("uses the spec's paths", () => {
    expect(Object.fromEntries(WORKSPACE_SIDEBAR.map((e) => [e.key, e.path]))).toEqual({
      home: "",
      inbox: "notifications/",
      projects: "projects/",
      views: "workspace-views/all-issues/",
      analytics: "analytics/",
      "your-work": "profile/",
      drafts: "drafts/",
      archives: "projects/archives/",
      stickies: "stickies/",
    });
  });
});

describe("workspace settings", () => {
  it("are admin only", () => {
    expect(visibleEntries(WORKSPACE_SETTINGS_PAGES, 20)).toHaveLength(9);
    expect(visibleEntries(WORKSPACE_SETTINGS_PAGES, 15)).toEqual([]);
    expect(visibleEntries(WORKSPACE_SETTINGS_PAGES, 5)).toEqual([]);
  });
  it("keeps the spec's spelling of the imports path", () => {
    expect(navEntry(WORKSPACE_SETTINGS_PAGES, "imports").path).toBe("settings/impors/");
  });
  it("default list is general and integrations", () => {
    const nav = settingsNavigation(WORKSPACE_SETTINGS_PAGES, DEFAULT_WORKSPACE_SETTINGS_ORDER, 20);
    expect(keys(nav.defaults)).toEqual(["general", "integrations"]);
    expect(keys(nav.more)).toEqual([
      "members",
      "billing",
      "exports",
      "webhooks",
      "api-tokens",
      "imports",
      "teamspaces",
    ]);
    expect(settingsNavigation(WORKSPACE_SETTINGS_PAGES, DEFAULT_WORKSPACE_SETTINGS_ORDER, 15)).toEqual({
      defaults: [],
      more: [],
    });
  });
});

describe("project settings", () => {
  it("admins see every page", () => {
    expect(keys(visibleEntries(PROJECT_SETTINGS_PAGES, 20))).toEqual([
      "general",
      "members",
      "features",
      "states",
      "labels",
      "estimates",
      "work-item-types",
      "workflows",
      "automations",
      "repositories",
      "model-configuration",
      "mcp-servers",
      "agents",
    ]);
  });
  it("members see general, members, states and labels", () => {
    expect(keys(visibleEntries(PROJECT_SETTINGS_PAGES, 15))).toEqual(["general", "members", "states", "labels"]);
  });
  it("guests see only general", () => {
    expect(keys(visibleEntries(PROJECT_SETTINGS_PAGES, 5))).toEqual(["general"]);
  });
  it("default list is general, repositories, model configuration, states, labels in that order", () => {
    expect(keys(settingsNavigation(PROJECT_SETTINGS_PAGES, DEFAULT_PROJECT_SETTINGS_ORDER, 20).defaults)).toEqual([
      "general",
      "repositories",
      "model-configuration",
      "states",
      "labels",
    ]);
    const member = settingsNavigation(PROJECT_SETTINGS_PAGES, DEFAULT_PROJECT_SETTINGS_ORDER, 15);
    expect(keys(member.defaults)).toEqual(["general", "states", "labels"]);
    expect(keys(member.more)).toEqual(["members"]);
  });
  it("model configuration lives at settings/model-configuration/", () => {
    expect(navEntry(PROJECT_SETTINGS_PAGES, "model-configuration").path).toBe("settings/model-configuration/");
  });
});

describe("profile menu", () => {
  it("has profile, security and secrets for everyone", () => {
    expect(PROFILE_MENU.map((e) => e.path)).toEqual([
      "/profile/",
      "/profile/security/",
      "/profile/notifications/",
      "/profile/secrets/",
    ]);
    expect(visibleEntries(PROFILE_MENU, 5)).toHaveLength(4);
  });
});

describe("role helpers", () => {
  it("buckets roles", () => {
    expect(roleBucket(20)).toBe(20);
    expect(roleBucket(19)).toBe(15);
    expect(roleBucket(15)).toBe(15);
    expect(roleBucket(10)).toBe(5);
    expect(roleBucket(5)).toBe(5);
    expect(roleBucket(4)).toBeNull();
    expect(roleBucket(undefined)).toBeNull();
  });
  it("workspace admins count as project admins", () => {
    expect(effectiveProjectRole(null, 20)).toBe(20);
    expect(effectiveProjectRole(5, 20)).toBe(20);
    expect(effectiveProjectRole(15, 15)).toBe(15);
    expect(effectiveProjectRole(5, 15)).toBe(5);
    expect(effectiveProjectRole(null, 15)).toBeNull();
  });
  it("canSee refuses unknown roles", () => {
    expect(canSee(navEntry(WORKSPACE_SIDEBAR, "home"), undefined)).toBe(false);
    expect(() => navEntry(WORKSPACE_SIDEBAR, "nope")).toThrow();
  });
});

describe("sidebarEntryForPath", () => {
  const k = (p: string) => sidebarEntryForPath(p)?.key;
  it("maps paths to the entry that governs them", () => {
    expect(k("drafts/")).toBe("drafts");
    expect(k("drafts")).toBe("drafts");
    expect(k("projects/archives/")).toBe("archives");
    expect(k("projects/archives/issues/x")).toBe("archives");
    expect(k("projects/")).toBe("projects");
    expect(k("analytics/custom/")).toBe("analytics");
    expect(k("profile/")).toBe("your-work");
    expect(k("profile/123/")).toBe("your-work");
    expect(k("workspace-views/assigned/")).toBe("views");
    expect(k("notifications/")).toBe("inbox");
  });
  it("returns nothing for home and unrelated paths", () => {
    expect(k("")).toBeUndefined();
    expect(k("settings/")).toBeUndefined();
    expect(k("browse/WEB-1/")).toBeUndefined();
    expect(k("draftsman/")).toBeUndefined();
  });
});

describe("isOnlyAdmin", () => {
  it("is true only for the sole active admin", () => {
    const team = [
      { userId: "a", role: 20 },
      { userId: "b", role: 15 },
      { userId: "c", role: 20, active: false },
    ];
    expect(isOnlyAdmin(team, "a")).toBe(true);
    expect(isOnlyAdmin(team, "b")).toBe(false);
    expect(isOnlyAdmin([...team, { userId: "d", role: 20 }], "a")).toBe(false);
    expect(isOnlyAdmin(team, null)).toBe(false);
    expect(isOnlyAdmin(team, "zz")).toBe(false);
  });
});

describe("project features", () => {
  it("lists every switch of work-tracking.md §3, each once", () => {
    expect(PROJECT_FEATURES.map((f) => f.flag)).toEqual([
      "cycle_view",
      "module_view",
      "issue_views_view",
      "page_view",
      "intake_view",
      "is_time_tracking_enabled",
      "is_epic_enabled",
      "is_project_updates_enabled",
      "is_workflow_enabled",
      "is_issue_type_enabled",
      "guest_view_all_features",
    ]);
  });
  it("serves the imports page under the spec's path and its correct spelling", () => {
    const e = navEntry(WORKSPACE_SETTINGS_PAGES, "imports");
    expect(e.path).toBe("settings/impors/");
    expect(e.aliases).toEqual(["settings/imports/"]);
  });
});
