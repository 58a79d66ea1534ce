import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PutWorkflowStateBody } from "@stride/shared/contract";
import { stateEndpoints, workflowEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

const at = (slug: string, projectId: string) => ({ slug, projectId });

/** The project's workflow rules (one per governed state): shared by the hooks and the route loaders (app/loaders.ts). */
export const workflowStatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.workflowStates(slug, pid),
    queryFn: () => call(E.list, at(slug, pid)),
    staleTime: 30_000,
  });

/** The rules, read only where they are needed (the project has workflows on, or the settings page is open). */
export function useWorkflowStates(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...workflowStatesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

/** The settings page's writes report a refusal themselves (`silent`, api/mutation-meta.ts). */
function useRuleMutation<V>(slug: string, pid: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workflowStates(slug, pid) }),
  });
}

/** Set a state's rule: the states its items may move to, and who may make each move. */
export const usePutWorkflowState = (slug: string, pid: string) =>
  useRuleMutation(slug, pid, ({ stateId, ...body }: PutWorkflowStateBody & { stateId: string }) =>
    call(E.put, { ...at(slug, pid), stateId }, body),
  );

/** Free a state again (its items move anywhere). */
export const useDeleteWorkflowState = (slug: string, pid: string) =>
  useRuleMutation(slug, pid, (stateId: string) => call(E.remove, { ...at(slug, pid), stateId }));

/** The project's hidden triage state (intake): its rule says where accepted requests may go and who accepts them. */
export function useIntakeState(slug: string, pid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...qk.workflowStates(slug, pid), "intake-state"],
    queryFn: () => call(stateEndpoints.intakeState, at(slug, pid)),
    enabled: enabled && !!slug && !!pid,
    staleTime: 60_000,
  });
}
