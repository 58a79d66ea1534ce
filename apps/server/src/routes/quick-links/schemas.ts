import { idParam, slugParams } from "../../http/fields.ts";

export { quickLinkCreateBody, quickLinkPatchBody } from "@stride/shared/contract";
export const quickLinkParams = slugParams.extend({ linkId: idParam() });
