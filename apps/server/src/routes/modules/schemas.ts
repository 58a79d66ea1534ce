import { moduleBodies } from "@stride/shared/contract";
import { idParam, issueParams, projectParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";

export {
  createLinkBody,
  favoriteModuleBody,
  issueModulesBody,
  moduleIssuesBody,
  updateLinkBody,
} from "@stride/shared/contract";

/** POST P/modules/, PUT (a full body: the name is required) and PATCH P/modules/{id}/: the description sanitised on write. */
export const { create: moduleCreateBody, patch: modulePatchBody } = moduleBodies(htmlField);

export const moduleParams = projectParams.extend({ moduleId: idParam() });
export const moduleIssueParams = moduleParams.extend({ issueId: idParam() });
export const moduleLinkParams = moduleParams.extend({ linkId: idParam() });
export { issueParams };
