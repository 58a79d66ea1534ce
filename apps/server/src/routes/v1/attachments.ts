import type { FastifyInstance } from "fastify";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { attachmentIssue, attachmentSlotTarget, listAttachments, newAttachmentSlot } from "../assets/attachments.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "../assets/asset-routes.ts";
import { attAssetParams, attParams, uploadSlotBody } from "../assets/schemas.ts";
import { V1P } from "./paths.ts";
import type { z } from "zod";

/** Both v1 path families of a work item's attachments (wire-facts §12). */
const urls = (suffix: string) => [
  `${V1P}/issues/:issueId/issue-attachments/${suffix}`,
  `${V1P}/work-items/:issueId/attachments/${suffix}`,
];

/**
 * v1 work-item attachments: the app's assets flow (routes/assets/) with an API key. POST `{name, type, size}` →
 * 200 `{upload_data, asset_id, attachment, asset_url}`; the file goes to `upload_data`; PATCH marks it uploaded;
 * GET lists the uploaded ones (a plain array); GET one redirects to a signed download; DELETE removes it.
 */
export function registerV1Attachments(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    method: "GET",
    url: urls(""),
    auth: "apiKey",
    scope: "project",
    params: attParams,
    policy: POLICIES.project.read,
    load: (ctx) => attachmentIssue(ctx, "read"),
    handler: listAttachments,
  });
  route(fastify, app, {
    method: "POST",
    url: urls(""),
    auth: "apiKey",
    scope: "project",
    params: attParams,
    body: uploadSlotBody,
    policy: POLICIES.project.read,
    load: attachmentSlotTarget,
    handler: newAttachmentSlot,
  });
  const one = urls(":assetId/");
  const read: AssetRouteOpts<z.infer<typeof attAssetParams>> = {
    auth: "apiKey",
    scope: "project",
    params: attAssetParams,
    policy: POLICIES.project.read,
    where: () => ({ workspace: true, project: true, issue: { epic: false }, entityTypes: ["ISSUE_ATTACHMENT"] }),
  };
  fileRedirectRoute(fastify, app, one, "attachment", read);
  markUploadedRoute(fastify, app, one, { ...read, policy: POLICIES.project.memberOrCreator });
  deleteAssetRoute(fastify, app, one, { ...read, policy: POLICIES.project.adminOrCreator });
}
