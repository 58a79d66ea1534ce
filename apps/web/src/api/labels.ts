import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import { useOptimisticRowPatch } from "./optimistic.ts";
import type { Label } from "./types.ts";

const base = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/issue-labels/`;

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const labelsQuery = (slug: string, pid: string) => queryOptions({ queryKey: qk.labels(slug, pid), queryFn: () => api<Label[]>(base(slug, pid)) });

export function useLabels(slug: string | undefined, pid: string | undefined) {
  return useQuery({ ...labelsQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid });
}

function useLabelMutation<V>(slug: string, pid: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: qk.labels(slug, pid) }) });
}

export const useCreateLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, (body: Partial<Label>) => api<Label>(base(slug, pid), { method: "POST", body }));
export const useUpdateLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, ({ id, ...body }: Partial<Label> & { id: string }) => api<Label>(`${base(slug, pid)}${id}/`, { method: "PATCH", body }));
export const useDeleteLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, (id: string) => api(`${base(slug, pid)}${id}/`, { method: "DELETE" }));
/** Reorder or re-nest (drag and drop): the new parent and sort order show at once and are rolled back on an error. */
export const useMoveLabel = (slug: string, pid: string) =>
  useOptimisticRowPatch<Label>(qk.labels(slug, pid), (id) => `${base(slug, pid)}${id}/`);
