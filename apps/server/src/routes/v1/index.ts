import type { RouteModule } from "../../http/route.ts";
import { registerV1Workspace } from "./workspace.ts";
import { registerV1Project } from "./project.ts";
import { registerV1WorkItems } from "./work-items.ts";
import { registerV1Docs } from "./openapi.ts";
import { registerV1Planning } from "./planning.ts";
import { registerV1Stickies } from "./stickies.ts";
import { registerV1Intake } from "./intake.ts";
import { registerV1Attachments } from "./attachments.ts";
import { registerV1Estimates } from "./estimates.ts";
import { registerV1Tracking } from "./tracking.ts";
import { registerWorkflowRoutes } from "../workflows/index.ts";
import { V1P } from "./paths.ts";
import { registerV1Teamspaces } from "./teamspaces.ts";

/**
 * The public API v1 (wire-facts §12) under `/api/v1/`: every route is a `route()` with `auth: "apiKey"`, so the
 * scope, the policies of the one permission table and the app's commands are the same code as the app's routes;
 * only the presenters (v1 shapes, `fields` / `expand`) are v1's own.
 */
export const v1Routes: RouteModule = (fastify, app) => {
  registerV1Workspace(fastify, app);
  registerV1Project(fastify, app);
  registerV1WorkItems(fastify, app);
  registerV1Planning(fastify, app);
  registerV1Attachments(fastify, app);
  registerV1Intake(fastify, app);
  registerV1Stickies(fastify, app);
  registerV1Estimates(fastify, app);
  registerV1Tracking(fastify, app);
  registerWorkflowRoutes(fastify, app, V1P, "apiKey");
  registerV1Teamspaces(fastify, app);
  registerV1Docs(fastify, app);
};
