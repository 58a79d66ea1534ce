import { z } from "zod";
import { slugParams } from "../../http/fields.ts";

export { updateWorkspaceMemberBody } from "@stride/shared/contract";

export const listMembersQuery = z.object({ search: z.string().max(255, "at most 255 characters").optional() });
/** `memberId` is a membership id or a user id (the command answers 404 for anything else). */
export const memberParams = slugParams.extend({ memberId: z.string() });
