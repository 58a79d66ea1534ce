import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { issueParams, projectParams } from "../../http/fields.ts";
import { issueIdsBody } from "./schemas.ts";
import { findProjectIssues, loadIssueForRoute, visibleTo } from "./access.ts";
import { subscribe } from "./commands.ts";
import { presentSubscriber } from "./presenters.ts";

/** Subscribe / unsubscribe the caller (wire-facts §6.3); any project role may follow items it can see. */
export function registerSubscription(fastify: FastifyInstance, app: AppContext) {
  const S = schema.issueSubscribers;

  route(fastify, app, {
    ...onItems(WI.subscription),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const [row] = await ctx.app.db
        .select({ id: S.id })
        .from(S)
        .where(and(eq(S.issueId, ctx.loaded.id), eq(S.subscriberId, ctx.user.id)))
        .limit(1);
      return { subscribed: !!row };
    },
  });

  route(fastify, app, {
    ...onItems(WI.subscribe),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      await subscribe(ctx.app.db, ctx.loaded, [ctx.user.id], ctx.user.id);
      const [row] = await ctx.app.db
        .select()
        .from(S)
        .where(and(eq(S.issueId, ctx.loaded.id), eq(S.subscriberId, ctx.user.id)))
        .limit(1);
      return presentSubscriber(row);
    },
  });

  route(fastify, app, {
    ...onItems(WI.unsubscribe),
    scope: "project",
    params: issueParams,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.delete(S).where(and(eq(S.issueId, ctx.loaded.id), eq(S.subscriberId, ctx.user.id)));
      return undefined;
    },
  });

  // POST P/bulk-subscribe-issues/ {issue_ids}
  route(fastify, app, {
    endpoint: WI.bulkSubscribe,
    scope: "project",
    params: projectParams,
    body: issueIdsBody,
    policy: POLICIES.project.read,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      const rows = await findProjectIssues(ctx.app.db, ctx.project.id, ids, {
        canSee: visibleTo(ctx.user.id, ctx.project, ctx.projectMember),
      });
      await ctx.app.db.transaction(async (tx) => {
        for (const it of rows) await subscribe(tx, it, [ctx.user.id], ctx.user.id);
      });
      return { message: "Subscribed to the work items" };
    },
  });
}
