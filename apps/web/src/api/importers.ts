import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateImportBody, Importer, ImportMapping } from "@stride/shared/contract";
import { importerEndpoints as I } from "@stride/shared/endpoints";
import { call, hasFieldErrors } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { Importer, ImportMapping };

const RUNNING = new Set(["analyzing", "queued", "running"]);
export const importRunning = (i: Importer) => RUNNING.has(i.status);

/**
 * The workspace's imports, newest first. Progress arrives as live events on the importers row (api/live-map.ts);
 * while one is under way the list also refetches every 2 s, so a missed event never leaves the bar stuck.
 */
export const importersQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.importers(slug),
    queryFn: () => call(I.list, { slug }),
    refetchInterval: (q) => ((q.state.data ?? []).some(importRunning) ? 2000 : false),
  });

export function useImporters(slug: string) {
  return useQuery(importersQuery(slug));
}

export function useCreateImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not start the import", silent: hasFieldErrors },
    mutationFn: (body: CreateImportBody) => call(I.create, { slug }, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}

export function useStartImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not start the import", silent: hasFieldErrors },
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      call(I.start, { slug, importerId: id }, { mapping }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}

export function useDeleteImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not remove the import" },
    mutationFn: (id: string) => call(I.remove, { slug, importerId: id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}
