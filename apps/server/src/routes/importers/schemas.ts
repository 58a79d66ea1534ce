import { idParam, slugParams } from "../../core/fields.ts";

export { createImportBody, startImportBody } from "@stride/shared/contract";

export const importerParams = slugParams.extend({ importerId: idParam() });
