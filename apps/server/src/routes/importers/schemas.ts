import { idParam, slugParams } from "../../http/fields.ts";

export { createImportBody, startImportBody } from "@stride/shared/contract";

export const importerParams = slugParams.extend({ importerId: idParam() });
