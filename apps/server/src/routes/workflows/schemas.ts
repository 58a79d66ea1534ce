import { idParam, projectParams } from "../../core/fields.ts";

export { putWorkflowStateBody, type PutWorkflowStateBody } from "@stride/shared/contract";

export const workflowStateParams = projectParams.extend({ stateId: idParam() });
