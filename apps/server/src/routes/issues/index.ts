import type { RouteModule } from "../../core/route.ts";
import { registerIssueCore } from "./core.ts";
import { registerHistory } from "./history.ts";
import { registerSubIssues } from "./sub-issues.ts";
import { registerLinks } from "./links.ts";
import { registerRelations } from "./relations.ts";
import { registerSubscription } from "./subscription.ts";
import { registerArchive } from "./archive.ts";
import { registerBulk } from "./bulk.ts";
import { registerDescriptionVersions } from "./description-versions.ts";

/**
 * Work items (work-tracking.md §7 "Work items"; wire-facts §6.2–6.5), for `issues/` and `epics/`:
 * create, detail, update, delete, lookup, meta, history, dates, sub-items, links, relations,
 * subscription, archive, bulk calls and description versions. The list / read-many endpoints live in the list engine.
 */
export const issueRoutes: RouteModule = (fastify, app) => {
  registerIssueCore(fastify, app);
  registerHistory(fastify, app);
  registerSubIssues(fastify, app);
  registerLinks(fastify, app);
  registerRelations(fastify, app);
  registerSubscription(fastify, app);
  registerArchive(fastify, app);
  registerBulk(fastify, app);
  registerDescriptionVersions(fastify, app);
};
