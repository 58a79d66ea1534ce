import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { reapStaleRuns, releaseLocalRuns, runExecution } from "./loop.ts";
import { AGENT_RUN_TASK, type ExecutePayload } from "../../routes/agents/executions.ts";

export const AGENT_REAP_TASK = "agent:reap";
/** The worker pool of agent runs (AGENT_CONCURRENCY slots per instance), apart from the general one. */
export const AGENT_POOL = "agents";

/**
 * Executions run as durable jobs (agents.md §3): `agent:run` runs one (a stale or superseded job does nothing), in
 * the agents' own worker pool; `agent:reap` (every minute) takes over or fails runs whose process went away.
 */
export function registerAgentJobs(app: AppContext): void {
  app.jobs.register<ExecutePayload>(AGENT_RUN_TASK, (p) => runExecution(app, p), { maxAttempts: 1, pool: AGENT_POOL });
  app.jobs.register(AGENT_REAP_TASK, () => reapStaleRuns(app), { schedule: "* * * * *", maxAttempts: 1 });
}

/** A stopping server hands its runs back to the queue (the next instance continues them) before the job runner stops. */
export function releaseRunsOnClose(fastify: FastifyInstance, app: AppContext): void {
  fastify.addHook("onClose", async () => releaseLocalRuns(app));
}
