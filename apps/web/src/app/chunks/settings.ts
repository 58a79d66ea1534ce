/** One lazily loaded chunk for the project, workspace and profile settings screens (see app/router.tsx). */
export { ProjectSettingsLayout } from "../../features/project-settings/ProjectSettingsLayout.tsx";
export { ProjectGeneralSettings } from "../../features/project-settings/GeneralPage.tsx";
export { ProjectMembersSettings } from "../../features/project-settings/MembersPage.tsx";
export { ProjectFeaturesSettings } from "../../features/project-settings/FeaturesPage.tsx";
export { ProjectStatesSettings } from "../../features/project-settings/StatesPage.tsx";
export { ProjectLabelsSettings } from "../../features/project-settings/LabelsPage.tsx";
export { ProjectEstimatesSettings } from "../../features/project-settings/EstimatesPage.tsx";
export { ProjectComingSettings } from "../../features/project-settings/ComingPage.tsx";
export { WorkspaceSettingsLayout } from "../../features/workspace-settings/WorkspaceSettingsLayout.tsx";
export { WorkspaceGeneralSettings } from "../../features/workspace-settings/GeneralPage.tsx";
export { WorkspaceMembersSettings } from "../../features/workspace-settings/MembersPage.tsx";
export { WorkspaceComingSettings } from "../../features/workspace-settings/ComingPage.tsx";
export { WorkspaceApiTokensSettings } from "../../features/workspace-settings/ApiTokensPage.tsx";
export { ProfileLayout } from "../../features/profile/ProfileLayout.tsx";
export { ProfilePage } from "../../features/profile/ProfilePage.tsx";
export { SecurityPage } from "../../features/profile/SecurityPage.tsx";
export { SecretsPage } from "../../features/profile/SecretsPage.tsx";
