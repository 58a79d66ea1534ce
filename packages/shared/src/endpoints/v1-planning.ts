import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

const CYCLES = `${V1_PROJECT}/cycles/` as const;
const CYCLE = `${CYCLES}:cycleId/` as const;
const MODULES = `${V1_PROJECT}/modules/` as const;
const MODULE = `${MODULES}:moduleId/` as const;
type ModuleBodies = ReturnType<typeof C.moduleBodies>;
type Items = In<typeof C.moduleIssuesBody>;

/**
 * v1 cycles and modules (wire-facts §12): all columns with the item counts by state group (a module with its
 * `members` ids too), their archives, and their work items (a page of v1 work items; adding answers the new
 * cycle-issue / module-issue rows as a plain array).
 */
export const v1PlanningEndpoints = {
  cycles: endpoint("GET", CYCLES).answers<C.V1Page>(),
  createCycle: endpoint("POST", CYCLES).sends<In<typeof C.createCycleBody>>().answers<C.V1Object>(),
  cycle: endpoint("GET", CYCLE).answers<C.V1Object>(),
  updateCycle: endpoint("PATCH", CYCLE).sends<In<typeof C.updateCycleBody>>().answers<C.V1Object>(),
  removeCycle: endpoint("DELETE", CYCLE).answers<void>(),
  archiveCycle: endpoint("POST", `${CYCLE}archive/`).answers<void>(),
  archivedCycles: endpoint("GET", `${V1_PROJECT}/archived-cycles/`).answers<C.V1Page>(),
  unarchiveCycle: endpoint("DELETE", `${V1_PROJECT}/archived-cycles/:cycleId/unarchive/`).answers<void>(),
  cycleItems: endpoint("GET", `${CYCLE}cycle-issues/`).answers<C.V1Page>(),
  addCycleItems: endpoint("POST", `${CYCLE}cycle-issues/`).sends<Items>().answers<C.V1Object[]>(),
  removeCycleItem: endpoint("DELETE", `${CYCLE}cycle-issues/:issueId/`).answers<void>(),
  transferCycleItems: endpoint("POST", `${CYCLE}transfer-issues/`)
    .sends<In<typeof C.transferCycleIssuesBody>>()
    .answers<{ message: string }>(),

  modules: endpoint("GET", MODULES).answers<C.V1Page>(),
  createModule: endpoint("POST", MODULES).sends<In<ModuleBodies["create"]>>().answers<C.V1Object>(),
  module: endpoint("GET", MODULE).answers<C.V1Object>(),
  updateModule: endpoint("PATCH", MODULE).sends<In<ModuleBodies["patch"]>>().answers<C.V1Object>(),
  removeModule: endpoint("DELETE", MODULE).answers<void>(),
  archiveModule: endpoint("POST", `${MODULE}archive/`).answers<void>(),
  archivedModules: endpoint("GET", `${V1_PROJECT}/archived-modules/`).answers<C.V1Page>(),
  unarchiveModule: endpoint("DELETE", `${V1_PROJECT}/archived-modules/:moduleId/unarchive/`).answers<void>(),
  moduleItems: endpoint("GET", `${MODULE}module-issues/`).answers<C.V1Page>(),
  addModuleItems: endpoint("POST", `${MODULE}module-issues/`).sends<Items>().answers<C.V1Object[]>(),
  removeModuleItem: endpoint("DELETE", `${MODULE}module-issues/:issueId/`).answers<void>(),
};
