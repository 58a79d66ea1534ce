import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

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
  /** Served at `cycle-progress/` too. */
  progress: endpoint("GET", `${PROJECT_API}/cycles/:cycleId/progress/`).answers<C.CycleProgress>(),
  /** The cycle's work items: the issue-list params and envelope (wire-facts §6.1). */
  items: endpoint("GET", `${PROJECT_API}/cycles/:cycleId/cycle-issues/`).answers<C.ListEnvelope>(),
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
  /** The caller's list choices in a cycle; PATCH answers 201. */
  userProperties: endpoint("GET", `${PROJECT_API}/cycles/:cycleId/user-properties/`).answers<C.UserProperties>(),
  updateUserProperties: endpoint("PATCH", `${PROJECT_API}/cycles/:cycleId/user-properties/`)
    .sends<In<typeof C.userPropertiesPatch>>()
    .answers<C.UserProperties>(),
  /** The cycles of the caller's projects. */
  workspaceList: endpoint("GET", `${WORKSPACE_API}/cycles/`).answers<C.Cycle[]>(),
  /** The current cycles of the caller's projects, paginated, each with its project and progress. */
  activeList: endpoint("GET", `${WORKSPACE_API}/active-cycles/`).answers<C.Paginated<C.ActiveCycle>>(),
};
