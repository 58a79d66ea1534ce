import type { FastifyInstance } from "fastify";
import { worklogCreateBody, worklogPatchBody, worklogReportQuery } from "@stride/shared/contract";
import { itemWorklogEndpointsAt, projectWorklogEndpointsAt } from "@stride/shared/endpoints";
import { route, type SignedInAuth, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { idParam, issueParams, projectParams } from "../../http/fields.ts";
import { itemUrls, P } from "../../http/paths.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { contentDisposition } from "../../storage/content-type.ts";
import {
  createWorklog,
  deleteWorklog,
  itemSummary,
  listItemWorklogs,
  loadWorklog,
  loadWorklogIssue,
  updateWorklog,
} from "./commands.ts";
import { presentWorklog, presentWorklogs } from "./presenters.ts";
import { exportFile, exportFormat, reportFilter, reportGroup, reportPage, reportSummary } from "./report.ts";

const worklogParams = issueParams.extend({ worklogId: idParam() });
const FEATURE = "is_time_tracking_enabled" as const;

/** Where a family of work-log routes lives: the app's paths or the public API v1's (routes/v1/worklogs.ts). */
export interface WorklogPaths {
  auth?: SignedInAuth;
  /** A work item's sub-path under every spelling of the item (`issues/`, `epics/` or `work-items/`). */
  item: (suffix: string) => string[];
  /** The project's path, with its trailing slash. */
  project: string;
  /** Serve the report as a file too (the app only). */
  exportFile?: boolean;
}

/**
 * Time tracking (issue #29 point 3): a work item's logs (list, log, change, remove, and its totals with sub-items)
 * and the project's worklog report (logs, totals by item / person / cycle / module / day, CSV and XLSX export).
 * Every route answers only while the project has `is_time_tracking_enabled` on.
 */
export function registerWorklogRoutes(fastify: FastifyInstance, app: AppContext, o: WorklogPaths): void {
  const common = { auth: o.auth, scope: "project" as const, feature: FEATURE };
  // the endpoints under the item's first spelling (the app's `worklogEndpoints.issue`), the others as its aliases;
  // the project's report (`worklogEndpoints.report`, …)
  const [itemBase, ...otherItems] = o.item("");
  const I = itemWorklogEndpointsAt(itemBase);
  const R = projectWorklogEndpointsAt(o.project);
  const also = (suffix: string) => otherItems.map((b) => `${b}${suffix}`);

  route(fastify, app, {
    ...common,
    endpoint: I.list,
    aliases: also("worklogs/"),
    params: issueParams,
    policy: PERMISSIONS.worklog.view,
    load: (ctx) => loadWorklogIssue(ctx),
    handler: async (ctx) => presentWorklogs(ctx.app.db, await listItemWorklogs(ctx.app.db, ctx.loaded.id)),
  });

  route(fastify, app, {
    ...common,
    endpoint: I.create,
    aliases: also("worklogs/"),
    params: issueParams,
    body: worklogCreateBody,
    policy: PERMISSIONS.worklog.create,
    status: 201,
    load: (ctx) => loadWorklogIssue(ctx, true),
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction((tx) => createWorklog(tx, ctx.loaded, ctx.user, ctx.body));
      return presentWorklog(row, ctx.user);
    },
  });

  route(fastify, app, {
    ...common,
    endpoint: I.summary,
    aliases: also("worklogs/summary/"),
    params: issueParams,
    policy: PERMISSIONS.worklog.view,
    load: (ctx) => loadWorklogIssue(ctx),
    handler: async (ctx) => itemSummary(ctx.app.db, ctx.loaded),
  });

  route(fastify, app, {
    ...common,
    endpoint: I.get,
    aliases: also("worklogs/:worklogId/"),
    params: worklogParams,
    policy: PERMISSIONS.worklog.view,
    load: loadWorklog,
    handler: async (ctx) => (await presentWorklogs(ctx.app.db, [ctx.loaded.worklog]))[0],
  });

  route(fastify, app, {
    ...common,
    endpoint: I.update,
    aliases: also("worklogs/:worklogId/"),
    params: worklogParams,
    body: worklogPatchBody,
    policy: PERMISSIONS.worklog.edit,
    load: loadWorklog,
    creatorOf: (l) => l.worklog.loggedById,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction((tx) =>
        updateWorklog(tx, ctx.loaded.issue, ctx.loaded.worklog, ctx.user.id, ctx.body),
      );
      return (await presentWorklogs(ctx.app.db, [row]))[0];
    },
  });

  route(fastify, app, {
    ...common,
    endpoint: I.remove,
    aliases: also("worklogs/:worklogId/"),
    params: worklogParams,
    policy: PERMISSIONS.worklog.delete,
    status: 204,
    load: loadWorklog,
    creatorOf: (l) => l.worklog.loggedById,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteWorklog(tx, ctx.loaded.issue, ctx.loaded.worklog, ctx.user.id));
      return undefined;
    },
  });

  // the report: the project's logs, a page at a time (latest day first)
  route(fastify, app, {
    ...common,
    endpoint: R.report,
    params: projectParams,
    query: worklogReportQuery,
    policy: PERMISSIONS.worklog.report,
    handler: async (ctx) => {
      const page = parsePage(ctx.query, 100);
      const { total, results } = await reportPage(ctx.app.db, ctx.project.id, reportFilter(ctx.query), page);
      return envelope(page, total, results, results.length);
    },
  });

  route(fastify, app, {
    // Plane's SDK reads a project's totals per work item at `total-worklogs/` (v1)
    ...common,
    endpoint: R.totals,
    aliases: o.auth === "apiKey" ? [`${o.project}total-worklogs/`] : [],
    params: projectParams,
    query: worklogReportQuery,
    policy: PERMISSIONS.worklog.report,
    handler: async (ctx) =>
      reportSummary(ctx.app.db, ctx.project.id, reportFilter(ctx.query), reportGroup(ctx.query.group_by)),
  });

  if (o.exportFile) {
    route(fastify, app, {
      ...common,
      endpoint: R.export,
      params: projectParams,
      query: worklogReportQuery,
      policy: PERMISSIONS.worklog.report,
      handler: async (ctx) => {
        const format = exportFormat(ctx.query.format);
        const filter = reportFilter(ctx.query);
        const body = await exportFile(ctx.app.db, ctx.project.id, filter, format);
        const day = new Date().toISOString().slice(0, 10);
        return ctx.reply
          .header(
            "Content-Type",
            format === "csv"
              ? "text/csv; charset=utf-8"
              : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          )
          .header(
            "Content-Disposition",
            contentDisposition("attachment", `worklogs-${ctx.project.identifier}-${day}.${format}`),
          )
          .header("Cache-Control", "private, no-store")
          .send(body);
      },
    });
  }
}

export const worklogRoutes: RouteModule = (fastify, app) => {
  registerWorklogRoutes(fastify, app, { item: itemUrls, project: `${P}/`, exportFile: true });
};
