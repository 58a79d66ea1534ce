import type { AppContext } from "./core/context.ts";

/**
 * Tasks run once at every start, after migrations (seeding the instance row and configuration, …).
 * Each must be idempotent: several instances may start against one database.
 */
export const bootTasks: ((app: AppContext) => Promise<void>)[] = [];

/** Background job handlers: each registers its queue(s) on app.jobs. */
export const jobHandlers: ((app: AppContext) => void)[] = [];
