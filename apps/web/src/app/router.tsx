import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, Outlet, useParams, useRouteError, Link, type RouteObject } from "react-router";
import type { QueryClient } from "@tanstack/react-query";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { godModeRoutes } from "../features/god-mode/routes.tsx";
import { workItemRoutes, workItemWorkspaceRoutes } from "../features/work-items/routes.tsx";
import { moduleRoutes } from "../features/modules/routes.tsx";
import { cyclesChunk, fromChunk, insightChunk, pagesChunk, screensChunk, settingsChunk, shellChunk, workItemsChunk } from "./chunks/index.ts";
import { createLoaders, revalidateOn, type Loaders } from "./loaders.ts";

/**
 * Screens come from lazily loaded chunks, through the routes' `lazy`: the router loads a screen's chunk in
 * parallel with its loaders, so the requests of the first screen go out as soon as this small entry has
 * run, while the screens (and React DOM) are still being loaded and parsed.
 */
const screen = (render: (m: Awaited<ReturnType<typeof screensChunk.preload>>) => ReactNode) => fromChunk(screensChunk, render);
const shell = (render: (m: Awaited<ReturnType<typeof shellChunk.preload>>) => ReactNode) => fromChunk(shellChunk, render);
const insight = (render: (m: Awaited<ReturnType<typeof insightChunk.preload>>) => ReactNode) => fromChunk(insightChunk, render);
const settings = (render: (m: Awaited<ReturnType<typeof settingsChunk.preload>>) => ReactNode) => fromChunk(settingsChunk, render);

function RouteError() {
  const err = useRouteError() as { status?: number; message?: string } | undefined;
  return (
    <EmptyState
      title={err?.status === 404 ? "Page not found" : "Something went wrong"}
      description={err?.status === 404 ? "This page does not exist." : err?.message ?? "Reload the page to try again."}
      action={<Link className="text-indigo-600 hover:underline" to="/">Go home</Link>}
    />
  );
}

/**
 * A screen that failed (its code could not be loaded — the server out of reach — or it threw) inside a shell: the
 * sidebar and the project's tabs stay, only the screen's place says so.
 */
function ScreenError() {
  const err = useRouteError() as { status?: number; message?: string } | undefined;
  return (
    <EmptyState
      title={err?.status === 404 ? "Page not found" : "This screen could not be opened"}
      description={err?.status === 404 ? "This page does not exist." : "The server may be out of reach. What this browser holds is still shown elsewhere; reload the page to try again."}
    />
  );
}

/** The screens of a shell, under one error boundary that keeps the shell (issue #28: nothing blanks the whole app). */
const inShell = (children: RouteObject[]): RouteObject[] => [{ errorElement: <ScreenError />, children }];

function NotFound() {
  return <EmptyState title="Page not found" description="This page does not exist." action={<Link className="text-indigo-600 hover:underline" to="/">Go home</Link>} />;
}

function ProjectIndexRedirect() {
  const { workspaceSlug, projectId } = useParams();
  return <Navigate to={`/${workspaceSlug}/projects/${projectId}/issues/`} replace />;
}

const WS = revalidateOn(["workspaceSlug"]);
const PROJECT = revalidateOn(["workspaceSlug", "projectId"]);

/**
 * Every screen of the app. Paths follow work-tracking.md §2; a trailing slash is optional.
 * Work-item screens are contributed by `features/work-items/routes.tsx`. Each screen's loader starts
 * the requests it needs at navigation (app/loaders.ts).
 */
export const createRoutes = (L: Loaders): RouteObject[] => [
  {
    errorElement: <RouteError />,
    // loaders only start requests; the first screen's chunk is on its way: nothing to show meanwhile
    HydrateFallback: () => null,
    children: [
      { path: "/", lazy: screen((m) => <m.RootPage />) },
      { path: "/sign-in", lazy: screen((m) => <m.RootPage />) },
      { path: "/sign-up", lazy: screen((m) => <m.SignUpPage />) },
      { path: "/accounts/forgot-password", lazy: screen((m) => <m.ForgotPasswordPage />) },
      { path: "/accounts/reset-password", lazy: screen((m) => <m.ResetPasswordPage />) },
      { path: "/workspace-invitations", lazy: screen((m) => <m.WorkspaceInvitationPage />) },
      // the public intake form: no sign-in (`spaces` is a reserved workspace slug)
      { path: "/spaces/intake/:anchor", lazy: screen((m) => <m.PublicIntakePage />) },
      godModeRoutes,
      {
        lazy: shell((m) => <m.RequireAuth />),
        loader: L.signedIn,
        shouldRevalidate: () => false,
        children: [
          { path: "/onboarding", lazy: screen((m) => <m.OnboardingPage />) },
          { path: "/create-workspace", lazy: screen((m) => <m.CreateWorkspacePage />) },
          { path: "/invitations", lazy: screen((m) => <m.InvitationsPage />) },
          {
            path: "/profile",
            lazy: settings((m) => <m.ProfileLayout />),
            loader: L.profile,
            shouldRevalidate: () => false,
            children: [
              { index: true, lazy: settings((m) => <m.ProfilePage />) },
              { path: "security", lazy: settings((m) => <m.SecurityPage />) },
              { path: "secrets", lazy: settings((m) => <m.SecretsPage />), loader: L.secrets },
            ],
          },
          {
            path: "/:workspaceSlug",
            lazy: shell((m) => <m.WorkspaceLayout />),
            loader: L.workspaceShell,
            shouldRevalidate: WS,
            children: inShell([
              { index: true, lazy: screen((m) => <m.HomePage />), loader: L.home, shouldRevalidate: WS },
              { path: "stickies", lazy: screen((m) => <m.StickiesPage />), loader: L.stickies, shouldRevalidate: WS },
              { path: "notifications", lazy: screen((m) => <m.InboxPage />), loader: L.inbox, shouldRevalidate: WS },
              { path: "workspace-views", element: <Navigate to="all-issues/" replace /> },
              { path: "workspace-views/:globalViewId", lazy: screen((m) => <m.WorkspaceViewsPage />), loader: L.workspaceViews, shouldRevalidate: revalidateOn(["workspaceSlug", "globalViewId"]) },
              { path: "analytics", element: <Navigate to="overview/" replace /> },
              { path: "analytics/:tab", lazy: insight((m) => <m.AnalyticsPage />), loader: L.analytics, shouldRevalidate: revalidateOn(["workspaceSlug", "tab"]) },
              { path: "profile", lazy: insight((m) => <m.YourWork />) },
              {
                path: "profile/:userId",
                lazy: insight((m) => <m.PersonLayout />),
                loader: L.person,
                shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                children: [
                  { index: true, lazy: insight((m) => <m.PersonSummary />), loader: L.personTab("summary"), shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]) },
                  { path: "assigned", lazy: insight((m) => <m.PersonItems tab="assigned" />), loader: L.personTab("assigned"), shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]) },
                  { path: "created", lazy: insight((m) => <m.PersonItems tab="created" />), loader: L.personTab("created"), shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]) },
                  { path: "subscribed", lazy: insight((m) => <m.PersonItems tab="subscribed" />), loader: L.personTab("subscribed"), shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]) },
                  { path: "activity", lazy: insight((m) => <m.PersonActivity />), loader: L.personTab("activity"), shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]) },
                ],
              },
              { path: "projects", lazy: screen((m) => <m.ProjectsPage />), loader: L.projectsPage, shouldRevalidate: WS },
              ...workItemWorkspaceRoutes(L),
              {
                path: "projects/:projectId",
                lazy: shell((m) => <m.ProjectLayout />),
                loader: L.projectShell,
                shouldRevalidate: PROJECT,
                children: inShell([
                  { index: true, element: <ProjectIndexRedirect /> },
                  ...workItemRoutes(L),
                  { path: "cycles", lazy: fromChunk(cyclesChunk, (m) => <m.CyclesPage />), loader: L.cycles("list"), shouldRevalidate: PROJECT },
                  { path: "cycles/archived", lazy: fromChunk(cyclesChunk, (m) => <m.ArchivedCyclesPage />), loader: L.cycles("archived"), shouldRevalidate: PROJECT },
                  {
                    path: "cycles/:cycleId",
                    lazy: fromChunk(cyclesChunk, (m) => <m.CycleLayout />),
                    loader: L.cycle,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "cycleId"]),
                    children: [{ index: true, lazy: fromChunk(workItemsChunk, (m) => <m.WorkItemsPage cycle />), loader: L.workItems("cycle"), shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "cycleId"], ["peekId"]) }],
                  },
                  ...moduleRoutes(L),
                  { path: "views", lazy: screen((m) => <m.ProjectViewsPage />), loader: L.projectViews, shouldRevalidate: PROJECT },
                  { path: "views/:viewId", lazy: fromChunk(workItemsChunk, (m) => <m.ProjectViewPage />), loader: L.projectView, shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "viewId"], ["peekId"]) },
                  { path: "pages", lazy: screen((m) => <m.PagesPage />), loader: L.pages, shouldRevalidate: revalidateOn(["workspaceSlug", "projectId"], ["type", "order_by"]) },
                  { path: "pages/:pageId", lazy: fromChunk(pagesChunk, (m) => <m.PageScreen />), loader: L.page, shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "pageId"]) },
                  { path: "intake", lazy: screen((m) => <m.IntakePage />), loader: L.intake, shouldRevalidate: revalidateOn(["workspaceSlug", "projectId"], ["tab"]) },
                  { path: "intake/settings", lazy: screen((m) => <m.IntakeSettingsPage />), loader: L.intakeSettings, shouldRevalidate: PROJECT },
                  {
                    path: "settings",
                    lazy: settings((m) => <m.ProjectSettingsLayout />),
                    loader: L.projectSettings("other"),
                    shouldRevalidate: PROJECT,
                    children: [
                      { index: true, lazy: settings((m) => <m.ProjectGeneralSettings />), loader: L.projectSettings("general"), shouldRevalidate: PROJECT },
                      { path: "members", lazy: settings((m) => <m.ProjectMembersSettings />), loader: L.projectSettings("members"), shouldRevalidate: PROJECT },
                      { path: "features", lazy: settings((m) => <m.ProjectFeaturesSettings />) },
                      { path: "states", lazy: settings((m) => <m.ProjectStatesSettings />), loader: L.projectSettings("states"), shouldRevalidate: PROJECT },
                      { path: "labels", lazy: settings((m) => <m.ProjectLabelsSettings />), loader: L.projectSettings("labels"), shouldRevalidate: PROJECT },
                      { path: "estimates", lazy: settings((m) => <m.ProjectEstimatesSettings />), loader: L.projectSettings("estimates"), shouldRevalidate: PROJECT },
                      { path: "automations", lazy: settings((m) => <m.ProjectComingSettings page="automations" />) },
                      { path: "repositories", lazy: settings((m) => <m.ProjectRepositoriesSettings />), loader: L.projectSettings("repositories"), shouldRevalidate: PROJECT },
                      { path: "model-configuration", lazy: settings((m) => <m.ProjectModelConfigurationSettings />), loader: L.projectSettings("model-configuration"), shouldRevalidate: PROJECT },
                      { path: "mcp-servers", lazy: settings((m) => <m.ProjectMcpServersSettings />), loader: L.projectSettings("mcp-servers"), shouldRevalidate: PROJECT },
                      { path: "agents", lazy: settings((m) => <m.ProjectAgentsSettings />), loader: L.projectSettings("agents"), shouldRevalidate: PROJECT },
                    ],
                  },
                ]),
              },
              {
                path: "settings",
                lazy: settings((m) => <m.WorkspaceSettingsLayout />),
                loader: L.workspaceSettings("other"),
                shouldRevalidate: WS,
                children: [
                  { index: true, lazy: settings((m) => <m.WorkspaceGeneralSettings />) },
                  { path: "members", lazy: settings((m) => <m.WorkspaceMembersSettings />), loader: L.workspaceSettings("members"), shouldRevalidate: WS },
                  { path: "billing", lazy: settings((m) => <m.WorkspaceComingSettings page="billing" />) },
                  { path: "exports", lazy: settings((m) => <m.WorkspaceExportsSettings />), loader: L.workspaceSettings("exports"), shouldRevalidate: WS },
                  { path: "webhooks", lazy: settings((m) => <m.WorkspaceWebhooksSettings />), loader: L.workspaceSettings("webhooks"), shouldRevalidate: WS },
                  { path: "api-tokens", lazy: settings((m) => <m.WorkspaceApiTokensSettings />), loader: L.workspaceSettings("api-tokens"), shouldRevalidate: WS },
                  { path: "integrations", lazy: settings((m) => <m.WorkspaceIntegrationsSettings />) },
                  { path: "impors", lazy: settings((m) => <m.WorkspaceImportsSettings />), loader: L.workspaceSettings("imports"), shouldRevalidate: WS },
                  { path: "imports", lazy: settings((m) => <m.WorkspaceImportsSettings />), loader: L.workspaceSettings("imports"), shouldRevalidate: WS },
                ],
              },
              { path: "*", element: <NotFound /> },
            ]),
          },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/** The app's router; its loaders prefetch into `qc`, the query client the app renders with. */
export const createRouter = (qc: QueryClient) => createBrowserRouter(createRoutes(createLoaders(qc)));
export { Outlet };
