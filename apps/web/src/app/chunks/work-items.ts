/**
 * The work-item list screens: a project's, a cycle's, a module's, a saved view's, a teamspace's, the workspace views'
 * and a person's profile tabs' work items, and the caller's workspace drafts, in every layout (see app/router.tsx).
 */
export { WorkItemsPage } from "../../features/work-items/WorkItemsPage.tsx";
export { ProjectViewPage } from "../../features/work-items/ViewPage.tsx";
export { ModuleWorkItemsPage } from "../../features/work-items/ModuleWorkItemsPage.tsx";
export { TeamspaceWorkItemsPage, TeamViewPage } from "../../features/work-items/TeamspaceWorkItemsPage.tsx";
export { WorkspaceViewsPage } from "../../features/work-items/WorkspaceViewsPage.tsx";
export { PersonItems } from "../../features/work-items/PersonItems.tsx";
export { DraftsPage } from "../../features/work-items/DraftsPage.tsx";
