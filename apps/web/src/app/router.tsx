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
import { ProjectSettingsLayout } from "../features/project-settings/ProjectSettingsLayout.tsx";
import { ProjectGeneralSettings } from "../features/project-settings/GeneralPage.tsx";
import { ProjectMembersSettings } from "../features/project-settings/MembersPage.tsx";
import { ProjectFeaturesSettings } from "../features/project-settings/FeaturesPage.tsx";
import { ProjectStatesSettings } from "../features/project-settings/StatesPage.tsx";
import { ProjectLabelsSettings } from "../features/project-settings/LabelsPage.tsx";
import { ProjectComingSettings } from "../features/project-settings/ComingPage.tsx";
import { WorkspaceSettingsLayout } from "../features/workspace-settings/WorkspaceSettingsLayout.tsx";
import { WorkspaceGeneralSettings } from "../features/workspace-settings/GeneralPage.tsx";
import { WorkspaceMembersSettings } from "../features/workspace-settings/MembersPage.tsx";
import { WorkspaceComingSettings } from "../features/workspace-settings/ComingPage.tsx";
import { ProfileLayout } from "../features/profile/ProfileLayout.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { SecurityPage } from "../features/profile/SecurityPage.tsx";
import { SecretsPage } from "../features/profile/SecretsPage.tsx";

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
            element: <ProfileLayout />,
            children: [
              { index: true, element: <ProfilePage /> },
              { path: "security", element: <SecurityPage /> },
              { path: "secrets", element: <SecretsPage /> },
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
                    element: <ProjectSettingsLayout />,
                    children: [
                      { index: true, element: <ProjectGeneralSettings /> },
                      { path: "members", element: <ProjectMembersSettings /> },
                      { path: "features", element: <ProjectFeaturesSettings /> },
                      { path: "states", element: <ProjectStatesSettings /> },
                      { path: "labels", element: <ProjectLabelsSettings /> },
                      { path: "estimates", element: <ProjectComingSettings page="estimates" /> },
                      { path: "automations", element: <ProjectComingSettings page="automations" /> },
                      { path: "repositories", element: <ProjectComingSettings page="repositories" /> },
                      { path: "model-configuration", element: <ProjectComingSettings page="model-configuration" /> },
                    ],
                  },
                ],
              },
              {
                path: "settings",
                element: <WorkspaceSettingsLayout />,
                children: [
                  { index: true, element: <WorkspaceGeneralSettings /> },
                  { path: "members", element: <WorkspaceMembersSettings /> },
                  { path: "billing", element: <WorkspaceComingSettings page="billing" /> },
                  { path: "exports", element: <WorkspaceComingSettings page="exports" /> },
                  { path: "webhooks", element: <WorkspaceComingSettings page="webhooks" /> },
                  { path: "api-tokens", element: <WorkspaceComingSettings page="api-tokens" /> },
                  { path: "integrations", element: <WorkspaceComingSettings page="integrations" /> },
                  { path: "impors", element: <WorkspaceComingSettings page="imports" /> },
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
