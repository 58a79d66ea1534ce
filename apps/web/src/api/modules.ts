/**
 * Modules (wire-facts §7): the project's modules (the same query the work-item pickers read), a module's detail
 * with its distribution, the archived list, and the writes — create, edit, delete, archive / restore, favourite,
 * links, and items joining or leaving. Favourites and archive are optimistic and roll back on failure
 * (work-tracking.md §4); items' lists and the modules' counts are asked for again after item changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Module, ModuleCreateBody, ModuleDetail, ModulePatchBody } from "@stride/shared/contract";
import { moduleEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { wiKeys } from "./work-items.ts";
import { invalidateModuleData, moduleKeys, modulesQuery, refKeys } from "./work-items-refs.ts";
import { invalidateFavorites } from "./favorites.ts";

export type { Module, ModuleDetail };

const at = (slug: string, projectId: string) => ({ slug, projectId });
const one = (slug: string, projectId: string, moduleId: string) => ({ slug, projectId, moduleId });

/** The project's live modules (P/modules/): favourites first, newest first. */
export function useModules(slug: string, pid: string, enabled = true) {
  return useQuery({ ...modulesQuery(slug, pid), enabled: enabled && !!pid, select: (d) => (d ?? []) as Module[] });
}

/** One module with links and distribution; `archived` reads P/archived-modules/{id}/. */
export const moduleDetailQuery = (slug: string, pid: string, id: string, archived = false) =>
  queryOptions({
    queryKey: [...moduleKeys.detail(slug, pid, id), archived] as const,
    queryFn: () => call(archived ? E.archivedGet : E.get, one(slug, pid, id)),
    staleTime: 10_000,
  });

export function useModule(slug: string, pid: string, id: string, archived = false) {
  return useQuery({ ...moduleDetailQuery(slug, pid, id, archived), enabled: !!id });
}

export const archivedModulesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: moduleKeys.archived(slug, pid),
    queryFn: () => call(E.archivedList, at(slug, pid)),
  });

export function useArchivedModules(slug: string, pid: string) {
  return useQuery({ ...archivedModulesQuery(slug, pid), enabled: !!pid });
}

/** Change one module wherever it is cached (list and detail); returns a function that puts the old values back. */
function patchCached(qc: QueryClient, slug: string, pid: string, id: string, patch: Partial<Module>): () => void {
  const listKey = refKeys.modules(slug, pid);
  const prevList = qc.getQueryData<Module[] | null>(listKey);
  if (prevList)
    qc.setQueryData<Module[]>(
      listKey,
      prevList.map((m) => (m.id === id ? { ...m, ...patch } : m)),
    );
  const details = qc.getQueriesData<ModuleDetail>({ queryKey: moduleKeys.detail(slug, pid, id) });
  for (const [k, d] of details) if (d) qc.setQueryData(k, { ...d, ...patch });
  return () => {
    if (prevList) qc.setQueryData(listKey, prevList);
    for (const [k, d] of details) qc.setQueryData(k, d);
  };
}

export function useCreateModule(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ModuleCreateBody) => call(E.create, at(slug, pid), body),
    onSettled: () => invalidateModuleData(qc, slug, pid),
  });
}

/** PATCH a module; the change shows at once and is undone when refused (work-tracking.md §4 "module edits"). */
export function useUpdateModule(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not update the module" },
    mutationFn: ({ id, patch }: { id: string; patch: ModulePatchBody }) => call(E.update, one(slug, pid, id), patch),
    onMutate: ({ id, patch }) => ({ undo: patchCached(qc, slug, pid, id, patch as Partial<Module>) }),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => invalidateModuleData(qc, slug, pid),
  });
}

export function useDeleteModule(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the module" },
    mutationFn: (id: string) => call(E.remove, one(slug, pid, id)),
    onSettled: () => {
      invalidateModuleData(qc, slug, pid);
      void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });
    },
  });
}

/** Favourite toggle: optimistic, rolled back on failure. */
export function useToggleModuleFavorite(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the favourite" },
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      favorite ? call(E.favorite, at(slug, pid), { module: id }) : call(E.unfavorite, one(slug, pid, id)),
    onMutate: ({ id, favorite }) => ({ undo: patchCached(qc, slug, pid, id, { is_favorite: favorite }) }),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: refKeys.modules(slug, pid) });
      void invalidateFavorites(qc, slug);
    },
  });
}

/** Archive (completed or cancelled modules) or restore; the module leaves its list at once, and comes back on failure. */
export function useArchiveModule(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not archive the module" },
    mutationFn: async ({ id, restore }: { id: string; restore?: boolean }) => {
      if (restore) await call(E.restore, one(slug, pid, id));
      else await call(E.archive, one(slug, pid, id));
    },
    onMutate: ({ id, restore }) => {
      const key = restore ? moduleKeys.archived(slug, pid) : refKeys.modules(slug, pid);
      const prev = qc.getQueryData<Module[] | null>(key);
      if (prev)
        qc.setQueryData<Module[]>(
          key,
          prev.filter((m) => m.id !== id),
        );
      return { undo: () => prev && qc.setQueryData(key, prev) };
    },
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => {
      invalidateModuleData(qc, slug, pid);
      // archiving hides the module from its items' module_ids
      void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });
    },
  });
}

export function useModuleLinks(slug: string, pid: string, moduleId: string) {
  const qc = useQueryClient();
  const mod = one(slug, pid, moduleId);
  const done = () => void qc.invalidateQueries({ queryKey: moduleKeys.detail(slug, pid, moduleId) });
  const add = useMutation({
    meta: { silent: true },
    mutationFn: (body: { url: string; title?: string | null }) => call(E.addLink, mod, body),
    onSettled: done,
  });
  const update = useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: { id: string; url?: string; title?: string | null }) =>
      call(E.updateLink, { ...mod, linkId: id }, body),
    onSettled: done,
  });
  const remove = useMutation({
    meta: { errorTitle: "Could not remove the link" },
    mutationFn: (id: string) => call(E.removeLink, { ...mod, linkId: id }),
    onSettled: done,
  });
  return { add, update, remove };
}
