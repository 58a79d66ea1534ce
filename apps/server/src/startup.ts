import type { AppContext } from "./core/context.ts";
import { seedInstance } from "./core/instance-config.ts";
import { registerMailJobs } from "./core/mail.ts";
import { registerCleanupJobs } from "./core/cleanup.ts";
import { registerNotificationJobs } from "./routes/notifications/jobs.ts";
import { registerSandboxJobs } from "./routes/environments/commands.ts";
import { registerAgentJobs } from "./agents/run/jobs.ts";
import { registerWebhookJobs } from "./routes/webhooks/jobs.ts";
import { registerQuickLinkTitleJob } from "./routes/quick-links/title.ts";
import { registerExportJobs } from "./routes/exports/job.ts";
import { registerImporterJobs } from "./routes/importers/jobs.ts";
import { registerSearchJobs } from "./routes/search/jobs.ts";
import { registerIntakeJobs } from "./routes/intake/wake.ts";
import { registerProjectUpdateJobs } from "./routes/project-updates/notify.ts";

/**
 * Tasks run once at every start, after migrations (seeding the instance row and configuration, …).
 * Each must be idempotent: several instances may start against one database.
 */
export const bootTasks: ((app: AppContext) => Promise<void>)[] = [(app) => seedInstance(app.db)];

/**
 * Background job tasks: each calls `app.jobs.register(task, handler, { maxAttempts?, schedule? })` — a schedule
 * (cron fields, UTC) makes the task recurring, run once per occurrence across all instances. Enqueue one-off jobs
 * with `app.jobs.enqueue(tx, task, payload, { jobKey?, runAt?, … })` inside the command's transaction.
 */
export const jobHandlers: ((app: AppContext) => void)[] = [
  registerMailJobs,
  registerCleanupJobs,
  registerNotificationJobs,
  registerSandboxJobs,
  registerAgentJobs,
  registerWebhookJobs,
  registerQuickLinkTitleJob,
  registerExportJobs,
  registerImporterJobs,
  registerSearchJobs,
  registerIntakeJobs,
  registerProjectUpdateJobs,
];
