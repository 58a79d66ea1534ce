import { draftBodies } from "@stride/shared/contract";
import { idParam, projectParams, slugParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";

/** Project drafts are work items (`issues.is_draft`): they take the work item's own bodies. */
export { expandQuery, issueCreateBody, issuePatchBody, parseExpand } from "../issues/schemas.ts";

/** W/draft-issues/ and W/draft-to-issue/{id}/: the contract's bodies, the description sanitised on write. */
export const { draft: workspaceDraftBody, toIssue: draftToIssueBody } = draftBodies(htmlField);

export const projectDraftParams = projectParams.extend({ draftId: idParam() });
export const workspaceDraftParams = slugParams.extend({ draftId: idParam() });
