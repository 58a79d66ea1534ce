/** One lazily loaded chunk for the instance admin app (see features/god-mode/routes.tsx). */
export { GodModeHome } from "../../features/god-mode/GodModeHome.tsx";
export { GodModeLayout } from "../../features/god-mode/GodModeLayout.tsx";
export { GeneralPage } from "../../features/god-mode/GeneralPage.tsx";
export { EmailPage } from "../../features/god-mode/EmailPage.tsx";
export { AuthenticationPage } from "../../features/god-mode/AuthenticationPage.tsx";
export { WorkspacesPage, CreateWorkspaceAdminPage } from "../../features/god-mode/WorkspacesPage.tsx";
export { InstancesPage } from "../../features/god-mode/InstancesPage.tsx";
