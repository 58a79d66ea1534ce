import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

/** The CRUD of saved views under one place's `…/views/` path (a project's, the workspace's, a teamspace's). */
export const viewCrudEndpointsAt = <TBase extends string>(base: TBase) => ({
  list: endpoint("GET", base).answers<C.IssueView[]>(),
  create: endpoint("POST", base).sends<In<typeof C.createViewBody>>().answers<C.IssueView>(),
  get: endpoint("GET", `${base}:viewId/`).answers<C.IssueView>(),
  update: endpoint("PATCH", `${base}:viewId/`).sends<In<typeof C.updateViewBody>>().answers<C.IssueView>(),
  remove: endpoint("DELETE", `${base}:viewId/`).answers<void>(),
});

/**
 * Saved views (wire-facts §7): project views, the workspace's global views and a teamspace's team views (served by
 * the same CRUD), a project view's work items (the issue-list envelope), favourites and the caller's workspace-wide
 * view choices.
 */
export const viewEndpoints = {
  project: viewCrudEndpointsAt(`${PROJECT_API}/views/`),
  workspace: viewCrudEndpointsAt(`${WORKSPACE_API}/views/`),
  team: viewCrudEndpointsAt(`${WORKSPACE_API}/teamspaces/:teamspaceId/views/`),
  items: endpoint("GET", `${PROJECT_API}/views/:viewId/issues/`).answers<C.ListEnvelope>(),
  favorite: endpoint("POST", `${PROJECT_API}/user-favorite-views/`)
    .sends<In<typeof C.favoriteViewBody>>()
    .answers<void>(),
  unfavorite: endpoint("DELETE", `${PROJECT_API}/user-favorite-views/:viewId/`).answers<void>(),
  workspaceViewProps: endpoint("POST", `${WORKSPACE_API}/workspace-views/`)
    .sends<In<typeof C.workspaceViewPropsBody>>()
    .answers<void>(),
};
