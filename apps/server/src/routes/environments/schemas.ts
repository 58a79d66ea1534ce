import { idParam, projectParams } from "../../http/fields.ts";

export {
  createSandboxBody,
  refreshSandboxBody,
  saveEnvironmentTemplateBody,
  type CreateSandboxBody,
  type RefreshSandboxBody,
  type SaveEnvironmentTemplateBody,
} from "@stride/shared/contract";

export const templateParams = projectParams.extend({ templateId: idParam() });
export const sandboxParams = projectParams.extend({ sandboxId: idParam() });
