import type { RouteObject } from "react-router";
import { GodModeHome } from "./GodModeHome.tsx";
import { GodModeLayout } from "./GodModeLayout.tsx";
import { GeneralPage } from "./GeneralPage.tsx";
import { EmailPage } from "./EmailPage.tsx";
import { AuthenticationPage } from "./AuthenticationPage.tsx";
import { WorkspacesPage, CreateWorkspaceAdminPage } from "./WorkspacesPage.tsx";

/** The instance admin app at `/god-mode/` (wire-facts-2 §1). */
export const godModeRoutes: RouteObject = {
  path: "/god-mode",
  children: [
    { index: true, element: <GodModeHome /> },
    {
      element: <GodModeLayout />,
      children: [
        { path: "general", element: <GeneralPage /> },
        { path: "email", element: <EmailPage /> },
        { path: "authentication", element: <AuthenticationPage /> },
        { path: "workspaces", element: <WorkspacesPage /> },
        { path: "workspaces/create", element: <CreateWorkspaceAdminPage /> },
      ],
    },
  ],
};
