import type { FastifyInstance } from "fastify";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { cycleEnded } from "@stride/shared";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import { touchItems } from "../../domain/item-touch.ts";
import type { AppContext } from "../../core/context.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { ProjectRow } from "../../http/route.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { projectParams } from "../../http/fields.ts";
import { bulkOperationBody, issueIdsBody } from "./schemas.ts";
import { findProjectIssues } from "./access.ts";
import { deleteIssue, updateIssue, type IssueFields } from "./commands.ts";
import type { IssueRow } from "./queries.ts";
import { changeItemModules } from "./modules.ts";

export const CYCLE_ENDED_NO_ADDITIONS = "The Cycle has already been completed so no new issues can be added";

/**
 * The one command that puts work items into a cycle or takes them out (null): a work item is in at most one cycle,
 * so adding moves it; an ended cycle takes no additions. Records a `cycles` activity per item that moves. Used by
 * POST P/issues/, PATCH P/issues/{id}/, the bulk change and the cycle's own calls (cycle-issues, transfer, delete).
 */
export async function setCycle(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  issues: IssueRow[],
  cycleId: string | null,
) {
  const CI = schema.cycleIssues;
  let cycle: typeof schema.cycles.$inferSelect | undefined;
  if (cycleId) {
    [cycle] = await tx
      .select()
      .from(schema.cycles)
      .where(and(eq(schema.cycles.id, cycleId), eq(schema.cycles.projectId, project.id)))
      .limit(1);
    if (!cycle) throw errors.field("cycle_id", "Invalid cycle");
    if (cycleEnded(cycle.endDate)) throw errors.badRequest(CYCLE_ENDED_NO_ADDITIONS);
  }
  // Current cycles of all the items in one query; then one delete and one insert for the items that move.
  const ids = issues.map((it) => it.id);
  const current = ids.length
    ? await tx
        .select({ ci: CI, name: schema.cycles.name })
        .from(CI)
        .innerJoin(schema.cycles, eq(schema.cycles.id, CI.cycleId))
        .where(inArray(CI.issueId, ids))
    : [];
  const curBy = new Map(current.map((r) => [r.ci.issueId, r]));
  const moving = issues.filter((it) => (curBy.get(it.id)?.ci.cycleId ?? null) !== (cycleId ?? null));
  if (moving.length === 0) return;
  const leaving = moving.map((it) => curBy.get(it.id)?.ci.id).filter((id): id is string => !!id);
  if (leaving.length) await tx.delete(CI).where(inArray(CI.id, leaving));
  await touchItems(
    tx,
    moving.map((it) => it.id),
    actorId,
  );
  if (cycle) {
    await tx.insert(CI).values(
      moving.map((it) => ({
        issueId: it.id,
        cycleId: cycle!.id,
        projectId: project.id,
        workspaceId: project.workspaceId,
        createdById: actorId,
        updatedById: actorId,
      })),
    );
  }
  await recordActivity(
    tx,
    moving.map((it): ActivityInput => {
      const cur = curBy.get(it.id);
      return {
        issueId: it.id,
        projectId: it.projectId,
        workspaceId: it.workspaceId,
        actorId,
        field: "cycles",
        oldValue: cur?.name ?? "",
        newValue: cycle?.name ?? "",
        oldIdentifier: cur?.ci.cycleId ?? null,
        newIdentifier: cycle?.id ?? null,
      };
    }),
  );
}

export function registerBulk(fastify: FastifyInstance, app: AppContext) {
  // POST P/bulk-operation-issues/ {issue_ids, properties}: scalars are set; label/assignee/module ids are added.
  route(fastify, app, {
    endpoint: WI.bulkUpdate,
    scope: "project",
    params: projectParams,
    body: bulkOperationBody,
    policy: PERMISSIONS.workItem.bulkEdit,
    status: 204,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      const props = ctx.body.properties;
      await ctx.app.db.transaction(async (tx) => {
        const rows = await findProjectIssues(tx, ctx.project.id, ids, { forUpdate: true });
        for (const it of rows) {
          const start = props.start_date !== undefined ? props.start_date : it.startDate;
          const target = props.target_date !== undefined ? props.target_date : it.targetDate;
          if (start && target && start > target) {
            throw props.start_date
              ? errors.domain(4101, "INVALID_ISSUE_START_DATE")
              : errors.domain(4102, "INVALID_ISSUE_TARGET_DATE");
          }
        }
        for (const it of rows) {
          const patch: IssueFields = {};
          // custom property values (issue #29): checked per item against its type, like a PATCH
          for (const k of [
            "state_id",
            "priority",
            "start_date",
            "target_date",
            "estimate_point",
            "property_values",
          ] as const) {
            if (props[k] !== undefined) (patch as Record<string, unknown>)[k] = props[k];
          }
          if (props.label_ids?.length) {
            const cur = await tx
              .select({ id: schema.issueLabels.labelId })
              .from(schema.issueLabels)
              .where(eq(schema.issueLabels.issueId, it.id));
            patch.label_ids = [...new Set([...cur.map((c) => c.id), ...props.label_ids])];
          }
          if (props.assignee_ids?.length) {
            const cur = await tx
              .select({ id: schema.issueAssignees.assigneeId })
              .from(schema.issueAssignees)
              .where(eq(schema.issueAssignees.issueId, it.id));
            patch.assignee_ids = [...new Set([...cur.map((c) => c.id), ...props.assignee_ids])];
          }
          if (Object.keys(patch).length) await updateIssue(tx, ctx.project, ctx.user.id, it.id, patch, { label: true });
        }
        if (props.cycle_id !== undefined) await setCycle(tx, ctx.project, ctx.user.id, rows, props.cycle_id);
        if (props.module_ids?.length)
          await changeItemModules(tx, ctx.project, ctx.user.id, rows, { add: props.module_ids });
      });
      return undefined;
    },
  });

  // DELETE P/bulk-delete-issues/ {issue_ids} (project admins)
  route(fastify, app, {
    endpoint: WI.bulkDelete,
    scope: "project",
    params: projectParams,
    body: issueIdsBody,
    policy: PERMISSIONS.workItem.bulkDelete,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.issue_ids)];
      await ctx.app.db.transaction(async (tx) => {
        const rows = await findProjectIssues(tx, ctx.project.id, ids, { forUpdate: true });
        for (const it of rows) {
          // an earlier item's deletion may already have removed this one as its sub-item
          const [still] = await tx
            .select({ id: schema.issues.id })
            .from(schema.issues)
            .where(and(eq(schema.issues.id, it.id), isNull(schema.issues.deletedAt)));
          if (still)
            await deleteIssue(tx, it, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg));
        }
      });
      return { message: `${ids.length} issues were deleted` };
    },
  });
}
