/** Path prefixes (wire-facts §0): W = workspace, P = project. Every item path exists for issues/ and epics/. */
export const W = "/api/workspaces/:slug";
export const P = `${W}/projects/:projectId`;

/** `P/issues/:issueId/<suffix>` and `P/epics/:issueId/<suffix>`. */
export function itemUrls(suffix = ""): string[] {
  return [`${P}/issues/:issueId/${suffix}`, `${P}/epics/:issueId/${suffix}`];
}
