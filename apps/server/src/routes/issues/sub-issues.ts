import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import { PRIORITY_NUMBER, STATE_GROUPS, type Priority } from "@stride/shared";
import { route, type ProjectCtx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { issueParams } from "../../http/fields.ts";
import { addSubIssuesBody } from "./schemas.ts";
import { findProjectIssues, loadIssueForRoute, visibleTo } from "./access.ts";
import { lockFamily, updateIssue } from "./commands.ts";
import { loadIssueViews, type IssueView } from "./queries.ts";
import { presentIssue } from "./presenters.ts";

const GROUP_ORDER: Record<string, number> = Object.fromEntries(STATE_GROUPS.map((g, i) => [g, i]));

type Key = (v: IssueView) => unknown;
const ORDER_KEYS: Record<string, Key> = {
  sort_order: (v) => v.issue.sortOrder,
  created_at: (v) => v.issue.createdAt.getTime(),
  updated_at: (v) => v.issue.updatedAt.getTime(),
  start_date: (v) => v.issue.startDate,
  target_date: (v) => v.issue.targetDate,
  // ascending "priority" = none→urgent; "-priority" = urgent→none
  priority: (v) => PRIORITY_NUMBER[v.issue.priority as Priority] ?? 0,
  sequence_id: (v) => v.issue.sequenceId,
  name: (v) => v.issue.name.toLowerCase(),
  state__group: (v) => GROUP_ORDER[v.stateGroup ?? ""] ?? 99,
};

/** Sort sub-items by an order_by value (unknown values fall back to `-created_at`); nulls last. */
export function sortViews(views: IssueView[], orderBy: string | undefined): IssueView[] {
  let desc = (orderBy ?? "").startsWith("-");
  let key = ORDER_KEYS[(orderBy ?? "").replace(/^-/, "")];
  if (!key) {
    key = ORDER_KEYS.created_at;
    desc = true;
  }
  return [...views].sort((a, b) => {
    const x = key!(a) as number | string | null;
    const y = key!(b) as number | string | null;
    if (x === y) return b.issue.createdAt.getTime() - a.issue.createdAt.getTime();
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const c = x < y ? -1 : 1;
    return desc ? -c : c;
  });
}

const GROUP_KEYS: Record<string, (v: IssueView) => (string | null)[]> = {
  state_id: (v) => [v.issue.stateId],
  priority: (v) => [v.issue.priority],
  state__group: (v) => [v.stateGroup],
  labels__id: (v) => (v.labelIds.length ? v.labelIds : [null]),
  assignees__id: (v) => (v.assigneeIds.length ? v.assigneeIds : [null]),
  issue_module__module_id: (v) => (v.moduleIds.length ? v.moduleIds : [null]),
  cycle_id: (v) => [v.cycleId],
  created_by: (v) => [v.issue.createdById],
  target_date: (v) => [v.issue.targetDate],
  start_date: (v) => [v.issue.startDate],
  project_id: (v) => [v.issue.projectId],
};

function presentSub(v: IssueView) {
  return { ...presentIssue(v, { stateGroup: true }), state_group: v.stateGroup };
}

/** `{sub_issues, state_distribution}` for the children of an item (wire-facts §6.5). */
export async function subIssuesResponse(
  db: DbOrTx,
  ctx: ProjectCtx,
  parentId: string,
  orderBy?: string,
  groupBy?: string,
) {
  const children = await db
    .select({ id: schema.issues.id, createdById: schema.issues.createdById })
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.parentId, parentId),
        isNull(schema.issues.deletedAt),
        isNull(schema.issues.archivedAt),
        eq(schema.issues.isDraft, false),
      ),
    );
  const canSee = visibleTo(ctx.user.id, ctx.project, ctx.projectMember);
  const views = sortViews(
    await loadIssueViews(
      db,
      children.filter(canSee).map((c) => c.id),
    ),
    orderBy,
  );
  const distribution: Record<string, string[]> = Object.fromEntries(STATE_GROUPS.map((g) => [g, [] as string[]]));
  for (const v of views) if (v.stateGroup) (distribution[v.stateGroup] ??= []).push(v.issue.id);
  if (groupBy) {
    const keyOf = GROUP_KEYS[groupBy];
    const grouped: Record<string, ReturnType<typeof presentSub>[]> = {};
    for (const v of views) for (const k of keyOf(v)) (grouped[k ?? "None"] ??= []).push(presentSub(v));
    return { sub_issues: grouped, state_distribution: distribution };
  }
  return { sub_issues: views.map(presentSub), state_distribution: distribution };
}

const subQuery = z
  .object({
    order_by: z.string().max(100).optional(),
    group_by: z.enum(Object.keys(GROUP_KEYS) as [string, ...string[]]).optional(),
  })
  .passthrough();

export function registerSubIssues(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    ...onItems(WI.subIssues),
    scope: "project",
    params: issueParams,
    query: subQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => subIssuesResponse(ctx.app.db, ctx, ctx.loaded.id, ctx.query.order_by, ctx.query.group_by),
  });

  // POST {sub_issue_ids} → 200 with the parent's sub-items
  route(fastify, app, {
    ...onItems(WI.addSubIssues),
    scope: "project",
    params: issueParams,
    body: addSubIssuesBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const parent = ctx.loaded;
      const ids = [...new Set(ctx.body.sub_issue_ids)];
      if (ids.includes(parent.id)) throw errors.badRequest("A work item cannot be its own sub-item");
      await ctx.app.db.transaction(async (tx) => {
        await findProjectIssues(tx, ctx.project.id, ids);
        // the parent, the children and their present parents, all locked at once in id order before any is changed
        await lockFamily(tx, ids, [parent.id]);
        for (const id of ids) await updateIssue(tx, ctx.project, ctx.user.id, id, { parent_id: parent.id });
      });
      return subIssuesResponse(ctx.app.db, ctx, parent.id);
    },
  });
}
