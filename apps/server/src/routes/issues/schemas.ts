import { z } from "zod";
import { workItemBodies } from "@stride/shared/contract";
import { htmlField } from "../../core/sanitize.ts";

export {
  addRelationsBody,
  addSubIssuesBody,
  bulkOperationBody,
  createLinkBody,
  issueIdsBody,
  removeRelationBody,
  updateLinkBody,
  workItemDatesBody,
} from "@stride/shared/contract";

/** POST P/issues/ and PATCH P/issues/{id}/: the contract's bodies, the description sanitised on write. */
export const { create: issueCreateBody, patch: issuePatchBody } = workItemBodies(htmlField);

export const expandQuery = z.object({ expand: z.string().max(1000).optional() }).passthrough();

export function parseExpand(expand: string | undefined): Set<string> {
  return new Set(
    (expand ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}
