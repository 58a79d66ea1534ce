import type { FastifyInstance } from "fastify";
import { inArray } from "drizzle-orm";
import { allows, INTAKE_SOURCE } from "@stride/shared";
import { v1IntakeEndpoints as I } from "@stride/shared/endpoints";
import { route, type Ctx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { envelope } from "../../http/pagination.ts";
import { projectParams } from "../../http/fields.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import {
  createIntakeItem,
  deleteIntakeItem,
  listIntakeItems,
  loadIntake,
  loadIntakeItem,
  loadItemRows,
  updateIntakeItem,
  type IntakeItemRow,
  type IntakeViewer,
} from "../intake/commands.ts";
import { intakeCreateBody, intakeItemParams, intakePatchBody } from "../intake/schemas.ts";
import { columns, shapeAll, shapeOne, v1ListQuery, v1ShapeQuery, type V1Object } from "./shape.ts";
import { authorExpanders } from "./presenters.ts";

type ScopeLike = Pick<Ctx, "user" | "projectMember">;
const viewerOf = (ctx: ScopeLike): IntakeViewer => ({
  userId: ctx.user.id,
  projectRole: ctx.projectMember?.role ?? null,
});

/**
 * v1 intake item (wire-facts §12): the intake row's columns + `inbox` and `issue_detail` (the work item's columns
 * with its `state` object, label and assignee ids and `description`).
 */
async function presentV1IntakeItems(db: DbOrTx, rows: IntakeItemRow[]): Promise<V1Object[]> {
  const stateIds = [...new Set(rows.map((r) => r.issue.stateId).filter((s): s is string => !!s))];
  const states = stateIds.length
    ? await db.select().from(schema.states).where(inArray(schema.states.id, stateIds))
    : [];
  const stateById = new Map(states.map((s) => [s.id, { id: s.id, name: s.name, color: s.color, group: s.group }]));
  return rows.map(({ item, issue }) => ({
    ...columns(schema.intakeIssues, item),
    inbox: item.intakeId,
    issue_detail: {
      ...columns(schema.issues, issue, ["description_binary", "is_epic"]),
      state: issue.stateId ? (stateById.get(issue.stateId) ?? null) : null,
      labels: issue.labelIds,
      assignees: issue.assigneeIds,
      cycle: issue.cycleId,
      module: issue.moduleIds[0] ?? null,
      description: issue.descriptionHtml,
    },
  }));
}
const presentOne = async (db: DbOrTx, itemId: string) => {
  const [row] = await loadItemRows(db, [itemId]);
  if (!row) throw errors.notFound();
  return (await presentV1IntakeItems(db, [row]))[0];
};

/** v1 intake items under `/projects/{pid}/intake-issues/`, item paths by the work item's id, as the app's intake. */
export function registerV1Intake(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;
  const load = async (ctx: Ctx<{ issueId: string }, unknown, unknown, undefined>) => {
    const intake = await loadIntake(db, ctx.project);
    return loadIntakeItem(db, intake, ctx.params.issueId, viewerOf(ctx));
  };

  route(fastify, app, {
    endpoint: I.list,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: PERMISSIONS.intake.view,
    handler: async (ctx) => {
      const intake = await loadIntake(db, ctx.project);
      const r = await listIntakeItems(app, ctx.project, intake, viewerOf(ctx), ctx.query);
      const results = await shapeAll(await presentV1IntakeItems(db, r.items), ctx.query, authorExpanders(db));
      return envelope(r.page, r.total, results, results.length);
    },
  });
  route(fastify, app, {
    endpoint: I.create,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: intakeCreateBody,
    policy: PERMISSIONS.intake.create,
    status: 201,
    handler: async (ctx) => {
      const intake = await loadIntake(db, ctx.project);
      if (!intake.isInAppEnabled) throw errors.badRequest("Intake in the app is turned off for this project");
      const row = await db.transaction((tx) =>
        createIntakeItem(tx, ctx.project, intake, ctx.user.id, ctx.body.issue, INTAKE_SOURCE.inApp),
      );
      return presentOne(db, row.id);
    },
  });
  route(fastify, app, {
    endpoint: I.get,
    auth: "apiKey",
    scope: "project",
    params: intakeItemParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.intake.view,
    load,
    handler: async (ctx) => shapeOne(await presentOne(db, ctx.loaded.item.id), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: I.update,
    auth: "apiKey",
    scope: "project",
    params: intakeItemParams,
    body: intakePatchBody,
    policy: PERMISSIONS.intake.edit,
    load,
    creatorOf: (l) => l.item.createdById,
    handler: async (ctx) => {
      const { issue, ...change } = ctx.body;
      const triaging =
        change.status !== undefined || change.snoozed_till !== undefined || change.duplicate_to !== undefined;
      const roles = {
        userId: ctx.user.id,
        workspaceRole: ctx.workspaceMember?.role ?? null,
        projectRole: ctx.projectMember?.role ?? null,
      };
      if (triaging && !allows(PERMISSIONS.intake.triage, roles)) throw errors.forbidden();
      await db.transaction((tx) => updateIntakeItem(tx, ctx.project, ctx.user.id, ctx.loaded, change, issue));
      return presentOne(db, ctx.loaded.item.id);
    },
  });
  route(fastify, app, {
    endpoint: I.remove,
    auth: "apiKey",
    scope: "project",
    params: intakeItemParams,
    policy: PERMISSIONS.intake.delete,
    load,
    creatorOf: (l) => l.item.createdById,
    status: 204,
    handler: async (ctx) => {
      await db.transaction((tx) =>
        deleteIntakeItem(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)),
      );
    },
  });
}
