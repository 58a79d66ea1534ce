import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import { useOptimisticRowPatch } from "./optimistic.ts";
import type { State } from "./types.ts";

const base = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/states/`;

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const statesQuery = (slug: string, pid: string) => queryOptions({ queryKey: qk.states(slug, pid), queryFn: () => api<State[]>(base(slug, pid)) });

export function useStates(slug: string | undefined, pid: string | undefined) {
  return useQuery({ ...statesQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid });
}

function useStateMutation<V>(slug: string, pid: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: qk.states(slug, pid) }) });
}

export const useCreateState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (body: Partial<State>) => api<State>(base(slug, pid), { method: "POST", body }));
export const useUpdateState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, ({ id, ...body }: Partial<State> & { id: string }) => api<State>(`${base(slug, pid)}${id}/`, { method: "PATCH", body }));
export const useDeleteState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (id: string) => api(`${base(slug, pid)}${id}/`, { method: "DELETE" }));
export const useMarkDefaultState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (id: string) => api(`${base(slug, pid)}${id}/mark-default/`, { method: "POST" }));
/** Reorder (drag and drop): the new sequence shows at once and is rolled back on an error. */
export const useMoveState = (slug: string, pid: string) =>
  useOptimisticRowPatch<State>(qk.states(slug, pid), (id) => `${base(slug, pid)}${id}/`);
