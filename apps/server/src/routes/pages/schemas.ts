import { pageBodies } from "@stride/shared/contract";
import { idParam, projectParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";

/** `P/pages/{pageId}/…` and `P/favorite-pages/{pageId}/`. */
export const pageParams = projectParams.extend({ pageId: idParam() });
/** `P/pages/{pageId}/versions/{versionId}/`. */
export const pageVersionParams = pageParams.extend({ versionId: idParam() });

export const {
  create: createPageBody,
  update: updatePageBody,
  description: pageDescriptionBody,
} = pageBodies(htmlField);
export { pageAccessBody, movePageBody, pageListQuery } from "@stride/shared/contract";
