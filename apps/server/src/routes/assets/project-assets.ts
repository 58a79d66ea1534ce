import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { route } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { assertCanSee, findIssue } from "../issues/access.ts";
import { MSG, zUuid } from "../issues/schemas.ts";
import { FA } from "./commands.ts";
import { loadProjectAsset } from "./loaders.ts";
import { newSlot } from "./slots.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { invalidIdentifier, PA, prAssetParams, prParams, slotBody, typeMsg, USER_TYPES } from "./shared.ts";

type PrAssetParams = z.infer<typeof prAssetParams>;

/** Project assets: slot, view/download, mark uploaded, delete, and bulk-linking description images. */
export function registerProjectAssets(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "POST",
    url: `${PA}/`,
    scope: "project",
    params: prParams,
    body: slotBody,
    policy: Policies.project.read,
    handler: (ctx) => newSlot(ctx, { projectId: ctx.project.id }, (t) => !USER_TYPES.includes(t) && t !== "WORKSPACE_LOGO" && t !== "ISSUE_ATTACHMENT"),
  });

  const read: AssetRouteOpts<PrAssetParams> = { scope: "project", params: prAssetParams, policy: Policies.project.read, load: loadProjectAsset };
  fileRedirectRoute(fastify, app, `${PA}/:assetId/`, "inline", read);
  fileRedirectRoute(fastify, app, `${PA}/download/:assetId/`, "attachment", read);

  const write: AssetRouteOpts<PrAssetParams> = { ...read, policy: Policies.project.memberOrCreator, creatorAllowed: true };
  markUploadedRoute(fastify, app, `${PA}/:assetId/`, write);
  deleteAssetRoute(fastify, app, `${PA}/:assetId/`, write);

  // POST .../{entity_id}/bulk/ {asset_ids}: link uploaded description images to their work item, comment, page or draft
  route(fastify, app, {
    method: "POST",
    url: `${PA}/:entityId/bulk/`,
    scope: "project",
    params: prParams.extend({ entityId: zUuid }),
    body: z.object({ asset_ids: z.array(zUuid, { error: typeMsg(MSG.list) }).max(500) }),
    policy: Policies.project.read,
    status: 204,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.asset_ids)];
      if (ids.length === 0) return undefined;
      if (!ctx.projectMember) throw errors.permissionDenied();
      const entityId = ctx.params.entityId;
      await ctx.app.db.transaction(async (tx) => {
        const assets = await tx
          .select()
          .from(FA)
          .where(and(inArray(FA.id, ids), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false), or(isNull(FA.projectId), eq(FA.projectId, ctx.project.id))));
        if (assets.length !== ids.length) throw errors.notFound();
        const issue = await findIssue(tx, ctx.project.id, entityId);
        const [comment] = await tx.select().from(schema.issueComments).where(and(eq(schema.issueComments.id, entityId), eq(schema.issueComments.projectId, ctx.project.id))).limit(1);
        const [draft] = await tx.select().from(schema.draftIssues).where(and(eq(schema.draftIssues.id, entityId), eq(schema.draftIssues.createdById, ctx.user.id))).limit(1);
        for (const a of assets) {
          const set: Partial<typeof FA.$inferInsert> = { projectId: ctx.project.id, entityIdentifier: entityId, updatedAt: new Date(), updatedById: ctx.user.id };
          if (a.entityType === "ISSUE_DESCRIPTION" || a.entityType === "ISSUE_ATTACHMENT") {
            if (!issue) throw invalidIdentifier();
            assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
            set.issueId = issue.id;
          } else if (a.entityType === "COMMENT_DESCRIPTION") {
            if (!comment) throw invalidIdentifier();
            set.commentId = comment.id;
            set.issueId = comment.issueId;
          } else if (a.entityType === "DRAFT_ISSUE_DESCRIPTION" || a.entityType === "DRAFT_ISSUE_ATTACHMENT") {
            if (!draft) throw invalidIdentifier();
            set.draftIssueId = draft.id;
          } else if (a.entityType === "PAGE_DESCRIPTION") {
            set.pageId = entityId;
          }
          await tx.update(FA).set(set).where(eq(FA.id, a.id));
        }
      });
      return undefined;
    },
  });
}
