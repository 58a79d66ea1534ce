import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export { createApiTokenBody, updateApiTokenBody } from "@stride/shared/contract";

/** `/api/users/api-tokens/{tokenId}/`. */
export const userTokenParams = z.object({ tokenId: idParam() });
/** `W/api-tokens/{tokenId}/`. */
export const workspaceTokenParams = slugParams.extend({ tokenId: idParam() });
