/**
 * Time tracking and project updates (issue #29 points 3, 4): a work item's logs and totals, the project's worklog
 * report (page, totals, export link), and the project's status updates with their comments and reactions. Every
 * query here is asked only while the project has the feature on (`is_time_tracking_enabled`,
 * `is_project_updates_enabled`): the server refuses them otherwise.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { WORKLOG_REPORT_PAGE_SIZE, type WorklogGroup } from "@stride/shared";
import type {
  ProjectUpdate,
  ProjectUpdateStatus,
  Worklog,
  WorklogCreateBody,
  WorklogPatchBody,
} from "@stride/shared/contract";
import { endpointUrl, projectUpdateEndpoints as U, worklogEndpoints as WL } from "@stride/shared/endpoints";
import { buildUrl, call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { wiKeys } from "./work-items.ts";

export type { ProjectUpdate, Worklog };

const at = (slug: string, projectId: string) => ({ slug, projectId });
/** A work item's logs under its kind (`issues/` or `epics/`), and the item's path params. */
const itemLogs = (kind: "issues" | "epics") => (kind === "epics" ? WL.epic : WL.issue);
const item = (slug: string, projectId: string, issueId: string) => ({ slug, projectId, issueId });

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
    queryFn: ({ signal }) => call(itemLogs(kind).list, item(slug, pid, id), undefined, { signal }),
  });
export const itemWorklogSummaryQuery = (slug: string, pid: string, kind: "issues" | "epics", id: string) =>
  queryOptions({
    queryKey: [...ttKeys.item(slug, pid, id), "summary"],
    queryFn: ({ signal }) => call(itemLogs(kind).summary, item(slug, pid, id), undefined, { signal }),
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
  const L = itemLogs(kind);
  return {
    add: useMutation({
      mutationFn: (body: WorklogCreateBody) => call(L.create, item(slug, pid, id), body),
      onSettled: refresh,
      meta: { errorTitle: "Could not log time" },
    }),
    update: useMutation({
      mutationFn: ({ worklogId, ...body }: WorklogPatchBody & { worklogId: string }) =>
        call(L.update, { ...item(slug, pid, id), worklogId }, body),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the time log" },
    }),
    remove: useMutation({
      mutationFn: (worklogId: string) => call(L.remove, { ...item(slug, pid, id), worklogId }),
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
      call(WL.report, at(slug, pid), undefined, {
        query: { ...f, per_page: REPORT_PAGE_SIZE, cursor: `${REPORT_PAGE_SIZE}:${page}:0` },
        signal,
      }),
  });
export const worklogTotalsQuery = (slug: string, pid: string, f: WorklogFilters, group: WorklogGroup) =>
  queryOptions({
    queryKey: [...ttKeys.report(slug, pid), "totals", f, group],
    queryFn: ({ signal }) => call(WL.totals, at(slug, pid), undefined, { query: { ...f, group_by: group }, signal }),
  });
/** The report as a file, downloaded by the browser (the session cookie goes with it). */
export const worklogExportUrl = (slug: string, pid: string, f: WorklogFilters, format: "csv" | "xlsx") =>
  buildUrl(endpointUrl(WL.export.path, at(slug, pid)), { ...f, format });

export const projectUpdatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: ttKeys.updates(slug, pid),
    queryFn: ({ signal }) => call(U.list, at(slug, pid), undefined, { signal }),
  });
export const updateCommentsQuery = (slug: string, pid: string, updateId: string) =>
  queryOptions({
    queryKey: ttKeys.comments(slug, pid, updateId),
    queryFn: ({ signal }) => call(U.comments, { ...at(slug, pid), updateId }, undefined, { signal }),
  });

/** Post, edit, delete an update; comment; react. The updates, and the projects' latest status, are read again. */
export function useProjectUpdateMutations(slug: string, pid: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ttKeys.updates(slug, pid) });
    void qc.invalidateQueries({ queryKey: qk.projectDetails(slug) });
    void qc.invalidateQueries({ queryKey: qk.project(slug, pid) });
  };
  const one = (updateId: string) => ({ ...at(slug, pid), updateId });
  type Body = { status: ProjectUpdateStatus; description_html: string };
  return {
    create: useMutation({
      mutationFn: (body: Body) => call(U.create, at(slug, pid), body),
      onSettled: refresh,
      meta: { errorTitle: "Could not post the update" },
    }),
    edit: useMutation({
      mutationFn: ({ id, ...body }: Partial<Body> & { id: string }) => call(U.update, one(id), body),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the update" },
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(U.remove, one(id)),
      onSettled: refresh,
      meta: { errorTitle: "Could not delete the update" },
    }),
    comment: useMutation({
      mutationFn: ({ id, html }: { id: string; html: string }) => call(U.comment, one(id), { comment_html: html }),
      onSettled: refresh,
      meta: { errorTitle: "Could not add the comment" },
    }),
    editComment: useMutation({
      mutationFn: ({ id, commentId, html }: { id: string; commentId: string; html: string }) =>
        call(U.updateComment, { ...one(id), commentId }, { comment_html: html }),
      onSettled: refresh,
      meta: { errorTitle: "Could not change the comment" },
    }),
    removeComment: useMutation({
      mutationFn: ({ id, commentId }: { id: string; commentId: string }) =>
        call(U.removeComment, { ...one(id), commentId }),
      onSettled: refresh,
      meta: { errorTitle: "Could not delete the comment" },
    }),
    react: useMutation({
      mutationFn: async ({ id, reaction, remove }: { id: string; reaction: string; remove: boolean }) => {
        if (remove) await call(U.unreact, { ...one(id), reaction });
        else await call(U.react, one(id), { reaction });
      },
      onSettled: refresh,
      meta: { errorTitle: "Could not react" },
    }),
  };
}
