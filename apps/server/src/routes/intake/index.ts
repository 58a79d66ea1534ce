import { eq } from "drizzle-orm";
import { allows, INTAKE_SOURCE, textToHtml } from "@stride/shared";
import type { PublicIntakeSubmitted } from "@stride/shared/contract";
import { intakeEndpoints } from "@stride/shared/endpoints";
import { route, type Ctx, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { envelope } from "../../http/pagination.ts";
import { listQuery, projectParams } from "../../http/fields.ts";
import { P } from "../../http/paths.ts";
import { hitRateLimit } from "../../core/rate-limit.ts";
import { propertyError, publicFormProperties } from "../../domain/item-properties.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { loadIssueView } from "../issues/queries.ts";
import { buildIssueDetail } from "../issues/detail.ts";
import { expandQuery, parseExpand } from "../issues/schemas.ts";
import {
  FORM_NOT_FOUND,
  FORM_RATE_PER_MINUTE,
  createIntakeItem,
  deleteIntakeItem,
  listIntakeItems,
  loadFormByAnchor,
  loadIntake,
  loadIntakeItem,
  openCounts,
  regenerateAnchor,
  updateIntakeItem,
  updateSettings,
  type IntakeItemRow,
  type IntakeRow,
  type IntakeViewer,
} from "./commands.ts";
import {
  presentIntake,
  presentIntakeItem,
  presentIntakeItemDetail,
  presentIntakeSettings,
  presentPublicForm,
} from "./presenters.ts";
import {
  anchorParams,
  intakeCreateBody,
  intakeItemParams,
  intakePatchBody,
  intakeSettingsBody,
  publicIntakeBody,
} from "./schemas.ts";

const E = intakeEndpoints;
/** Plane's other spelling of the items' paths. */
const ITEMS_ALIAS = [`${P}/intake-issues/`];
const ITEM_ALIAS = [`${P}/intake-issues/:issueId/`];

type ScopeLike = Pick<Ctx, "user" | "projectMember" | "project" | "workspace">;
const viewerOf = (ctx: ScopeLike): IntakeViewer => ({
  userId: ctx.user.id,
  projectRole: ctx.projectMember?.role ?? null,
});

async function detailOf(db: DbOrTx, ctx: ScopeLike, itemId: string, expand: Set<string>) {
  const [row] = await db.select().from(schema.intakeIssues).where(eq(schema.intakeIssues.id, itemId)).limit(1);
  if (!row) throw errors.notFound();
  const view = await loadIssueView(db, row.issueId);
  if (!view) throw errors.notFound();
  const [issue, duplicate] = await Promise.all([
    buildIssueDetail(db, view, ctx.user.id, ctx.workspace.slug, expand),
    row.duplicateToId ? loadIssueView(db, row.duplicateToId) : Promise.resolve(null),
  ]);
  return presentIntakeItemDetail(row, issue, duplicate?.issue ?? null);
}

/** The item routes' entity: the intake (404 "Intake not found" when off) and the item of the path's work item. */
async function loadItem(
  ctx: Ctx<{ issueId: string }, unknown, unknown, undefined>,
): Promise<IntakeItemRow & { intake: IntakeRow }> {
  const intake = await loadIntake(ctx.app.db, ctx.project);
  return { ...(await loadIntakeItem(ctx.app.db, intake, ctx.params.issueId, viewerOf(ctx))), intake };
}

/**
 * Intake (wire-facts §8, work-tracking.md §4 and §7): the project's intake, its items (P/inbox-issues/ and the
 * intake-issues/ alias; item paths take the work item's id), the settings with the public form's anchor, and the
 * public form itself (no sign-in, rate-limited per client address).
 */
export const intakeRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: E.get,
    aliases: [`${P}/inboxes/`],
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.intake.view,
    handler: async (ctx) => {
      const intake = await loadIntake(ctx.app.db, ctx.project);
      return presentIntake(
        intake,
        ctx.project,
        (await openCounts(ctx.app.db, [ctx.project.id], ctx.user.id)).get(ctx.project.id) ?? 0,
      );
    },
  });

  route(fastify, app, {
    endpoint: E.items,
    aliases: ITEMS_ALIAS,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: PERMISSIONS.intake.view,
    handler: async (ctx) => {
      const intake = await loadIntake(ctx.app.db, ctx.project);
      const r = await listIntakeItems(ctx.app, ctx.project, intake, viewerOf(ctx), ctx.query);
      return envelope(r.page, r.total, r.items.map(presentIntakeItem), r.items.length);
    },
  });

  // create → 200 with the detail; the item waits in triage, source IN_APP
  route(fastify, app, {
    endpoint: E.create,
    aliases: ITEMS_ALIAS,
    scope: "project",
    params: projectParams,
    body: intakeCreateBody,
    policy: PERMISSIONS.intake.create,
    handler: async (ctx) => {
      const intake = await loadIntake(ctx.app.db, ctx.project);
      if (!intake.isInAppEnabled) throw errors.badRequest("Intake in the app is turned off for this project");
      const row = await ctx.app.db.transaction((tx) =>
        createIntakeItem(tx, ctx.project, intake, ctx.user.id, ctx.body.issue, INTAKE_SOURCE.inApp),
      );
      return detailOf(ctx.app.db, ctx, row.id, new Set());
    },
  });

  route(fastify, app, {
    endpoint: E.item,
    aliases: ITEM_ALIAS,
    scope: "project",
    params: intakeItemParams,
    query: expandQuery,
    policy: PERMISSIONS.intake.view,
    load: loadItem,
    handler: (ctx) =>
      detailOf(ctx.app.db, ctx, ctx.loaded.item.id, parseExpand(ctx.query.expand as string | undefined)),
  });

  // PATCH → 200: triage (status, snoozed_till, duplicate_to) is for admins; the item's fields for members and the creator
  route(fastify, app, {
    endpoint: E.update,
    aliases: ITEM_ALIAS,
    scope: "project",
    params: intakeItemParams,
    body: intakePatchBody,
    policy: PERMISSIONS.intake.edit,
    load: loadItem,
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
      await ctx.app.db.transaction((tx) => updateIntakeItem(tx, ctx.project, ctx.user.id, ctx.loaded, change, issue));
      return detailOf(ctx.app.db, ctx, ctx.loaded.item.id, new Set());
    },
  });

  route(fastify, app, {
    endpoint: E.remove,
    aliases: ITEM_ALIAS,
    scope: "project",
    params: intakeItemParams,
    policy: PERMISSIONS.intake.delete,
    load: loadItem,
    creatorOf: (l) => l.item.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) =>
        deleteIntakeItem(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)),
      );
      return undefined;
    },
  });

  // ---- settings and the public form's anchor
  route(fastify, app, {
    endpoint: E.settings,
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.intake.settingsView,
    handler: async (ctx) => presentIntakeSettings(await loadIntake(ctx.app.db, ctx.project)),
  });

  route(fastify, app, {
    endpoint: E.updateSettings,
    scope: "project",
    params: projectParams,
    body: intakeSettingsBody,
    policy: PERMISSIONS.intake.settingsEdit,
    handler: async (ctx) => {
      const intake = await loadIntake(ctx.app.db, ctx.project);
      return presentIntakeSettings(
        await ctx.app.db.transaction((tx) => updateSettings(tx, intake, ctx.user.id, ctx.body)),
      );
    },
  });

  route(fastify, app, {
    endpoint: E.regenerateAnchor,
    scope: "project",
    params: projectParams,
    policy: PERMISSIONS.intake.settingsEdit,
    handler: async (ctx) => {
      const intake = await loadIntake(ctx.app.db, ctx.project);
      return presentIntakeSettings(await ctx.app.db.transaction((tx) => regenerateAnchor(tx, intake, ctx.user.id)));
    },
  });

  // ---- the public form (no sign-in)
  route(fastify, app, {
    endpoint: E.form,
    auth: "none",
    params: anchorParams,
    policy: null,
    handler: async (ctx) => {
      const form = await loadFormByAnchor(ctx.app.db, ctx.params.anchor);
      if (!form) throw errors.notFound(FORM_NOT_FOUND);
      ctx.reply.header("cache-control", "no-store");
      return presentPublicForm(
        form.intake,
        form.project,
        form.workspace,
        await publicFormProperties(ctx.app.db, form.project),
      );
    },
  });

  route(fastify, app, {
    endpoint: E.submitForm,
    auth: "none",
    params: anchorParams,
    body: publicIntakeBody,
    policy: null,
    handler: async (ctx): Promise<PublicIntakeSubmitted> => {
      if (
        !(await hitRateLimit(
          ctx.app,
          "intake-form",
          ctx.req,
          Math.min(FORM_RATE_PER_MINUTE, ctx.app.config.rateLimitPerMinute),
        ))
      )
        throw errors.rateLimited();
      const form = await loadFormByAnchor(ctx.app.db, ctx.params.anchor);
      if (!form) throw errors.notFound(FORM_NOT_FOUND);
      const { name, description, email, property_values } = ctx.body;
      await ctx.app.db.transaction(async (tx) => {
        // only the properties the form offers (issue #29); each value is then checked as a new item's
        const offered = new Set((await publicFormProperties(tx, form.project)).map((p) => p.id));
        const unknown = Object.keys(property_values ?? {}).find((k) => !offered.has(k.toLowerCase()));
        if (unknown) throw propertyError(`"${unknown}" is not a property of this form.`);
        return createIntakeItem(
          tx,
          form.project,
          form.intake,
          null,
          { name, description_html: textToHtml(description), property_values },
          INTAKE_SOURCE.form,
          email.toLowerCase(),
        );
      });
      return { submitted: true, project_name: form.project.name };
    },
  });
};
