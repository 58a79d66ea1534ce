import { z } from "zod";

/** Path params; a malformed id is a 404 (route pipeline). */
export const projectParams = z.object({ slug: z.string().min(1).max(48), projectId: z.uuid() });
export const workspaceParams = z.object({ slug: z.string().min(1).max(48) });
export const userIssuesParams = z.object({ slug: z.string().min(1).max(48), userId: z.uuid() });

/**
 * List query strings are read by the engine's own parser (core/issue-list/params.ts) so that filter errors
 * get the `{message, code}` body; here we only check that every value is a string or a list of strings.
 */
export const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Max ids in P/issues/list/?issues= (one page). */
export const MAX_LIST_IDS = 1000;
