import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateExportBody, ExportHistoryItem } from "@stride/shared/contract";
import { exportEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

/** Exports of work items (`W/export-issues/`, wire-facts-2 §5): start one, and the history with progress and links. */
export const EXPORT_HISTORY_SIZE = 25;

const running = (e: ExportHistoryItem) => e.status === "queued" || e.status === "processing";

/**
 * The latest exports. Progress arrives as live events on the workspace (`exporters` rows); while one runs the
 * list is also re-read every 2 s, so the bar moves even where the live channel is down.
 */
export const exportsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.exports(slug),
    queryFn: () =>
      call(E.history, { slug }, undefined, {
        query: { per_page: EXPORT_HISTORY_SIZE, cursor: `${EXPORT_HISTORY_SIZE}:0:0` },
      }),
    refetchInterval: (q) => (q.state.data?.results.some(running) ? 2000 : false),
  });

export function useExports(slug: string) {
  return useQuery(exportsQuery(slug));
}

export function useStartExport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not start the export", successTitle: "Export started" },
    mutationFn: (body: CreateExportBody) => call(E.start, { slug }, body),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.exports(slug) }),
  });
}
