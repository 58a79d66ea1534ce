/**
 * The request-body schemas the detail widgets' forms check with: the server's own (issue #26 point 5), so a form says
 * what the server would. Only lazy-schemas.ts loads this module (its own chunk, on a form's first submit): the
 * contract's values are zod, which the lint rule keeps out of the web's first scripts.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- forms check with the server's body schemas
import {
  addRelationsBody,
  createLinkBody,
  createTaskBody,
  htmlText,
  updateLinkBody,
  workItemBodies,
  worklogCreateBody,
  worklogPatchBody,
} from "@stride/shared/contract";

export { addRelationsBody, createLinkBody, createTaskBody, updateLinkBody, worklogCreateBody, worklogPatchBody };

/** POST P/issues/: a sub-work item is a work item with a parent. */
export const workItemCreateBody = workItemBodies(htmlText).create;
