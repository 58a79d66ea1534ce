/**
 * Estimate systems of a project (wire-facts §5): the settings page's reads and writes. The list shares its query
 * with the work-item pickers (`estimatesQuery` in work-items-refs.ts), so a change there shows on items at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEstimateBody, CreateEstimatePointBody, UpdateEstimatePointBody } from "@stride/shared/contract";
import { estimateEndpoints as E, projectEndpoints as PE } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { estimatesQuery, refKeys } from "./work-items-refs.ts";

const at = (slug: string, projectId: string) => ({ slug, projectId });

/** Every estimate of the project (the settings page reads them whether or not estimates are turned on). */
export function useEstimates(slug: string, pid: string) {
  return useQuery({ ...estimatesQuery(slug, pid), enabled: !!slug && !!pid });
}

/** The estimates of the caller's projects in the workspace (`W/estimates/`): which projects count in points. */
export const workspaceEstimatesQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceEstimates(slug),
    queryFn: () => call(E.workspaceList, { slug }),
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
  useEstimateMutation(slug, pid, (body: CreateEstimateBody) => call(E.create, at(slug, pid), body));
export const useDeleteEstimate = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, (id: string) => call(E.remove, { ...at(slug, pid), estimateId: id }));
export const useAddEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, ({ estimateId, ...body }: CreateEstimatePointBody & { estimateId: string }) =>
    call(E.createPoint, { ...at(slug, pid), estimateId }, body),
  );
export const useUpdateEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(
    slug,
    pid,
    ({ estimateId, id, ...body }: UpdateEstimatePointBody & { estimateId: string; id: string }) =>
      call(E.updatePoint, { ...at(slug, pid), estimateId, pointId: id }, body),
  );
export const useDeleteEstimatePoint = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, ({ estimateId, id }: { estimateId: string; id: string }) =>
    call(E.removePoint, { ...at(slug, pid), estimateId, pointId: id }, undefined),
  );

/** Switch the project's active estimate (PATCH P/ `{estimate}`), or turn estimates off with null. */
export const useSetActiveEstimate = (slug: string, pid: string) =>
  useEstimateMutation(slug, pid, (estimate: string | null) => call(PE.update, at(slug, pid), { estimate }));
