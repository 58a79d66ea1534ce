import type { FastifyInstance } from "fastify";
import { and, desc, eq, isNull } from "drizzle-orm";
import { INTAKE_STATUS } from "@stride/shared";
import { spaceIntakeBodies } from "@stride/shared/contract";
import { publishEndpoints as PB } from "@stride/shared/endpoints";
import { route, type UserRow } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { htmlField } from "../../core/sanitize.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import {
  createIntakeItem,
  deleteIntakeItem,
  loadIntake,
  loadItemRows,
  updateIntakeItem,
  type IntakeItemRow,
} from "../intake/commands.ts";
import { presentIntakeItem } from "../intake/presenters.ts";
import { loadPublished, recordPublicMember, type Published } from "./commands.ts";
import { anchorIntakeItemParams, anchorIntakeParams } from "./schemas.ts";

/** Plane's older name of the same paths. */
const ITEMS_ALIAS = ["/api/public/anchor/:anchor/intakes/:intakeId/inbox-issues/"];
const ITEM_ALIAS = ["/api/public/anchor/:anchor/intakes/:intakeId/inbox-issues/:issueId/"];
const { create: createBody, patch: patchBody } = spaceIntakeBodies(htmlField);

/** The space's source of an intake request (the app's are IN_APP and FORMS). */
export const SPACE_SOURCE = "SPACE";
const intakeOff = () => errors.badRequest("Intake is not enabled for this project board");

/**
 * The published board of `anchor` and the project's intake of the path, when the board takes requests: 400 when the
 * board's `intake` is null (wire-facts-2 §2), 404 "Intake not found" when the project's intake is off, 404 when the
 * path names another intake.
 */
async function spaceIntake(app: AppContext, params: { anchor: string; intakeId: string }) {
  const pub = await loadPublished(app.db, params.anchor);
  if (!pub.board.intakeId) throw intakeOff();
  const intake = await loadIntake(app.db, pub.project);
  if (intake.id !== pub.board.intakeId || intake.id !== params.intakeId) throw errors.notFound();
  return { pub, intake };
}

/** A request the caller sent through the space; only theirs are visible here, and only while pending can they change it. */
async function ownRequest(
  app: AppContext,
  pub: Published,
  intakeId: string,
  issueId: string,
  user: UserRow,
): Promise<IntakeItemRow> {
  const II = schema.intakeIssues;
  const [row] = await app.db
    .select({ item: II, issue: schema.issues })
    .from(II)
    .innerJoin(schema.issues, eq(schema.issues.id, II.issueId))
    .where(
      and(
        eq(II.intakeId, intakeId),
        eq(II.issueId, issueId),
        eq(II.projectId, pub.project.id),
        eq(II.createdById, user.id),
        eq(II.source, SPACE_SOURCE),
        isNull(schema.issues.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

const notPending = () => errors.badRequest("Only a pending request can be changed");

/**
 * Intake through the published space (wire-facts-2 §2 `intakes/{intake}/intake-issues/`, `inbox-issues/` alias):
 * a signed-in visitor files a request, which lands as a pending intake item of the project; they list, read, edit
 * and withdraw their own requests while pending. Other people's requests are never shown.
 */
export function registerSpaceIntake(fastify: FastifyInstance, app: AppContext) {
  const user = POLICIES.user.any;

  route(fastify, app, {
    endpoint: PB.requests,
    aliases: ITEMS_ALIAS,
    policy: user,
    params: anchorIntakeParams,
    handler: async (ctx) => {
      const { pub, intake } = await spaceIntake(ctx.app, ctx.params);
      const II = schema.intakeIssues;
      const ids = await ctx.app.db
        .select({ id: II.id })
        .from(II)
        .where(
          and(
            eq(II.intakeId, intake.id),
            eq(II.projectId, pub.project.id),
            eq(II.createdById, ctx.user.id),
            eq(II.source, SPACE_SOURCE),
          ),
        )
        .orderBy(desc(II.createdAt))
        .limit(100);
      const rows = await loadItemRows(
        ctx.app.db,
        ids.map((r) => r.id),
      );
      return rows.filter((r) => !r.issue.deletedAt).map(presentIntakeItem);
    },
  });

  route(fastify, app, {
    endpoint: PB.sendRequest,
    aliases: ITEMS_ALIAS,
    policy: user,
    params: anchorIntakeParams,
    body: createBody,
    status: 201,
    handler: async (ctx) => {
      const { pub, intake } = await spaceIntake(ctx.app, ctx.params);
      const made = await ctx.app.db.transaction(async (tx) => {
        await recordPublicMember(tx, pub, ctx.user);
        // the space's request panel asks for no custom property: required ones wait for the triager
        return createIntakeItem(tx, pub.project, intake, ctx.user.id, ctx.body.issue, SPACE_SOURCE, null, "nothing");
      });
      const [row] = await loadItemRows(ctx.app.db, [made.id]);
      return presentIntakeItem(row);
    },
  });

  registerOwnRequest(fastify, app);
}

/** One of the visitor's own requests: read it, and edit or withdraw it while it is pending. */
function registerOwnRequest(fastify: FastifyInstance, app: AppContext) {
  const user = POLICIES.user.any;

  route(fastify, app, {
    endpoint: PB.request,
    aliases: ITEM_ALIAS,
    policy: user,
    params: anchorIntakeItemParams,
    handler: async (ctx) => {
      const { pub, intake } = await spaceIntake(ctx.app, ctx.params);
      return presentIntakeItem(await ownRequest(ctx.app, pub, intake.id, ctx.params.issueId, ctx.user));
    },
  });

  route(fastify, app, {
    endpoint: PB.updateRequest,
    aliases: ITEM_ALIAS,
    policy: user,
    params: anchorIntakeItemParams,
    body: patchBody,
    handler: async (ctx) => {
      const { pub, intake } = await spaceIntake(ctx.app, ctx.params);
      const row = await ownRequest(ctx.app, pub, intake.id, ctx.params.issueId, ctx.user);
      if (row.item.status !== INTAKE_STATUS.pending) throw notPending();
      await ctx.app.db.transaction((tx) => updateIntakeItem(tx, pub.project, ctx.user.id, row, {}, ctx.body.issue));
      return presentIntakeItem(await ownRequest(ctx.app, pub, intake.id, ctx.params.issueId, ctx.user));
    },
  });

  route(fastify, app, {
    endpoint: PB.withdrawRequest,
    aliases: ITEM_ALIAS,
    policy: user,
    params: anchorIntakeItemParams,
    status: 204,
    handler: async (ctx) => {
      const { pub, intake } = await spaceIntake(ctx.app, ctx.params);
      const row = await ownRequest(ctx.app, pub, intake.id, ctx.params.issueId, ctx.user);
      if (row.item.status !== INTAKE_STATUS.pending) throw notPending();
      await ctx.app.db.transaction((tx) =>
        deleteIntakeItem(tx, row, ctx.user.id, (msg, err, id) => ctx.req.log.warn({ err, id }, msg)),
      );
    },
  });
}
