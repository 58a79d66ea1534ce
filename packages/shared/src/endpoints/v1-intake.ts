import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

const INTAKE = `${V1_PROJECT}/intake-issues/` as const;
type IntakeBodies = ReturnType<typeof C.intakeBodies>;

/**
 * v1 intake items (wire-facts §12): the intake row's columns with `inbox` and `issue_detail` (the work item's
 * columns, its `state` object, label and assignee ids, `description`); item paths by the work item's id.
 */
export const v1IntakeEndpoints = {
  list: endpoint("GET", INTAKE).answers<C.V1Page>(),
  create: endpoint("POST", INTAKE).sends<In<IntakeBodies["create"]>>().answers<C.V1Object>(),
  get: endpoint("GET", `${INTAKE}:issueId/`).answers<C.V1Object>(),
  update: endpoint("PATCH", `${INTAKE}:issueId/`).sends<In<IntakeBodies["patch"]>>().answers<C.V1Object>(),
  remove: endpoint("DELETE", `${INTAKE}:issueId/`).answers<void>(),
};
