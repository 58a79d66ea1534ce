/** One lazily loaded chunk for the work-item detail page and the peek view (see features/work-items). */
export { BrowseWorkItemPage, ProjectWorkItemPage } from "../../features/work-item-detail/WorkItemPage.tsx";
export { WorkItemDetail } from "../../features/work-item-detail/WorkItemDetail.tsx";
