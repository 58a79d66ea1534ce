// Every table lives in one of these files, one per area. `npm run db:generate` builds the migration from them.
export * from "./instance.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
export * from "./projects.ts";
export * from "./issues.ts";
export * from "./views.ts";
export * from "./notifications.ts";
export * from "./pages.ts";
export * from "./environments.ts";
export * from "./secrets.ts";
export * from "./webhooks.ts";
export * from "./intake.ts";
export * from "./home.ts";
export * from "./api-tokens.ts";
export * from "./agents.ts";
