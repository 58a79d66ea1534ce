import type { RouteObject } from "react-router";
import { fromChunk, screensChunk, workItemDetailChunk, workItemsChunk } from "../../app/chunks/index.ts";
import { revalidateOn, type Loaders } from "../../app/loaders.ts";

/**
 * Work-item screens. `workItemRoutes` are children of `/:workspaceSlug/projects/:projectId/`
 * (inside ProjectLayout: use `useCurrentProject()`); `workItemWorkspaceRoutes` are children of
 * `/:workspaceSlug/` (inside WorkspaceLayout: use `useCurrentWorkspace()`). Their loaders start the
 * screen's requests at navigation (app/loaders.ts); the router loads their chunk meanwhile. The detail
 * page shares its chunk with the peek view.
 */
/** A list reloads its loader when the project or the peeked item changes. */
const LIST = revalidateOn(["workspaceSlug", "projectId"], ["peekId"]);
const ITEM = revalidateOn(["workspaceSlug", "projectId", "issueId"]);

export const workItemRoutes = (L: Loaders): RouteObject[] => [
  {
    path: "issues",
    lazy: fromChunk(workItemsChunk, (m) => <m.WorkItemsPage />),
    loader: L.workItems("project"),
    shouldRevalidate: LIST,
    handle: { title: "Work items" },
  },
  {
    path: "issues/:issueId",
    lazy: fromChunk(workItemDetailChunk, (m) => <m.ProjectWorkItemPage />),
    loader: L.workItemPage("issues"),
    shouldRevalidate: ITEM,
    handle: { title: "Work item" },
  },
  {
    path: "archives/issues",
    lazy: fromChunk(workItemsChunk, (m) => <m.WorkItemsPage archived />),
    loader: L.workItems("archived"),
    shouldRevalidate: LIST,
    handle: { title: "Archived work items" },
  },
  {
    path: "archives/issues/:issueId",
    lazy: fromChunk(workItemDetailChunk, (m) => <m.ProjectWorkItemPage />),
    loader: L.workItemPage("issues"),
    shouldRevalidate: ITEM,
    handle: { title: "Archived work item" },
  },
  {
    path: "epics",
    lazy: fromChunk(workItemsChunk, (m) => <m.WorkItemsPage epics />),
    loader: L.workItems("epics"),
    shouldRevalidate: LIST,
    handle: { title: "Epics" },
  },
  {
    path: "epics/:issueId",
    lazy: fromChunk(workItemDetailChunk, (m) => <m.ProjectWorkItemPage epic />),
    loader: L.workItemPage("epics"),
    shouldRevalidate: ITEM,
    handle: { title: "Epic" },
  },
];

export const workItemWorkspaceRoutes = (L: Loaders): RouteObject[] => [
  {
    path: "browse/:workItem",
    lazy: fromChunk(workItemDetailChunk, (m) => <m.BrowseWorkItemPage />),
    loader: L.browse,
    shouldRevalidate: revalidateOn(["workspaceSlug", "workItem"]),
    handle: { title: "Work item" },
  },
  { path: "drafts", lazy: fromChunk(workItemsChunk, (m) => <m.DraftsPage />), handle: { title: "Drafts" } },
  {
    path: "projects/archives",
    lazy: fromChunk(screensChunk, (m) => <m.ArchivesPage />),
    handle: { title: "Archives" },
  },
];
