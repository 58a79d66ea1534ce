import type { FastifyInstance } from "fastify";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { issueParams, projectParams } from "../../http/fields.ts";
import { expandQuery, issueIdsBody, parseExpand } from "./schemas.ts";
import { findProjectIssues, loadIssueForRoute } from "./access.ts";
import { archiveIssues, restoreIssue } from "./commands.ts";
import { loadIssueView } from "./queries.ts";
import { buildIssueDetail } from "./detail.ts";

/** Archive and restore (only completed / cancelled items archive: 4091 otherwise). */
export function registerArchive(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    ...onItems(WI.archived),
    scope: "project",
    params: issueParams,
    query: expandQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx, { onlyArchived: true }),
    handler: async (ctx) => {
      const view = await loadIssueView(ctx.app.db, ctx.loaded.id);
      if (!view) throw errors.notFound();
      return buildIssueDetail(
        ctx.app.db,
        view,
        ctx.user.id,
        ctx.workspace.slug,
        parseExpand(ctx.query.expand as string | undefined),
      );
    },
  });

  route(fastify, app, {
    ...onItems(WI.archive),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.archive,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const archived_at = await ctx.app.db.transaction((tx) => archiveIssues(tx, [ctx.loaded], ctx.user.id));
      return { archived_at: ctx.loaded.archivedAt ?? archived_at };
    },
  });

  route(fastify, app, {
    ...onItems(WI.restore),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.restore,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => restoreIssue(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });

  // POST P/bulk-archive-issues/ {issue_ids} → {archived_at} or 4091
  route(fastify, app, {
    endpoint: WI.bulkArchive,
    scope: "project",
    params: projectParams,
    body: issueIdsBody,
    policy: PERMISSIONS.workItem.archive,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      const archived_at = await ctx.app.db.transaction(async (tx) => {
        const rows = await findProjectIssues(tx, ctx.project.id, ids, { forUpdate: true });
        return archiveIssues(tx, rows, ctx.user.id);
      });
      return { archived_at };
    },
  });
}
