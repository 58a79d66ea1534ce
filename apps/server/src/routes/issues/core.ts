import type { FastifyInstance } from "fastify";
import { answerWithVisit } from "../../domain/recent-visits.ts";
import { z } from "zod";
import { route } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { isEpicPath } from "../../http/paths.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { issueParams, projectParams } from "../../http/fields.ts";
import { expandQuery, issueCreateBody, issuePatchBody, parseExpand, workItemDatesBody } from "./schemas.ts";
import {
  assertCanSee,
  findProjectIssues,
  issueLoadKey,
  issueNotFound,
  loadIssueForRoute,
  notAllowedToView,
} from "./access.ts";
import { pageAnnounce, pageKnown } from "../../http/page-loads.ts";
import { workItemKeyAnnouncement } from "@stride/shared";
import { createIssueWithView, deleteIssue, patchIssue, START_AFTER_TARGET, updateIssue } from "./commands.ts";
import { setCycle } from "./bulk.ts";
import { loadIssueView, lookupIssueByKey } from "./queries.ts";
import { presentIssue } from "./presenters.ts";
import { buildIssueDetail } from "./detail.ts";

/** Create, read, update and delete one work item; lookup by key; meta; bulk date updates. */
export function registerIssueCore(fastify: FastifyInstance, app: AppContext) {
  // POST P/issues/ and P/epics/
  route(fastify, app, {
    ...onItems(WI.create),
    scope: "project",
    params: projectParams,
    body: issueCreateBody,
    policy: PERMISSIONS.workItem.create,
    status: 201,
    handler: async (ctx) => {
      const isEpic = isEpicPath(ctx);
      const { cycle_id, ...input } = ctx.body;
      const { view } = await ctx.app.db.transaction(async (tx) => {
        // without a cycle to set, the create is the transaction's last write: its COMMIT goes out with it
        const made = await createIssueWithView(tx, ctx.project, ctx.user.id, input, { isEpic, commitAhead: !cycle_id });
        if (cycle_id) {
          await setCycle(tx, ctx.project, ctx.user.id, [made.issue], cycle_id);
          made.view.cycleId = cycle_id;
        }
        return made;
      });
      return presentIssue(view);
    },
  });

  // GET P/issues/{id}/ — detail with expansions
  route(fastify, app, {
    ...onItems(WI.get),
    scope: "project",
    params: issueParams,
    query: expandQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const view = await loadIssueView(ctx.app.db, ctx.loaded.id);
      if (!view) throw errors.notFound();
      return answerWithVisit(
        ctx.app.db,
        ctx.req.log,
        {
          userId: ctx.user.id,
          workspaceId: ctx.workspace.id,
          entity: "issue",
          id: ctx.loaded.id,
          projectId: ctx.project.id,
        },
        buildIssueDetail(
          ctx.app.db,
          view,
          ctx.user.id,
          ctx.workspace.slug,
          parseExpand(ctx.query.expand as string | undefined),
        ),
      );
    },
  });

  // PATCH P/issues/{id}/ → 204 (wire-facts §6.3)
  route(fastify, app, {
    ...onItems(WI.update),
    scope: "project",
    params: issueParams,
    body: issuePatchBody,
    policy: PERMISSIONS.workItem.edit,
    load: (ctx) => loadIssueForRoute(ctx),
    creatorOf: (issue) => issue.createdById,
    status: 204,
    handler: async (ctx) => {
      const { skip_activity, cycle_id, ...patch } = ctx.body;
      await patchIssue(
        ctx.app.db,
        ctx.project,
        ctx.user.id,
        ctx.loaded,
        patch,
        { skipActivity: !!skip_activity },
        cycle_id !== undefined ? (tx, row) => setCycle(tx, ctx.project, ctx.user.id, [row], cycle_id) : undefined,
      );
      return undefined;
    },
  });

  // DELETE P/issues/{id}/ (admin or creator); sub-items one by one
  route(fastify, app, {
    ...onItems(WI.remove),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.delete,
    load: (ctx) => loadIssueForRoute(ctx),
    creatorOf: (issue) => issue.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) =>
        deleteIssue(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)),
      );
      return undefined;
    },
  });

  // GET W/work-items/{IDENT}-{seq}/
  route(fastify, app, {
    endpoint: WI.lookup,
    scope: "workspace",
    params: z.object({ slug: z.string(), key: z.string().max(300) }),
    query: expandQuery,
    policy: POLICIES.workspace.read,
    handler: async (ctx) => {
      const key = ctx.params.key;
      const dash = key.lastIndexOf("-");
      const ident = dash > 0 ? key.slice(0, dash) : "";
      const seqText = dash > 0 ? key.slice(dash + 1) : "";
      if (!ident || !/^\d{1,9}$/.test(seqText)) throw errors.badRequest("Invalid issue identifier");
      // the full work-item page opens with this request: project, the caller's membership and the item's
      // view in one statement
      const found = await lookupIssueByKey(ctx.app.db, ctx.workspace.id, ctx.user.id, ident, Number(seqText));
      if (!found) throw issueNotFound();
      const { project, member, view } = found;
      if (!member) throw notAllowedToView();
      if (!view) throw issueNotFound();
      assertCanSee(ctx.user.id, project, member, view.issue);
      // the page's requests for the item's parts (core/screen-data.ts) reuse the row instead of reading it again,
      // and start now rather than after the rest of this answer (its expanded parts, the recorded visit)
      pageKnown(issueLoadKey(project.id, view.issue.id), view.issue);
      pageAnnounce(workItemKeyAnnouncement(ctx.params.slug, key), {
        id: view.issue.id,
        project_id: project.id,
        is_epic: view.issue.isEpic,
      });
      return answerWithVisit(
        ctx.app.db,
        ctx.req.log,
        {
          userId: ctx.user.id,
          workspaceId: ctx.workspace.id,
          entity: "issue",
          id: view.issue.id,
          projectId: project.id,
        },
        buildIssueDetail(
          ctx.app.db,
          view,
          ctx.user.id,
          ctx.workspace.slug,
          parseExpand(ctx.query.expand as string | undefined),
        ),
      );
    },
  });

  // GET P/issues/{id}/meta/
  route(fastify, app, {
    ...onItems(WI.meta),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => ({ sequence_id: ctx.loaded.sequenceId, project_identifier: ctx.project.identifier }),
  });

  // POST P/issue-dates/ {updates:[{id, start_date?, target_date?}]}
  route(fastify, app, {
    endpoint: WI.dates,
    scope: "project",
    params: projectParams,
    body: workItemDatesBody,
    policy: PERMISSIONS.workItem.bulkEdit,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.updates.map((u) => u.id))];
      await ctx.app.db.transaction(async (tx) => {
        const found = await findProjectIssues(tx, ctx.project.id, ids);
        const byId = new Map(found.map((f) => [f.id, f]));
        for (const u of ctx.body.updates) {
          const cur = byId.get(u.id)!;
          const start = u.start_date !== undefined ? u.start_date : cur.startDate;
          const target = u.target_date !== undefined ? u.target_date : cur.targetDate;
          if (start && target && start > target)
            throw errors.body(400, {
              message: START_AFTER_TARGET,
              error_code: 4100,
              error_message: "INVALID_ISSUE_DATES",
            });
          const patch: { start_date?: string | null; target_date?: string | null } = {};
          if (u.start_date !== undefined) patch.start_date = u.start_date;
          if (u.target_date !== undefined) patch.target_date = u.target_date;
          const row = await updateIssue(tx, ctx.project, ctx.user.id, u.id, patch);
          byId.set(u.id, row);
        }
      });
      return { message: "Issues updated successfully" };
    },
  });
}
