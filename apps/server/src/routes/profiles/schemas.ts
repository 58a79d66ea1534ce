import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

/** W/user-stats|user-profile|user-activity/{userId}/. */
export const userParams = slugParams.extend({ userId: idParam() });

/** GET W/user-activity/{userId}/: cursor pagination (wire-facts §0). */
export const activityQuery = z.object({ per_page: z.string().optional(), cursor: z.string().optional() });

export { activityExportBody } from "@stride/shared/contract";
