import type { FastifyInstance } from "fastify";
import { v1AttachmentEndpoints as A, type AnyEndpoint } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { attachmentIssue, attachmentSlotTarget, listAttachments, newAttachmentSlot } from "../assets/attachments.ts";
import { deleteAssetRoute, fileRedirectRoute, markUploadedRoute, type AssetRouteOpts } from "../assets/asset-routes.ts";
import { attAssetParams, attParams, uploadSlotBody } from "../assets/schemas.ts";
import type { z } from "zod";

/** Both v1 path families of a work item's attachments (wire-facts §12): the table's and `work-items/…/attachments/`. */
const aliasOf = (path: string) =>
  path.replace("/issues/:issueId/issue-attachments/", "/work-items/:issueId/attachments/");
const on = <E extends AnyEndpoint>(endpoint: E) => ({ endpoint, aliases: [aliasOf(endpoint.path)] });
const urls = (endpoint: AnyEndpoint) => [endpoint.path, aliasOf(endpoint.path)];

/**
 * v1 work-item attachments: the app's assets flow (routes/assets/) with an API key. POST `{name, type, size}` →
 * 200 `{upload_data, asset_id, attachment, asset_url}`; the file goes to `upload_data`; PATCH marks it uploaded;
 * GET lists the uploaded ones (a plain array); GET one redirects to a signed download; DELETE removes it.
 */
export function registerV1Attachments(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    ...on(A.list),
    auth: "apiKey",
    scope: "project",
    params: attParams,
    policy: POLICIES.project.read,
    load: (ctx) => attachmentIssue(ctx, "read"),
    handler: listAttachments,
  });
  route(fastify, app, {
    ...on(A.slot),
    auth: "apiKey",
    scope: "project",
    params: attParams,
    body: uploadSlotBody,
    policy: POLICIES.project.read,
    load: attachmentSlotTarget,
    handler: newAttachmentSlot,
  });
  const read: AssetRouteOpts<z.infer<typeof attAssetParams>> = {
    auth: "apiKey",
    scope: "project",
    params: attAssetParams,
    policy: POLICIES.project.read,
    where: () => ({ workspace: true, project: true, issue: { epic: false }, entityTypes: ["ISSUE_ATTACHMENT"] }),
  };
  fileRedirectRoute(fastify, app, urls(A.file), "attachment", read);
  markUploadedRoute(fastify, app, urls(A.markUploaded), { ...read, policy: POLICIES.project.memberOrCreator });
  deleteAssetRoute(fastify, app, urls(A.remove), { ...read, policy: POLICIES.project.adminOrCreator });
}
