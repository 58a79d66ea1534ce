import type { RouteObject } from "react-router";
import { fromChunk, screensChunk, workItemsChunk } from "../../app/chunks/index.ts";
import { revalidateOn, type Loaders } from "../../app/loaders.ts";

/**
 * Teamspace screens, children of `/:workspaceSlug/` (inside WorkspaceLayout): the teamspaces, and a teamspace
 * (`teamspaceId`, work-tracking.md §2) with its overview, its work items (the work-item list screen in the team
 * context) and its team views. Their loaders start the screen's requests at navigation (app/loaders.ts).
 */
const WS = revalidateOn(["workspaceSlug"]);
const TEAM = revalidateOn(["workspaceSlug", "teamspaceId"]);

export const teamspaceRoutes = (L: Loaders): RouteObject[] => [
  { path: "teamspaces", lazy: fromChunk(screensChunk, (m) => <m.TeamspacesPage />), loader: L.teamspaces, shouldRevalidate: WS },
  {
    path: "teamspaces/:teamspaceId",
    lazy: fromChunk(screensChunk, (m) => <m.TeamspaceLayout />),
    loader: L.teamspace,
    shouldRevalidate: TEAM,
    children: [
      { index: true, lazy: fromChunk(screensChunk, (m) => <m.TeamspaceOverview />), loader: L.teamspaceTab("overview"), shouldRevalidate: TEAM },
      { path: "issues", lazy: fromChunk(workItemsChunk, (m) => <m.TeamspaceWorkItemsPage />), loader: L.teamspaceTab("issues"), shouldRevalidate: revalidateOn(["workspaceSlug", "teamspaceId"], ["peekId"]) },
      { path: "views", lazy: fromChunk(screensChunk, (m) => <m.TeamViewsPage />), loader: L.teamspaceTab("views"), shouldRevalidate: TEAM },
      { path: "views/:viewId", lazy: fromChunk(workItemsChunk, (m) => <m.TeamViewPage />), loader: L.teamView, shouldRevalidate: revalidateOn(["workspaceSlug", "teamspaceId", "viewId"], ["peekId"]) },
    ],
  },
];
