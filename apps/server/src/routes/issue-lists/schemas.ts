import { idParam, slugParams } from "../../http/fields.ts";

/** W/user-issues/{userId}/. */
export const userIssuesParams = slugParams.extend({ userId: idParam() });

/** Max ids in P/issues/list/?issues= (one page). */
export const MAX_LIST_IDS = 1000;
