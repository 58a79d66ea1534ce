import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export { createInvitationsBody, joinInvitationBody, updateInvitationBody } from "@stride/shared/contract";

export const invitationParams = slugParams.extend({ invitationId: idParam() });
export const joinQuery = z.object({ token: z.string().max(500).optional() });
