/**
 * A project's updates and its worklog report (issue #29): their own chunk, so the rich-text editor and the work-item
 * pieces they show stay out of the other screens' chunk.
 */
export { ProjectUpdatesPage } from "../../features/project-updates/ProjectUpdatesPage.tsx";
export { WorklogsPage } from "../../features/time-tracking/WorklogsPage.tsx";
