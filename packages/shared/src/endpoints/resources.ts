/** The endpoint table, one object per resource (see endpoint.ts). Types only from the contract. */
import type { z } from "zod";
import type * as C from "../contract/index.ts";
import { endpoint, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type In<TSchema extends z.ZodType> = z.input<TSchema>;

/** Labels (wire-facts §5): a project's, and the workspace's across the caller's projects. */
export const labelEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/issue-labels/`).answers<C.Label[]>(),
  create: endpoint("POST", `${PROJECT_API}/issue-labels/`).sends<In<typeof C.createLabelBody>>().answers<C.Label>(),
  get: endpoint("GET", `${PROJECT_API}/issue-labels/:labelId/`).answers<C.Label>(),
  update: endpoint("PATCH", `${PROJECT_API}/issue-labels/:labelId/`)
    .sends<In<typeof C.updateLabelBody>>()
    .answers<C.Label>(),
  remove: endpoint("DELETE", `${PROJECT_API}/issue-labels/:labelId/`).answers<void>(),
  bulkCreate: endpoint("POST", `${PROJECT_API}/bulk-create-labels/`)
    .sends<In<typeof C.bulkCreateLabelsBody>>()
    .answers<{ labels: C.Label[] }>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/labels/`).answers<C.Label[]>(),
};

/** States (wire-facts §5): `list` answers the grouped shape with `?grouped=true`. */
export const stateEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/states/`).answers<C.State[] | C.GroupedStates>(),
  create: endpoint("POST", `${PROJECT_API}/states/`).sends<In<typeof C.createStateBody>>().answers<C.State>(),
  update: endpoint("PATCH", `${PROJECT_API}/states/:stateId/`).sends<In<typeof C.updateStateBody>>().answers<C.State>(),
  remove: endpoint("DELETE", `${PROJECT_API}/states/:stateId/`).answers<void>(),
  markDefault: endpoint("POST", `${PROJECT_API}/states/:stateId/mark-default/`).answers<void>(),
  intakeState: endpoint("GET", `${PROJECT_API}/intake-state/`).answers<C.State>(),
  workspaceList: endpoint("GET", `${WORKSPACE_API}/states/`).answers<C.State[]>(),
};

/** Cycles (wire-facts §7, wire-facts-2 §4). */
export const cycleEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/cycles/`).answers<C.Cycle[]>(),
  create: endpoint("POST", `${PROJECT_API}/cycles/`).sends<In<typeof C.createCycleBody>>().answers<C.Cycle>(),
  dateCheck: endpoint("POST", `${PROJECT_API}/cycles/date-check/`)
    .sends<In<typeof C.cycleDateCheckBody>>()
    .answers<{ status: boolean; error?: string }>(),
  get: endpoint("GET", `${PROJECT_API}/cycles/:cycleId/`).answers<C.CycleDetail>(),
  update: endpoint("PATCH", `${PROJECT_API}/cycles/:cycleId/`)
    .sends<In<typeof C.updateCycleBody>>()
    .answers<C.CycleDetail>(),
  remove: endpoint("DELETE", `${PROJECT_API}/cycles/:cycleId/`).answers<void>(),
  analytics: endpoint("GET", `${PROJECT_API}/cycles/:cycleId/analytics/`).answers<C.CycleAnalytics>(),
  addItems: endpoint("POST", `${PROJECT_API}/cycles/:cycleId/cycle-issues/`)
    .sends<In<typeof C.cycleIssuesBody>>()
    .answers<{ message: string }>(),
  removeItem: endpoint("DELETE", `${PROJECT_API}/cycles/:cycleId/cycle-issues/:issueId/`).answers<void>(),
  transferItems: endpoint("POST", `${PROJECT_API}/cycles/:cycleId/transfer-issues/`)
    .sends<In<typeof C.transferCycleIssuesBody>>()
    .answers<{ message: string }>(),
  archive: endpoint("POST", `${PROJECT_API}/cycles/:cycleId/archive/`).answers<{ archived_at: string }>(),
  restore: endpoint("DELETE", `${PROJECT_API}/cycles/:cycleId/archive/`).answers<void>(),
  archivedList: endpoint("GET", `${PROJECT_API}/archived-cycles/`).answers<C.Cycle[]>(),
  archivedGet: endpoint("GET", `${PROJECT_API}/archived-cycles/:cycleId/`).answers<C.CycleDetail>(),
  favorite: endpoint("POST", `${PROJECT_API}/user-favorite-cycles/`)
    .sends<In<typeof C.favoriteCycleBody>>()
    .answers<{ id: string; entity_type: "cycle"; entity_identifier: string; project_id: string; cycle: string }>(),
  unfavorite: endpoint("DELETE", `${PROJECT_API}/user-favorite-cycles/:cycleId/`).answers<void>(),
};
