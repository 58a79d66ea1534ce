import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Imports from Jira and GitHub: create (analyse the source), start with a mapping, follow, remove. */
export const importerEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/importers/`).answers<C.Importer[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/importers/`).sends<In<typeof C.createImportBody>>().answers<C.Importer>(),
  get: endpoint("GET", `${WORKSPACE_API}/importers/:importerId/`).answers<C.Importer>(),
  start: endpoint("POST", `${WORKSPACE_API}/importers/:importerId/start/`)
    .sends<In<typeof C.startImportBody>>()
    .answers<C.Importer>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/importers/:importerId/`).answers<void>(),
};
