import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Exports of work items (wire-facts-2 §5): start one, the history, and the signed download (a zip stream). */
export const exportEndpoints = {
  start: endpoint("POST", `${WORKSPACE_API}/export-issues/`)
    .sends<In<typeof C.createExportBody>>()
    .answers<{ message: string }>(),
  history: endpoint("GET", `${WORKSPACE_API}/export-issues/`).answers<C.Paginated<C.ExportHistoryItem>>(),
  file: endpoint("GET", "/api/exports/:exportId/file/").answers<void>(),
};
