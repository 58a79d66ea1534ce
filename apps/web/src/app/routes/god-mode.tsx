import type { RouteObject } from "react-router";
import { Lazy, lazyChunk } from "../../components/lazy.tsx";

/** The instance admin app is one chunk, loaded on first visit to `/god-mode/`. */
const godMode = lazyChunk(() => import("../../app/chunks/god-mode.ts"));
const GodModeHome = godMode.component("GodModeHome");
const GodModeLayout = godMode.component("GodModeLayout");
const GeneralPage = godMode.component("GeneralPage");
const EmailPage = godMode.component("EmailPage");
const AuthenticationPage = godMode.component("AuthenticationPage");
const WorkspacesPage = godMode.component("WorkspacesPage");
const CreateWorkspaceAdminPage = godMode.component("CreateWorkspaceAdminPage");
const InstancesPage = godMode.component("InstancesPage");

/** The instance admin app at `/god-mode/` (wire-facts-2 §1). */
export const godModeRoutes: RouteObject = {
  path: "/god-mode",
  children: [
    {
      index: true,
      element: (
        <Lazy>
          <GodModeHome />
        </Lazy>
      ),
      handle: { title: "Instance admin" },
    },
    {
      element: (
        <Lazy>
          <GodModeLayout />
        </Lazy>
      ),
      children: [
        {
          path: "general",
          element: (
            <Lazy>
              <GeneralPage />
            </Lazy>
          ),
          handle: { title: "General · Instance admin" },
        },
        {
          path: "email",
          element: (
            <Lazy>
              <EmailPage />
            </Lazy>
          ),
          handle: { title: "Email · Instance admin" },
        },
        {
          path: "authentication",
          element: (
            <Lazy>
              <AuthenticationPage />
            </Lazy>
          ),
          handle: { title: "Authentication · Instance admin" },
        },
        {
          path: "workspaces",
          element: (
            <Lazy>
              <WorkspacesPage />
            </Lazy>
          ),
          handle: { title: "Workspaces · Instance admin" },
        },
        {
          path: "workspaces/create",
          element: (
            <Lazy>
              <CreateWorkspaceAdminPage />
            </Lazy>
          ),
          handle: { title: "Create a workspace · Instance admin" },
        },
        {
          path: "instances",
          element: (
            <Lazy>
              <InstancesPage />
            </Lazy>
          ),
          handle: { title: "Instances · Instance admin" },
        },
      ],
    },
  ],
};
