import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { registerWorklogRoutes } from "../worklogs/index.ts";
import { registerProjectUpdateRoutes } from "../project-updates/index.ts";
import { V1P, v1ItemUrls } from "./paths.ts";

/**
 * v1 time tracking and project updates (issue #29 points 3, 4): a work item's logs under Plane's path
 * (`…/work-items/{id}/worklogs/[{worklog_id}/]`, and `issues/`), its totals (`…/worklogs/summary/`), the project's
 * logs and totals (`/projects/{pid}/worklogs/[summary/]`) and its updates (`/projects/{pid}/updates/[{id}/]`): the
 * app's routes and commands with an API key.
 */
export function registerV1Tracking(fastify: FastifyInstance, app: AppContext) {
  registerWorklogRoutes(fastify, app, { auth: "apiKey", item: v1ItemUrls, project: `${V1P}/` });
  registerProjectUpdateRoutes(fastify, app, { auth: "apiKey", base: `${V1P}/` });
}
