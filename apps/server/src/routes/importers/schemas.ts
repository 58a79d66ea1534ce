import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export { createImportBody, startImportBody, type CreateImportBody, type StartImportBody } from "@stride/shared/contract";

export const importerParams = slugParams.extend({ importerId: idParam() });
export type ImporterParams = z.infer<typeof importerParams>;
