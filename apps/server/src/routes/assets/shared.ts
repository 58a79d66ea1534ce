import { z } from "zod";
import { ASSET_ENTITY_TYPES, IMAGE_MIME_TYPES, isAllowedUploadType } from "@stride/shared";
import type { ScopeCtx } from "../../core/route.ts";
import { errors } from "../../core/errors.ts";
import { normalizeMime } from "../../storage/content-type.ts";
import { MSG, zUuid } from "../issues/schemas.ts";
import { invalidEntityType, invalidFileType, type AssetRow } from "./commands.ts";
import { signedDownloadPath, type Disposition } from "./sign.ts";

/** Path prefixes of assets v2: everything, a workspace's, a project's. */
export const A = "/api/assets/v2";
export const WA = `${A}/workspaces/:slug`;
export const PA = `${WA}/projects/:projectId`;

export const typeMsg = (msg: string) => (iss: { input?: unknown }) => (iss.input === undefined ? MSG.required : msg);

/** POST body of an upload slot request. */
export const slotBody = z.object({
  name: z
    .string({ error: typeMsg(MSG.string) })
    .trim()
    .min(1, MSG.blank)
    .max(255, MSG.maxLen(255))
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "File names may not contain control characters."),
  type: z.string({ error: typeMsg(MSG.string) }).max(255, MSG.maxLen(255)),
  size: z.number({ error: typeMsg(MSG.integer) }).int(MSG.integer).min(0, "Ensure this value is greater than or equal to 0."),
  entity_type: z.string({ error: typeMsg(MSG.string) }).max(64).optional(),
  entity_identifier: z.string({ error: typeMsg(MSG.string) }).max(255).nullable().optional(),
  external_id: z.string().max(255).nullable().optional(),
  external_source: z.string().max(255).nullable().optional(),
});
export type SlotBody = z.infer<typeof slotBody>;

/** PATCH body marking an upload complete; `attributes` may add descriptive keys (name, type and size are fixed). */
export const MAX_ATTRIBUTES_JSON = 8192;
export const markBody = z
  .object({
    attributes: z
      .record(z.string(), z.unknown(), { error: typeMsg(MSG.object) })
      .refine((a) => JSON.stringify(a).length <= MAX_ATTRIBUTES_JSON, `Ensure this field has no more than ${MAX_ATTRIBUTES_JSON} characters.`)
      .optional(),
  })
  .passthrough();

export const assetParams = z.object({ assetId: zUuid });
export const wsParams = z.object({ slug: z.string() });
export const wsAssetParams = wsParams.extend({ assetId: zUuid });
export const prParams = wsParams.extend({ projectId: zUuid });
export const prAssetParams = prParams.extend({ assetId: zUuid });
export const attParams = prParams.extend({ issueId: zUuid });
export const attAssetParams = attParams.extend({ assetId: zUuid });

export const USER_TYPES = ["USER_AVATAR", "USER_COVER"];

/**
 * The type an upload of `entityType` is fixed to: the declared Content-Type's essence (parameters dropped),
 * or 400 "Invalid file type." when it is not a media type (CR/LF and other control characters included) or not
 * allowed for the entity.
 */
export function checkType(entityType: string, type: string): string {
  const t = normalizeMime(type);
  if (!t || !isAllowedUploadType(entityType, t)) throw invalidFileType();
  return t;
}

export function checkEntityType(t: string | undefined, allowed: (t: string) => boolean): string {
  if (!t || !(ASSET_ENTITY_TYPES as readonly string[]).includes(t) || !allowed(t)) throw invalidEntityType();
  return t;
}

export const isUuid = (s: string | null | undefined): s is string => !!s && z.uuid().safeParse(s).success;
export const invalidIdentifier = () => errors.badRequest("Invalid entity identifier.", { status: false });

/** Types a browser may render inline from our origin; anything else downloads. */
export const INLINE_SAFE = new Set<string>([...IMAGE_MIME_TYPES, "application/pdf", "text/plain"]);

/** 302 to a signed download of the asset's bytes (404 when not uploaded). */
export function redirectToFile(ctx: ScopeCtx, asset: AssetRow | undefined, disposition: Disposition) {
  if (!asset || !asset.isUploaded || asset.isDeleted) throw errors.notFound();
  ctx.reply.header("Cache-Control", "private, no-store");
  return ctx.reply.redirect(signedDownloadPath(ctx.app.secretKey, asset.id, disposition), 302);
}
