import type { RouteModule } from "../../http/route.ts";
import { registerIssueCore } from "./core.ts";
import { registerSubIssues } from "./sub-issues.ts";
import { registerLinks } from "./links.ts";
import { registerRelations } from "./relations.ts";
import { registerSubscription } from "./subscription.ts";
import { registerArchive } from "./archive.ts";
import { registerBulk } from "./bulk.ts";
import { registerDescriptionVersions } from "./description-versions.ts";

/**
 * Work items (work-tracking.md §7 "Work items"; wire-facts §6.2–6.5), for `issues/` and `epics/`:
 * create, detail, update, delete, lookup, meta, dates, sub-items, links, relations, subscription, archive, bulk
 * calls and description versions. Lists live in the list engine (issue-lists/); history, comments and reactions in
 * issue-comments/, tasks in issue-tasks/, drafts in issue-drafts/.
 */
export const issueRoutes: RouteModule = (fastify, app) => {
  registerIssueCore(fastify, app);
  registerSubIssues(fastify, app);
  registerLinks(fastify, app);
  registerRelations(fastify, app);
  registerSubscription(fastify, app);
  registerArchive(fastify, app);
  registerBulk(fastify, app);
  registerDescriptionVersions(fastify, app);
};
