import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { sequenceOnTop, sequencesInSlot, sortFavorites } from "@stride/shared";
import type { UserFavorite } from "@stride/shared/contract";
import { favoriteEndpoints as F, userPropertiesEndpoints as UP, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { useOptimisticRowPatch } from "./optimistic.ts";

export type { UserFavorite };

/** Every favourite of the caller (folders' children included: the sidebar draws the tree from one request). */
export const favoritesQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.favorites(slug),
    queryFn: () => call(F.list, { slug }, undefined, { query: { all: "true" }, priority: "low" }),
  });

/** The caller's workspace preferences (sidebar: how many projects to list, how project menus open). */
export const workspaceUserPropertiesQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceUserProperties(slug),
    queryFn: () => call(UP.workspaceGet, { slug }, undefined, { priority: "low" }),
  });

export function useFavorites(slug: string | undefined, enabled = true) {
  return useQuery({ ...favoritesQuery(slug ?? ""), enabled: !!slug && enabled });
}

export function useWorkspaceUserProperties(slug: string | undefined) {
  return useQuery({ ...workspaceUserPropertiesQuery(slug ?? ""), enabled: !!slug });
}

export function useUpdateWorkspaceUserProperties(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save your preferences" },
    mutationFn: (body: BodyOf<typeof UP.workspaceUpdate>) => call(UP.workspaceUpdate, { slug }, body),
    onSuccess: (row) => qc.setQueryData(qk.workspaceUserProperties(slug), row),
  });
}

/** Snapshot the favourites, apply `change` to the cached list at once, and hand back how to undo it. */
async function optimistic(qc: QueryClient, slug: string, change: (list: UserFavorite[]) => UserFavorite[]) {
  const key = qk.favorites(slug);
  await qc.cancelQueries({ queryKey: key });
  const prev = qc.getQueryData<UserFavorite[]>(key);
  if (prev) qc.setQueryData<UserFavorite[]>(key, change(prev));
  return { prev };
}

/** Add an entity to the cached favourites at once (the project's own toggle); the server's row replaces it. */
export function addFavoriteLocally(
  qc: QueryClient,
  slug: string,
  fav: Pick<UserFavorite, "entity_type" | "entity_identifier" | "entity_data" | "project_id">,
) {
  return optimistic(qc, slug, (list) => {
    if (list.some((f) => f.entity_type === fav.entity_type && f.entity_identifier === fav.entity_identifier))
      return list;
    const top = list.filter((f) => !f.parent).map((f) => f.sequence);
    return [
      ...list,
      {
        ...fav,
        id: `pending-${fav.entity_identifier}`,
        name: null,
        is_folder: false,
        sequence: sequenceOnTop(top),
        parent: null,
        workspace_id: "",
      },
    ];
  });
}

/** Remove an entity's favourite from the cache at once. */
export function removeFavoriteLocally(qc: QueryClient, slug: string, entityType: string, entityId: string) {
  return optimistic(qc, slug, (list) =>
    list.filter((f) => !(f.entity_type === entityType && f.entity_identifier === entityId)),
  );
}

export function restoreFavorites(qc: QueryClient, slug: string, prev: UserFavorite[] | undefined) {
  if (prev) qc.setQueryData(qk.favorites(slug), prev);
}

export const invalidateFavorites = (qc: QueryClient, slug: string) =>
  qc.invalidateQueries({ queryKey: qk.favorites(slug) });

/** A new folder (on top of the list). Its name errors are shown by the form. */
export function useCreateFavoriteFolder(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (name: string) =>
      call(F.create, { slug }, { entity_type: "folder", is_folder: true, name, parent: null }),
    onSuccess: (row) => {
      qc.setQueryData<UserFavorite[]>(qk.favorites(slug), (old) =>
        old && !old.some((f) => f.id === row.id) ? [...old, row] : old,
      );
      invalidateFavorites(qc, slug);
    },
  });
}

/** Rename, move into / out of a folder, reorder: shown at once, rolled back if the server refuses (the screen says so). */
export function useUpdateFavorite(slug: string) {
  return useOptimisticRowPatch<UserFavorite, BodyOf<typeof F.update>>(qk.favorites(slug), (id, body) =>
    call(F.update, { slug, favoriteId: id }, body),
  );
}

/** Remove a favourite, or a folder (its favourites take its place at the top level, as the server does). */
export function useDeleteFavorite(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not remove the favourite" },
    mutationFn: (id: string) => call(F.remove, { slug, favoriteId: id }),
    onMutate: (id) =>
      optimistic(qc, slug, (list) => {
        const gone = list.find((f) => f.id === id);
        if (!gone?.is_folder) return list.filter((f) => f.id !== id);
        const top = sortFavorites(list.filter((f) => !f.parent));
        const at = top.findIndex((f) => f.id === id);
        const children = sortFavorites(list.filter((f) => f.parent === id));
        const seqs = sequencesInSlot(top[at - 1]?.sequence, top[at + 1]?.sequence, children.length);
        const moved = new Map(children.map((c, i) => [c.id, seqs[i]!]));
        return list
          .filter((f) => f.id !== id)
          .map((f) => (moved.has(f.id) ? { ...f, parent: null, sequence: moved.get(f.id)! } : f));
      }),
    onError: (_e, _id, ctx) => restoreFavorites(qc, slug, ctx?.prev),
    onSettled: () => {
      invalidateFavorites(qc, slug);
      // a project's star follows its favourite
      qc.invalidateQueries({ queryKey: qk.projectDetails(slug) });
    },
  });
}
