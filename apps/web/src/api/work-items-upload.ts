/**
 * Attachment upload through assets v2 (wire-facts §10, platform.md §4): request an upload slot → send
 * the file as multipart form data to the slot's URL (XMLHttpRequest, for progress) → mark it uploaded.
 * Progress is a rounded percent throttled at 16 ms; cancelling rejects with "Upload canceled".
 */
import { fileSizeLimit, formatLimit } from "./instance.ts";
import { assetEndpoints as AS, endpointUrl } from "@stride/shared/endpoints";
import { call } from "./client.ts";
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
  const { file } = opts;
  const at = { slug: opts.slug, projectId: opts.projectId, issueId: opts.issueId };
  const body = { name: file.name, type: fileType(file), size: file.size };
  return uploadThroughSlot(
    {
      slot: () => call(AS.attachmentSlot, at, body),
      done: (assetId) => call(AS.attachmentMarkUploaded, { ...at, assetId }, {}),
      drop: (assetId) => call(AS.attachmentRemove, { ...at, assetId }),
    },
    file,
    opts.onProgress,
  );
}

/** Base path of a project's assets (description and comment images): an image's URL is this and its id. */
export const projectAssetsBase = (slug: string, projectId: string) =>
  endpointUrl(AS.projectSlot.path, { slug, projectId });

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
  const at = { slug: opts.slug, projectId: opts.projectId };
  return uploadThroughSlot(
    {
      slot: () => call(AS.projectSlot, at, body),
      done: (assetId) => call(AS.projectMarkUploaded, { ...at, assetId }, {}),
      drop: (assetId) => call(AS.projectRemove, { ...at, assetId }),
    },
    file,
    opts.onProgress,
  );
}

/**
 * The signed-in user's avatar: a USER_AVATAR user asset. Marking it uploaded makes it the user's avatar (the
 * previous one is retired), so `avatar_url` becomes its static URL.
 */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): UploadHandle {
  const body = { name: file.name || "avatar", type: fileType(file), size: file.size, entity_type: "USER_AVATAR" };
  return uploadThroughSlot(
    {
      slot: () => call(AS.userSlot, {}, body),
      done: (assetId) => call(AS.userMarkUploaded, { assetId }, {}),
      drop: (assetId) => call(AS.userRemove, { assetId }),
    },
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
  return uploadThroughSlot(
    {
      slot: () => call(AS.workspaceSlot, { slug }, body),
      done: (assetId) => call(AS.workspaceMarkUploaded, { slug, assetId }, {}),
      drop: (assetId) => call(AS.workspaceRemove, { slug, assetId }),
    },
    file,
    onProgress,
  );
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
  if (asset_ids.length) await call(AS.projectLink, { slug, projectId, entityId }, { asset_ids });
}

/** One asset family's calls: a slot for the file, the upload marked done, the asset deleted. */
interface SlotCalls {
  slot: () => Promise<UploadSlot>;
  done: (assetId: string) => Promise<void>;
  drop: (assetId: string) => Promise<void>;
}

/** Request a slot, send the file to it (XMLHttpRequest, for progress), mark it uploaded. */
function uploadThroughSlot(calls: SlotCalls, file: File, onProgress: (percent: number) => void): UploadHandle {
  let xhr: XMLHttpRequest | null = null;
  let canceled = false;
  let assetId: string | null = null;
  const report = throttle((p: number) => onProgress(p), UPLOAD_PROGRESS_THROTTLE_MS);

  const promise = (async () => {
    const limit = await fileSizeLimit();
    if (file.size > limit) throw new UploadError(`The file is too large: the limit is ${formatLimit(limit)}.`);
    const slot = await calls.slot();
    assetId = slot.asset_id;
    if (canceled) {
      // cancelled while the slot was being made: free it
      await calls.drop(slot.asset_id).catch(() => undefined);
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
    await calls.done(slot.asset_id);
    return { assetId: slot.asset_id, assetUrl: slot.asset_url };
  })();

  const cancel = () => {
    canceled = true;
    report.cancel();
    if (xhr) xhr.abort();
    // the slot was created but never completed: remove it (best effort)
    if (assetId && xhr) calls.drop(assetId).catch(() => undefined);
  };
  return { promise, cancel };
}
