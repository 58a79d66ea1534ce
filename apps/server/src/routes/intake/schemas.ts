import { z } from "zod";
import { intakeBodies } from "@stride/shared/contract";
import { htmlField } from "../../core/sanitize.ts";
import { idParam, projectParams } from "../../http/fields.ts";

export { intakeSettingsBody, publicIntakeBody } from "@stride/shared/contract";

/** POST and PATCH P/inbox-issues/: the contract's bodies, the description sanitised on write. */
export const { create: intakeCreateBody, patch: intakePatchBody } = intakeBodies(htmlField);

/** P/inbox-issues/{issueId}/: the path id is the WORK ITEM's id (wire-facts §8). */
export const intakeItemParams = projectParams.extend({ issueId: idParam() });

export const anchorParams = z.object({ anchor: z.string().max(64) });
