import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { stateEndpoints as S, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { useOptimisticRowPatch } from "./optimistic.ts";
import type { State } from "./types.ts";

/** What a new state sends; what a state's change sends. */
export type StateBody = BodyOf<typeof S.create>;
export type StatePatch = BodyOf<typeof S.update>;
const at = (slug: string, projectId: string) => ({ slug, projectId });
/** The list without `?grouped=true` is the plain array. */
const asList = (answer: State[] | Record<string, State[]>): State[] =>
  Array.isArray(answer) ? answer : Object.values(answer).flat();

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const statesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.states(slug, pid), queryFn: () => call(S.list, at(slug, pid)).then(asList) });

export function useStates(slug: string | undefined, pid: string | undefined) {
  return useQuery({ ...statesQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid });
}

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
function useStateMutation<V>(slug: string, pid: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.states(slug, pid) }),
  });
}

export const useCreateState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (body: StateBody) => call(S.create, at(slug, pid), body));
export const useUpdateState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, ({ id, ...body }: StatePatch & { id: string }) =>
    call(S.update, { ...at(slug, pid), stateId: id }, body),
  );
export const useDeleteState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (id: string) => call(S.remove, { ...at(slug, pid), stateId: id }));
export const useMarkDefaultState = (slug: string, pid: string) =>
  useStateMutation(slug, pid, (id: string) => call(S.markDefault, { ...at(slug, pid), stateId: id }));
/** Reorder (drag and drop): the new sequence shows at once and is rolled back on an error. */
export const useMoveState = (slug: string, pid: string) =>
  useOptimisticRowPatch<State, StatePatch>(qk.states(slug, pid), (id, body) =>
    call(S.update, { ...at(slug, pid), stateId: id }, body),
  );
