import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, useParams, useRouteError, Link, type RouteObject } from "react-router";
import type { QueryClient } from "@tanstack/react-query";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { godModeRoutes } from "./routes/god-mode.tsx";
import { workItemRoutes, workItemWorkspaceRoutes } from "./routes/work-items.tsx";
import { moduleRoutes } from "./routes/modules.tsx";
import { teamspaceRoutes } from "./routes/teamspaces.tsx";
import {
  cyclesChunk,
  fromChunk,
  insightChunk,
  pagesChunk,
  screensChunk,
  settingsChunk,
  shellChunk,
  trackingChunk,
  workItemsChunk,
} from "./chunks/index.ts";
import { createLoaders, revalidateOn, type Loaders } from "./loaders.ts";
import { RouteTitleRoot, type RouteHandle } from "./route-title.tsx";
import { RESERVED_WORKSPACE_SLUGS } from "@stride/shared";

/**
 * Screens come from lazily loaded chunks, through the routes' `lazy`: the router loads a screen's chunk in
 * parallel with its loaders, so the requests of the first screen go out as soon as this small entry has
 * run, while the screens (and React DOM) are still being loaded and parsed.
 */
const screen = (render: (m: Awaited<ReturnType<typeof screensChunk.preload>>) => ReactNode) =>
  fromChunk(screensChunk, render);
const shell = (render: (m: Awaited<ReturnType<typeof shellChunk.preload>>) => ReactNode) =>
  fromChunk(shellChunk, render);
const insight = (render: (m: Awaited<ReturnType<typeof insightChunk.preload>>) => ReactNode) =>
  fromChunk(insightChunk, render);
const settings = (render: (m: Awaited<ReturnType<typeof settingsChunk.preload>>) => ReactNode) =>
  fromChunk(settingsChunk, render);

function RouteError() {
  const err = useRouteError() as { status?: number; message?: string } | undefined;
  return (
    <EmptyState
      title={err?.status === 404 ? "Page not found" : "Something went wrong"}
      description={
        err?.status === 404 ? "This page does not exist." : (err?.message ?? "Reload the page to try again.")
      }
      action={
        <Link className="text-indigo-600 hover:underline" to="/">
          Go home
        </Link>
      }
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
      description={
        err?.status === 404
          ? "This page does not exist."
          : "The server may be out of reach. What this browser holds is still shown elsewhere; reload the page to try again."
      }
    />
  );
}

/** The screens of a shell, under one error boundary that keeps the shell (issue #28: nothing blanks the whole app). */
const inShell = (children: RouteObject[]): RouteObject[] => [{ errorElement: <ScreenError />, children }];

function NotFound() {
  return (
    <EmptyState
      title="Page not found"
      description="This page does not exist."
      action={
        <Link className="text-indigo-600 hover:underline" to="/">
          Go home
        </Link>
      }
    />
  );
}

function ProjectIndexRedirect() {
  const { workspaceSlug, projectId } = useParams();
  return <Navigate to={`/${workspaceSlug}/projects/${projectId}/issues/`} replace />;
}

/** A route's handle: the name of its screen, for the document's title. */
const t = (title: string): RouteHandle => ({ title });
/** Reserved workspace slugs (no workspace has them), as top-level paths. */
const RESERVED_PATHS = [...new Set(RESERVED_WORKSPACE_SLUGS.map((s) => s.toLowerCase()))];

const WS = revalidateOn(["workspaceSlug"]);
const PROJECT = revalidateOn(["workspaceSlug", "projectId"]);

/**
 * Every screen of the app. Paths follow work-tracking.md §2; a trailing slash is optional.
 * Work-item screens are contributed by `features/work-items/routes.tsx`. Each screen's loader starts
 * the requests it needs at navigation (app/loaders.ts).
 */
export const createRoutes = (L: Loaders): RouteObject[] => [
  {
    // the document's title follows the matched routes' `handle.title` (app/route-title.tsx)
    element: <RouteTitleRoot />,
    errorElement: <RouteError />,
    // loaders only start requests; the first screen's chunk is on its way: nothing to show meanwhile
    HydrateFallback: () => null,
    children: [
      // the app's own top-level names are no workspace's: a path under one that is not a screen is not found
      ...RESERVED_PATHS.map((name) => ({ path: `/${name}/*`, element: <NotFound />, handle: t("Page not found") })),
      { path: "/", lazy: screen((m) => <m.RootPage />), handle: t("Sign in") },
      { path: "/sign-in", lazy: screen((m) => <m.RootPage />), handle: t("Sign in") },
      { path: "/sign-up", lazy: screen((m) => <m.SignUpPage />), handle: t("Sign up") },
      {
        path: "/accounts/forgot-password",
        lazy: screen((m) => <m.ForgotPasswordPage />),
        handle: t("Forgot password"),
      },
      { path: "/accounts/reset-password", lazy: screen((m) => <m.ResetPasswordPage />), handle: t("Reset password") },
      {
        path: "/workspace-invitations",
        lazy: screen((m) => <m.WorkspaceInvitationPage />),
        handle: t("Join a workspace"),
      },
      // the public intake form: no sign-in (`spaces` is a reserved workspace slug)
      { path: "/spaces/intake/:anchor", lazy: screen((m) => <m.PublicIntakePage />), handle: t("Send a request") },
      godModeRoutes,
      {
        lazy: shell((m) => <m.RequireAuth />),
        loader: L.signedIn,
        shouldRevalidate: () => false,
        children: [
          { path: "/onboarding", lazy: screen((m) => <m.OnboardingPage />), handle: t("Welcome") },
          {
            path: "/create-workspace",
            lazy: screen((m) => <m.CreateWorkspacePage />),
            handle: t("Create a workspace"),
          },
          { path: "/invitations", lazy: screen((m) => <m.InvitationsPage />), handle: t("Invitations") },
          {
            path: "/profile",
            lazy: settings((m) => <m.ProfileLayout />),
            loader: L.profile,
            shouldRevalidate: () => false,
            children: [
              { index: true, lazy: settings((m) => <m.ProfilePage />), handle: t("Profile") },
              {
                path: "security",
                lazy: settings((m) => <m.SecurityPage />),
                loader: L.security,
                handle: t("Security · Profile"),
              },
              {
                path: "notifications",
                lazy: settings((m) => <m.NotificationsPage />),
                loader: L.notificationSettings,
                handle: t("Notifications · Profile"),
              },
              {
                path: "secrets",
                lazy: settings((m) => <m.SecretsPage />),
                loader: L.secrets,
                handle: t("Secrets · Profile"),
              },
            ],
          },
          {
            path: "/:workspaceSlug",
            lazy: shell((m) => <m.WorkspaceLayout />),
            loader: L.workspaceShell,
            shouldRevalidate: WS,
            children: inShell([
              {
                index: true,
                lazy: screen((m) => <m.HomePage />),
                loader: L.home,
                shouldRevalidate: WS,
                handle: t("Home"),
              },
              {
                path: "stickies",
                lazy: screen((m) => <m.StickiesPage />),
                loader: L.stickies,
                shouldRevalidate: WS,
                handle: t("Stickies"),
              },
              {
                path: "notifications",
                lazy: screen((m) => <m.InboxPage />),
                loader: L.inbox,
                shouldRevalidate: WS,
                handle: t("Inbox"),
              },
              { path: "workspace-views", element: <Navigate to="all-issues/" replace /> },
              {
                path: "workspace-views/:globalViewId",
                lazy: fromChunk(workItemsChunk, (m) => <m.WorkspaceViewsPage />),
                loader: L.workspaceViews,
                shouldRevalidate: revalidateOn(["workspaceSlug", "globalViewId"]),
                handle: t("Views"),
              },
              { path: "analytics", element: <Navigate to="scope_and_demand/" replace /> },
              {
                path: "analytics/:tab",
                lazy: insight((m) => <m.AnalyticsPage />),
                loader: L.analytics,
                shouldRevalidate: revalidateOn(["workspaceSlug", "tab"]),
                handle: t("Analytics"),
              },
              { path: "profile", lazy: insight((m) => <m.YourWork />), handle: t("Your work") },
              {
                path: "profile/:userId",
                lazy: insight((m) => <m.PersonLayout />),
                loader: L.person,
                shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                handle: t("Profile"),
                children: [
                  {
                    index: true,
                    lazy: insight((m) => <m.PersonSummary />),
                    loader: L.personTab("summary"),
                    shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                  },
                  {
                    path: "assigned",
                    lazy: fromChunk(workItemsChunk, (m) => <m.PersonItems tab="assigned" />),
                    loader: L.personTab("assigned"),
                    shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                  },
                  {
                    path: "created",
                    lazy: fromChunk(workItemsChunk, (m) => <m.PersonItems tab="created" />),
                    loader: L.personTab("created"),
                    shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                  },
                  {
                    path: "subscribed",
                    lazy: fromChunk(workItemsChunk, (m) => <m.PersonItems tab="subscribed" />),
                    loader: L.personTab("subscribed"),
                    shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                  },
                  {
                    path: "activity",
                    lazy: insight((m) => <m.PersonActivity />),
                    loader: L.personTab("activity"),
                    shouldRevalidate: revalidateOn(["workspaceSlug", "userId"]),
                  },
                ],
              },
              {
                path: "projects",
                lazy: screen((m) => <m.ProjectsPage />),
                loader: L.projectsPage,
                shouldRevalidate: WS,
                handle: t("Projects"),
              },
              ...teamspaceRoutes(L),
              ...workItemWorkspaceRoutes(L),
              {
                path: "projects/:projectId",
                lazy: shell((m) => <m.ProjectLayout />),
                loader: L.projectShell,
                shouldRevalidate: PROJECT,
                children: inShell([
                  { index: true, element: <ProjectIndexRedirect />, handle: t("Work items") },
                  ...workItemRoutes(L),
                  {
                    path: "cycles",
                    lazy: fromChunk(cyclesChunk, (m) => <m.CyclesPage />),
                    loader: L.cycles("list"),
                    shouldRevalidate: PROJECT,
                    handle: t("Cycles"),
                  },
                  {
                    path: "cycles/archived",
                    lazy: fromChunk(cyclesChunk, (m) => <m.ArchivedCyclesPage />),
                    loader: L.cycles("archived"),
                    shouldRevalidate: PROJECT,
                    handle: t("Archived cycles"),
                  },
                  {
                    path: "cycles/:cycleId",
                    lazy: fromChunk(cyclesChunk, (m) => <m.CycleLayout />),
                    loader: L.cycle,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "cycleId"]),
                    handle: t("Cycle"),
                    children: [
                      {
                        index: true,
                        lazy: fromChunk(workItemsChunk, (m) => <m.WorkItemsPage cycle />),
                        loader: L.workItems("cycle"),
                        shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "cycleId"], ["peekId"]),
                      },
                    ],
                  },
                  ...moduleRoutes(L),
                  {
                    path: "views",
                    lazy: screen((m) => <m.ProjectViewsPage />),
                    loader: L.projectViews,
                    shouldRevalidate: PROJECT,
                    handle: t("Views"),
                  },
                  {
                    path: "views/:viewId",
                    lazy: fromChunk(workItemsChunk, (m) => <m.ProjectViewPage />),
                    loader: L.projectView,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "viewId"], ["peekId"]),
                    handle: t("View"),
                  },
                  {
                    path: "pages",
                    lazy: screen((m) => <m.PagesPage />),
                    loader: L.pages,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId"], ["type", "order_by"]),
                    handle: t("Pages"),
                  },
                  {
                    path: "pages/:pageId",
                    lazy: fromChunk(pagesChunk, (m) => <m.PageScreen />),
                    loader: L.page,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId", "pageId"]),
                    handle: t("Page"),
                  },
                  {
                    path: "intake",
                    lazy: screen((m) => <m.IntakePage />),
                    loader: L.intake,
                    shouldRevalidate: revalidateOn(["workspaceSlug", "projectId"], ["tab"]),
                    handle: t("Intake"),
                  },
                  {
                    path: "intake/settings",
                    lazy: screen((m) => <m.IntakeSettingsPage />),
                    loader: L.intakeSettings,
                    shouldRevalidate: PROJECT,
                    handle: t("Intake settings"),
                  },
                  {
                    path: "updates",
                    lazy: fromChunk(trackingChunk, (m) => <m.ProjectUpdatesPage />),
                    loader: L.projectUpdates,
                    shouldRevalidate: PROJECT,
                    handle: t("Updates"),
                  },
                  {
                    path: "worklogs",
                    lazy: fromChunk(trackingChunk, (m) => <m.WorklogsPage />),
                    loader: L.worklogs,
                    shouldRevalidate: PROJECT,
                    handle: t("Time tracking"),
                  },
                  {
                    path: "settings",
                    lazy: settings((m) => <m.ProjectSettingsLayout />),
                    loader: L.projectSettings("other"),
                    shouldRevalidate: PROJECT,
                    children: [
                      {
                        index: true,
                        lazy: settings((m) => <m.ProjectGeneralSettings />),
                        loader: L.projectSettings("general"),
                        shouldRevalidate: PROJECT,
                        handle: t("General · Settings"),
                      },
                      {
                        path: "members",
                        lazy: settings((m) => <m.ProjectMembersSettings />),
                        loader: L.projectSettings("members"),
                        shouldRevalidate: PROJECT,
                        handle: t("Members · Settings"),
                      },
                      {
                        path: "features",
                        lazy: settings((m) => <m.ProjectFeaturesSettings />),
                        handle: t("Features · Settings"),
                      },
                      {
                        path: "states",
                        lazy: settings((m) => <m.ProjectStatesSettings />),
                        loader: L.projectSettings("states"),
                        shouldRevalidate: PROJECT,
                        handle: t("States · Settings"),
                      },
                      {
                        path: "labels",
                        lazy: settings((m) => <m.ProjectLabelsSettings />),
                        loader: L.projectSettings("labels"),
                        shouldRevalidate: PROJECT,
                        handle: t("Labels · Settings"),
                      },
                      {
                        path: "estimates",
                        lazy: settings((m) => <m.ProjectEstimatesSettings />),
                        loader: L.projectSettings("estimates"),
                        shouldRevalidate: PROJECT,
                        handle: t("Estimates · Settings"),
                      },
                      {
                        path: "work-item-types",
                        lazy: settings((m) => <m.ProjectWorkItemTypesSettings />),
                        handle: t("Work item types · Settings"),
                      },
                      {
                        path: "workflows",
                        lazy: settings((m) => <m.ProjectWorkflowsSettings />),
                        loader: L.projectSettings("workflows"),
                        shouldRevalidate: PROJECT,
                        handle: t("Workflows · Settings"),
                      },
                      {
                        path: "automations",
                        lazy: settings((m) => <m.ProjectComingSettings page="automations" />),
                        handle: t("Automations · Settings"),
                      },
                      {
                        path: "repositories",
                        lazy: settings((m) => <m.ProjectRepositoriesSettings />),
                        loader: L.projectSettings("repositories"),
                        shouldRevalidate: PROJECT,
                        handle: t("Repositories · Settings"),
                      },
                      {
                        path: "model-configuration",
                        lazy: settings((m) => <m.ProjectModelConfigurationSettings />),
                        loader: L.projectSettings("model-configuration"),
                        shouldRevalidate: PROJECT,
                        handle: t("Model configuration · Settings"),
                      },
                      {
                        path: "mcp-servers",
                        lazy: settings((m) => <m.ProjectMcpServersSettings />),
                        loader: L.projectSettings("mcp-servers"),
                        shouldRevalidate: PROJECT,
                        handle: t("MCP servers · Settings"),
                      },
                      {
                        path: "agents",
                        lazy: settings((m) => <m.ProjectAgentsSettings />),
                        loader: L.projectSettings("agents"),
                        shouldRevalidate: PROJECT,
                        handle: t("Agents · Settings"),
                      },
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
                  {
                    index: true,
                    lazy: settings((m) => <m.WorkspaceGeneralSettings />),
                    handle: t("General · Workspace settings"),
                  },
                  {
                    path: "members",
                    lazy: settings((m) => <m.WorkspaceMembersSettings />),
                    loader: L.workspaceSettings("members"),
                    shouldRevalidate: WS,
                    handle: t("Members · Workspace settings"),
                  },
                  {
                    path: "billing",
                    lazy: settings((m) => <m.WorkspaceComingSettings page="billing" />),
                    handle: t("Billing and plans · Workspace settings"),
                  },
                  {
                    path: "exports",
                    lazy: settings((m) => <m.WorkspaceExportsSettings />),
                    loader: L.workspaceSettings("exports"),
                    shouldRevalidate: WS,
                    handle: t("Exports · Workspace settings"),
                  },
                  {
                    path: "webhooks",
                    lazy: settings((m) => <m.WorkspaceWebhooksSettings />),
                    loader: L.workspaceSettings("webhooks"),
                    shouldRevalidate: WS,
                    handle: t("Webhooks · Workspace settings"),
                  },
                  {
                    path: "api-tokens",
                    lazy: settings((m) => <m.WorkspaceApiTokensSettings />),
                    loader: L.workspaceSettings("api-tokens"),
                    shouldRevalidate: WS,
                    handle: t("API tokens · Workspace settings"),
                  },
                  {
                    path: "integrations",
                    lazy: settings((m) => <m.WorkspaceIntegrationsSettings />),
                    handle: t("Integrations · Workspace settings"),
                  },
                  {
                    path: "teamspaces",
                    lazy: settings((m) => <m.WorkspaceTeamspacesSettings />),
                    loader: L.teamspaces,
                    shouldRevalidate: WS,
                    handle: t("Teamspaces · Workspace settings"),
                  },
                  {
                    path: "impors",
                    lazy: settings((m) => <m.WorkspaceImportsSettings />),
                    loader: L.workspaceSettings("imports"),
                    shouldRevalidate: WS,
                    handle: t("Imports · Workspace settings"),
                  },
                  {
                    path: "imports",
                    lazy: settings((m) => <m.WorkspaceImportsSettings />),
                    loader: L.workspaceSettings("imports"),
                    shouldRevalidate: WS,
                    handle: t("Imports · Workspace settings"),
                  },
                ],
              },
              { path: "*", element: <NotFound />, handle: t("Page not found") },
            ]),
          },
        ],
      },
      { path: "*", element: <NotFound />, handle: t("Page not found") },
    ],
  },
];

/** The app's router; its loaders prefetch into `qc`, the query client the app renders with. */
export const createRouter = (qc: QueryClient) => createBrowserRouter(createRoutes(createLoaders(qc)));
