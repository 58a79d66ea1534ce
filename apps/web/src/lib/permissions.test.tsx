// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { qk } from "../api/query-keys.ts";
import {
  itemSubject,
  projectSubject,
  roleContext,
  useCan,
  usePermissions,
  usePermissionsLoading,
  workspaceSubject,
  type Can,
  type Subject,
} from "./permissions.ts";

/**
 * `useCan(action, entity)` answers from the shared permission table with the roles the web has loaded: the user,
 * the workspace membership of the workspace in the URL, the project roles map (`project-roles/`), and what the
 * subject row says. The roles are put in the query cache as the app's loaders leave them; nothing is fetched.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SLUG = "acme";
const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const ME = "me-id";

let root: Root | null = null;
let host: HTMLElement | null = null;
let requested: string[] = [];

beforeEach(() => {
  requested = [];
  // a request would only happen for roles not in the cache: record it and never answer
  vi.stubGlobal("fetch", (url: string) => {
    requested.push(String(url));
    return new Promise(() => {});
  });
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  vi.unstubAllGlobals();
});

interface Roles {
  workspaceRole?: number;
  projectRoles?: Record<string, number>;
}

function seed(roles: Roles): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(qk.me, { id: ME });
  if (roles.workspaceRole !== undefined)
    qc.setQueryData(qk.workspaceMemberMe(SLUG), { id: "wm", role: roles.workspaceRole, member: ME });
  if (roles.projectRoles) qc.setQueryData(qk.projectRoles(SLUG), roles.projectRoles);
  return qc;
}

/** Renders `probe` at `path` (under the app's `/:workspaceSlug/projects/:projectId/` shape) and returns what it saw. */
function render<T>(roles: Roles, path: string, probe: () => T): T {
  let seen: T | undefined;
  const Probe = () => {
    seen = probe();
    return null;
  };
  const router = createMemoryRouter(
    [
      { path: "/:workspaceSlug", element: <Probe /> },
      { path: "/:workspaceSlug/projects/:projectId", element: <Probe /> },
      { path: "/onboarding", element: <Probe /> },
    ],
    { initialEntries: [path] },
  );
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <QueryClientProvider client={seed(roles)}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return seen as T;
}

const mine = { project_id: P1, created_by: ME };
const theirs = { project_id: P1, created_by: "someone-else" };

describe("useCan", () => {
  it("lets a project guest read and comment, edit and delete what they created, and nothing else", () => {
    const r = render({ workspaceRole: 5, projectRoles: { [P1]: 5 } }, `/${SLUG}/projects/${P1}`, () => ({
      comment: useCan("create", "comment"),
      create: useCan("create", "workItem"),
      editMine: useCan("edit", "workItem", itemSubject(mine)),
      deleteMine: useCan("delete", "workItem", itemSubject(mine)),
      editTheirs: useCan("edit", "workItem", itemSubject(theirs)),
      archiveMine: useCan("archive", "workItem", itemSubject(mine)),
      linkMine: useCan("link", "workItem", itemSubject(mine)),
      bulkDelete: useCan("bulkDelete", "workItem"),
      createProject: useCan("create", "project"),
      settings: useCan("edit", "project"),
    }));
    expect(r).toEqual({
      comment: true,
      create: false,
      editMine: true,
      deleteMine: true,
      editTheirs: false,
      archiveMine: false,
      linkMine: false,
      bulkDelete: false,
      createProject: false,
      settings: false,
    });
  });

  it("lets a member act on every item but delete only their own, and create projects", () => {
    const r = render({ workspaceRole: 15, projectRoles: { [P1]: 15 } }, `/${SLUG}/projects/${P1}`, () => ({
      create: useCan("create", "workItem"),
      editTheirs: useCan("edit", "workItem", itemSubject(theirs)),
      deleteTheirs: useCan("delete", "workItem", itemSubject(theirs)),
      deleteMine: useCan("delete", "workItem", itemSubject(mine)),
      archive: useCan("archive", "workItem", itemSubject(theirs)),
      bulkDelete: useCan("bulkDelete", "workItem"),
      createProject: useCan("create", "project"),
      settings: useCan("edit", "project"),
      invite: useCan("create", "invitation"),
    }));
    expect(r).toEqual({
      create: true,
      editTheirs: true,
      deleteTheirs: false,
      deleteMine: true,
      archive: true,
      bulkDelete: false,
      createProject: true,
      settings: false,
      invite: false,
    });
  });

  it("lets a project admin delete anything and administer the project", () => {
    const r = render({ workspaceRole: 15, projectRoles: { [P1]: 20 } }, `/${SLUG}/projects/${P1}`, () => [
      useCan("delete", "workItem", itemSubject(theirs)),
      useCan("bulkDelete", "workItem"),
      useCan("edit", "project"),
      useCan("add", "projectMember"),
    ]);
    expect(r).toEqual([true, true, true, true]);
  });

  it("lets a workspace admin administer a public project they are not in, not a private one, and not act in either", () => {
    const r = render({ workspaceRole: 20, projectRoles: {} }, `/${SLUG}`, () => {
      const can = usePermissions();
      const open = projectSubject({ id: P1, member_role: null, network: 2 });
      const secret = projectSubject({ id: P2, member_role: null, network: 0 });
      return [
        can("edit", "project", open),
        can("restore", "project", open),
        can("create", "workItem", open),
        can("view", "sandbox", open),
        can("edit", "project", secret),
        can("restore", "project", secret),
        can("add", "projectMember", secret),
        useCan("edit", "workspace"),
      ];
    });
    expect(r).toEqual([true, true, false, false, false, false, false, true]);
  });

  it("judges an item by its own project's role, not the project in the URL", () => {
    const r = render({ workspaceRole: 15, projectRoles: { [P1]: 5, [P2]: 15 } }, `/${SLUG}/projects/${P1}`, () => [
      useCan("edit", "workItem", itemSubject({ project_id: P2, created_by: "x" })),
      useCan("edit", "workItem", itemSubject({ project_id: P1, created_by: "x" })),
    ]);
    expect(r).toEqual([true, false]);
  });

  it("reads a project row's member_role, and asks for no project roles to do so", () => {
    const r = render({ workspaceRole: 15 }, `/${SLUG}`, () => {
      const can = usePermissions();
      return [
        can("edit", "project", projectSubject({ id: P1, member_role: 20 })),
        can("edit", "project", projectSubject({ id: P2, member_role: 15 })),
        can("create", "workItem", projectSubject({ id: P2, member_role: 15 })),
        can("create", "workItem", projectSubject({ id: P2, member_role: null })),
        useCan("create", "project"),
      ];
    });
    expect(r).toEqual([true, false, true, false, true]);
    expect(requested.filter((u) => u.includes("project-roles"))).toEqual([]);
  });

  it("loads the project roles it needs when the URL names no project (the full-page work item)", () => {
    const r = render({ workspaceRole: 15 }, `/${SLUG}`, () => useCan("edit", "workItem", itemSubject(theirs)));
    // not loaded yet: no
    expect(r).toBe(false);
    expect(requested.some((u) => u.includes(`/api/users/me/workspaces/${SLUG}/project-roles/`))).toBe(true);
  });

  it("reads the role of a workspace row outside any workspace URL (onboarding)", () => {
    const r = render({}, "/onboarding", () => [
      useCan("create", "invitation", workspaceSubject({ role: 20 })),
      useCan("create", "invitation", workspaceSubject({ role: 15 })),
      useCan("create", "invitation", workspaceSubject({})),
    ]);
    expect(r).toEqual([true, false, false]);
  });

  it("tells a screen the roles are loading until the project roles are in", () => {
    expect(
      render({ workspaceRole: 15 }, `/${SLUG}`, () => [
        usePermissionsLoading(),
        usePermissionsLoading({ projects: true }),
      ]),
    ).toEqual([false, true]);
    act(() => root?.unmount());
    host?.remove();
    expect(
      render({ workspaceRole: 15, projectRoles: {} }, `/${SLUG}`, () => usePermissionsLoading({ projects: true })),
    ).toBe(false);
  });

  it("says no while the caller's roles are loading", () => {
    const r = render({}, `/${SLUG}/projects/${P1}`, () => [useCan("view", "workItem"), useCan("view", "workspace")]);
    expect(r).toEqual([false, false]);
  });
});

describe("roleContext", () => {
  const loaded = { userId: ME, workspaceRole: 15, projectRoles: { [P1]: 5 }, routeProjectId: P1 };
  it("takes the subject's roles before the loaded ones", () => {
    const s: Subject = { projectId: P2, projectRole: 20, workspaceRole: 5, createdBy: "c" };
    expect(roleContext(loaded, s)).toEqual({
      userId: ME,
      workspaceRole: 5,
      projectRole: 20,
      creatorId: "c",
      projectIsPublic: false,
    });
  });
  it("falls back to the URL's project and its loaded role", () => {
    expect(roleContext(loaded)).toEqual({
      userId: ME,
      workspaceRole: 15,
      projectRole: 5,
      creatorId: null,
      projectIsPublic: false,
    });
    expect(roleContext(loaded, { projectId: P2 })).toMatchObject({ projectRole: null });
  });
  it("types a checker as the table's actions per entity", () => {
    const check: Can = (action, entity) => action.length > 0 && entity.length > 0;
    expect(check("bulkDelete", "workItem")).toBe(true);
    // @ts-expect-error an action the table does not have
    check("fly", "workItem");
  });
});
