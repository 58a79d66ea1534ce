import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PutWorkflowStateBody, WorkflowState } from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { State } from "./types.ts";

const base = (slug: string, pid: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/workflow-states/`;

/** The project's workflow rules (one per governed state): shared by the hooks and the route loaders (app/loaders.ts). */
export const workflowStatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.workflowStates(slug, pid),
    queryFn: () => api<WorkflowState[]>(base(slug, pid)),
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
    api<WorkflowState>(`${base(slug, pid)}${stateId}/`, { method: "PUT", body }),
  );

/** Free a state again (its items move anywhere). */
export const useDeleteWorkflowState = (slug: string, pid: string) =>
  useRuleMutation(slug, pid, (stateId: string) => api(`${base(slug, pid)}${stateId}/`, { method: "DELETE" }));

/** The project's hidden triage state (intake): its rule says where accepted requests may go and who accepts them. */
export function useIntakeState(slug: string, pid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...qk.workflowStates(slug, pid), "intake-state"],
    queryFn: () => api<State>(`/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/intake-state/`),
    enabled: enabled && !!slug && !!pid,
    staleTime: 60_000,
  });
}
