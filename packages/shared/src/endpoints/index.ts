/**
 * The endpoint table (`@stride/shared/endpoints`): per resource, each endpoint's method, path, body and answer
 * types (endpoint.ts), one file per resource. The server's routes name their entry (`route({ endpoint })`), the
 * web calls it (`call(endpoint, params, body)`, apps/web/src/api/client.ts). Only types come from the contract,
 * so the web's bundle gets the paths and no zod.
 */
export * from "./endpoint.ts";
export * from "./auth.ts";
export * from "./cycles.ts";
export * from "./favorites.ts";
export * from "./health.ts";
export * from "./labels.ts";
export * from "./mcp.ts";
export * from "./oauth.ts";
export * from "./preferences.ts";
export * from "./profiles.ts";
export * from "./project-members.ts";
export * from "./projects.ts";
export * from "./publish.ts";
export * from "./states.ts";
export * from "./user-properties.ts";
export * from "./users.ts";
export * from "./v1-attachments.ts";
export * from "./v1-docs.ts";
export * from "./v1-estimates.ts";
export * from "./v1-intake.ts";
export * from "./v1-planning.ts";
export * from "./v1-project.ts";
export * from "./v1-stickies.ts";
export * from "./v1-teamspaces.ts";
export * from "./v1-work-items.ts";
export * from "./v1-workspace.ts";
export * from "./workspace-invitations.ts";
export * from "./workspace-members.ts";
export * from "./workspaces.ts";
