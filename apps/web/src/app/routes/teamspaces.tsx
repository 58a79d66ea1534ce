import type { RouteObject } from "react-router";
import { fromChunk, screensChunk, workItemsChunk } from "../../app/chunks/index.ts";
import { revalidateOn, type Loaders } from "../../app/loaders.ts";
import type { RouteHandle } from "../../app/route-title.tsx";

/**
 * Teamspace screens, children of `/:workspaceSlug/` (inside WorkspaceLayout): the teamspaces, and a teamspace
 * (`teamspaceId`, work-tracking.md §2) with its overview, its work items (the work-item list screen in the team
 * context) and its team views. Their loaders start the screen's requests at navigation (app/loaders.ts).
 */
const WS = revalidateOn(["workspaceSlug"]);
/** The route's page title (a teamspace's screens put its name over it). */
const t = (title: string): RouteHandle => ({ title });
const TEAM = revalidateOn(["workspaceSlug", "teamspaceId"]);

export const teamspaceRoutes = (L: Loaders): RouteObject[] => [
  {
    path: "teamspaces",
    lazy: fromChunk(screensChunk, (m) => <m.TeamspacesPage />),
    loader: L.teamspaces,
    shouldRevalidate: WS,
    handle: t("Teamspaces"),
  },
  {
    path: "teamspaces/:teamspaceId",
    lazy: fromChunk(screensChunk, (m) => <m.TeamspaceLayout />),
    loader: L.teamspace,
    shouldRevalidate: TEAM,
    children: [
      {
        index: true,
        lazy: fromChunk(screensChunk, (m) => <m.TeamspaceOverview />),
        loader: L.teamspaceTab("overview"),
        shouldRevalidate: TEAM,
        handle: t("Teamspace"),
      },
      {
        path: "issues",
        lazy: fromChunk(workItemsChunk, (m) => <m.TeamspaceWorkItemsPage />),
        loader: L.teamspaceTab("issues"),
        shouldRevalidate: revalidateOn(["workspaceSlug", "teamspaceId"], ["peekId"]),
        handle: t("Work items · Teamspace"),
      },
      {
        path: "views",
        lazy: fromChunk(screensChunk, (m) => <m.TeamViewsPage />),
        loader: L.teamspaceTab("views"),
        shouldRevalidate: TEAM,
        handle: t("Views · Teamspace"),
      },
      {
        path: "views/:viewId",
        lazy: fromChunk(workItemsChunk, (m) => <m.TeamViewPage />),
        loader: L.teamView,
        shouldRevalidate: revalidateOn(["workspaceSlug", "teamspaceId", "viewId"], ["peekId"]),
        handle: t("View · Teamspace"),
      },
    ],
  },
];
