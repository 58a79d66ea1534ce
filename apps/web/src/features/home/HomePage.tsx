import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Settings2 } from "lucide-react";
import { isHomeDashboardWidget, type HomeDashboardWidgetKey, type HomeWidgetKey } from "@stride/shared";
import type { DashboardWidget } from "@stride/shared/contract";
import { useMe } from "../../api/users.ts";
import { useProjects } from "../../api/projects.ts";
import {
  useHomeDashboard,
  useHomePreferences,
  useUpdateDashboardWidget,
  useUpdateHomePreference,
  type DashboardWithWidgets,
  type HomePreference,
} from "../../api/home.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { LiveProjects } from "../../components/live/LiveProjects.tsx";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { Button, Modal, Spinner, Toggle } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { SortableItem, SortableOrder } from "./sortable.tsx";
import { AssignedWorkWidget, MyStickiesWidget, QuickLinksWidget, RecentsWidget } from "./widgets.tsx";
import { DASHBOARD_WIDGET_VIEWS } from "./DashboardWidgets.tsx";

function greeting(d = new Date()) {
  const h = d.getHours();
  return h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
}

const WIDGETS: Record<HomeWidgetKey, { label: string; render: (slug: string) => ReactNode }> = {
  quick_links: { label: "Quick links", render: (slug) => <QuickLinksWidget slug={slug} /> },
  recents: { label: "Recents", render: (slug) => <RecentsWidget slug={slug} /> },
  my_stickies: { label: "My stickies", render: (slug) => <MyStickiesWidget slug={slug} /> },
  assigned_issues: { label: "Assigned to me", render: (slug) => <AssignedWorkWidget slug={slug} /> },
};
const known = (p: HomePreference): p is HomePreference & { key: HomeWidgetKey } => p.key in WIDGETS;
type SummaryWidget = DashboardWidget & { key: HomeDashboardWidgetKey };
/** The dashboard's summary widgets the home shows (highest sort order first, as the server lists them). */
const summaryWidgets = (d: DashboardWithWidgets | undefined): SummaryWidget[] =>
  (d?.widgets ?? []).filter((w): w is SummaryWidget => isHomeDashboardWidget(w.key));

/** The workspace home: greeting, the caller's widgets in their order (those switched on), and their projects. */
export function HomePage() {
  const { slug, workspace } = useCurrentWorkspace();
  const me = useMe();
  const prefs = useHomePreferences(slug);
  const [managing, setManaging] = useState(false);
  const widgets = (prefs.data ?? []).filter(known);
  const dashboard = useHomeDashboard(slug);
  const summary = summaryWidgets(dashboard.data);
  const projects = useProjects(slug);
  const memberOf = (projects.data ?? []).filter((p) => p.member_role && !p.archived_at).map((p) => p.id);
  return (
    <>
      {/* the widgets count the caller's items in their projects: their changes refetch the numbers */}
      <LiveProjects slug={slug} projectIds={memberOf} />
      <PageHeader
        title="Home"
        actions={
          <Button size="sm" variant="secondary" onClick={() => setManaging(true)}>
            <Settings2 size={14} aria-hidden focusable="false" /> Manage widgets
          </Button>
        }
      />
      <div className="mx-auto w-full max-w-4xl space-y-6 p-6">
        <div>
          <h2 className="text-2xl font-semibold">
            {greeting()}, {me.data?.first_name || me.data?.display_name}
          </h2>
          <p className="mt-1 text-sm text-fg-subtle">Welcome to {workspace.name}.</p>
        </div>
        {prefs.isPending ? (
          <Spinner />
        ) : (
          widgets.filter((w) => w.is_enabled).map((w) => <div key={w.key}>{WIDGETS[w.key].render(slug)}</div>)
        )}
        {dashboard.data && summary.some((w) => w.is_visible) && (
          <div className="grid gap-6 lg:grid-cols-2">
            {summary
              .filter((w) => w.is_visible)
              .map((w) => (
                <div
                  key={w.key}
                  className={
                    w.key === "recent_activity" || w.key === "recent_collaborators" ? "lg:col-span-2" : undefined
                  }
                >
                  {DASHBOARD_WIDGET_VIEWS[w.key].render({ slug, dashboard: dashboard.data, widget: w })}
                </div>
              ))}
          </div>
        )}
        <YourProjects slug={slug} />
      </div>
      <Modal open={managing} onClose={() => setManaging(false)} title="Manage widgets">
        <ManageWidgets slug={slug} widgets={widgets} />
        {dashboard.data && <ManageSummaryWidgets slug={slug} dashboard={dashboard.data} widgets={summary} />}
      </Modal>
    </>
  );
}

/** Which widgets show and in what order (drag or keyboard "Move widget …"). */
function ManageWidgets({ slug, widgets }: { slug: string; widgets: (HomePreference & { key: HomeWidgetKey })[] }) {
  const update = useUpdateHomePreference(slug);
  const items = widgets.map((w) => ({ ...w, id: w.key }));
  return (
    <SortableOrder
      type="home-widget"
      name="Home widgets"
      items={items}
      label={(w) => `widget ${WIDGETS[w.key].label}`}
      onMove={(w, sort_order, failed) => update.mutate({ key: w.key, sort_order }, { onError: failed })}
      className="space-y-1"
    >
      {items.map((w) => (
        <SortableItem
          key={w.key}
          type="home-widget"
          id={w.key}
          label={`widget ${WIDGETS[w.key].label}`}
          data-home-widget={w.key}
          className="rounded-md border border-line py-2 pl-7 pr-3"
        >
          <Toggle
            label={`Show ${WIDGETS[w.key].label}`}
            checked={w.is_enabled}
            onChange={(is_enabled) => update.mutate({ key: w.key, is_enabled })}
          />
        </SortableItem>
      ))}
    </SortableOrder>
  );
}

/** The dashboard's summary widgets: which show (`is_visible`) and in what order (`sort_order`). */
function ManageSummaryWidgets({
  slug,
  dashboard,
  widgets,
}: {
  slug: string;
  dashboard: DashboardWithWidgets;
  widgets: SummaryWidget[];
}) {
  const update = useUpdateDashboardWidget(slug);
  const label = (w: SummaryWidget) => `widget ${DASHBOARD_WIDGET_VIEWS[w.key].label}`;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle">Summaries</h3>
      <SortableOrder
        type="dashboard-widget"
        name="Summary widgets"
        items={widgets}
        label={label}
        onMove={(w, sort_order, failed) =>
          update.mutate({ dashboard, widgetId: w.id, sort_order }, { onError: failed })
        }
        className="space-y-1"
      >
        {widgets.map((w) => (
          <SortableItem
            key={w.id}
            type="dashboard-widget"
            id={w.id}
            label={label(w)}
            data-dashboard-widget={w.key}
            className="rounded-md border border-line py-2 pl-7 pr-3"
          >
            <Toggle
              label={`Show ${DASHBOARD_WIDGET_VIEWS[w.key].label}`}
              checked={w.is_visible}
              onChange={(is_visible) => update.mutate({ dashboard, widgetId: w.id, is_visible })}
            />
          </SortableItem>
        ))}
      </SortableOrder>
    </div>
  );
}

function YourProjects({ slug }: { slug: string }) {
  const canCreateProject = useCan("create", "project");
  const projects = useProjects(slug);
  const mine = (projects.data ?? []).filter((p) => p.member_role && !p.archived_at);
  return (
    <section aria-labelledby="home-projects">
      <div className="mb-3 flex items-center justify-between">
        <h3 id="home-projects" className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">
          Your projects
        </h3>
        <Link className="text-sm text-accent hover:underline" to={`/${slug}/projects/`}>
          All projects
        </Link>
      </div>
      {mine.length === 0 ? (
        <p className="rounded-md border border-dashed border-line-strong p-6 text-sm text-fg-subtle">
          {canCreateProject
            ? "You are not in a project yet. Create one from the projects list, or ask a project admin to add you."
            : "You have not been added to a project yet. A project admin can add you."}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {mine.map((p) => (
            <li key={p.id}>
              <Link
                to={`/${slug}/projects/${p.id}/issues/`}
                className="flex items-center gap-3 rounded-md border border-line p-3 hover:border-indigo-400"
              >
                <ProjectLogo project={p} />
                <span className="truncate font-medium">{p.name}</span>
                <span className="ml-auto text-xs text-fg-subtle">{p.identifier}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
