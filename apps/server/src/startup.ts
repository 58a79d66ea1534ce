import type { AppContext } from "./core/context.ts";
import { seedInstance } from "./core/instance-config.ts";
import { registerMailJobs } from "./core/mail.ts";

/**
 * Tasks run once at every start, after migrations (seeding the instance row and configuration, …).
 * Each must be idempotent: several instances may start against one database.
 */
export const bootTasks: ((app: AppContext) => Promise<void>)[] = [
  (app) => seedInstance(app.db),
];

/** Background job handlers: each registers its queue(s) on app.jobs. */
export const jobHandlers: ((app: AppContext) => void)[] = [
  registerMailJobs,
];
