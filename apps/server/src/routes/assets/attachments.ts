import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { and, desc, eq } from "drizzle-orm";
import { route } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { loadIssueForRoute } from "../issues/access.ts";
import { P } from "../issues/urls.ts";
import { createUploadSlot, FA, presentAsset } from "./commands.ts";
import { loadAttachment } from "./loaders.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { attAssetParams, attParams, checkType, PA, slotBody } from "./shared.ts";

type AttAssetParams = z.infer<typeof attAssetParams>;

/** Both path families of issue attachments, for issues and epics. */
const attachmentUrls = (suffix: string) => [
  `${PA}/issues/:issueId/attachments/${suffix}`,
  `${P}/issues/:issueId/attachments/${suffix}`,
  `${PA}/epics/:issueId/attachments/${suffix}`,
  `${P}/epics/:issueId/attachments/${suffix}`,
];

/** Issue attachments (both path families; issues and epics): list, slot, download, mark uploaded, delete. */
export function registerAttachments(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "GET",
    url: attachmentUrls(""),
    scope: "project",
    params: attParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select()
        .from(FA)
        .where(and(eq(FA.issueId, ctx.loaded.id), eq(FA.entityType, "ISSUE_ATTACHMENT"), eq(FA.isUploaded, true), eq(FA.isDeleted, false)))
        .orderBy(desc(FA.createdAt));
      return rows.map((a) => presentAsset(a, ctx.workspace.slug));
    },
  });

  route(fastify, app, {
    method: "POST",
    url: attachmentUrls(""),
    scope: "project",
    params: attParams,
    body: slotBody,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      checkType("ISSUE_ATTACHMENT", ctx.body.type);
      const issue = ctx.loaded;
      const { asset, body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
        name: ctx.body.name,
        type: ctx.body.type,
        size: ctx.body.size,
        entityType: "ISSUE_ATTACHMENT",
        entityIdentifier: issue.id,
        workspaceId: issue.workspaceId,
        projectId: issue.projectId,
        issueId: issue.id,
      });
      return { ...body, attachment: presentAsset(asset, ctx.workspace.slug) };
    },
  });

  const one = attachmentUrls(":assetId/");
  const read: AssetRouteOpts<AttAssetParams> = { scope: "project", params: attAssetParams, policy: Policies.project.read, load: loadAttachment };
  fileRedirectRoute(fastify, app, one, "attachment", read);
  markUploadedRoute(fastify, app, one, { ...read, policy: Policies.project.memberOrCreator, creatorAllowed: true });
  deleteAssetRoute(fastify, app, one, { ...read, policy: Policies.project.adminOrCreator, creatorAllowed: true });
}
