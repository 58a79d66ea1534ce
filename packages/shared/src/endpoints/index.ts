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
export * from "./cycles.ts";
export * from "./dashboard.ts";
export * from "./environments.ts";
export * from "./exports.ts";
export * from "./importers.ts";
export * from "./instances.ts";
export * from "./labels.ts";
export * from "./model-configs.ts";
export * from "./notifications.ts";
export * from "./quick-links.ts";
export * from "./recent-visits.ts";
export * from "./search.ts";
export * from "./states.ts";
export * from "./stickies.ts";
export * from "./teamspaces.ts";
export * from "./timezones.ts";
export * from "./user-secrets.ts";
export * from "./webhooks.ts";
