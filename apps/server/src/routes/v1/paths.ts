/** Paths of the public API v1 (wire-facts §12): `V1W` = workspace, `V1P` = project. */
export const V1 = "/api/v1";
export const V1W = `${V1}/workspaces/:slug`;
export const V1P = `${V1W}/projects/:projectId`;

/** A work item's path (and its sub-path) under both `issues/` and `work-items/`. */
export function v1ItemUrls(suffix = ""): string[] {
  return [`${V1P}/issues/:issueId/${suffix}`, `${V1P}/work-items/:issueId/${suffix}`];
}
