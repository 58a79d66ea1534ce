/**
 * The endpoint table (`@stride/shared/endpoints`): per resource, each endpoint's method, path, body and answer
 * types (endpoint.ts), one file per resource. The server's routes name their entry (`route({ endpoint })`), the
 * web calls it (`call(endpoint, params, body)`, apps/web/src/api/client.ts). Only types come from the contract,
 * so the web's bundle gets the paths and no zod.
 */
export * from "./endpoint.ts";
export * from "./cycles.ts";
export * from "./estimates.ts";
export * from "./intake.ts";
export * from "./issue-types.ts";
export * from "./labels.ts";
export * from "./modules.ts";
export * from "./pages.ts";
export * from "./project-updates.ts";
export * from "./states.ts";
export * from "./views.ts";
export * from "./workflows.ts";
export * from "./worklogs.ts";
