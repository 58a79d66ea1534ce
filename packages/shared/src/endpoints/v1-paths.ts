/** Path prefixes of the public API v1 (wire-facts §12): a workspace's and a project's. */
export const V1_API = "/api/v1";
export const V1_WORKSPACE = `${V1_API}/workspaces/:slug` as const;
export const V1_PROJECT = `${V1_WORKSPACE}/projects/:projectId` as const;
