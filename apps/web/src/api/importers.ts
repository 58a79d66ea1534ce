import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateImportBody, Importer, ImportMapping } from "@stride/shared/contract";
import { api, hasFieldErrors } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { Importer, ImportMapping };

const W = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;

const RUNNING = new Set(["analyzing", "queued", "running"]);
export const importRunning = (i: Importer) => RUNNING.has(i.status);

/**
 * The workspace's imports, newest first. Progress arrives as live events on the importers row (api/live-map.ts);
 * while one is under way the list also refetches every 2 s, so a missed event never leaves the bar stuck.
 */
export const importersQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.importers(slug),
    queryFn: () => api<Importer[]>(`${W(slug)}/importers/`),
    refetchInterval: (q) => ((q.state.data ?? []).some(importRunning) ? 2000 : false),
  });

export function useImporters(slug: string) {
  return useQuery(importersQuery(slug));
}

export function useCreateImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not start the import", silent: hasFieldErrors },
    mutationFn: (body: CreateImportBody) => api<Importer>(`${W(slug)}/importers/`, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}

export function useStartImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not start the import", silent: hasFieldErrors },
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      api<Importer>(`${W(slug)}/importers/${id}/start/`, { method: "POST", body: { mapping } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}

export function useDeleteImport(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not remove the import" },
    mutationFn: (id: string) => api(`${W(slug)}/importers/${id}/`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.importers(slug) }),
  });
}
