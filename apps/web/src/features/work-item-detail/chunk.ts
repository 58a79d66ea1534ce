/** One lazily loaded chunk for the work-item detail page and the peek view (see features/work-items). */
export { BrowseWorkItemPage, ProjectWorkItemPage } from "./WorkItemPage.tsx";
export { WorkItemDetail } from "./WorkItemDetail.tsx";
