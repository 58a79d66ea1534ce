/**
 * Time tracking and project updates (issue #29 points 3, 4): a work item's logs and totals, the project's worklog
 * report (page, totals, export link), and the project's status updates with their comments and reactions. Every
 * query here is asked only while the project has the feature on (`is_time_tracking_enabled`,
 * `is_project_updates_enabled`): the server refuses them otherwise.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { WORKLOG_REPORT_PAGE_SIZE, type WorklogGroup } from "@stride/shared";
import type {
  Paginated,
  ProjectUpdate,
  ProjectUpdateComment,
  ProjectUpdateStatus,
  Worklog,
  WorklogCreateBody,
  WorklogItemSummary,
  WorklogPatchBody,
  WorklogReportRow,
  WorklogSummaryRow,
} from "@stride/shared/contract";
import { api, buildUrl } from "./client.ts";
import { qk } from "./query-keys.ts";
import { wiKeys } from "./work-items.ts";

export type { ProjectUpdate, ProjectUpdateComment, Worklog, WorklogItemSummary, WorklogReportRow, WorklogSummaryRow };

const P = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}`;
/** A work item's path under its kind (`issues/` or `epics/`). */
const item = (slug: string, pid: string, kind: "issues" | "epics", id: string) => `${P(slug, pid)}/${kind}/${id}`;

export const ttKeys = {
  all: (slug: string, pid: string) => ["tt", slug, pid] as const,
  item: (slug: string, pid: string, id: string) => ["tt", slug, pid, "item", id] as const,
  report: (slug: string, pid: string) => ["tt", slug, pid, "report"] as const,
  updates: (slug: string, pid: string) => ["updates", slug, pid] as const,
  comments: (slug: string, pid: string, updateId: string) => ["updates", slug, pid, "comments", updateId] as const,
};

export const itemWorklogsQuery = (slug: string, pid: string, kind: "issues" | "epics", id: string) =>
  queryOptions({
    queryKey: [...ttKeys.item(slug, pid, id), "list"],
    queryFn: ({ signal }) => api<Worklog[]>(`${item(slug, pid, kind, id)}/worklogs/`, { signal }),
  });
export const itemWorklogSummaryQuery = (slug: string, pid: string, kind: "issues" | "epics", id: string) =>
  queryOptions({
    queryKey: [...ttKeys.item(slug, pid, id), "summary"],
    queryFn: ({ signal }) => api<WorklogItemSummary>(`${item(slug, pid, kind, id)}/worklogs/summary/`, { signal }),
  });

export function useItemWorklogs(slug: string, pid: string, kind: "issues" | "epics", id: string, enabled: boolean) {
  const list = useQuery({ ...itemWorklogsQuery(slug, pid, kind, id), enabled });
  const summary = useQuery({ ...itemWorklogSummaryQuery(slug, pid, kind, id), enabled });
  return { list, summary };
}

/** Log, change, remove: then the item's logs and totals, its history and the report are read again. */
export function useWorklogMutations(slug: string, pid: string, kind: "issues" | "epics", id: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ttKeys.all(slug, pid) });
    void qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, "history", id) });
  };
  const base = `${item(slug, pid, kind, id)}/worklogs/`;
  return {
    add: useMutation({
      mutationFn: (body: WorklogCreateBody) => api<Worklog>(base, { method: "POST", body }),
      onSettled: refresh,
      meta: { errorTitle: "Could not log time" },
    }),
    update: useMutation({
      mutationFn: ({ worklogId, ...body }: WorklogPatchBody & { worklogId: string }) =>
        api<Worklog>(`${base}${worklogId}/`, { method: "PATCH", body }),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the time log" },
    }),
    remove: useMutation({
      mutationFn: (worklogId: string) => api<void>(`${base}${worklogId}/`, { method: "DELETE" }),
      onSettled: refresh,
      meta: { errorTitle: "Could not remove the time log" },
    }),
  };
}

/** The report's filters (query string values; empty means any). */
export interface WorklogFilters {
  logged_by: string;
  cycle: string;
  module: string;
  from: string;
  to: string;
}
export const NO_WORKLOG_FILTERS: WorklogFilters = { logged_by: "", cycle: "", module: "", from: "", to: "" };
export const REPORT_PAGE_SIZE = WORKLOG_REPORT_PAGE_SIZE;

export const worklogReportQuery = (slug: string, pid: string, f: WorklogFilters, page = 0) =>
  queryOptions({
    queryKey: [...ttKeys.report(slug, pid), "page", f, page],
    queryFn: ({ signal }) =>
      api<Paginated<WorklogReportRow>>(`${P(slug, pid)}/worklogs/`, {
        query: { ...f, per_page: REPORT_PAGE_SIZE, cursor: `${REPORT_PAGE_SIZE}:${page}:0` },
        signal,
      }),
  });
export const worklogTotalsQuery = (slug: string, pid: string, f: WorklogFilters, group: WorklogGroup) =>
  queryOptions({
    queryKey: [...ttKeys.report(slug, pid), "totals", f, group],
    queryFn: ({ signal }) =>
      api<WorklogSummaryRow[]>(`${P(slug, pid)}/worklogs/summary/`, { query: { ...f, group_by: group }, signal }),
  });
/** The report as a file, downloaded by the browser (the session cookie goes with it). */
export const worklogExportUrl = (slug: string, pid: string, f: WorklogFilters, format: "csv" | "xlsx") =>
  buildUrl(`${P(slug, pid)}/worklogs/export/`, { ...f, format });

export const projectUpdatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: ttKeys.updates(slug, pid),
    queryFn: ({ signal }) => api<ProjectUpdate[]>(`${P(slug, pid)}/updates/`, { signal }),
  });
export const updateCommentsQuery = (slug: string, pid: string, updateId: string) =>
  queryOptions({
    queryKey: ttKeys.comments(slug, pid, updateId),
    queryFn: ({ signal }) => api<ProjectUpdateComment[]>(`${P(slug, pid)}/updates/${updateId}/comments/`, { signal }),
  });

/** Post, edit, delete an update; comment; react. The updates, and the projects' latest status, are read again. */
export function useProjectUpdateMutations(slug: string, pid: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ttKeys.updates(slug, pid) });
    void qc.invalidateQueries({ queryKey: qk.projectDetails(slug) });
    void qc.invalidateQueries({ queryKey: qk.project(slug, pid) });
  };
  const U = `${P(slug, pid)}/updates/`;
  type Body = { status: ProjectUpdateStatus; description_html: string };
  return {
    create: useMutation({
      mutationFn: (body: Body) => api<ProjectUpdate>(U, { method: "POST", body }),
      onSettled: refresh,
      meta: { errorTitle: "Could not post the update" },
    }),
    edit: useMutation({
      mutationFn: ({ id, ...body }: Partial<Body> & { id: string }) =>
        api<ProjectUpdate>(`${U}${id}/`, { method: "PATCH", body }),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the update" },
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>(`${U}${id}/`, { method: "DELETE" }),
      onSettled: refresh,
      meta: { errorTitle: "Could not delete the update" },
    }),
    comment: useMutation({
      mutationFn: ({ id, html }: { id: string; html: string }) =>
        api<ProjectUpdateComment>(`${U}${id}/comments/`, { method: "POST", body: { comment_html: html } }),
      onSettled: refresh,
      meta: { errorTitle: "Could not add the comment" },
    }),
    editComment: useMutation({
      mutationFn: ({ id, commentId, html }: { id: string; commentId: string; html: string }) =>
        api<ProjectUpdateComment>(`${U}${id}/comments/${commentId}/`, {
          method: "PATCH",
          body: { comment_html: html },
        }),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the comment" },
    }),
    removeComment: useMutation({
      mutationFn: ({ id, commentId }: { id: string; commentId: string }) =>
        api<void>(`${U}${id}/comments/${commentId}/`, { method: "DELETE" }),
      onSettled: refresh,
      meta: { errorTitle: "Could not delete the comment" },
    }),
    react: useMutation({
      mutationFn: ({ id, reaction, remove }: { id: string; reaction: string; remove: boolean }) =>
        remove
          ? api<void>(`${U}${id}/reactions/${encodeURIComponent(reaction)}/`, { method: "DELETE" })
          : api(`${U}${id}/reactions/`, { method: "POST", body: { reaction } }),
      onSettled: refresh,
      meta: { errorTitle: "Could not react" },
    }),
  };
}
