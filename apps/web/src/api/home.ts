/**
 * A person's home in a workspace (wire-facts §9, platform.md §4/§7): stickies, quick links, the home widgets' order
 * and switches, recent visits, the home dashboard's widget stats, and the sidebar's pins. Everything is the
 * caller's own; changes show at once and roll back when the server refuses. The realtime channel's events of these
 * tables (api/live-map.ts) refetch them.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type {
  DashboardWidgetAnswer,
  DashboardWithWidgets,
  HomePreference,
  PriorityStats,
  RecentActivityStats,
  RecentCollaborator,
  RecentProjectsStats,
  StateGroupStats,
  QuickLink,
  QuickLinkCreateBody,
  QuickLinkPatchBody,
  RecentVisit,
  SidebarPreferences,
  Sticky,
  StickyCreateBody,
  WidgetIssues,
} from "@stride/shared/contract";
import { STICKIES_SHOWN, widgetStatsParams, type SidebarPreferenceKey, type WidgetIssueTab } from "@stride/shared";
import {
  dashboardEndpoints as D,
  quickLinkEndpoints as QL,
  recentVisitEndpoints as RV,
  stickyEndpoints as S,
  preferenceEndpoints as PF,
} from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type {
  HomePreference,
  QuickLink,
  RecentVisit,
  SidebarPreferences,
  Sticky,
  WidgetIssues,
  DashboardWithWidgets,
  StateGroupStats,
  PriorityStats,
  RecentActivityStats,
  RecentProjectsStats,
  RecentCollaborator,
};

export const homeKeys = {
  all: (slug: string) => ["home", slug] as const,
  stickies: (slug: string) => ["home", slug, "stickies"] as const,
  quickLinks: (slug: string) => ["home", slug, "quick-links"] as const,
  preferences: (slug: string) => ["home", slug, "preferences"] as const,
  sidebar: (slug: string) => ["home", slug, "sidebar"] as const,
  recents: (slug: string) => ["home", slug, "recents"] as const,
  dashboard: (slug: string) => ["home", slug, "dashboard"] as const,
  /** A dashboard widget's stats (work-item changes refetch them: api/live-map.ts). */
  widgetStats: (slug: string) => ["home", slug, "widget-stats"] as const,
  widget: (slug: string, dashboardId: string, key: string, variant: string) =>
    ["home", slug, "widget-stats", dashboardId, key, variant] as const,
};

export const stickiesQuery = (slug: string) =>
  queryOptions({
    queryKey: homeKeys.stickies(slug),
    queryFn: () =>
      call(S.list, { slug }, undefined, {
        query: { per_page: String(STICKIES_SHOWN), cursor: `${STICKIES_SHOWN}:0:0` },
      }).then((r) => r.results),
  });
export const quickLinksQuery = (slug: string) =>
  queryOptions({ queryKey: homeKeys.quickLinks(slug), queryFn: () => call(QL.list, { slug }) });
export const homePreferencesQuery = (slug: string) =>
  queryOptions({
    queryKey: homeKeys.preferences(slug),
    queryFn: () => call(PF.homeList, { slug }),
  });
export const sidebarPreferencesQuery = (slug: string) =>
  queryOptions({
    queryKey: homeKeys.sidebar(slug),
    queryFn: () => call(PF.sidebarList, { slug }, undefined, { priority: "low" }),
  });
export const recentVisitsQuery = (slug: string) =>
  queryOptions({ queryKey: homeKeys.recents(slug), queryFn: () => call(RV.list, { slug }) });
export const homeDashboardQuery = (slug: string) =>
  queryOptions({
    queryKey: homeKeys.dashboard(slug),
    queryFn: () => call(D.home, { slug }, undefined, { query: { dashboard_type: "home" } }),
  });
/** The caller's items of one tab of the assigned-work widget (the first few and their number). */
export const assignedWorkQuery = (slug: string, dashboardId: string, tab: WidgetIssueTab) =>
  queryOptions({
    queryKey: homeKeys.widget(slug, dashboardId, "assigned_issues", tab),
    queryFn: () =>
      call(D.widgetStats, { slug, dashboardId }, undefined, {
        query: { widget_key: "assigned_issues", issue_type: tab },
      }) as Promise<WidgetIssues>, // the answer's shape follows `widget_key`, which TypeScript cannot see
  });

/** The stats of a home dashboard widget, asked as its stored filters say (`widgetStatsParams`). */
export function dashboardWidgetQuery<T extends DashboardWidgetAnswer = DashboardWidgetAnswer>(
  slug: string,
  dashboardId: string,
  widget: { key: string; widget_filters: unknown },
) {
  const query = widgetStatsParams(widget);
  return queryOptions({
    queryKey: homeKeys.widget(slug, dashboardId, widget.key, new URLSearchParams(query).toString()),
    // the answer's shape follows the widget's key (in `query`), which TypeScript cannot see
    queryFn: () => call(D.widgetStats, { slug, dashboardId }, undefined, { query }) as Promise<T>,
  });
}
export type DashboardWidgetStats = {
  issues_by_state_groups: StateGroupStats;
  issues_by_priority: PriorityStats;
  recent_activity: RecentActivityStats;
  recent_projects: RecentProjectsStats;
  recent_collaborators: RecentCollaborator[];
};
export const useDashboardWidget = <K extends keyof DashboardWidgetStats>(
  slug: string,
  dashboardId: string,
  widget: { key: K; widget_filters: unknown },
) => useQuery(dashboardWidgetQuery<DashboardWidgetStats[K]>(slug, dashboardId, widget));

export const useStickies = (slug: string) => useQuery(stickiesQuery(slug));
export const useQuickLinks = (slug: string) => useQuery(quickLinksQuery(slug));
export const useHomePreferences = (slug: string) => useQuery(homePreferencesQuery(slug));
export const useSidebarPreferences = (slug: string) => useQuery(sidebarPreferencesQuery(slug));
export const useRecentVisits = (slug: string) => useQuery(recentVisitsQuery(slug));
export const useHomeDashboard = (slug: string) => useQuery(homeDashboardQuery(slug));
export const useAssignedWork = (slug: string, dashboardId: string | undefined, tab: WidgetIssueTab) =>
  useQuery({ ...assignedWorkQuery(slug, dashboardId ?? "", tab), enabled: !!dashboardId });

/** Apply `change` to a cached value at once; the returned function puts the old value back. */
async function optimistic<T>(qc: QueryClient, key: QueryKey, change: (old: T) => T) {
  await qc.cancelQueries({ queryKey: key });
  const prev = qc.getQueryData<T>(key);
  if (prev !== undefined) qc.setQueryData<T>(key, change(prev));
  return { undo: () => qc.setQueryData(key, prev) };
}

const byOrder = (a: { sort_order: number }, b: { sort_order: number }) => b.sort_order - a.sort_order;

// ---------------------------------------------------------------- stickies

/** A new sticky (it goes first: the server gives it the top sort order). */
export function useCreateSticky(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not add the sticky" },
    mutationFn: (body: StickyCreateBody) => call(S.create, { slug }, body),
    onSuccess: (row) =>
      qc.setQueryData<Sticky[]>(homeKeys.stickies(slug), (old) =>
        old ? [row, ...old.filter((s) => s.id !== row.id)].sort(byOrder) : old,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.stickies(slug) }),
  });
}

/** Change a sticky (text, colour, place): shown at once, rolled back if refused. */
export function useUpdateSticky(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the sticky" },
    mutationFn: ({ id, ...body }: StickyCreateBody & { id: string }) => call(S.update, { slug, stickyId: id }, body),
    onMutate: ({ id, ...body }) =>
      optimistic<Sticky[]>(qc, homeKeys.stickies(slug), (old) =>
        old.map((s) => (s.id === id ? ({ ...s, ...body } as Sticky) : s)).sort(byOrder),
      ),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSuccess: (row) =>
      qc.setQueryData<Sticky[]>(homeKeys.stickies(slug), (old) =>
        old?.map((s) => (s.id === row.id ? row : s)).sort(byOrder),
      ),
  });
}

export function useDeleteSticky(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the sticky" },
    mutationFn: (id: string) => call(S.remove, { slug, stickyId: id }),
    onMutate: (id) => optimistic<Sticky[]>(qc, homeKeys.stickies(slug), (old) => old.filter((s) => s.id !== id)),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.stickies(slug) }),
  });
}

// ---------------------------------------------------------------- quick links

/** A new quick link; its field errors are shown by the form. */
export function useCreateQuickLink(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: QuickLinkCreateBody) => call(QL.create, { slug }, body),
    onSuccess: (row) =>
      qc.setQueryData<QuickLink[]>(homeKeys.quickLinks(slug), (old) =>
        old ? [row, ...old.filter((l) => l.id !== row.id)] : old,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.quickLinks(slug) }),
  });
}

export function useUpdateQuickLink(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: QuickLinkPatchBody & { id: string }) => call(QL.update, { slug, linkId: id }, body),
    onSuccess: (row) =>
      qc.setQueryData<QuickLink[]>(homeKeys.quickLinks(slug), (old) => old?.map((l) => (l.id === row.id ? row : l))),
  });
}

export function useDeleteQuickLink(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not remove the link" },
    mutationFn: (id: string) => call(QL.remove, { slug, linkId: id }),
    onMutate: (id) => optimistic<QuickLink[]>(qc, homeKeys.quickLinks(slug), (old) => old.filter((l) => l.id !== id)),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.quickLinks(slug) }),
  });
}

// ---------------------------------------------------------------- home widgets and sidebar pins

/** Turn a home widget on or off, or move it: shown at once, rolled back if refused. */
export function useUpdateHomePreference(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the widget" },
    mutationFn: ({ key, ...body }: { key: string; is_enabled?: boolean; sort_order?: number }) =>
      call(PF.homeUpdate, { slug, key }, body),
    onMutate: ({ key, ...body }) =>
      optimistic<HomePreference[]>(qc, homeKeys.preferences(slug), (old) =>
        old.map((p) => (p.key === key ? { ...p, ...body } : p)).sort(byOrder),
      ),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.preferences(slug) }),
  });
}

/** Pin or unpin a sidebar entry (PATCH of one key), shown at once. */
export function usePinSidebarEntry(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the sidebar" },
    mutationFn: ({ key, is_pinned }: { key: SidebarPreferenceKey; is_pinned: boolean }) =>
      call(PF.sidebarUpdate, { slug, key }, { is_pinned }),
    onMutate: ({ key, is_pinned }) =>
      optimistic<SidebarPreferences>(qc, homeKeys.sidebar(slug), (old) => ({
        ...old,
        [key]: { sort_order: old[key]?.sort_order ?? 0, is_pinned },
      })),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.sidebar(slug) }),
  });
}

/** Change a dashboard widget (its filters — tab, duration —, whether it shows, its place), shown at once. */
export function useUpdateDashboardWidget(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    // one after another, in the order made: a range chosen and then its dates must not reach the server the other way
    // round (the later PATCH carries the whole filters and would be undone by the earlier one)
    scope: { id: `dashboard-widgets:${slug}` },
    meta: { errorTitle: "Could not save the widget" },
    mutationFn: ({
      dashboard,
      widgetId,
      ...body
    }: {
      dashboard: DashboardWithWidgets;
      widgetId: string;
      filters?: Record<string, unknown>;
      is_visible?: boolean;
      sort_order?: number;
    }) => call(D.updateWidget, { dashboardId: dashboard.dashboard.id, widgetId }, body),
    onMutate: ({ widgetId, filters, is_visible, sort_order }) =>
      optimistic<DashboardWithWidgets>(qc, homeKeys.dashboard(slug), (old) => ({
        ...old,
        widgets: old.widgets
          .map((w) =>
            w.id === widgetId
              ? {
                  ...w,
                  ...(filters && { widget_filters: filters }),
                  ...(is_visible !== undefined && { is_visible }),
                  ...(sort_order !== undefined && { sort_order }),
                }
              : w,
          )
          .sort(byOrder),
      })),
    onError: (_e, _v, ctx) => ctx?.undo(),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.dashboard(slug) }),
  });
}
