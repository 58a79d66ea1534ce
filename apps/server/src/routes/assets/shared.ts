import { z } from "zod";
import { ASSET_ENTITY_TYPES, IMAGE_MIME_TYPES, attachmentTypeFromName, isAllowedUploadType } from "@stride/shared";
import type { ScopeCtx } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { contentDisposition, normalizeMime } from "../../storage/content-type.ts";
import { invalidEntityType, invalidFileType, type AssetRow } from "./commands.ts";
import { DOWNLOAD_TTL_SECONDS, signedDownloadPath, type Disposition } from "./sign.ts";

/** The path prefix of a project's assets (v2); the paths themselves are the endpoint table's (`assetEndpoints`). */
export const PA = "/api/assets/v2/workspaces/:slug/projects/:projectId";

export const USER_TYPES = ["USER_AVATAR", "USER_COVER"];

/**
 * The type an upload of `entityType` is fixed to: the declared Content-Type's essence (parameters dropped; for an
 * attachment declared without one, or as bare bytes, the type its file name says), or 400 "Invalid file type." when
 * it is not a media type (CR/LF and other control characters included) or not allowed for the entity.
 */
export function checkType(entityType: string, type: string, name?: string): string {
  // an attachment sent without a type (Plane's client, for bytes with no signature) takes its name's
  // (only for no type at all or bare bytes: a malformed type is refused as it is)
  const declared = normalizeMime(type);
  const untyped = type.trim() === "" || declared === "application/octet-stream";
  const t = untyped && isAttachment(entityType) && name ? (attachmentTypeFromName(name) ?? declared) : declared;
  if (!t || !isAllowedUploadType(entityType, t)) throw invalidFileType();
  return t;
}

const isAttachment = (entityType: string) =>
  entityType === "ISSUE_ATTACHMENT" || entityType === "DRAFT_ISSUE_ATTACHMENT";

export function checkEntityType(t: string | undefined, allowed: (t: string) => boolean): string {
  if (!t || !(ASSET_ENTITY_TYPES as readonly string[]).includes(t) || !allowed(t)) throw invalidEntityType();
  return t;
}

export const isUuid = (s: string | null | undefined): s is string => !!s && z.uuid().safeParse(s).success;
export const invalidIdentifier = () => errors.badRequest("Invalid entity identifier.", { status: false });

/** Types a browser may render inline from our origin; anything else downloads. */
export const INLINE_SAFE = new Set<string>([...IMAGE_MIME_TYPES, "application/pdf", "text/plain"]);

/**
 * 302 to a signed download of the asset's bytes (404 when not uploaded): our own signed link, or with S3 storage a
 * presigned GET whose headers are the ones our link would send (type and disposition re-checked).
 */
export async function redirectToFile(
  ctx: Pick<ScopeCtx, "app" | "reply">,
  asset: AssetRow | undefined,
  disposition: Disposition,
) {
  if (!asset || !asset.isUploaded || asset.isDeleted) throw errors.notFound();
  ctx.reply.header("Cache-Control", "private, no-store");
  const direct = ctx.app.storage.direct;
  if (!direct) return ctx.reply.redirect(signedDownloadPath(ctx.app.secretKey, asset.id, disposition), 302);
  const attrs = asset.attributes as { name?: unknown; type?: unknown };
  const type = normalizeMime(attrs.type) ?? "application/octet-stream";
  const inline = disposition === "inline" && INLINE_SAFE.has(type);
  const url = await direct.presignDownload(asset.asset, {
    contentType: type,
    contentDisposition: contentDisposition(
      inline ? "inline" : "attachment",
      typeof attrs.name === "string" ? attrs.name : "file",
    ),
    expiresInSeconds: DOWNLOAD_TTL_SECONDS,
  });
  return ctx.reply.redirect(url, 302);
}
