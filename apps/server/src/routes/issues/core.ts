import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq, isNull, sql } from "drizzle-orm";
import { route } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { P, W, isEpicPath, itemUrls } from "../../core/paths.ts";
import { issueParams, projectParams } from "../../core/fields.ts";
import { expandQuery, issueCreateBody, issuePatchBody, parseExpand, workItemDatesBody } from "./schemas.ts";
import { assertCanSee, findProjectIssues, issueNotFound, loadIssueForRoute, notAllowedToView } from "./access.ts";
import { createIssueWithView, deleteIssue, START_AFTER_TARGET, updateIssue } from "./commands.ts";
import { loadIssueView } from "./queries.ts";
import { presentIssue } from "./presenters.ts";
import { buildIssueDetail } from "./detail.ts";


/** Create, read, update and delete one work item; lookup by key; meta; bulk date updates. */
export function registerIssueCore(fastify: FastifyInstance, app: AppContext) {
  // POST P/issues/ and P/epics/
  route(fastify, app, {
    method: "POST",
    url: [`${P}/issues/`, `${P}/epics/`],
    scope: "project",
    params: projectParams,
    body: issueCreateBody,
    policy: Policies.project.member,
    status: 201,
    handler: async (ctx) => {
      const isEpic = isEpicPath(ctx);
      const { view } = await ctx.app.db.transaction((tx) => createIssueWithView(tx, ctx.project, ctx.user.id, ctx.body, { isEpic }));
      return presentIssue(view);
    },
  });

  // GET P/issues/{id}/ — detail with expansions
  route(fastify, app, {
    method: "GET",
    url: itemUrls(),
    scope: "project",
    params: issueParams,
    query: expandQuery,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const view = await loadIssueView(ctx.app.db, ctx.loaded.id);
      if (!view) throw errors.notFound();
      return buildIssueDetail(ctx.app.db, view, ctx.user.id, ctx.workspace.slug, parseExpand(ctx.query.expand as string | undefined));
    },
  });

  // PATCH P/issues/{id}/ → 204 (wire-facts §6.3)
  route(fastify, app, {
    method: "PATCH",
    url: itemUrls(),
    scope: "project",
    params: issueParams,
    body: issuePatchBody,
    policy: Policies.project.memberOrCreator,
    load: (ctx) => loadIssueForRoute(ctx),
    creatorOf: (issue) => issue.createdById,
    status: 204,
    handler: async (ctx) => {
      const { skip_activity, ...patch } = ctx.body;
      await ctx.app.db.transaction((tx) => updateIssue(tx, ctx.project, ctx.user.id, ctx.loaded.id, patch, { skipActivity: !!skip_activity }));
      return undefined;
    },
  });

  // DELETE P/issues/{id}/ (admin or creator); sub-items one by one
  route(fastify, app, {
    method: "DELETE",
    url: itemUrls(),
    scope: "project",
    params: issueParams,
    policy: Policies.project.adminOrCreator,
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
    method: "GET",
    url: `${W}/work-items/:key/`,
    scope: "workspace",
    params: z.object({ slug: z.string(), key: z.string().max(300) }),
    query: expandQuery,
    policy: Policies.workspace.read,
    handler: async (ctx) => {
      const key = ctx.params.key;
      const dash = key.lastIndexOf("-");
      const ident = dash > 0 ? key.slice(0, dash) : "";
      const seqText = dash > 0 ? key.slice(dash + 1) : "";
      if (!ident || !/^\d{1,9}$/.test(seqText)) throw errors.badRequest("Invalid issue identifier");
      const [project] = await ctx.app.db
        .select()
        .from(schema.projects)
        .where(and(eq(schema.projects.workspaceId, ctx.workspace.id), sql`upper(${schema.projects.identifier}) = ${ident.toUpperCase()}`))
        .limit(1);
      if (!project) throw issueNotFound();
      const [member] = await ctx.app.db
        .select()
        .from(schema.projectMembers)
        .where(and(eq(schema.projectMembers.projectId, project.id), eq(schema.projectMembers.memberId, ctx.user.id), eq(schema.projectMembers.isActive, true)))
        .limit(1);
      if (!member) throw notAllowedToView();
      const [issue] = await ctx.app.db
        .select()
        .from(schema.issues)
        .where(and(eq(schema.issues.projectId, project.id), eq(schema.issues.sequenceId, Number(seqText)), isNull(schema.issues.deletedAt)))
        .limit(1);
      if (!issue) throw issueNotFound();
      assertCanSee(ctx.user.id, project, member, issue);
      const view = await loadIssueView(ctx.app.db, issue.id);
      return buildIssueDetail(ctx.app.db, view!, ctx.user.id, ctx.workspace.slug, parseExpand(ctx.query.expand as string | undefined));
    },
  });

  // GET P/issues/{id}/meta/
  route(fastify, app, {
    method: "GET",
    url: itemUrls("meta/"),
    scope: "project",
    params: issueParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => ({ sequence_id: ctx.loaded.sequenceId, project_identifier: ctx.project.identifier }),
  });

  // POST P/issue-dates/ {updates:[{id, start_date?, target_date?}]}
  route(fastify, app, {
    method: "POST",
    url: `${P}/issue-dates/`,
    scope: "project",
    params: projectParams,
    body: workItemDatesBody,
    policy: Policies.project.member,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.updates.map((u) => u.id))];
      await ctx.app.db.transaction(async (tx) => {
        const found = await findProjectIssues(tx, ctx.project.id, ids);
        const byId = new Map(found.map((f) => [f.id, f]));
        for (const u of ctx.body.updates) {
          const cur = byId.get(u.id)!;
          const start = u.start_date !== undefined ? u.start_date : cur.startDate;
          const target = u.target_date !== undefined ? u.target_date : cur.targetDate;
          if (start && target && start > target) throw errors.body(400, { message: START_AFTER_TARGET, error_code: 4100, error_message: "INVALID_ISSUE_DATES" });
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
