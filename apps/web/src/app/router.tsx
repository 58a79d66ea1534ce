import { createBrowserRouter, Navigate, Outlet, useParams, useRouteError, Link } from "react-router";
import { RequireAuth } from "../components/layout/RequireAuth.tsx";
import { EmptyState } from "../components/ui/index.ts";
import { RootPage } from "../features/auth/RootPage.tsx";
import { SignUpPage } from "../features/auth/SignUpPage.tsx";
import { ForgotPasswordPage } from "../features/auth/ForgotPasswordPage.tsx";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage.tsx";
import { OnboardingPage } from "../features/onboarding/OnboardingPage.tsx";
import { CreateWorkspacePage } from "../features/onboarding/CreateWorkspacePage.tsx";
import { InvitationsPage } from "../features/invitations/InvitationsPage.tsx";
import { WorkspaceInvitationPage } from "../features/invitations/WorkspaceInvitationPage.tsx";
import { godModeRoutes } from "../features/god-mode/routes.tsx";
import { WorkspaceLayout } from "../features/workspace/WorkspaceLayout.tsx";
import { HomePage } from "../features/workspace/HomePage.tsx";
import { SidebarEntryPage } from "../features/workspace/SidebarEntryPage.tsx";
import { ProjectsPage } from "../features/projects/ProjectsPage.tsx";
import { ProjectLayout } from "../features/projects/ProjectLayout.tsx";
import { ProjectFeaturePage } from "../features/projects/ProjectFeaturePage.tsx";
import { workItemRoutes, workItemWorkspaceRoutes } from "../features/work-items/routes.tsx";
import { Lazy, lazyChunk } from "./lazy.tsx";

/** Settings and profile screens: one chunk, loaded on first visit. */
const settings = lazyChunk(() => import("./chunks/settings.ts"));
const ProjectSettingsLayout = settings.component("ProjectSettingsLayout");
const ProjectGeneralSettings = settings.component("ProjectGeneralSettings");
const ProjectMembersSettings = settings.component("ProjectMembersSettings");
const ProjectFeaturesSettings = settings.component("ProjectFeaturesSettings");
const ProjectStatesSettings = settings.component("ProjectStatesSettings");
const ProjectLabelsSettings = settings.component("ProjectLabelsSettings");
const ProjectComingSettings = settings.component("ProjectComingSettings");
const WorkspaceSettingsLayout = settings.component("WorkspaceSettingsLayout");
const WorkspaceGeneralSettings = settings.component("WorkspaceGeneralSettings");
const WorkspaceMembersSettings = settings.component("WorkspaceMembersSettings");
const WorkspaceComingSettings = settings.component("WorkspaceComingSettings");
const ProfileLayout = settings.component("ProfileLayout");
const ProfilePage = settings.component("ProfilePage");
const SecurityPage = settings.component("SecurityPage");
const SecretsPage = settings.component("SecretsPage");

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

function NotFound() {
  return <EmptyState title="Page not found" description="This page does not exist." action={<Link className="text-indigo-600 hover:underline" to="/">Go home</Link>} />;
}

function ProjectIndexRedirect() {
  const { workspaceSlug, projectId } = useParams();
  return <Navigate to={`/${workspaceSlug}/projects/${projectId}/issues/`} replace />;
}

/**
 * Every screen of the app. Paths follow work-tracking.md §2; a trailing slash is optional.
 * Work-item screens are contributed by `features/work-items/routes.tsx`.
 */
export const routes = [
  {
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <RootPage /> },
      { path: "/sign-in", element: <RootPage /> },
      { path: "/sign-up", element: <SignUpPage /> },
      { path: "/accounts/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/accounts/reset-password", element: <ResetPasswordPage /> },
      { path: "/workspace-invitations", element: <WorkspaceInvitationPage /> },
      godModeRoutes,
      {
        element: <RequireAuth />,
        children: [
          { path: "/onboarding", element: <OnboardingPage /> },
          { path: "/create-workspace", element: <CreateWorkspacePage /> },
          { path: "/invitations", element: <InvitationsPage /> },
          {
            path: "/profile",
            element: <Lazy><ProfileLayout /></Lazy>,
            children: [
              { index: true, element: <Lazy><ProfilePage /></Lazy> },
              { path: "security", element: <Lazy><SecurityPage /></Lazy> },
              { path: "secrets", element: <Lazy><SecretsPage /></Lazy> },
            ],
          },
          {
            path: "/:workspaceSlug",
            element: <WorkspaceLayout />,
            children: [
              { index: true, element: <HomePage /> },
              { path: "notifications", element: <SidebarEntryPage entry="inbox" feature="Inbox" /> },
              { path: "workspace-views", element: <Navigate to="all-issues/" replace /> },
              { path: "workspace-views/:globalViewId", element: <SidebarEntryPage entry="views" feature="Workspace views" /> },
              { path: "analytics", element: <SidebarEntryPage entry="analytics" feature="Analytics" /> },
              { path: "analytics/:tab", element: <SidebarEntryPage entry="analytics" feature="Analytics" /> },
              { path: "profile", element: <SidebarEntryPage entry="your-work" feature="Your work" /> },
              { path: "profile/:userId", element: <SidebarEntryPage entry="your-work" feature="User profiles" /> },
              { path: "projects", element: <ProjectsPage /> },
              ...workItemWorkspaceRoutes,
              {
                path: "projects/:projectId",
                element: <ProjectLayout />,
                children: [
                  { index: true, element: <ProjectIndexRedirect /> },
                  ...workItemRoutes,
                  { path: "cycles/*", element: <ProjectFeaturePage feature="Cycles" flag="cycle_view" /> },
                  { path: "modules/*", element: <ProjectFeaturePage feature="Modules" flag="module_view" /> },
                  { path: "views/*", element: <ProjectFeaturePage feature="Views" flag="issue_views_view" /> },
                  { path: "pages/*", element: <ProjectFeaturePage feature="Pages" flag="page_view" /> },
                  { path: "intake/*", element: <ProjectFeaturePage feature="Intake" flag="intake_view" /> },
                  {
                    path: "settings",
                    element: <Lazy><ProjectSettingsLayout /></Lazy>,
                    children: [
                      { index: true, element: <Lazy><ProjectGeneralSettings /></Lazy> },
                      { path: "members", element: <Lazy><ProjectMembersSettings /></Lazy> },
                      { path: "features", element: <Lazy><ProjectFeaturesSettings /></Lazy> },
                      { path: "states", element: <Lazy><ProjectStatesSettings /></Lazy> },
                      { path: "labels", element: <Lazy><ProjectLabelsSettings /></Lazy> },
                      { path: "estimates", element: <Lazy><ProjectComingSettings page="estimates" /></Lazy> },
                      { path: "automations", element: <Lazy><ProjectComingSettings page="automations" /></Lazy> },
                      { path: "repositories", element: <Lazy><ProjectComingSettings page="repositories" /></Lazy> },
                      { path: "model-configuration", element: <Lazy><ProjectComingSettings page="model-configuration" /></Lazy> },
                    ],
                  },
                ],
              },
              {
                path: "settings",
                element: <Lazy><WorkspaceSettingsLayout /></Lazy>,
                children: [
                  { index: true, element: <Lazy><WorkspaceGeneralSettings /></Lazy> },
                  { path: "members", element: <Lazy><WorkspaceMembersSettings /></Lazy> },
                  { path: "billing", element: <Lazy><WorkspaceComingSettings page="billing" /></Lazy> },
                  { path: "exports", element: <Lazy><WorkspaceComingSettings page="exports" /></Lazy> },
                  { path: "webhooks", element: <Lazy><WorkspaceComingSettings page="webhooks" /></Lazy> },
                  { path: "api-tokens", element: <Lazy><WorkspaceComingSettings page="api-tokens" /></Lazy> },
                  { path: "integrations", element: <Lazy><WorkspaceComingSettings page="integrations" /></Lazy> },
                  { path: "impors", element: <Lazy><WorkspaceComingSettings page="imports" /></Lazy> },
                  { path: "imports", element: <Lazy><WorkspaceComingSettings page="imports" /></Lazy> },
                ],
              },
              { path: "*", element: <NotFound /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
export { Outlet };
