import { idParam, projectParams } from "../../http/fields.ts";

export {
  commitExecutionBody,
  executeBody,
  executionDetailQuery,
  saveAgentTemplateBody,
  searchExecutionsQuery,
  type ExecuteBody,
  type SaveAgentTemplateBody,
  type SearchExecutionsQuery,
} from "@stride/shared/contract";

export const agentTemplateParams = projectParams.extend({ templateId: idParam() });
export const executionParams = projectParams.extend({ executionId: idParam() });
export const artifactParams = projectParams.extend({ artifactId: idParam() });
