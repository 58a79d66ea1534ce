import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { labelEndpoints as L } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { useOptimisticRowPatch } from "./optimistic.ts";
import type { BodyOf } from "@stride/shared/endpoints";
import type { Label } from "./types.ts";

/** What a new label sends; what a label's change sends. */
export type LabelBody = BodyOf<typeof L.create>;
export type LabelPatch = BodyOf<typeof L.update>;

const at = (slug: string, projectId: string) => ({ slug, projectId });

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const labelsQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.labels(slug, pid), queryFn: () => call(L.list, at(slug, pid)) });

export function useLabels(slug: string | undefined, pid: string | undefined) {
  return useQuery({ ...labelsQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid });
}

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
function useLabelMutation<V>(slug: string, pid: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.labels(slug, pid) }),
  });
}

export const useCreateLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, (body: LabelBody) => call(L.create, at(slug, pid), body));
export const useUpdateLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, ({ id, ...body }: LabelPatch & { id: string }) =>
    call(L.update, { ...at(slug, pid), labelId: id }, body),
  );
export const useDeleteLabel = (slug: string, pid: string) =>
  useLabelMutation(slug, pid, (id: string) => call(L.remove, { ...at(slug, pid), labelId: id }));
/** Reorder or re-nest (drag and drop): the new parent and sort order show at once and are rolled back on an error. */
export const useMoveLabel = (slug: string, pid: string) =>
  useOptimisticRowPatch<Label, LabelPatch>(qk.labels(slug, pid), (id, body) =>
    call(L.update, { ...at(slug, pid), labelId: id }, body),
  );
