import { z } from "zod";
import { commentBodies } from "@stride/shared/contract";
import { idParam, issueParams, projectParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";

export { reactionBody, type CommentCreateBody, type CommentPatchBody } from "@stride/shared/contract";

/** POST …/comments/ (and …/history/) and PATCH …/comments/{id}/: the contract's bodies, the comment sanitised on write. */
export const { create: commentCreateBody, patch: commentPatchBody } = commentBodies(htmlField);

export const commentParams = issueParams.extend({ commentId: idParam() });
export const commentOnlyParams = projectParams.extend({ commentId: idParam() });
const reaction = z.string().min(1).max(20);
export const reactionParams = issueParams.extend({ reaction });
export const commentReactionParams = commentOnlyParams.extend({ reaction });

/** GET …/history/?activity_type=…&created_at__gt=… */
export const historyQuery = z
  .object({
    activity_type: z.string().max(200).optional(),
    created_at__gt: z.string().max(64).optional(),
  })
  .passthrough();

/** The history's activity types: property changes and comments, of work items and of epics. */
export const HISTORY_TYPES = ["issue-property", "epic-property", "issue-comment", "epic-comment"] as const;
