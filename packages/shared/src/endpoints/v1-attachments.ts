import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

/** Plane's older family; the server answers `…/work-items/:issueId/attachments/…` too (aliases). */
const ATT = `${V1_PROJECT}/issues/:issueId/issue-attachments` as const;
type Slot = In<typeof C.uploadSlotBody>;

/**
 * v1 work-item attachments (wire-facts §12): the app's assets flow with an API key. POST `{name, type, size}` →
 * the upload slot; PATCH marks the file uploaded; GET lists the uploaded ones (a plain array); GET one redirects to
 * a signed download; DELETE removes it.
 */
export const v1AttachmentEndpoints = {
  list: endpoint("GET", `${ATT}/`).answers<C.FileAsset[]>(),
  slot: endpoint("POST", `${ATT}/`).sends<Slot>().answers<C.AttachmentSlot>(),
  file: endpoint("GET", `${ATT}/:assetId/`).answers<void>(),
  markUploaded: endpoint("PATCH", `${ATT}/:assetId/`).sends<In<typeof C.markUploadedBody>>().answers<void>(),
  remove: endpoint("DELETE", `${ATT}/:assetId/`).answers<void>(),
};
