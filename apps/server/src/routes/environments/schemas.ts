import { z } from "zod";
import { idParam, projectParams } from "../../http/fields.ts";

export {
  createSandboxBody, refreshSandboxBody, saveEnvironmentTemplateBody,
  type CreateSandboxBody, type RefreshSandboxBody, type SaveEnvironmentTemplateBody,
} from "@stride/shared/contract";

export const templateParams = projectParams.extend({ templateId: idParam() });
export const sandboxParams = projectParams.extend({ sandboxId: idParam() });
export type TemplateParams = z.infer<typeof templateParams>;
export type SandboxParams = z.infer<typeof sandboxParams>;
