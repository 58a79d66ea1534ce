import { useMemo } from "react";
import { Navigate, NavLink, useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import {
  ANALYTICS_SCREEN_TABS,
  ANALYTICS_TAB_ALIASES,
  STATE_GROUPS,
  analyticsMetrics,
  type AnalyticsScreenTab,
  type ProgressUnit,
} from "@stride/shared";
import {
  analyticsProjectsChartQuery,
  analyticsStatsQuery,
  analyticsTimelineQuery,
  analyticsTotalsQuery,
  type AnalyticsProjectStatsRow,
  type AnalyticsScope,
  type AnalyticsWorkItems,
} from "../../api/analytics.ts";
import { useProjects } from "../../api/projects.ts";
import { workspaceEstimatesQuery } from "../../api/estimates.ts";
import { NoAccess, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ChartFrame, DistributionChart, StatCard, TimelineChart } from "../../components/charts/charts.tsx";
import { CustomChart } from "../../components/charts/CustomChart.tsx";
import { LiveProjects } from "../../components/live/LiveProjects.tsx";
import { STATE_GROUP_COLOR } from "../../components/work-item/icons.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

/** The tabs as work-tracking.md §2 names them (their routes), and their labels. */
const TAB_LABEL: Record<AnalyticsScreenTab, string> = { scope_and_demand: "Scope and demand", custom: "Custom" };
const isTab = (t: string | undefined): t is AnalyticsScreenTab =>
  (ANALYTICS_SCREEN_TABS as readonly string[]).includes(t ?? "");
const GROUP_LABEL: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * Workspace analytics (wire-facts-2 §4), in the tabs work-tracking.md §2 names: scope and demand (people, projects,
 * work items, cycles, intake; what the projects hold; state distribution; created vs completed by month) and custom
 * (totals by state group, created vs completed, a chart by any x-axis and group-by, and each project's figures).
 * The project filter narrows every number; all of it follows work-item changes live. Another tab name leads to
 * scope and demand (the earlier `overview` and `work-items` to their tab).
 */
export function AnalyticsPage() {
  const param = useParams().tab;
  const [search] = useSearchParams();
  if (!isTab(param)) {
    const keep = search.toString() ? `?${search.toString()}` : "";
    return (
      <Navigate to={`../${ANALYTICS_TAB_ALIASES[param ?? ""] ?? "scope_and_demand"}/${keep}`} relative="path" replace />
    );
  }
  return <AnalyticsTabs tab={param} />;
}

function AnalyticsTabs({ tab }: { tab: AnalyticsScreenTab }) {
  const { slug } = useCurrentWorkspace();
  const allowed = useCan("workspace", "analytics");
  const projects = useProjects(slug);
  const [search, setSearch] = useSearchParams();
  const mine = useMemo(() => (projects.data ?? []).filter((p) => p.member_role && !p.archived_at), [projects.data]);
  const selected = useMemo(
    () => (search.get("project_ids") ?? "").split(",").filter((id) => mine.some((p) => p.id === id)),
    [search, mine],
  );
  const scope: AnalyticsScope = { kind: "workspace", projectIds: selected };
  const estimates = useQuery({ ...workspaceEstimatesQuery(slug), enabled: allowed });
  // the projects counting in points: their current estimate system (`last_used`) is of type points
  const metrics = useMemo(() => {
    const points = new Set(
      (estimates.data ?? []).filter((e) => e.last_used && e.type === "points").map((e) => e.project),
    );
    const inScope = selected.length ? mine.filter((p) => selected.includes(p.id)) : mine;
    return analyticsMetrics(inScope.map((p) => (points.has(p.id) ? "points" : null)));
  }, [estimates.data, mine, selected]);
  if (!allowed)
    return (
      <>
        <PageHeader title="Analytics" />
        <NoAccess what="Analytics" />
      </>
    );

  const toggle = (id: string) => {
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
    setSearch(
      (s) => {
        const out = new URLSearchParams(s);
        if (next.length) out.set("project_ids", next.join(","));
        else out.delete("project_ids");
        return out;
      },
      { replace: true },
    );
  };
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    cx("rounded px-2 py-1 text-sm", isActive ? "bg-fill-selected" : "hover:bg-fill-hover");
  const keep = search.toString() ? `?${search.toString()}` : "";
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LiveProjects slug={slug} projectIds={mine.map((p) => p.id)} />
      <PageHeader title="Analytics" />
      <nav aria-label="Analytics tabs" className="flex min-h-11 shrink-0 items-center gap-1 border-b border-line px-4">
        {ANALYTICS_SCREEN_TABS.map((t) => (
          <NavLink
            key={t}
            to={`/${slug}/analytics/${t}/${keep}`}
            className={() => tabClass({ isActive: tab === t })}
            aria-current={tab === t ? "page" : undefined}
          >
            {TAB_LABEL[t]}
          </NavLink>
        ))}
      </nav>
      <ProjectChips projects={mine} selected={selected} onToggle={toggle} />
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {tab === "scope_and_demand" ? (
          <Overview slug={slug} scope={scope} />
        ) : (
          <WorkItemsTab slug={slug} scope={scope} metrics={metrics} />
        )}
      </div>
    </div>
  );
}

/** The projects filter: the caller's projects as toggles, and how many are picked. */
function ProjectChips({
  projects: mine,
  selected,
  onToggle,
}: {
  projects: { id: string; name: string }[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Projects"
      className="flex flex-wrap items-center gap-1 border-b border-line px-4 py-2 text-xs"
    >
      <span className="text-fg-subtle">Projects:</span>
      {mine.map((p) => {
        const on = selected.includes(p.id);
        return (
          <button
            key={p.id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(p.id)}
            className={cx(
              "rounded-full border px-2 py-0.5",
              on ? "border-indigo-500 bg-accent-soft text-accent" : "border-line-raised text-fg-muted hover:bg-fill",
            )}
          >
            {p.name}
          </button>
        );
      })}
      {selected.length > 0 && (
        <span className="ml-2 text-fg-subtle">
          {selected.length} of {mine.length}
        </span>
      )}
    </div>
  );
}

function stateSlices(t: AnalyticsWorkItems | undefined, cancelled?: number) {
  if (!t) return [];
  const counts: Record<string, number> = {
    backlog: t.backlog_work_items.count,
    unstarted: t.un_started_work_items.count,
    started: t.started_work_items.count,
    completed: t.completed_work_items.count,
  };
  if (cancelled !== undefined) counts.cancelled = cancelled;
  return STATE_GROUPS.filter((g) => g in counts).map((g) => ({
    key: g,
    name: GROUP_LABEL[g] ?? g,
    count: counts[g]!,
    color: STATE_GROUP_COLOR[g],
  }));
}

function Overview({ slug, scope }: { slug: string; scope: AnalyticsScope }) {
  const overview = useQuery(analyticsTotalsQuery(slug, scope, "overview"));
  const totals = useQuery(analyticsTotalsQuery(slug, scope, "work-items"));
  const entities = useQuery(analyticsProjectsChartQuery(slug, scope));
  const timeline = useQuery(analyticsTimelineQuery(slug, scope));
  const o = overview.data;
  if (overview.isLoading) return <PageSpinner />;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Overview">
        <StatCard label="Members" value={o?.total_users.count} testId="stat-users" />
        <StatCard label="Projects" value={o?.total_projects.count} testId="stat-projects" />
        <StatCard label="Work items" value={o?.total_work_items.count} testId="stat-work-items" />
        <StatCard label="Cycles" value={o?.total_cycles.count} testId="stat-cycles" />
        <StatCard label="Admins" value={o?.total_admins.count} />
        <StatCard label="Members (role)" value={o?.total_members.count} />
        <StatCard label="Guests" value={o?.total_guests.count} />
        <StatCard label="Intake" value={o?.total_intake.count} testId="stat-intake" />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFrame title="State distribution" empty={totals.data?.total_work_items.count === 0}>
          <DistributionChart
            caption="Work items by state group"
            data={stateSlices(totals.data)}
            testId="chart-states"
          />
        </ChartFrame>
        <ChartFrame title="Projects at a glance">
          <DistributionChart
            caption="Entities in the projects"
            data={(entities.data ?? []).map((e) => ({ key: e.key, name: e.name, count: e.count }))}
            testId="chart-projects"
          />
        </ChartFrame>
      </div>
      <ChartFrame title="Created vs completed">
        <TimelineChart
          caption="Work items created and completed by month"
          data={timeline.data?.data ?? []}
          testId="chart-timeline"
        />
      </ChartFrame>
    </>
  );
}

function WorkItemsTab({ slug, scope, metrics }: { slug: string; scope: AnalyticsScope; metrics: ProgressUnit[] }) {
  const totals = useQuery(analyticsTotalsQuery(slug, scope, "work-items"));
  const stats = useQuery(analyticsStatsQuery(slug, scope));
  const timeline = useQuery(analyticsTimelineQuery(slug, scope));
  const t = totals.data;
  const rows = (stats.data ?? []) as AnalyticsProjectStatsRow[];
  const cancelled = rows.reduce((n, r) => n + r.cancelled_work_items, 0);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Work items">
        <StatCard label="Total" value={t?.total_work_items.count} testId="stat-total" />
        <StatCard label="Backlog" value={t?.backlog_work_items.count} testId="stat-backlog" />
        <StatCard label="Unstarted" value={t?.un_started_work_items.count} testId="stat-unstarted" />
        <StatCard label="Started" value={t?.started_work_items.count} testId="stat-started" />
        <StatCard label="Completed" value={t?.completed_work_items.count} testId="stat-completed" />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFrame title="State distribution" empty={t?.total_work_items.count === 0}>
          <DistributionChart
            caption="Work items by state group"
            data={stateSlices(t, stats.data ? cancelled : undefined)}
            testId="chart-states"
          />
        </ChartFrame>
        <ChartFrame title="Created vs completed">
          <TimelineChart
            caption="Work items created and completed by month"
            data={timeline.data?.data ?? []}
            testId="chart-timeline"
          />
        </ChartFrame>
      </div>
      <CustomChart slug={slug} scope={scope} metrics={metrics} />
      <ProjectTable rows={rows} />
    </>
  );
}

function ProjectTable({ rows }: { rows: AnalyticsProjectStatsRow[] }) {
  if (!rows.length) return null;
  const cols: [keyof AnalyticsProjectStatsRow, string][] = [
    ["backlog_work_items", "Backlog"],
    ["un_started_work_items", "Unstarted"],
    ["started_work_items", "Started"],
    ["completed_work_items", "Completed"],
    ["cancelled_work_items", "Cancelled"],
  ];
  return (
    <section aria-label="By project" className="rounded-lg border border-line">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-fg-subtle">
          <tr>
            <th className="px-4 py-2 font-medium">Project</th>
            {cols.map(([, l]) => (
              <th key={l} className="px-2 py-2 text-right font-medium">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {rows.map((r) => (
            <tr key={r.project_id} data-project={r.project_id}>
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {r.project__name}
              </th>
              {cols.map(([k, l]) => (
                <td key={l} className="px-2 py-2 text-right tabular-nums">
                  {r[k]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
