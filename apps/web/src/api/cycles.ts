/**
 * Cycles (wire-facts §7, wire-facts-2 §4): the project's cycle list (the same query the work-item pickers read),
 * one cycle, its progress and analytics, the archived list, and the writes. The list changes optimistically and is
 * reloaded on failure (work-tracking.md §4); every write reloads the cycle's numbers and the lists it touches.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Cycle, CycleDetail, CreateCycleBody, UpdateCycleBody } from "@stride/shared/contract";
import { cycleEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { cyclesQuery, refKeys } from "./work-items-refs.ts";
import { wiKeys } from "./work-items.ts";
import { invalidateFavorites } from "./favorites.ts";

export type { Cycle, CycleDetail };

const at = (slug: string, projectId: string) => ({ slug, projectId });
const one = (slug: string, projectId: string, cycleId: string) => ({ slug, projectId, cycleId });

export const cycleKeys = {
  /** Every cycle query of a project (detail, progress, analytics, archived). */
  all: (slug: string, pid: string) => ["wi", slug, pid, "cycles"] as const,
  list: refKeys.cycles,
  archived: (slug: string, pid: string) => ["wi", slug, pid, "cycles", "archived"] as const,
  detail: (slug: string, pid: string, id: string) => ["wi", slug, pid, "cycles", id] as const,
  progress: (slug: string, pid: string, id: string) => ["wi", slug, pid, "cycles", id, "progress"] as const,
  analytics: (slug: string, pid: string, id: string, type: "issues" | "points") =>
    ["wi", slug, pid, "cycles", id, "analytics", type] as const,
};

/** The cycle list (`P/cycles/`), shared with the pickers (`null` when cycles are off). */
export { cyclesQuery };

export function useCycles(slug: string, pid: string) {
  return useQuery(cyclesQuery(slug, pid));
}

export const cycleQuery = (slug: string, pid: string, id: string) =>
  queryOptions({ queryKey: cycleKeys.detail(slug, pid, id), queryFn: () => call(E.get, one(slug, pid, id)) });
export const cycleProgressQuery = (slug: string, pid: string, id: string) =>
  queryOptions({
    queryKey: cycleKeys.progress(slug, pid, id),
    queryFn: () => call(E.progress, one(slug, pid, id)),
  });
export const cycleAnalyticsQuery = (slug: string, pid: string, id: string, type: "issues" | "points") =>
  queryOptions({
    queryKey: cycleKeys.analytics(slug, pid, id, type),
    queryFn: () => call(E.analytics, one(slug, pid, id), undefined, { query: { type } }),
  });
export const archivedCyclesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: cycleKeys.archived(slug, pid), queryFn: () => call(E.archivedList, at(slug, pid)) });

export const useCycle = (slug: string, pid: string, id: string) => useQuery(cycleQuery(slug, pid, id));
export const useCycleProgress = (slug: string, pid: string, id: string) => useQuery(cycleProgressQuery(slug, pid, id));
/** Analytics need both dates (a draft cycle has none: the server answers 400). */
export const useCycleAnalytics = (slug: string, pid: string, id: string, type: "issues" | "points", enabled: boolean) =>
  useQuery({ ...cycleAnalyticsQuery(slug, pid, id, type), enabled });
export const useArchivedCycles = (slug: string, pid: string) => useQuery(archivedCyclesQuery(slug, pid));

/** After a cycle write: the lists, the cycle's numbers and the work-item lists of cycles (items moved). */
export function refreshCycles(qc: QueryClient, slug: string, pid: string, opts: { items?: boolean } = {}) {
  void qc.invalidateQueries({ queryKey: cycleKeys.list(slug, pid) });
  void qc.invalidateQueries({ queryKey: cycleKeys.all(slug, pid) });
  if (opts.items)
    void qc.invalidateQueries({
      queryKey: wiKeys.all(slug, pid),
      predicate: (q) => q.queryKey[3] === "list" || q.queryKey[3] === "detail",
    });
}

/** Overlap check of the create / edit modal: `{status:true}` or `{status:false, error}`. */
export function checkCycleDates(
  slug: string,
  pid: string,
  body: { start_date: string; end_date: string; cycle_id?: string },
) {
  return call(E.dateCheck, at(slug, pid), body);
}

export function useCreateCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateCycleBody) => call(E.create, at(slug, pid), body),
    onSuccess: (c) => qc.setQueryData<Cycle[] | null>(cycleKeys.list(slug, pid), (old) => (old ? [c, ...old] : old)),
    onSettled: () => refreshCycles(qc, slug, pid),
  });
}

/** Optimistic on the cycle list (name, dates, sort order), reloaded on failure. */
export function useUpdateCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: string; body: UpdateCycleBody }) => call(E.update, one(slug, pid, id), body),
    onSuccess: (c) => {
      qc.setQueryData<Cycle[] | null>(
        cycleKeys.list(slug, pid),
        (old) => old?.map((x) => (x.id === c.id ? { ...x, ...c } : x)) ?? old,
      );
      qc.setQueryData(cycleKeys.detail(slug, pid, c.id), c);
    },
    onSettled: () => refreshCycles(qc, slug, pid),
  });
}

/** Favourite toggle: the star flips at once and comes back if the server refuses. */
export function useFavoriteCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the favourite" },
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      (favorite
        ? call(E.favorite, at(slug, pid), { cycle: id })
        : call(E.unfavorite, one(slug, pid, id))) as Promise<unknown>,
    onMutate: async ({ id, favorite }) => {
      await qc.cancelQueries({ queryKey: cycleKeys.list(slug, pid) });
      const prev = qc.getQueryData<Cycle[] | null>(cycleKeys.list(slug, pid));
      qc.setQueryData<Cycle[] | null>(
        cycleKeys.list(slug, pid),
        (old) => old?.map((c) => (c.id === id ? { ...c, is_favorite: favorite } : c)) ?? old,
      );
      qc.setQueryData<CycleDetail>(cycleKeys.detail(slug, pid, id), (old) =>
        old ? { ...old, is_favorite: favorite } : old,
      );
      return { prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev !== undefined) qc.setQueryData(cycleKeys.list(slug, pid), ctx.prev);
    },
    onSettled: () => {
      refreshCycles(qc, slug, pid);
      void invalidateFavorites(qc, slug);
    },
  });
}

export function useDeleteCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the cycle", successTitle: "Cycle deleted" },
    mutationFn: ({ id }: { id: string; label?: string }) => call(E.remove, one(slug, pid, id)),
    onSuccess: (_r, { id }) => {
      qc.setQueryData<Cycle[] | null>(cycleKeys.list(slug, pid), (old) => old?.filter((c) => c.id !== id) ?? old);
      qc.removeQueries({ queryKey: cycleKeys.detail(slug, pid, id) });
    },
    onSettled: () => refreshCycles(qc, slug, pid, { items: true }),
  });
}

export function useArchiveCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not archive the cycle", successTitle: "Cycle archived" },
    mutationFn: ({ id }: { id: string; label?: string }) => call(E.archive, one(slug, pid, id)),
    onSuccess: (_r, { id }) =>
      qc.setQueryData<Cycle[] | null>(cycleKeys.list(slug, pid), (old) => old?.filter((c) => c.id !== id) ?? old),
    onSettled: () => refreshCycles(qc, slug, pid),
  });
}

export function useRestoreCycle(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not restore the cycle", successTitle: "Cycle restored" },
    mutationFn: ({ id }: { id: string; label?: string }) => call(E.restore, one(slug, pid, id)),
    onSuccess: (_r, { id }) =>
      qc.setQueryData<Cycle[] | undefined>(
        cycleKeys.archived(slug, pid),
        (old) => old?.filter((c) => c.id !== id) ?? old,
      ),
    onSettled: () => refreshCycles(qc, slug, pid),
  });
}

/** Add work items to a cycle (they leave any other cycle). */
export function useAddCycleItems(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not add the work items to the cycle" },
    mutationFn: ({ id, issues }: { id: string; issues: string[] }) => call(E.addItems, one(slug, pid, id), { issues }),
    onSettled: () => refreshCycles(qc, slug, pid, { items: true }),
  });
}

/** Move an ended cycle's unfinished work items to another cycle (its progress is frozen first). */
export function useTransferCycleItems(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not transfer the work items", successTitle: "Work items transferred" },
    mutationFn: ({ id, to }: { id: string; to: string; label?: string }) =>
      call(E.transferItems, one(slug, pid, id), { new_cycle_id: to }),
    onSettled: () => refreshCycles(qc, slug, pid, { items: true }),
  });
}
