import { seesOnlyOwnWorkItems } from "./policies.ts";
import type { ProjectMemberRow, ProjectRow } from "./route.ts";

/**
 * What a caller may read, asked in one place (issue #24): the work items whose counts a guest sees, and the ids
 * other requests name.
 */

/**
 * Whose work items alone the caller sees in the project: themselves when they are a guest of a project whose
 * guests see only the items they created (wire-facts §6.1), else null (every item). Counts and stats take it so a
 * guest counts only what their lists show.
 */
export function onlyItemsOf(ctx: { user: { id: string }; project: ProjectRow; projectMember: ProjectMemberRow | null }): string | null {
  return seesOnlyOwnWorkItems({ projectRole: ctx.projectMember?.role ?? null, guestViewAllFeatures: ctx.project.guestViewAllFeatures }) ? ctx.user.id : null;
}
