/**
 * Saved views (wire-facts §7 IssueView): project views `P/views/` with their favourite toggle, and workspace
 * (global) views `W/views/`. Locking, unlocking and favourites are optimistic and roll back on a refusal
 * (work-tracking.md §4).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { IssueView } from "@stride/shared/contract";
import type { DisplayFilters, DisplayProperties } from "@stride/shared";
import { viewEndpoints as V, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { TEAM_LISTS, wiKeys } from "./work-items.ts";
import { invalidateFavorites } from "./favorites.ts";

export type { IssueView };

/**
 * What the web writes to a view (the server checks it with the contract's createViewBody / updateViewBody). Written
 * by hand, not `BodyOf` the endpoints: the screens' `DisplayFilters` (@stride/shared) has `type: string | null`
 * where the body schema takes only `"active" | "backlog" | "all" | null` — until that type is narrowed, creating
 * and changing a view restate their paths (`viewPath`).
 */
export interface ViewWrite {
  name?: string;
  description?: string;
  filters?: Record<string, string[] | null | undefined>;
  display_filters?: Partial<DisplayFilters>;
  display_properties?: Partial<DisplayProperties>;
  access?: number;
  is_locked?: boolean;
}

/** The place of a teamspace's views (team views) where the hooks take a project id. */
export const teamViewsPlace = (teamspaceId: string) => `teamspace:${teamspaceId}`;
/** The teamspace of a team views place, else null. */
export const teamOfPlace = (pid: string | null): string | null =>
  pid?.startsWith("teamspace:") ? pid.slice("teamspace:".length) : null;

/**
 * A view's choices as the endpoint's body: the screens keep display filters as `DisplayFilters`, whose open keys are
 * `unknown` (what a client such as Plane's stored beside ours, read back from the server's own JSON) and whose `type`
 * is any string; the body schema names those keys JSON and `type` one of its three values, which the server checks.
 */
const asBody = (body: ViewWrite) => body as BodyOf<typeof V.project.update>;

/**
 * Where views live: a project's views, a teamspace's (`teamViewsPlace`), or the workspace's global views (`pid`
 * null); each place has its own endpoints (same bodies and answers).
 */
const views = {
  list: (slug: string, pid: string | null) => {
    const team = teamOfPlace(pid);
    if (team) return call(V.team.list, { slug, teamspaceId: team });
    return pid ? call(V.project.list, { slug, projectId: pid }) : call(V.workspace.list, { slug });
  },
  create: (slug: string, pid: string | null, body: ViewWrite & { name: string }) => {
    const sent = { ...asBody(body), name: body.name };
    const team = teamOfPlace(pid);
    if (team) return call(V.team.create, { slug, teamspaceId: team }, sent);
    return pid ? call(V.project.create, { slug, projectId: pid }, sent) : call(V.workspace.create, { slug }, sent);
  },
  get: (slug: string, pid: string | null, viewId: string) => {
    const team = teamOfPlace(pid);
    if (team) return call(V.team.get, { slug, teamspaceId: team, viewId });
    return pid ? call(V.project.get, { slug, projectId: pid, viewId }) : call(V.workspace.get, { slug, viewId });
  },
  update: (slug: string, pid: string | null, viewId: string, body: ViewWrite) => {
    const team = teamOfPlace(pid);
    if (team) return call(V.team.update, { slug, teamspaceId: team, viewId }, asBody(body));
    return pid
      ? call(V.project.update, { slug, projectId: pid, viewId }, asBody(body))
      : call(V.workspace.update, { slug, viewId }, asBody(body));
  },
  remove: (slug: string, pid: string | null, viewId: string) => {
    const team = teamOfPlace(pid);
    if (team) return call(V.team.remove, { slug, teamspaceId: team, viewId });
    return pid ? call(V.project.remove, { slug, projectId: pid, viewId }) : call(V.workspace.remove, { slug, viewId });
  },
};

export const viewKeys = {
  /** Every place's saved views (a team view's event says nothing of its teamspace). */
  all: (slug: string) => ["views", slug] as const,
  list: qk.views,
  one: qk.view,
};

/** Query options shared by the hooks and the route loaders (app/loaders.ts). */
export const viewsQuery = (slug: string, pid: string | null) =>
  queryOptions({ queryKey: viewKeys.list(slug, pid), queryFn: () => views.list(slug, pid) });
export const viewQuery = (slug: string, pid: string | null, id: string) =>
  queryOptions({ queryKey: viewKeys.one(slug, pid, id), queryFn: () => views.get(slug, pid, id) });

export const useViews = (slug: string, pid: string | null, enabled = true) =>
  useQuery({ ...viewsQuery(slug, pid), enabled });
export const useView = (slug: string, pid: string | null, id: string | undefined) =>
  useQuery({ ...viewQuery(slug, pid, id ?? ""), enabled: !!id });

/** Change one view in the cached list and detail; returns what to put back. */
function patchCached(
  qc: ReturnType<typeof useQueryClient>,
  slug: string,
  pid: string | null,
  id: string,
  patch: Partial<IssueView>,
) {
  const keys: QueryKey[] = [viewKeys.list(slug, pid), viewKeys.one(slug, pid, id)];
  const snap = keys.map((k) => [k, qc.getQueryData(k)] as const);
  qc.setQueryData<IssueView[]>(viewKeys.list(slug, pid), (old) =>
    old?.map((v) => (v.id === id ? { ...v, ...patch } : v)),
  );
  qc.setQueryData<IssueView>(viewKeys.one(slug, pid, id), (old) => (old ? { ...old, ...patch } : old));
  return () => {
    for (const [k, v] of snap) qc.setQueryData(k, v);
  };
}

export function useCreateView(slug: string, pid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    // the create form shows a refusal under its fields
    meta: { silent: true },
    mutationFn: (body: ViewWrite & { name: string }) => views.create(slug, pid, body),
    onSuccess: (view) => {
      qc.setQueryData(viewKeys.one(slug, pid, view.id), view);
      void qc.invalidateQueries({ queryKey: viewKeys.list(slug, pid) });
    },
  });
}

/**
 * Change a view: the cached view changes at once (lock toggles, filters and display choices show in the same
 * render) and is put back when the server refuses (a locked view: "view is locked").
 */
export function useUpdateView(slug: string, pid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not update the view" },
    mutationFn: ({ id, ...body }: ViewWrite & { id: string }) => views.update(slug, pid, id, body),
    onMutate: async ({ id, ...body }) => {
      await qc.cancelQueries({ queryKey: viewKeys.list(slug, pid) });
      return { undo: patchCached(qc, slug, pid, id, body as Partial<IssueView>) };
    },
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSuccess: (view) => {
      qc.setQueryData(viewKeys.one(slug, pid, view.id), view);
      qc.setQueryData<IssueView[]>(viewKeys.list(slug, pid), (old) => old?.map((v) => (v.id === view.id ? view : v)));
      // lists asked for while the change was on its way were filtered by the view as it was
      if (teamOfPlace(pid)) void qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, TEAM_LISTS, "team_view") });
      else if (pid) void qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, pid, "view") });
      else void qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, TEAM_LISTS, "global_view") });
    },
  });
}

export function useDeleteView(slug: string, pid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the view", successTitle: "View deleted" },
    mutationFn: ({ id }: { id: string; label?: string }) => views.remove(slug, pid, id),
    onSuccess: (_r, { id }) => {
      qc.setQueryData<IssueView[]>(viewKeys.list(slug, pid), (old) => old?.filter((v) => v.id !== id));
      qc.removeQueries({ queryKey: viewKeys.one(slug, pid, id), exact: true });
      // the sidebar's favourites may have held it
      void invalidateFavorites(qc, slug);
    },
  });
}

/** Favourite or unfavourite a project view (`P/user-favorite-views/`), optimistic. */
export function useFavoriteView(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the favourite" },
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      favorite
        ? call(V.favorite, { slug, projectId: pid }, { view: id })
        : call(V.unfavorite, { slug, projectId: pid, viewId: id }),
    onMutate: async ({ id, favorite }) => {
      await qc.cancelQueries({ queryKey: viewKeys.list(slug, pid) });
      return { undo: patchCached(qc, slug, pid, id, { is_favorite: favorite }) };
    },
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => {
      void invalidateFavorites(qc, slug);
    },
  });
}
