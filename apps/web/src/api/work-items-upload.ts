/**
 * Attachment upload through assets v2 (wire-facts §10, platform.md §4): request an upload slot → send
 * the file as multipart form data to the slot's URL (XMLHttpRequest, for progress) → mark it uploaded.
 * Progress is a rounded percent throttled at 16 ms; cancelling rejects with "Upload canceled".
 */
import { fileSizeLimit, formatLimit } from "./instance.ts";
import { api } from "./client.ts";
import type { UploadSlot } from "./work-items-types.ts";
import { UPLOAD_PROGRESS_THROTTLE_MS, progressPercent, throttle } from "./upload-progress.ts";

export const UPLOAD_CANCELED = "Upload canceled";

export class UploadError extends Error {}

export interface UploadHandle {
  promise: Promise<{ assetId: string; assetUrl: string }>;
  cancel: () => void;
}

/** Browsers leave `type` empty for some files; fall back on the extension. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  const map: Record<string, string> = {
    txt: "text/plain",
    md: "text/markdown",
    csv: "text/csv",
    pdf: "application/pdf",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    svg: "image/svg+xml",
    zip: "application/zip",
    json: "application/json",
    mp4: "video/mp4",
    mp3: "audio/mpeg",
  };
  return map[ext] ?? "application/octet-stream";
}

/** The receiver's reason for refusing a file (e.g. contents that do not match the type), else the status. */
function uploadRefusal(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // not JSON: fall through
  }
  return `The upload failed (${xhr.status}).`;
}

export function uploadAttachment(opts: {
  slug: string;
  projectId: string;
  issueId: string;
  file: File;
  onProgress: (percent: number) => void;
}): UploadHandle {
  const { slug, projectId, issueId, file } = opts;
  return uploadThroughSlot(
    attachmentsBase(slug, projectId, issueId),
    { name: file.name, type: fileType(file), size: file.size },
    file,
    opts.onProgress,
  );
}

/** Base path of a project's assets (description and comment images). */
/** A work item's attachments (read by the detail's query, written through upload slots). */
export const attachmentsBase = (slug: string, pid: string, id: string) =>
  `/api/assets/v2/workspaces/${encodeURIComponent(slug)}/projects/${pid}/issues/${id}/attachments/`;

export const projectAssetsBase = (slug: string, projectId: string) =>
  `/api/assets/v2/workspaces/${encodeURIComponent(slug)}/projects/${projectId}/`;

/**
 * An image of a description or comment (wire-facts §10): a project asset of `entityType`
 * (ISSUE_DESCRIPTION, COMMENT_DESCRIPTION) for the entity, or for none yet (a work item or comment still
 * being written: linked with `linkEditorAssets` once it exists). The editor stores the asset id.
 */
export function uploadEditorImage(opts: {
  slug: string;
  projectId: string;
  entityType: "ISSUE_DESCRIPTION" | "COMMENT_DESCRIPTION" | "PAGE_DESCRIPTION";
  entityId?: string | null;
  file: File;
  onProgress: (percent: number) => void;
}): UploadHandle {
  const { file } = opts;
  const body = {
    name: file.name || "image",
    type: fileType(file),
    size: file.size,
    entity_type: opts.entityType,
    entity_identifier: opts.entityId ?? "",
  };
  return uploadThroughSlot(projectAssetsBase(opts.slug, opts.projectId), body, file, opts.onProgress);
}

/** Where the signed-in user's avatar and cover are uploaded (wire-facts §10). */
export const USER_ASSETS_BASE = "/api/assets/v2/user-assets/";

/**
 * The signed-in user's avatar: a USER_AVATAR user asset. Marking it uploaded makes it the user's avatar (the
 * previous one is retired), so `avatar_url` becomes its static URL.
 */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): UploadHandle {
  return uploadThroughSlot(
    USER_ASSETS_BASE,
    { name: file.name || "avatar", type: fileType(file), size: file.size, entity_type: "USER_AVATAR" },
    file,
    onProgress,
  );
}

/**
 * A project cover uploaded from the create form or the settings: a PROJECT_COVER workspace asset given to no project
 * yet; the project adopts it when it is saved with `cover_image_asset`.
 */
export function uploadProjectCover(slug: string, file: File, onProgress: (percent: number) => void): UploadHandle {
  const body = {
    name: file.name || "cover",
    type: fileType(file),
    size: file.size,
    entity_type: "PROJECT_COVER",
    entity_identifier: "",
  };
  return uploadThroughSlot(`/api/assets/v2/workspaces/${encodeURIComponent(slug)}/`, body, file, onProgress);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Asset ids of the images in stored rich text (`<image-component src="{asset id}">`). */
export function editorAssetIds(html: string): string[] {
  const ids = new Set<string>();
  for (const m of html.matchAll(/<image-component\b[^>]*\bsrc="([^"]+)"/gi)) if (UUID.test(m[1])) ids.add(m[1]);
  return [...ids];
}

/** Link the images of a new work item's description or comment to it (POST …/{entity}/bulk/). */
export async function linkEditorAssets(slug: string, projectId: string, entityId: string, html: string): Promise<void> {
  const asset_ids = editorAssetIds(html);
  if (asset_ids.length)
    await api(`${projectAssetsBase(slug, projectId)}${entityId}/bulk/`, { method: "POST", body: { asset_ids } });
}

/** Request a slot at `base`, send the file to it (XMLHttpRequest, for progress), mark it uploaded. */
function uploadThroughSlot(
  base: string,
  slotBody: Record<string, unknown>,
  file: File,
  onProgress: (percent: number) => void,
): UploadHandle {
  let xhr: XMLHttpRequest | null = null;
  let canceled = false;
  let assetId: string | null = null;
  const report = throttle((p: number) => onProgress(p), UPLOAD_PROGRESS_THROTTLE_MS);

  const promise = (async () => {
    const limit = await fileSizeLimit();
    if (file.size > limit) throw new UploadError(`The file is too large: the limit is ${formatLimit(limit)}.`);
    const slot = await api<UploadSlot>(base, { method: "POST", body: slotBody });
    assetId = slot.asset_id;
    if (canceled) {
      // cancelled while the slot was being made: free it
      await api(`${base}${slot.asset_id}/`, { method: "DELETE" }).catch(() => undefined);
      throw new UploadError(UPLOAD_CANCELED);
    }
    await new Promise<void>((resolve, reject) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(slot.upload_data.fields ?? {})) form.append(k, v);
      form.append("file", file);
      xhr = new XMLHttpRequest();
      xhr.open("POST", slot.upload_data.url);
      xhr.withCredentials = false;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) report(progressPercent(e.loaded, e.total));
      };
      xhr.onload = () => {
        if (xhr!.status >= 200 && xhr!.status < 300) {
          report(100);
          report.flush();
          resolve();
        } else reject(new UploadError(uploadRefusal(xhr!)));
      };
      xhr.onerror = () => reject(new UploadError("The upload failed: the network connection was lost."));
      xhr.onabort = () => reject(new UploadError(UPLOAD_CANCELED));
      xhr.send(form);
    });
    await api(`${base}${slot.asset_id}/`, { method: "PATCH", body: {} });
    return { assetId: slot.asset_id, assetUrl: slot.asset_url };
  })();

  const cancel = () => {
    canceled = true;
    report.cancel();
    if (xhr) xhr.abort();
    // the slot was created but never completed: remove it (best effort)
    if (assetId && xhr) api(`${base}${assetId}/`, { method: "DELETE" }).catch(() => undefined);
  };
  return { promise, cancel };
}
