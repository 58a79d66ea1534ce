import { idParam, slugParams } from "../../core/fields.ts";

export { quickLinkCreateBody, quickLinkPatchBody } from "@stride/shared/contract";
export const quickLinkParams = slugParams.extend({ linkId: idParam() });
