/**
 * The API contract shared by server and web (`@stride/shared/contract`): zod schemas of request bodies, the
 * field vocabulary they are built from (DRF messages), and the TypeScript types of presented responses.
 *
 * - Bodies are zod schemas; their types are `z.infer` of them. Bodies with rich text are factories taking an
 *   `HtmlField`: the server passes its sanitising `htmlField` (apps/server/src/core/sanitize.ts), the web
 *   `htmlText`; HTML sanitising stays a server concern and this module imports nothing server-only.
 * - Responses are interfaces; the server's presenters are declared to return them, so a presenter that drifts
 *   fails typecheck, and the web reads the same types.
 */
export * from "./common.ts";
export * from "./fields.ts";
export * from "./errors.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
export * from "./projects.ts";
export * from "./project-members.ts";
export * from "./states.ts";
export * from "./labels.ts";
export * from "./issue-types.ts";
export * from "./cycles.ts";
export * from "./estimates.ts";
export * from "./work-items.ts";
export * from "./comments.ts";
export * from "./tasks.ts";
export * from "./drafts.ts";
export * from "./assets.ts";
export * from "./user-properties.ts";
export * from "./favorites.ts";
export * from "./instances.ts";
export * from "./views.ts";
export * from "./teamspaces.ts";
export * from "./modules.ts";
export * from "./search.ts";
export * from "./notifications.ts";
export * from "./pages.ts";
export * from "./environments.ts";
export * from "./agents.ts";
export * from "./model-configs.ts";
export * from "./secrets.ts";
export * from "./webhooks.ts";
export * from "./intake.ts";
export * from "./home.ts";
export * from "./api-tokens.ts";
export * from "./v1.ts";
export * from "./analytics.ts";
export * from "./profiles.ts";
export * from "./publish.ts";
export * from "./exports.ts";
export * from "./importers.ts";
export * from "./agent-realtime.ts";
export * from "./time-tracking.ts";
export * from "./workflows.ts";
