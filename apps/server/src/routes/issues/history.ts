import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, asc, eq, isNull, notInArray, or, sql, type AnyColumn } from "drizzle-orm";
import { route } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { HIDDEN_HISTORY_FIELDS } from "../../core/activity.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { itemUrls } from "./urls.ts";
import { issueParams } from "./schemas.ts";
import { loadIssueForRoute } from "./access.ts";
import { presentActivity } from "./presenters.ts";
import { usersById } from "./detail.ts";
import { presentComments, registerCommentCreate } from "../issue-comments/build.ts";

/** Responses carry millisecond timestamps, so compare at that precision (no row comes back twice). */
const laterThan = (col: AnyColumn, after: Date) => sql`date_trunc('milliseconds', ${col}) > ${after.toISOString()}::timestamptz`;

const historyQuery = z
  .object({
    activity_type: z.string().max(200).optional(),
    created_at__gt: z.string().max(64).optional(),
  })
  .passthrough();

/**
 * GET P/issues/{id}/history/ (wire-facts §6.4): property changes (`issue-property` / `epic-property`)
 * and comments (`issue-comment` / `epic-comment`), oldest first, incremental with `created_at__gt`.
 * Without `activity_type` both are merged by `created_at`.
 * POST adds a comment to the feed (same body and response as POST …/comments/).
 */
export function registerHistory(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "GET",
    url: itemUrls("history/"),
    scope: "project",
    params: issueParams,
    query: historyQuery,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const issue = ctx.loaded;
      const types = new Set((ctx.query.activity_type ?? "").split(",").map((s) => s.trim()).filter(Boolean));
      const known = ["issue-property", "epic-property", "issue-comment", "epic-comment"];
      for (const t of types) if (!known.includes(t)) throw errors.badParam(`Invalid activity_type: ${t}`);
      const wantProps = types.size === 0 || types.has("issue-property") || types.has("epic-property");
      const wantComments = types.size === 0 || types.has("issue-comment") || types.has("epic-comment");
      let after: Date | null = null;
      if (ctx.query.created_at__gt) {
        after = new Date(ctx.query.created_at__gt.replace(" ", "+"));
        if (Number.isNaN(after.getTime())) throw errors.badParam("Invalid created_at__gt: use an ISO-8601 datetime.");
      }
      const A = schema.issueActivities;
      const activities = wantProps
        ? await ctx.app.db
            .select()
            .from(A)
            .where(and(eq(A.issueId, issue.id), or(isNull(A.field), notInArray(A.field, [...HIDDEN_HISTORY_FIELDS])), after ? laterThan(A.createdAt, after) : undefined))
            .orderBy(asc(A.createdAt))
        : [];
      const C = schema.issueComments;
      const comments = wantComments
        ? await ctx.app.db
            .select()
            .from(C)
            .where(and(eq(C.issueId, issue.id), isNull(C.deletedAt), after ? laterThan(C.createdAt, after) : undefined))
            .orderBy(asc(C.createdAt))
        : [];
      const users = await usersById(ctx.app.db, activities.map((a) => a.actorId));
      const presentedActs = activities.map((a) =>
        presentActivity(a, { actor: a.actorId ? users.get(a.actorId) : null, issue, project: ctx.project, workspace: ctx.workspace }),
      );
      const presentedComments = await presentComments(ctx.app.db, comments, ctx.project, ctx.workspace);
      if (!wantComments) return presentedActs;
      if (!wantProps) return presentedComments;
      return [...presentedActs, ...presentedComments].sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
    },
  });

  registerCommentCreate(fastify, app, itemUrls("history/"));
}
