import { z } from "zod";
import { idParam, projectParams, slugParams } from "../../http/fields.ts";

export {
  duplicateAssetBody,
  linkAssetsBody,
  markUploadedBody,
  uploadSlotBody,
  type UploadSlotBody,
} from "@stride/shared/contract";

export const assetParams = z.object({ assetId: idParam() });
export const wsAssetParams = slugParams.extend({ assetId: idParam() });
export const prAssetParams = projectParams.extend({ assetId: idParam() });
export const attParams = projectParams.extend({ issueId: idParam() });
export const attAssetParams = attParams.extend({ assetId: idParam() });
