/**
 * The endpoint table (`@stride/shared/endpoints`): per resource, each endpoint's method, path, body and answer
 * types (endpoint.ts), one file per resource. The server's routes name their entry (`route({ endpoint })`), the
 * web calls it (`call(endpoint, params, body)`, apps/web/src/api/client.ts). Only types come from the contract,
 * so the web's bundle gets the paths and no zod.
 */
export * from "./endpoint.ts";
export * from "./agent-realtime.ts";
export * from "./agents.ts";
export * from "./analytics.ts";
export * from "./api-tokens.ts";
export * from "./assets.ts";
export * from "./auth.ts";
export * from "./comments.ts";
export * from "./cycles.ts";
export * from "./dashboard.ts";
export * from "./drafts.ts";
export * from "./environments.ts";
export * from "./estimates.ts";
export * from "./exports.ts";
export * from "./favorites.ts";
export * from "./importers.ts";
export * from "./instances.ts";
export * from "./intake.ts";
export * from "./issue-types.ts";
export * from "./labels.ts";
export * from "./model-configs.ts";
export * from "./modules.ts";
export * from "./notifications.ts";
export * from "./pages.ts";
export * from "./preferences.ts";
export * from "./profiles.ts";
export * from "./project-members.ts";
export * from "./project-updates.ts";
export * from "./projects.ts";
export * from "./publish.ts";
export * from "./quick-links.ts";
export * from "./recent-visits.ts";
export * from "./search.ts";
export * from "./states.ts";
export * from "./stickies.ts";
export * from "./tasks.ts";
export * from "./teamspaces.ts";
export * from "./timezones.ts";
export * from "./user-properties.ts";
export * from "./user-secrets.ts";
export * from "./users.ts";
export * from "./views.ts";
export * from "./webhooks.ts";
export * from "./work-item-kinds.ts";
export * from "./work-item-lists.ts";
export * from "./work-items.ts";
export * from "./workflows.ts";
export * from "./worklogs.ts";
export * from "./workspace-invitations.ts";
export * from "./workspace-members.ts";
export * from "./workspaces.ts";
