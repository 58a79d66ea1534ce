import { Suspense, lazy, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Search } from "lucide-react";
import {
  PRIORITIES,
  STATE_GROUPS,
  WIDGET_DURATIONS,
  widgetCustomDates,
  widgetDuration,
  type HomeDashboardWidgetKey,
  type WidgetDuration,
} from "@stride/shared";
import type { DashboardWidget } from "@stride/shared/contract";
import { useDashboardWidget, useUpdateDashboardWidget, type DashboardWithWidgets } from "../../api/home.ts";
import { useProjects } from "../../api/projects.ts";
import { useMe } from "../../api/users.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { describeActivity } from "../../components/work-item/activity-text.ts";
import { PRIORITY_COLOR, STATE_GROUP_COLOR } from "../../components/work-item/icons.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { Avatar, Spinner } from "../../components/ui/index.ts";
import { formatDate, relativeTime } from "../../lib/dates.ts";
import { WidgetFrame } from "./widgets.tsx";

/** The chart library (recharts) is a chunk of its own, loaded when a chart widget shows: the home screen does not wait for it. */
const DistributionChart = lazy(() =>
  import("../../components/charts/charts.tsx").then((m) => ({ default: m.DistributionChart })),
);

/**
 * The home dashboard's summary widgets (Plane's `issues_by_state_groups`, `issues_by_priority`, `recent_activity`,
 * `recent_projects`, `recent_collaborators`): each reads its stats from `W/dashboard/{id}/?widget_key=…`, asked as
 * the widget's stored filters say (the duration is kept on the widget, so the next visit shows the same range).
 */
export interface DashboardWidgetProps {
  slug: string;
  dashboard: DashboardWithWidgets;
  widget: DashboardWidget;
}

export const DASHBOARD_WIDGET_VIEWS: Record<
  HomeDashboardWidgetKey,
  { label: string; render: (p: DashboardWidgetProps) => ReactNode }
> = {
  issues_by_state_groups: {
    label: "Assigned by state",
    render: (p) => <DistributionWidget kind="issues_by_state_groups" {...p} />,
  },
  issues_by_priority: {
    label: "Assigned by priority",
    render: (p) => <DistributionWidget kind="issues_by_priority" {...p} />,
  },
  recent_activity: { label: "Your recent activity", render: (p) => <RecentActivityWidget {...p} /> },
  recent_projects: { label: "Recent projects", render: (p) => <RecentProjectsWidget {...p} /> },
  recent_collaborators: { label: "Collaborators", render: (p) => <CollaboratorsWidget {...p} /> },
};

const muted = "rounded-md border border-dashed border-line-strong p-4 text-sm text-fg-subtle";
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const DURATION_LABEL: Record<WidgetDuration, string> = {
  none: "Any due date",
  today: "Due today",
  this_week: "Due this week",
  this_month: "Due this month",
  this_year: "Due this year",
  custom: "Custom range",
};

/** The due-date range of a distribution widget (kept in the widget's filters); a custom range takes two dates. */
function DurationSelect({ slug, dashboard, widget, label }: DashboardWidgetProps & { label: string }) {
  const update = useUpdateDashboardWidget(slug);
  const value = widgetDuration(widget.widget_filters);
  const stored = widgetCustomDates(widget.widget_filters);
  const [from, setFrom] = useState(stored.find((d) => d.endsWith(";after"))?.slice(0, 10) ?? "");
  const [to, setTo] = useState(stored.find((d) => d.endsWith(";before"))?.slice(0, 10) ?? "");
  const save = (filters: Record<string, unknown>) =>
    update.mutate({ dashboard, widgetId: widget.id, filters: { ...widget.widget_filters, ...filters } });
  const setRange = (f: string, t: string) => {
    setFrom(f);
    setTo(t);
    if (f && t && f <= t) save({ duration: "custom", custom_dates: [`${f};after`, `${t};before`] });
  };
  const dateField = "rounded-md border border-line-strong bg-surface px-1.5 py-0.5 text-xs";
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {value === "custom" && (
        <>
          <input
            type="date"
            aria-label={`${label} from`}
            value={from}
            max={to || undefined}
            onChange={(e) => setRange(e.target.value, to)}
            className={dateField}
          />
          <input
            type="date"
            aria-label={`${label} to`}
            value={to}
            min={from || undefined}
            onChange={(e) => setRange(from, e.target.value)}
            className={dateField}
          />
        </>
      )}
      <select
        aria-label={`${label} due date range`}
        value={value}
        onChange={(e) => save({ duration: e.target.value })}
        className="rounded-md border border-line-strong bg-surface px-2 py-1 text-xs"
      >
        {WIDGET_DURATIONS.map((d) => (
          <option key={d} value={d}>
            {DURATION_LABEL[d]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The caller's assigned items per bucket (state group or priority), within the widget's due-date range. */
function DistributionWidget({
  kind,
  ...p
}: DashboardWidgetProps & { kind: "issues_by_state_groups" | "issues_by_priority" }) {
  const stats = useDashboardWidget(p.slug, p.dashboard.dashboard.id, {
    key: kind,
    widget_filters: p.widget.widget_filters,
  });
  const label = DASHBOARD_WIDGET_VIEWS[kind].label;
  const byState = kind === "issues_by_state_groups";
  const countOf = (k: string) =>
    (stats.data as { state?: string; priority?: string; count: number }[] | undefined)?.find(
      (s) => (byState ? s.state : s.priority) === k,
    )?.count ?? 0;
  const data = byState
    ? STATE_GROUPS.map((g) => ({ key: g, name: cap(g), count: countOf(g), color: STATE_GROUP_COLOR[g] }))
    : PRIORITIES.map((pr) => ({ key: pr, name: cap(pr), count: countOf(pr), color: PRIORITY_COLOR[pr] }));
  const ranged = widgetDuration(p.widget.widget_filters) !== "none";
  return (
    <WidgetFrame id={kind} title={label} actions={<DurationSelect {...p} label={label} />}>
      {stats.isPending ? (
        <Spinner />
      ) : data.every((d) => d.count === 0) ? (
        <p className={muted}>No work items assigned to you {ranged ? "in this range" : "yet"}.</p>
      ) : (
        <Suspense fallback={<Spinner />}>
          <DistributionChart
            caption={`Work items assigned to you by ${byState ? "state group" : "priority"}`}
            data={data}
            testId={byState ? "home-by-state" : "home-by-priority"}
          />
        </Suspense>
      )}
    </WidgetFrame>
  );
}

function RecentActivityWidget(p: DashboardWidgetProps) {
  const list = useDashboardWidget(p.slug, p.dashboard.dashboard.id, {
    key: "recent_activity",
    widget_filters: p.widget.widget_filters,
  });
  return (
    <WidgetFrame id="recent_activity" title={DASHBOARD_WIDGET_VIEWS.recent_activity.label}>
      {list.isPending ? (
        <Spinner />
      ) : !list.data?.length ? (
        <p className={muted}>What you change on work items shows here.</p>
      ) : (
        <ol aria-label="Your recent activity" className="space-y-1.5">
          {list.data.map((a) => {
            const key =
              a.project_detail && a.issue_detail
                ? `${a.project_detail.identifier}-${a.issue_detail.sequence_id}`
                : null;
            return (
              <li key={a.id} className="text-sm text-fg-muted" data-activity={a.field ?? a.verb}>
                <span className="font-medium text-fg-secondary">You</span> {describeActivity(a, formatDate)}
                {key && (
                  <>
                    {" "}
                    on{" "}
                    <Link to={`/${p.slug}/browse/${key}/`} className="font-medium text-fg-secondary hover:underline">
                      {key} {a.issue_detail?.name}
                    </Link>
                  </>
                )}
                <time className="ml-1.5 text-xs text-fg-faint" dateTime={a.created_at}>
                  {relativeTime(a.created_at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </WidgetFrame>
  );
}

function RecentProjectsWidget(p: DashboardWidgetProps) {
  const ids = useDashboardWidget(p.slug, p.dashboard.dashboard.id, {
    key: "recent_projects",
    widget_filters: p.widget.widget_filters,
  });
  const projects = useProjects(p.slug);
  const shown = (ids.data ?? []).map((id) => projects.data?.find((x) => x.id === id)).filter((x) => !!x);
  return (
    <WidgetFrame id="recent_projects" title={DASHBOARD_WIDGET_VIEWS.recent_projects.label}>
      {ids.isPending ? (
        <Spinner />
      ) : !shown.length ? (
        <p className={muted}>The projects you work in show here.</p>
      ) : (
        <ul aria-label="Recent projects" className="grid gap-2 sm:grid-cols-2">
          {shown.map((x) => (
            <li key={x.id}>
              <Link
                to={`/${p.slug}/projects/${x.id}/issues/`}
                className="flex items-center gap-3 rounded-md border border-line p-2.5 text-sm hover:border-indigo-400"
              >
                <ProjectLogo project={x} />
                <span className="truncate font-medium">{x.name}</span>
                <span className="ml-auto text-xs text-fg-subtle">{x.identifier}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </WidgetFrame>
  );
}

function CollaboratorsWidget(p: DashboardWidgetProps) {
  const rows = useDashboardWidget(p.slug, p.dashboard.dashboard.id, {
    key: "recent_collaborators",
    widget_filters: p.widget.widget_filters,
  });
  const members = useWorkspaceMembers(p.slug);
  const me = useMe();
  const [search, setSearch] = useState("");
  const people = (rows.data ?? [])
    .map((r) => ({ ...r, user: members.data?.find((m) => m.member.id === r.user_id)?.member }))
    .filter((r) => r.user && r.user_id !== me.data?.id)
    .filter(
      (r) =>
        !search.trim() ||
        `${displayName(r.user)} ${r.user?.display_name ?? ""}`.toLowerCase().includes(search.trim().toLowerCase()),
    );
  return (
    <WidgetFrame
      id="recent_collaborators"
      title={DASHBOARD_WIDGET_VIEWS.recent_collaborators.label}
      actions={
        <label className="flex items-center gap-1.5 rounded-md border border-line-strong px-2 py-1 text-xs">
          <Search size={12} aria-hidden focusable="false" className="text-fg-faint" />
          <input
            aria-label="Search collaborators"
            placeholder="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-28 bg-transparent focus:outline-none"
          />
        </label>
      }
    >
      {rows.isPending ? (
        <Spinner />
      ) : !people.length ? (
        <p className={muted}>{search.trim() ? "Nobody matches." : "The people of your projects show here."}</p>
      ) : (
        <ul aria-label="Collaborators" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {people.map((r) => (
            <li key={r.user_id} data-collaborator={r.user_id}>
              <Link
                to={`/${p.slug}/profile/${r.user_id}/`}
                className="flex flex-col items-center gap-1 rounded-md p-2 text-center text-sm hover:bg-fill-hover"
              >
                <Avatar name={displayName(r.user)} url={r.user?.avatar_url} />
                <span className="w-full truncate font-medium">{displayName(r.user)}</span>
                <span className="text-xs text-fg-subtle">
                  {r.active_issue_count} active {r.active_issue_count === 1 ? "item" : "items"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </WidgetFrame>
  );
}
