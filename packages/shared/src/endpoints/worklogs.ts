import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

/** A work item's logs under one spelling of the item's path (`…/issues/:issueId/`, `…/epics/:issueId/`). */
export const itemWorklogEndpointsAt = <TItem extends string>(item: TItem) => ({
  list: endpoint("GET", `${item}worklogs/`).answers<C.Worklog[]>(),
  create: endpoint("POST", `${item}worklogs/`).sends<In<typeof C.worklogCreateBody>>().answers<C.Worklog>(),
  summary: endpoint("GET", `${item}worklogs/summary/`).answers<C.WorklogItemSummary>(),
  get: endpoint("GET", `${item}worklogs/:worklogId/`).answers<C.Worklog>(),
  update: endpoint("PATCH", `${item}worklogs/:worklogId/`).sends<In<typeof C.worklogPatchBody>>().answers<C.Worklog>(),
  remove: endpoint("DELETE", `${item}worklogs/:worklogId/`).answers<void>(),
});

/** A project's worklog report under its path (with its trailing slash). */
export const projectWorklogEndpointsAt = <TProject extends string>(project: TProject) => ({
  report: endpoint("GET", `${project}worklogs/`).answers<C.Paginated<C.WorklogReportRow>>(),
  totals: endpoint("GET", `${project}worklogs/summary/`).answers<C.WorklogSummaryRow[]>(),
  /** The report as a CSV or XLSX file. */
  export: endpoint("GET", `${project}worklogs/export/`).answers<void>(),
});

/** Time tracking (issue #29 point 3): a work item's logs (issues and epics alike) and the project's report. */
export const worklogEndpoints = {
  issue: itemWorklogEndpointsAt(`${PROJECT_API}/issues/:issueId/`),
  epic: itemWorklogEndpointsAt(`${PROJECT_API}/epics/:issueId/`),
  ...projectWorklogEndpointsAt(`${PROJECT_API}/`),
};
