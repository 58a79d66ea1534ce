/** The work-item list screens: a project's, a cycle's, a module's, a saved view's and a teamspace's work items, in every layout (see app/router.tsx). */
export { WorkItemsPage } from "../../features/work-items/WorkItemsPage.tsx";
export { ProjectViewPage } from "../../features/work-items/ViewPage.tsx";
export { ModuleWorkItemsPage } from "../../features/work-items/ModuleWorkItemsPage.tsx";
export { TeamspaceWorkItemsPage, TeamViewPage } from "../../features/work-items/TeamspaceWorkItemsPage.tsx";
