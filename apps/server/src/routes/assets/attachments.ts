import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { and, desc, eq } from "drizzle-orm";
import { route, type Ctx, type ProjectCtx } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { isEpicPath, P } from "../../http/paths.ts";
import { assetEndpoints as AS, type AnyEndpoint } from "@stride/shared/endpoints";
import { createUploadSlot, FA, presentAsset } from "./commands.ts";
import { authorizeAsset, newAssetLinks, type AssetAction } from "./access.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "./asset-routes.ts";
import { checkType, PA } from "./shared.ts";
import { attAssetParams, attParams, uploadSlotBody, type UploadSlotBody } from "./schemas.ts";

type AttAssetParams = z.infer<typeof attAssetParams>;

/** An attachment endpoint (`PA/issues/…`) and its other paths: `P/issues/…`, and both for epics. */
const onAttachments = <E extends AnyEndpoint>(endpoint: E) => ({
  endpoint,
  aliases: [
    endpoint.path.replace(PA, P),
    ...[PA, P].map((prefix) => endpoint.path.replace(`${PA}/issues/`, `${prefix}/epics/`)),
  ],
});

/**
 * The work item of `:issueId` as the owner of attachments: listing them is reading an attachment of it, a slot is
 * creating one (access.ts); an item the caller may not see is 404; `epics/` paths only find epics.
 */
export async function attachmentIssue(ctx: ProjectCtx<{ issueId: string }>, action: AssetAction): Promise<string> {
  const e = await authorizeAsset(
    ctx,
    newAssetLinks(ctx, "ISSUE_ATTACHMENT", { projectId: ctx.project.id, issueId: ctx.params.issueId }),
    action,
  );
  if (isEpicPath(ctx) && !e.issue?.isEpic) throw errors.notFound();
  return ctx.params.issueId;
}

/** The uploaded attachments of the loaded work item, newest first (the app's and v1's list). */
export async function listAttachments(ctx: Ctx<{ issueId: string }, unknown, unknown, string>) {
  const rows = await ctx.app.db
    .select()
    .from(FA)
    .where(
      and(
        eq(FA.issueId, ctx.loaded),
        eq(FA.entityType, "ISSUE_ATTACHMENT"),
        eq(FA.isUploaded, true),
        eq(FA.isDeleted, false),
      ),
    )
    .orderBy(desc(FA.createdAt));
  return rows.map((a) => presentAsset(a, ctx.workspace.slug));
}

type SlotCtx<L> = Ctx<{ issueId: string }, unknown, UploadSlotBody, L>;
/** A new attachment's work item (the caller may add to it) and its checked type. */
export const attachmentSlotTarget = async (ctx: SlotCtx<undefined>) => ({
  issueId: await attachmentIssue(ctx, "create"),
  type: checkType("ISSUE_ATTACHMENT", ctx.body.type, ctx.body.name),
});
/** An upload slot for a new attachment: `{upload_data, asset_id, asset_url, attachment}`. */
export async function newAttachmentSlot(ctx: SlotCtx<{ issueId: string; type: string }>) {
  const { asset, body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
    name: ctx.body.name,
    type: ctx.loaded.type,
    size: ctx.body.size,
    entityType: "ISSUE_ATTACHMENT",
    entityIdentifier: ctx.loaded.issueId,
    workspaceId: ctx.workspace.id,
    projectId: ctx.project.id,
    issueId: ctx.loaded.issueId,
  });
  return { ...body, attachment: presentAsset(asset, ctx.workspace.slug) };
}

/** Issue attachments (both path families; issues and epics): list, slot, download, mark uploaded, delete. */
export function registerAttachments(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    ...onAttachments(AS.attachments),
    scope: "project",
    params: attParams,
    policy: POLICIES.project.read,
    load: (ctx) => attachmentIssue(ctx, "read"),
    handler: listAttachments,
  });

  route(fastify, app, {
    ...onAttachments(AS.attachmentSlot),
    scope: "project",
    params: attParams,
    body: uploadSlotBody,
    policy: POLICIES.project.read,
    load: attachmentSlotTarget,
    handler: newAttachmentSlot,
  });

  const read: AssetRouteOpts<AttAssetParams> = {
    scope: "project",
    params: attAssetParams,
    policy: POLICIES.project.read,
    where: (ctx) => ({
      workspace: true,
      project: true,
      issue: { epic: isEpicPath(ctx) },
      entityTypes: ["ISSUE_ATTACHMENT"],
    }),
  };
  fileRedirectRoute(fastify, app, onAttachments(AS.attachmentFile), "attachment", read);
  markUploadedRoute(fastify, app, onAttachments(AS.attachmentMarkUploaded), {
    ...read,
    policy: POLICIES.project.memberOrCreator,
  });
  deleteAssetRoute(fastify, app, onAttachments(AS.attachmentRemove), {
    ...read,
    policy: POLICIES.project.adminOrCreator,
  });
}
