import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";

/** Path prefixes of assets v2 (wire-facts §10): everything, a workspace's, a project's. */
const A = "/api/assets/v2";
const WA = `${A}/workspaces/:slug` as const;
const PA = `${WA}/projects/:projectId` as const;
/** A work item's attachments (also under `P/issues/…` and for `epics/`: the server's aliases). */
const ATT = `${PA}/issues/:issueId/attachments` as const;

type Slot = In<typeof C.uploadSlotBody>;
type MarkUploaded = In<typeof C.markUploadedBody>;

/**
 * Assets v2 (wire-facts §10, platform.md §7): each family (the caller's own, a workspace's, a project's, a work item's
 * attachments) asks for an upload slot, marks the upload done and deletes; the file routes answer a redirect to a
 * signed download or the bytes (`void`: no JSON). The receiver takes the slot's multipart form.
 */
export const assetEndpoints = {
  upload: endpoint("POST", `${A}/upload/`).answers<void>(),
  file: endpoint("GET", `${A}/files/:assetId/`).answers<void>(),
  static: endpoint("GET", `${A}/static/:assetId/`).answers<void>(),

  userSlot: endpoint("POST", `${A}/user-assets/`).sends<Slot>().answers<C.UploadSlot>(),
  userMarkUploaded: endpoint("PATCH", `${A}/user-assets/:assetId/`).sends<MarkUploaded>().answers<void>(),
  userRemove: endpoint("DELETE", `${A}/user-assets/:assetId/`).answers<void>(),

  workspaceSlot: endpoint("POST", `${WA}/`).sends<Slot>().answers<C.UploadSlot>(),
  workspaceFile: endpoint("GET", `${WA}/:assetId/`).answers<void>(),
  workspaceDownload: endpoint("GET", `${WA}/download/:assetId/`).answers<void>(),
  workspaceMarkUploaded: endpoint("PATCH", `${WA}/:assetId/`).sends<MarkUploaded>().answers<void>(),
  workspaceRemove: endpoint("DELETE", `${WA}/:assetId/`).answers<void>(),
  workspaceRestore: endpoint("POST", `${WA}/restore/:assetId/`).answers<void>(),
  workspaceCheck: endpoint("GET", `${WA}/check/:assetId/`).answers<{ exists: boolean }>(),
  duplicate: endpoint("POST", `${WA}/duplicate-assets/:assetId/`)
    .sends<In<typeof C.duplicateAssetBody>>()
    .answers<{ asset_id: string }>(),

  projectSlot: endpoint("POST", `${PA}/`).sends<Slot>().answers<C.UploadSlot>(),
  projectFile: endpoint("GET", `${PA}/:assetId/`).answers<void>(),
  projectDownload: endpoint("GET", `${PA}/download/:assetId/`).answers<void>(),
  projectMarkUploaded: endpoint("PATCH", `${PA}/:assetId/`).sends<MarkUploaded>().answers<void>(),
  projectRemove: endpoint("DELETE", `${PA}/:assetId/`).answers<void>(),
  /** Link uploaded description images to their work item, comment, page or draft. */
  projectLink: endpoint("POST", `${PA}/:entityId/bulk/`).sends<In<typeof C.linkAssetsBody>>().answers<void>(),

  attachments: endpoint("GET", `${ATT}/`).answers<C.FileAsset[]>(),
  attachmentSlot: endpoint("POST", `${ATT}/`).sends<Slot>().answers<C.AttachmentSlot>(),
  attachmentFile: endpoint("GET", `${ATT}/:assetId/`).answers<void>(),
  attachmentMarkUploaded: endpoint("PATCH", `${ATT}/:assetId/`).sends<MarkUploaded>().answers<void>(),
  attachmentRemove: endpoint("DELETE", `${ATT}/:assetId/`).answers<void>(),

  /** Absolute URLs of the stock and the operator's project covers. */
  projectCovers: endpoint("GET", "/api/project-covers/").answers<string[]>(),
  projectCover: endpoint("GET", "/api/project-covers/:name").answers<void>(),
  /** Unsplash's own answer, passed through (`[]` without an access key). */
  unsplash: endpoint("GET", "/api/unsplash/").answers<unknown>(),
};
