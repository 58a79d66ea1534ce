import { z } from "zod";
import { idParam, projectParams } from "../../http/fields.ts";

export { createStateBody, updateStateBody, type CreateStateBody, type UpdateStateBody } from "@stride/shared/contract";

export const stateParams = projectParams.extend({ stateId: idParam() });

export const listStatesQuery = z.object({ grouped: z.string().optional() });
