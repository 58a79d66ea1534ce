/**
 * Estimate systems of a project (wire-facts §5): the settings page's reads and writes. The list shares its query
 * with the work-item pickers (`estimatesQuery` in work-items-refs.ts), so a change there shows on items at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEstimateBody, CreateEstimatePointBody, UpdateEstimatePointBody } from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import { estimatesQuery, refKeys } from "./work-items-refs.ts";
import type { Estimate, EstimatePoint } from "./work-items-types.ts";

const base = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/estimates/`;

/** Every estimate of the project (the settings page reads them whether or not estimates are turned on). */
export function useEstimates(slug: string, pid: string) {
  return useQuery({ ...estimatesQuery(slug, pid), enabled: !!slug && !!pid });
}

/** The estimates of the caller's projects in the workspace (`W/estimates/`): which projects count in points. */
export const workspaceEstimatesQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceEstimates(slug),
    queryFn: () => api<Estimate[]>(`/api/workspaces/${encodeURIComponent(slug)}/estimates/`),
    staleTime: 30_000,
  });

/** Writes refresh the estimates and the project (its active `estimate`); the screen reports refusals itself. */
function useEstimateMutation<V, R>(slug: string, pid: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: refKeys.estimates(slug, pid) }),
        qc.invalidateQueries({ queryKey: qk.project(slug, pid) }),
      ]),
  });
}

export const useCreateEstimate = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, (body: CreateEstimateBody) =>
    api<Estimate>(base(slug, pid), { method: "POST", body }),
  );
export const useDeleteEstimate = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, (id: string) => api(`${base(slug, pid)}${id}/`, { method: "DELETE" }));
export const useAddEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, ({ estimateId, ...body }: CreateEstimatePointBody & { estimateId: string }) =>
    api<EstimatePoint>(`${base(slug, pid)}${estimateId}/estimate-points/`, { method: "POST", body }),
  );
export const useUpdateEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(
    slug,
    pid,
    ({ estimateId, id, ...body }: UpdateEstimatePointBody & { estimateId: string; id: string }) =>
      api<EstimatePoint>(`${base(slug, pid)}${estimateId}/estimate-points/${id}/`, { method: "PATCH", body }),
  );
export const useDeleteEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, ({ estimateId, id }: { estimateId: string; id: string }) =>
    api<EstimatePoint[]>(`${base(slug, pid)}${estimateId}/estimate-points/${id}/`, { method: "DELETE" }),
  );

/** Switch the project's active estimate (PATCH P/ `{estimate}`), or turn estimates off with null. */
export const useSetActiveEstimate = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, (estimate: string | null) =>
    api(`/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/`, { method: "PATCH", body: { estimate } }),
  );
