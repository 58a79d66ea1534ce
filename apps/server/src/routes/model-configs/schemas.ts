import { z } from "zod";
import { projectParams } from "../../http/fields.ts";

export { saveModelConfigBody, testModelConfigBody } from "@stride/shared/contract";

/** `{name}` arrives URL-decoded; its rules are checked by the command so a bad name is a 400 field error. */
export const modelConfigParams = projectParams.extend({ name: z.string().max(1000) });
