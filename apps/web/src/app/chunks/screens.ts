/**
 * The app's screens that are not in a chunk of their own (see app/router.tsx): sign-in, onboarding, home, the
 * inbox, projects, views, pages, modules, archives, intake. Loaded by the router in parallel with the
 * first requests, which go out before this code is even parsed.
 */
export { RootPage } from "../../features/auth/RootPage.tsx";
export { SignUpPage } from "../../features/auth/SignUpPage.tsx";
export { ForgotPasswordPage } from "../../features/auth/ForgotPasswordPage.tsx";
export { ResetPasswordPage } from "../../features/auth/ResetPasswordPage.tsx";
export { OnboardingPage } from "../../features/onboarding/OnboardingPage.tsx";
export { CreateWorkspacePage } from "../../features/onboarding/CreateWorkspacePage.tsx";
export { InvitationsPage } from "../../features/invitations/InvitationsPage.tsx";
export { WorkspaceInvitationPage } from "../../features/invitations/WorkspaceInvitationPage.tsx";
export { HomePage } from "../../features/home/HomePage.tsx";
export { StickiesPage } from "../../features/home/StickiesPage.tsx";
export { InboxPage } from "../../features/notifications/InboxPage.tsx";
export { ProjectsPage } from "../../features/projects/ProjectsPage.tsx";
export { ProjectViewsPage } from "../../features/views/ProjectViewsPage.tsx";
export { PagesPage } from "../../features/pages/PagesPage.tsx";
export { ModulesPage } from "../../features/modules/ModulesPage.tsx";
export { ArchivedModulesPage } from "../../features/modules/ArchivedModulesPage.tsx";
export { ArchivesPage } from "../../features/archives/ArchivesPage.tsx";
export { IntakePage } from "../../features/intake/IntakePage.tsx";
export { IntakeSettingsPage } from "../../features/intake/IntakeSettingsPage.tsx";
export { PublicIntakePage } from "../../features/intake/PublicIntakePage.tsx";
export { TeamspacesPage } from "../../features/teamspaces/TeamspacesPage.tsx";
export { TeamspaceLayout } from "../../features/teamspaces/TeamspaceLayout.tsx";
export { TeamspaceOverview } from "../../features/teamspaces/TeamspaceOverview.tsx";
export { TeamViewsPage } from "../../features/teamspaces/TeamViewsPage.tsx";
