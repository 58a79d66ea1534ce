import { z } from "zod";
import { idParam, projectParams, slugParams } from "../../http/fields.ts";

export const boardParams = projectParams.extend({ boardId: idParam() });
export const viewBoardParams = projectParams.extend({ viewId: idParam() });
export const anchorParams = z.object({ anchor: z.string().max(64) });
export const anchorAssetParams = anchorParams.extend({ assetId: idParam() });
export const anchorIssueParams = anchorParams.extend({ issueId: idParam() });
export const anchorCommentParams = anchorParams.extend({ commentId: idParam() });
export const anchorIssueCommentParams = anchorIssueParams.extend({ commentId: idParam() });
export const anchorReactionParams = anchorIssueParams.extend({ reaction: z.string().max(20) });
export const anchorCommentReactionParams = anchorCommentParams.extend({ reaction: z.string().max(20) });
export const publicProjectParams = slugParams.extend({ projectId: idParam() });
export const anchorIntakeParams = anchorParams.extend({ intakeId: idParam() });
export const anchorIntakeItemParams = anchorIntakeParams.extend({ issueId: idParam() });
