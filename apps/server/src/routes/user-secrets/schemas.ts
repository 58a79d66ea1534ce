import { z } from "zod";
import { idParam } from "../../http/fields.ts";

export { createSecretBody, updateSecretBody } from "@stride/shared/contract";

export const secretParams = z.object({ secretId: idParam() });
