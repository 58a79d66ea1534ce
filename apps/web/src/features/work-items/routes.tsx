import type { RouteObject } from "react-router";
import { WorkItemsPage } from "./WorkItemsPage.tsx";
import { Lazy } from "../../app/lazy.tsx";
import { workItemDetailChunk } from "../../app/chunks/index.ts";
import { revalidateOn, type Loaders } from "../../app/loaders.ts";
import { DraftsPage } from "../drafts/DraftsPage.tsx";
import { ArchivesPage } from "../archives/ArchivesPage.tsx";

/**
 * Work-item screens. `workItemRoutes` are children of `/:workspaceSlug/projects/:projectId/`
 * (inside ProjectLayout: use `useCurrentProject()`); `workItemWorkspaceRoutes` are children of
 * `/:workspaceSlug/` (inside WorkspaceLayout: use `useCurrentWorkspace()`). Their loaders start the
 * screen's requests at navigation (app/loaders.ts).
 */
/** The detail page shares its lazily loaded chunk with the peek view. */
const ProjectWorkItemPage = workItemDetailChunk.component("ProjectWorkItemPage");
const BrowseWorkItemPage = workItemDetailChunk.component("BrowseWorkItemPage");

/** A list reloads its loader when the project or the peeked item changes. */
const LIST = revalidateOn(["workspaceSlug", "projectId"], ["peekId"]);
const ITEM = revalidateOn(["workspaceSlug", "projectId", "issueId"]);

export const workItemRoutes = (L: Loaders): RouteObject[] => [
  { path: "issues", element: <WorkItemsPage />, loader: L.workItems("project"), shouldRevalidate: LIST },
  { path: "issues/:issueId", element: <Lazy><ProjectWorkItemPage /></Lazy>, loader: L.workItemPage("issues"), shouldRevalidate: ITEM },
  { path: "archives/issues", element: <WorkItemsPage archived />, loader: L.workItems("archived"), shouldRevalidate: LIST },
  { path: "archives/issues/:issueId", element: <Lazy><ProjectWorkItemPage /></Lazy>, loader: L.workItemPage("issues"), shouldRevalidate: ITEM },
  { path: "epics", element: <WorkItemsPage epics />, loader: L.workItems("epics"), shouldRevalidate: LIST },
  { path: "epics/:issueId", element: <Lazy><ProjectWorkItemPage epic /></Lazy>, loader: L.workItemPage("epics"), shouldRevalidate: ITEM },
];

export const workItemWorkspaceRoutes = (L: Loaders): RouteObject[] => [
  { path: "browse/:workItem", element: <Lazy><BrowseWorkItemPage /></Lazy>, loader: L.browse, shouldRevalidate: revalidateOn(["workspaceSlug", "workItem"]) },
  { path: "drafts", element: <DraftsPage /> },
  { path: "projects/archives", element: <ArchivesPage /> },
];
