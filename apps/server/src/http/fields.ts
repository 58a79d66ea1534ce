import { z } from "zod";

/**
 * Path parameters, declared once for every route. A malformed id fails validation and the route pipeline answers
 * 404 (core/route.ts). Body fields come from the shared contract's vocabulary (`@stride/shared/contract`,
 * fields.ts), which the web uses too.
 */

/** A path id: a UUID. */
export const idParam = () => z.uuid();

/** `W/…`: the workspace slug (the scope lookup answers 404 for an unknown one). */
export const slugParams = z.object({ slug: z.string() });
/** `P/…`: workspace slug and project id. */
export const projectParams = slugParams.extend({ projectId: idParam() });
/** `P/issues/:issueId/…` and `P/epics/:issueId/…`. */
export const issueParams = projectParams.extend({ issueId: idParam() });

/**
 * The query of a list endpoint: every value a string or a list of strings. The list engine's own parser
 * (core/issue-list/params.ts) reads them, so filter errors get their `{message, code}` body.
 */
export const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
