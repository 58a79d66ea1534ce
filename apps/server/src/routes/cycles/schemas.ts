import { z } from "zod";
import { CYCLE_VIEWS } from "@stride/shared";
import { idParam, issueParams, projectParams } from "../../http/fields.ts";

export {
  createCycleBody,
  updateCycleBody,
  cycleDateCheckBody,
  cycleIssuesBody,
  transferCycleIssuesBody,
  favoriteCycleBody,
} from "@stride/shared/contract";
export { userPropertiesPatch } from "@stride/shared/contract";

export const cycleParams = projectParams.extend({ cycleId: idParam() });
export const cycleIssueParams = cycleParams.extend({ issueId: issueParams.shape.issueId });

/** `GET P/cycles/?cycle_view=` (unknown views are a bad parameter). */
export const cycleListQuery = z.object({ cycle_view: z.enum(CYCLE_VIEWS).optional() }).passthrough();
/** `analytics/?type=` (default points, work-tracking.md §7). */
export const analyticsQuery = z.object({ type: z.enum(["issues", "points"]).optional() }).passthrough();
export const pageQuery = z.object({ per_page: z.string().optional(), cursor: z.string().optional() }).passthrough();
