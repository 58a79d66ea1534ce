/**
 * Project pages (wire-facts §9, platform.md §3–§9): the list per tab (public / private / archived) with its counts,
 * one page, its versions, and every page action. Toggles (lock, access, favourite) change the cache at once and
 * are put back when the server refuses; the name autosaves through `useUpdatePage` (the screen reverts it).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { DEFAULT_PAGE_ORDER, PAGE_ORDERS, type PageListType, type PageOrder } from "@stride/shared";
import type { Page, PageDetail } from "@stride/shared/contract";
import { pageEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { invalidateFavorites } from "./favorites.ts";

export type { Page, PageDetail };

const at = (slug: string, projectId: string) => ({ slug, projectId });
/** A page's path params; a page action needs workspace, project and page ids (platform.md §5). */
const one = (slug: string, pid: string, id: string) => {
  if (!slug || !pid || !id) throw new Error("Missing required fields.");
  return { slug, projectId: pid, pageId: id };
};

export const pageKeys = {
  /** Everything about a project's pages (live events invalidate this prefix). */
  all: (slug: string, pid: string) => ["pages", slug, pid] as const,
  lists: (slug: string, pid: string) => ["pages", slug, pid, "list"] as const,
  list: (slug: string, pid: string, type: PageListType, order: PageOrder) =>
    ["pages", slug, pid, "list", type, order] as const,
  /** The page tree (under `lists`: whatever changes a list's pages changes it too). */
  tree: (slug: string, pid: string) => ["pages", slug, pid, "list", "tree"] as const,
  summary: (slug: string, pid: string) => ["pages", slug, pid, "summary"] as const,
  one: (slug: string, pid: string, id: string) => ["pages", slug, pid, "page", id] as const,
  versionsAll: (slug: string, pid: string) => ["pages", slug, pid, "versions"] as const,
  versions: (slug: string, pid: string, id: string) => ["pages", slug, pid, "versions", id] as const,
  version: (slug: string, pid: string, id: string, vid: string) => ["pages", slug, pid, "versions", id, vid] as const,
};

/** The tabs of the pages list. */
export type PageTab = Exclude<PageListType, "all">;
const TABS: readonly PageTab[] = ["public", "private", "archived"];

/** The list's tab and order as the URL gives them (`?type=`, `?order_by=`): what the screen shows and the loader fetches. */
export function pageListParams(search: URLSearchParams): { type: PageTab; order: PageOrder } {
  const t = search.get("type") ?? "";
  const o = search.get("order_by") ?? "";
  return {
    type: (TABS as readonly string[]).includes(t) ? (t as PageTab) : "public",
    order: (PAGE_ORDERS as readonly string[]).includes(o) ? (o as PageOrder) : DEFAULT_PAGE_ORDER,
  };
}

/** Query options shared by the hooks and the route loaders (app/loaders.ts). */
export const pagesQuery = (slug: string, pid: string, type: PageListType, order: PageOrder) =>
  queryOptions({
    queryKey: pageKeys.list(slug, pid, type, order),
    queryFn: () => call(E.list, at(slug, pid), undefined, { query: { type, order_by: order } }),
  });
/** Stride's page tree: every page of the project the caller may read that is not archived, with its parent. */
export const pageTreeQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: pageKeys.tree(slug, pid), queryFn: () => call(E.tree, at(slug, pid)) });
export const pagesSummaryQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: pageKeys.summary(slug, pid),
    queryFn: () => call(E.summary, at(slug, pid)),
  });
export const pageQuery = (slug: string, pid: string, id: string) =>
  queryOptions({ queryKey: pageKeys.one(slug, pid, id), queryFn: () => call(E.get, one(slug, pid, id)) });
export const pageVersionsQuery = (slug: string, pid: string, id: string) =>
  queryOptions({
    queryKey: pageKeys.versions(slug, pid, id),
    queryFn: () => call(E.versions, one(slug, pid, id)),
  });
export const pageVersionQuery = (slug: string, pid: string, id: string, vid: string) =>
  queryOptions({
    queryKey: pageKeys.version(slug, pid, id, vid),
    queryFn: () => call(E.version, { ...one(slug, pid, id), versionId: vid }),
  });

export const usePages = (slug: string, pid: string, type: PageListType, order: PageOrder, enabled = true) =>
  useQuery({ ...pagesQuery(slug, pid, type, order), enabled });
export const usePageTree = (slug: string, pid: string, enabled = true) =>
  useQuery({ ...pageTreeQuery(slug, pid), enabled });
export const usePagesSummary = (slug: string, pid: string, enabled = true) =>
  useQuery({ ...pagesSummaryQuery(slug, pid), enabled });
export const usePage = (slug: string, pid: string, id: string) =>
  useQuery({ ...pageQuery(slug, pid, id), enabled: !!id });
export const usePageVersions = (slug: string, pid: string, id: string, enabled = true) =>
  useQuery({ ...pageVersionsQuery(slug, pid, id), enabled });
export const usePageVersion = (slug: string, pid: string, id: string, vid: string | null) =>
  useQuery({ ...pageVersionQuery(slug, pid, id, vid ?? ""), enabled: !!vid });

/** Change one page in the cached lists and detail; returns what to put back. */
function patchCached(qc: QueryClient, slug: string, pid: string, id: string, patch: Partial<PageDetail>) {
  const lists = qc.getQueriesData<Page[]>({ queryKey: pageKeys.lists(slug, pid) });
  const detail = qc.getQueryData<PageDetail>(pageKeys.one(slug, pid, id));
  qc.setQueriesData<Page[]>({ queryKey: pageKeys.lists(slug, pid) }, (old) =>
    old?.map((p) => (p.id === id ? { ...p, ...patch } : p)),
  );
  qc.setQueryData<PageDetail>(pageKeys.one(slug, pid, id), (old) => (old ? { ...old, ...patch } : old));
  return () => {
    for (const [k, v] of lists) qc.setQueryData(k, v);
    qc.setQueryData(pageKeys.one(slug, pid, id), detail);
  };
}

/** After a change that moves a page between tabs or counts: the lists and the counts. */
const refreshLists = (qc: QueryClient, slug: string, pid: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: pageKeys.lists(slug, pid) }),
    qc.invalidateQueries({ queryKey: pageKeys.summary(slug, pid) }),
  ]);

export interface PageCreate {
  name: string;
  access: 0 | 1;
  /** a sub-page: the page it goes under (last among its children) */
  parent?: string | null;
}

export function useCreatePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Failed", silent: false },
    mutationFn: (body: PageCreate) => call(E.create, at(slug, pid), body),
    onSuccess: (page) => {
      qc.setQueryData(pageKeys.one(slug, pid, page.id), page);
      void refreshLists(qc, slug, pid);
    },
  });
}

/** PATCH the page's properties (the name). The screen shows the save status and reverts the name on failure. */
export function useUpdatePage(slug: string, pid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the page's name" },
    mutationFn: (body: { name?: string; logo_props?: Record<string, unknown> }) =>
      call(E.update, one(slug, pid, id), body),
    onSuccess: (page) => {
      patchCached(qc, slug, pid, id, page);
      void invalidateFavorites(qc, slug);
    },
  });
}

/**
 * Nest or reorder a page in the tree (PATCH `{parent?, sort_order}`): the tree shows the new place at once and goes
 * back when the server refuses.
 */
export function usePlacePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not move the page" },
    scope: { id: `page-tree:${pid}` },
    mutationFn: ({ id, ...body }: { id: string; parent?: string | null; sort_order: number }) =>
      call(E.update, one(slug, pid, id), body),
    onMutate: async ({ id, ...place }) => {
      await qc.cancelQueries({ queryKey: pageKeys.tree(slug, pid) });
      return { undo: patchCached(qc, slug, pid, id, place) };
    },
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSuccess: (page) => patchCached(qc, slug, pid, page.id, page),
    onSettled: () => refreshLists(qc, slug, pid),
  });
}

/** Save the content (the editor's stored HTML); the server keeps a version per editing session. */
export function useSavePageContent(slug: string, pid: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the page" },
    scope: { id: `page-content:${id}` },
    mutationFn: (html: string) => call(E.updateDescription, one(slug, pid, id), { description_html: html }),
    onSuccess: (_r, html) => {
      qc.setQueryData<PageDetail>(pageKeys.one(slug, pid, id), (old) =>
        old ? { ...old, description_html: html } : old,
      );
      void qc.invalidateQueries({ queryKey: pageKeys.versions(slug, pid, id) });
    },
  });
}

/** A page toggle (lock, access, favourite): optimistic, put back on refusal. */
function useToggle<V>(
  slug: string,
  pid: string,
  errorTitle: string,
  send: (v: V & { id: string }) => Promise<unknown>,
  patch: (v: V) => Partial<PageDetail>,
  favorites = false,
) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle },
    mutationFn: send,
    onMutate: async (v: V & { id: string }) => {
      await qc.cancelQueries({ queryKey: pageKeys.all(slug, pid) });
      return { undo: patchCached(qc, slug, pid, v.id, patch(v)) };
    },
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => {
      void refreshLists(qc, slug, pid);
      if (favorites) void invalidateFavorites(qc, slug);
    },
  });
}

export const useLockPage = (slug: string, pid: string) =>
  useToggle<{ locked: boolean }>(
    slug,
    pid,
    "Could not change the lock",
    ({ id, locked }) => call(locked ? E.lock : E.unlock, one(slug, pid, id)),
    ({ locked }) => ({ is_locked: locked }),
  );

export const usePageAccess = (slug: string, pid: string) =>
  useToggle<{ access: 0 | 1 }>(
    slug,
    pid,
    "Could not change the access",
    ({ id, access }) => call(E.access, one(slug, pid, id), { access }),
    ({ access }) => ({ access }),
    true,
  );

export const useFavoritePage = (slug: string, pid: string) =>
  useToggle<{ favorite: boolean }>(
    slug,
    pid,
    "Could not change the favourite",
    ({ id, favorite }) => call(favorite ? E.favorite : E.unfavorite, one(slug, pid, id)),
    ({ favorite }) => ({ is_favorite: favorite }),
    true,
  );

/** Archive (true) or restore (false) a page; archiving drops its favourites. */
export function useArchivePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the page" },
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      archive
        ? call(E.archive, one(slug, pid, id)).then((r) => r.archived_at)
        : call(E.restore, one(slug, pid, id)).then(() => null),
    onSuccess: (archivedAt, { id, archive }) => {
      patchCached(qc, slug, pid, id, archive ? { archived_at: archivedAt, is_favorite: false } : { archived_at: null });
      void qc.invalidateQueries({ queryKey: pageKeys.all(slug, pid) });
      void invalidateFavorites(qc, slug);
    },
  });
}

/** Forget a page that is gone from this project (deleted or moved away). */
function dropPage(qc: QueryClient, slug: string, pid: string, id: string) {
  qc.setQueriesData<Page[]>({ queryKey: pageKeys.lists(slug, pid) }, (old) => old?.filter((p) => p.id !== id));
  qc.removeQueries({ queryKey: pageKeys.one(slug, pid, id), exact: true });
  void refreshLists(qc, slug, pid);
  void invalidateFavorites(qc, slug);
}

export function useDeletePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Failed", successTitle: "Page deleted" },
    mutationFn: ({ id }: { id: string; label?: string }) => call(E.remove, one(slug, pid, id)),
    onSuccess: (_r, { id }) => dropPage(qc, slug, pid, id),
  });
}

export function useDuplicatePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not duplicate the page" },
    mutationFn: ({ id }: { id: string }) => call(E.duplicate, one(slug, pid, id)),
    onSuccess: (page) => {
      qc.setQueryData(pageKeys.one(slug, pid, page.id), page);
      void refreshLists(qc, slug, pid);
    },
  });
}

export function useMovePage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not move the page", successTitle: "Page moved" },
    mutationFn: ({ id, projectId }: { id: string; projectId: string; label?: string }) =>
      call(E.move, one(slug, pid, id), { new_project_id: projectId }),
    onSuccess: (_r, { id, projectId }) => {
      dropPage(qc, slug, pid, id);
      void qc.invalidateQueries({ queryKey: pageKeys.all(slug, projectId) });
    },
  });
}
