import { z } from "zod";
import { idParam } from "../../core/fields.ts";

export { createSecretBody, updateSecretBody } from "@stride/shared/contract";

export const secretParams = z.object({ secretId: idParam() });
