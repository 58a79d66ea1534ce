import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AssetAttributes, FileAsset, UploadSlot } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity } from "../../domain/activity.ts";
import type { AppContext } from "../../core/context.ts";
import type { FastifyRequest } from "fastify";
import { normalizeMime } from "../../storage/content-type.ts";
import { assetUrl } from "./urls.ts";
import { signUpload, UPLOAD_TTL_SECONDS } from "./sign.ts";
import { checkContent } from "../../storage/content-type.ts";

export const FA = schema.fileAssets;
export type AssetRow = typeof FA.$inferSelect;

/** FileAsset (wire-facts §6.5): all columns, `asset_url` and the audit fields. */
export function presentAsset(a: AssetRow, slug: string | null): FileAsset {
  return {
    id: a.id,
    attributes: a.attributes as AssetAttributes,
    asset: a.asset,
    user: a.userId,
    workspace: a.workspaceId,
    draft_issue: a.draftIssueId,
    project: a.projectId,
    issue: a.issueId,
    comment: a.commentId,
    page: a.pageId,
    entity_type: a.entityType,
    entity_identifier: a.entityIdentifier,
    is_deleted: a.isDeleted,
    is_archived: a.isArchived,
    external_id: a.externalId,
    external_source: a.externalSource,
    size: a.size,
    is_uploaded: a.isUploaded,
    storage_metadata: a.storageMetadata,
    asset_url: assetUrl(a, slug),
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    deleted_at: iso(a.deletedAt),
    created_by: a.createdById,
    updated_by: a.updatedById,
  };
}

export const invalidFileType = () => errors.badRequest("Invalid file type.", { status: false });
export const invalidEntityType = () => errors.badRequest("Invalid entity type.", { status: false });
/** FILE_SIZE_LIMIT's refusal. */
export const fileTooLarge = (limit: number) =>
  errors.badRequest(`File size exceeds the maximum upload size of ${limit} bytes.`, { status: false });

function safeFileName(name: string): string {
  const base = name
    .replace(/[/\\]/g, "_")
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "_");
  return base.slice(-100) || "file";
}

export interface SlotInput {
  name: string;
  type: string;
  size: number;
  entityType: string;
  entityIdentifier?: string | null;
  workspaceId?: string | null;
  projectId?: string | null;
  issueId?: string | null;
  commentId?: string | null;
  pageId?: string | null;
  draftIssueId?: string | null;
  userId?: string | null;
}

/** Origin the client reached us at, for absolute upload URLs. */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Create the FileAsset row of an upload slot and the form the client posts the file with
 * (`upload_data = {url, fields}`, wire-facts §10): our own receiver and a signed one-time token.
 */
export async function createUploadSlot(
  tx: DbOrTx,
  app: AppContext,
  req: FastifyRequest,
  actorId: string,
  slug: string | null,
  input: SlotInput,
): Promise<{ asset: AssetRow; body: UploadSlot }> {
  if (input.size > app.config.fileSizeLimit) throw fileTooLarge(app.config.fileSizeLimit);
  // the type is fixed here, for good: the receiver checks the bytes against it and downloads serve it
  const type = normalizeMime(input.type);
  if (!type) throw invalidFileType();
  const id = crypto.randomUUID();
  const key = `${input.workspaceId ?? `users/${input.userId ?? actorId}`}/${id.replace(/-/g, "")}-${safeFileName(input.name)}`;
  const [asset] = await tx
    .insert(FA)
    .values({
      id,
      attributes: { name: input.name, type, size: input.size },
      asset: key,
      userId: input.userId ?? null,
      workspaceId: input.workspaceId ?? null,
      projectId: input.projectId ?? null,
      issueId: input.issueId ?? null,
      commentId: input.commentId ?? null,
      pageId: input.pageId ?? null,
      draftIssueId: input.draftIssueId ?? null,
      entityType: input.entityType,
      entityIdentifier: input.entityIdentifier || null,
      size: input.size,
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  // a form POST (platform.md §3: gcs_direct_upload false means "post the form"): straight to the bucket with S3
  // storage (checked when marked uploaded), else to our own receiver with a signed one-time token
  const direct = app.storage.direct;
  const uploadData: UploadSlot["upload_data"] = direct
    ? ({
        ...(await direct.presignUpload(key, type, input.size, UPLOAD_TTL_SECONDS)),
        gcs_direct_upload: false,
      } as UploadSlot["upload_data"])
    : {
        url: `${requestOrigin(req)}/api/assets/v2/upload/`,
        fields: {
          key,
          "Content-Type": type,
          token: signUpload(app.secretKey, { a: asset.id, k: key, s: input.size, t: type }),
        },
        gcs_direct_upload: false,
      };
  return {
    asset,
    body: {
      upload_data: uploadData,
      asset_id: asset.id,
      asset_url: assetUrl(asset, slug),
    },
  };
}

/**
 * Attribute keys fixed when the slot is made, each with how a PATCH may repeat it unchanged: `name` and `type`
 * are checked at slot time and served in headers. `size` is always the number of bytes received.
 */
const FIXED_ATTRIBUTES: Record<string, (sent: unknown) => unknown> = {
  name: (v) => (typeof v === "string" ? v.trim() : v),
  type: (v) => normalizeMime(v),
};

/** The stored attributes plus a PATCH's descriptive keys; changing a fixed key is a 400. */
export function mergeAttributes(
  stored: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!patch) return stored;
  for (const [key, normalize] of Object.entries(FIXED_ATTRIBUTES)) {
    if (key in patch && normalize(patch[key]) !== stored[key])
      throw errors.field(
        "attributes",
        `The file's ${key} is set when the upload slot is created and cannot be changed.`,
      );
  }
  const descriptive = Object.entries(patch).filter(([k]) => !(k in FIXED_ATTRIBUTES));
  return { ...stored, ...Object.fromEntries(descriptive) };
}

/**
 * Mark an upload complete (PATCH): the stored file must exist and be no larger than declared.
 * Avatars, covers and logos become their owner's current asset; attachments record activity.
 */
export async function markUploaded(
  tx: DbOrTx,
  app: AppContext,
  asset: AssetRow,
  actorId: string,
  attributes?: Record<string, unknown>,
) {
  if (app.storage.direct && !asset.isUploaded) await acceptDirectUpload(app, asset);
  const actual = await app.storage.size(asset.asset);
  if (actual === null) throw errors.badRequest("The file has not been uploaded yet.", { status: false });
  if (actual > asset.size || actual > app.config.fileSizeLimit) throw fileTooLarge(app.config.fileSizeLimit);
  const wasUploaded = asset.isUploaded;
  const attrs = { ...mergeAttributes(asset.attributes as Record<string, unknown>, attributes), size: actual };
  const [row] = await tx
    .update(FA)
    .set({
      isUploaded: true,
      size: actual,
      attributes: attrs,
      storageMetadata: {
        ...((asset.storageMetadata as object | null) ?? {}),
        size: actual,
        content_type: (asset.attributes as { type?: string }).type ?? null,
      },
      updatedAt: new Date(),
      updatedById: actorId,
    })
    .where(eq(FA.id, asset.id))
    .returning();
  await applyUpload(tx, asset, actorId, wasUploaded);
  return row;
}

/** What an upload completes for its owner: the current avatar, cover or logo; an attachment's activity. */
async function applyUpload(tx: DbOrTx, asset: AssetRow, actorId: string, wasUploaded: boolean): Promise<void> {
  const now = new Date();
  switch (asset.entityType) {
    case "USER_AVATAR":
    case "USER_COVER": {
      const col = asset.entityType === "USER_AVATAR" ? "avatar_asset" : "cover_image_asset";
      const owner = asset.userId ?? actorId;
      // the previous avatar / cover is no longer used
      await tx.execute(sql`UPDATE file_assets SET is_deleted = true, deleted_at = ${now.toISOString()}::timestamptz
        WHERE id = (SELECT ${sql.raw(col)} FROM users WHERE id = ${owner}) AND id <> ${asset.id}`);
      if (asset.entityType === "USER_AVATAR")
        await tx
          .update(schema.users)
          .set({ avatarAssetId: asset.id, updatedAt: now })
          .where(eq(schema.users.id, owner));
      else
        await tx
          .update(schema.users)
          .set({ coverImageAssetId: asset.id, updatedAt: now })
          .where(eq(schema.users.id, owner));
      break;
    }
    case "WORKSPACE_LOGO":
      if (asset.workspaceId)
        await tx
          .update(schema.workspaces)
          .set({ logoAssetId: asset.id, updatedAt: now })
          .where(eq(schema.workspaces.id, asset.workspaceId));
      break;
    case "PROJECT_COVER":
      if (asset.projectId)
        await tx
          .update(schema.projects)
          .set({ coverImageAssetId: asset.id, updatedAt: now })
          .where(eq(schema.projects.id, asset.projectId));
      break;
    case "ISSUE_ATTACHMENT":
      if (asset.issueId && !wasUploaded && asset.projectId && asset.workspaceId) {
        await recordActivity(tx, {
          issueId: asset.issueId,
          projectId: asset.projectId,
          workspaceId: asset.workspaceId,
          actorId,
          verb: "created",
          field: "attachment",
          newValue: String((asset.attributes as { name?: string }).name ?? ""),
          newIdentifier: asset.id,
          comment: "uploaded a new attachment",
        });
      }
      break;
  }
}

/**
 * A browser's direct upload (S3 storage) becomes the file only after the checks our receiver makes: at most the
 * slot's size and bytes matching the slot's type. The pending object is removed either way, so a presigned form
 * used again later changes nothing.
 */
async function acceptDirectUpload(app: AppContext, asset: AssetRow) {
  const pending = app.storage.direct!.pendingKey(asset.asset);
  const size = await app.storage.size(pending);
  if (size === null) {
    if (await app.storage.exists(asset.asset)) return;
    throw errors.badRequest("The file has not been uploaded yet.", { status: false });
  }
  try {
    if (size > asset.size || size > app.config.fileSizeLimit) throw fileTooLarge(app.config.fileSizeLimit);
    const data = await app.storage.read(pending);
    if (!data) throw errors.badRequest("The file has not been uploaded yet.", { status: false });
    const type = (asset.attributes as { type?: string }).type ?? "application/octet-stream";
    const verdict = await checkContent(type, data);
    if (!verdict.ok) throw errors.badRequest(`The file's contents do not match its type ${type}: ${verdict.reason}.`);
    await app.storage.put(asset.asset, data, type);
  } finally {
    await app.storage.delete(pending);
  }
}

/** Soft-delete an asset; an owner no longer shows it; attachments record activity. */
export async function deleteAsset(tx: DbOrTx, asset: AssetRow, actorId: string) {
  const now = new Date();
  await tx
    .update(FA)
    .set({ isDeleted: true, deletedAt: now, updatedAt: now, updatedById: actorId })
    .where(eq(FA.id, asset.id));
  await tx.update(schema.users).set({ avatarAssetId: null }).where(eq(schema.users.avatarAssetId, asset.id));
  await tx.update(schema.users).set({ coverImageAssetId: null }).where(eq(schema.users.coverImageAssetId, asset.id));
  await tx.update(schema.workspaces).set({ logoAssetId: null }).where(eq(schema.workspaces.logoAssetId, asset.id));
  await tx
    .update(schema.projects)
    .set({ coverImageAssetId: null })
    .where(eq(schema.projects.coverImageAssetId, asset.id));
  if (
    asset.entityType === "ISSUE_ATTACHMENT" &&
    asset.issueId &&
    asset.isUploaded &&
    asset.projectId &&
    asset.workspaceId
  ) {
    await recordActivity(tx, {
      issueId: asset.issueId,
      projectId: asset.projectId,
      workspaceId: asset.workspaceId,
      actorId,
      verb: "deleted",
      field: "attachment",
      oldValue: String((asset.attributes as { name?: string }).name ?? ""),
      oldIdentifier: asset.id,
      comment: "removed an attachment",
    });
  }
}

export async function restoreAsset(tx: DbOrTx, asset: AssetRow, actorId: string) {
  await tx
    .update(FA)
    .set({ isDeleted: false, deletedAt: null, updatedAt: new Date(), updatedById: actorId })
    .where(and(eq(FA.id, asset.id)));
}
