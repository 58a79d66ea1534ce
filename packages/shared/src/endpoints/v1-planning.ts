import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT } from "./v1-paths.ts";

type ModuleBodies = ReturnType<typeof C.moduleBodies>;

/**
 * A v1 planning object's endpoints (cycles, modules; wire-facts §12): CRUD, archive, the archived list and
 * unarchive, and its work items (a page of v1 work items; adding answers the new `<kind>-issues` rows as a plain
 * array). Objects are all columns with the item counts by state group (a module with its `members` ids too).
 */
function planningEndpoints<TCreate, TPatch>() {
  return <P extends string, K extends string, S extends string>(plural: P, key: K, singular: S) => {
    const list = `${V1_PROJECT}/${plural}/` as const;
    const one = `${list}:${key}/` as const;
    const archived = `${V1_PROJECT}/archived-${plural}/` as const;
    const items = `${one}${singular}-issues/` as const;
    return {
      list: endpoint("GET", list).answers<C.V1Page>(),
      create: endpoint("POST", list).sends<TCreate>().answers<C.V1Object>(),
      get: endpoint("GET", one).answers<C.V1Object>(),
      update: endpoint("PATCH", one).sends<TPatch>().answers<C.V1Object>(),
      remove: endpoint("DELETE", one).answers<void>(),
      archive: endpoint("POST", `${one}archive/`).answers<void>(),
      archived: endpoint("GET", archived).answers<C.V1Page>(),
      unarchive: endpoint("DELETE", `${archived}:${key}/unarchive/`).answers<void>(),
      items: endpoint("GET", items).answers<C.V1Page>(),
      addItems: endpoint("POST", items).sends<In<typeof C.moduleIssuesBody>>().answers<C.V1Object[]>(),
      removeItem: endpoint("DELETE", `${items}:issueId/`).answers<void>(),
    };
  };
}

const cycles = planningEndpoints<In<typeof C.createCycleBody>, In<typeof C.updateCycleBody>>()(
  "cycles",
  "cycleId",
  "cycle",
);
/** v1 cycles, and moving a cycle's unfinished items to another (`{message: "Success"}`). */
export const v1CycleEndpoints = {
  ...cycles,
  transferItems: endpoint("POST", `${cycles.get.path}transfer-issues/`)
    .sends<In<typeof C.transferCycleIssuesBody>>()
    .answers<{ message: string }>(),
};
/** v1 modules. */
export const v1ModuleEndpoints = planningEndpoints<In<ModuleBodies["create"]>, In<ModuleBodies["patch"]>>()(
  "modules",
  "moduleId",
  "module",
);
