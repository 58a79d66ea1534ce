import { idParam, projectParams } from "../../http/fields.ts";

export { putWorkflowStateBody, type PutWorkflowStateBody } from "@stride/shared/contract";

export const workflowStateParams = projectParams.extend({ stateId: idParam() });
