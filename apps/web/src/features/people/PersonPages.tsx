import { useMemo, useState } from "react";
import { Link, Navigate, NavLink, Outlet, useOutletContext, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { PRIORITIES, STATE_GROUPS } from "@stride/shared";
import {
  useExportActivity,
  userActivityQuery,
  userProfileQuery,
  userStatsQuery,
  type UserActivityPage,
  type UserProfileSummary,
} from "../../api/people.ts";
import { useProjects } from "../../api/projects.ts";
import { useMe } from "../../api/users.ts";
import type { UserProfileStats } from "@stride/shared/contract";
import { errorMessage } from "../../api/client.ts";
import { Avatar, Button, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ChartFrame, DistributionChart, StatCard } from "../../components/charts/charts.tsx";
import { LiveProjects } from "../../components/live/LiveProjects.tsx";
import { PRIORITY_COLOR, STATE_GROUP_COLOR } from "../../components/work-item/icons.tsx";
import { describeActivity } from "../../components/work-item/activity-text.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { formatDate, relativeTime } from "../../lib/dates.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** "Your work" (/{slug}/profile/): the signed-in person's own profile. */
export function YourWork() {
  const me = useMe();
  const { slug } = useCurrentWorkspace();
  if (!me.data) return <PageSpinner />;
  return <Navigate to={`/${slug}/profile/${me.data.id}/`} replace />;
}

interface PersonCtx {
  slug: string;
  userId: string;
  profile: UserProfileSummary | undefined;
  identifierOf: (pid: string) => string | undefined;
}

/**
 * A person's profile in the workspace (work-tracking.md §2 profile tabs): summary, assigned, created,
 * subscribed and activity, all counted over what the viewer may see.
 */
export function PersonLayout() {
  const { slug } = useCurrentWorkspace();
  const { userId = "" } = useParams();
  const profile = useQuery(userProfileQuery(slug, userId));
  const projects = useProjects(slug);
  const me = useMe();
  const identifiers = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, p.identifier])), [projects.data]);
  const mine = useMemo(
    () => (projects.data ?? []).filter((p) => p.member_role && !p.archived_at).map((p) => p.id),
    [projects.data],
  );
  const u = profile.data?.user_data;
  const name = u ? displayName(u) : "";
  const own = me.data?.id === userId;
  usePageTitle(own ? "Your work" : name || null);
  if (profile.error) {
    return (
      <>
        <PageHeader title="Profile" />
        <EmptyState
          title="Person not found"
          description={
            errorMessage((profile.error as { body?: unknown }).body) ?? "This person is not in the workspace."
          }
        />
      </>
    );
  }
  const tab = ({ isActive }: { isActive: boolean }) =>
    cx("shrink-0 rounded px-2 py-1 text-sm", isActive ? "bg-fill-selected" : "hover:bg-fill-hover");
  const base = `/${slug}/profile/${userId}`;
  const ctx: PersonCtx = { slug, userId, profile: profile.data, identifierOf: (pid) => identifiers.get(pid) };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LiveProjects slug={slug} projectIds={mine} />
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {u && <Avatar name={name} url={u.avatar_url} size="sm" />}
            <span>{own ? "Your work" : name}</span>
            {u && !own && <span className="text-xs font-normal text-fg-subtle">@{u.display_name}</span>}
          </span>
        }
      />
      <nav
        aria-label="Profile tabs"
        className="flex min-h-11 shrink-0 items-center gap-1 overflow-x-auto border-b border-line px-4"
      >
        <NavLink end to={`${base}/`} className={tab}>
          Summary
        </NavLink>
        <NavLink to={`${base}/assigned/`} className={tab}>
          Assigned
        </NavLink>
        <NavLink to={`${base}/created/`} className={tab}>
          Created
        </NavLink>
        <NavLink to={`${base}/subscribed/`} className={tab}>
          Subscribed
        </NavLink>
        <NavLink to={`${base}/activity/`} className={tab}>
          Activity
        </NavLink>
      </nav>
      {/* the item tabs are list screens (their own scrolling); the summary and activity scroll here */}
      <div className="flex min-h-0 flex-1 flex-col">
        <Outlet context={ctx} />
      </div>
    </div>
  );
}

const usePerson = () => useOutletContext<PersonCtx>();

export function PersonSummary() {
  const { slug, userId, profile } = usePerson();
  const stats = useQuery(userStatsQuery(slug, userId));
  const s = stats.data;
  const states = STATE_GROUPS.map((g) => ({
    key: g,
    name: cap(g),
    count: s?.state_distribution.find((d) => d.state_group === g)?.state_count ?? 0,
    color: STATE_GROUP_COLOR[g],
  }));
  const priorities = PRIORITIES.map((p) => ({
    key: p,
    name: cap(p),
    count: s?.priority_distribution.find((d) => d.priority === p)?.priority_count ?? 0,
    color: PRIORITY_COLOR[p],
  }));
  return (
    <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Work items">
        <StatCard label="Created" value={s?.created_issues} testId="person-created" />
        <StatCard label="Assigned" value={s?.assigned_issues} testId="person-assigned" />
        <StatCard label="Pending" value={s?.pending_issues} testId="person-pending" />
        <StatCard label="Completed" value={s?.completed_issues} testId="person-completed" />
        <StatCard label="Subscribed" value={s?.subscribed_issues} testId="person-subscribed" />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFrame title="Assigned by state" empty={!!s && s.assigned_issues === 0}>
          <DistributionChart caption="Assigned work items by state group" data={states} testId="person-states" />
        </ChartFrame>
        <ChartFrame title="Assigned by priority" empty={!!s && s.assigned_issues === 0}>
          <DistributionChart caption="Assigned work items by priority" data={priorities} testId="person-priorities" />
        </ChartFrame>
      </div>
      {s && <PersonCycles slug={slug} stats={s} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Recent activity" className="rounded-lg border border-line p-4">
          <h2 className="mb-2 flex items-center justify-between text-sm font-medium">
            Recent activity
            <Link
              to={`/${slug}/profile/${userId}/activity/`}
              className="text-xs font-normal text-indigo-600 hover:underline"
            >
              All activity
            </Link>
          </h2>
          <ActivityList slug={slug} userId={userId} page={0} perPage={10} />
        </section>
        <PersonProjects projects={profile?.project_data ?? []} />
      </div>
    </div>
  );
}

/** The cycles the person has work in, current and upcoming. */
function PersonCycles({ slug, stats: s }: { slug: string; stats: UserProfileStats }) {
  if (s.present_cycles.length === 0 && s.upcoming_cycles.length === 0) return null;
  return (
    <section aria-label="Cycles" className="rounded-lg border border-line p-4 text-sm">
      <h2 className="mb-2 font-medium">Cycles</h2>
      <ul className="space-y-1">
        {s.present_cycles.map((c) => (
          <li key={c.cycle__id}>
            <Link className="hover:underline" to={`/${slug}/projects/${c.cycle__project_id}/cycles/${c.cycle__id}`}>
              {c.cycle__name}
            </Link>{" "}
            <span className="text-xs text-fg-subtle">current</span>
          </li>
        ))}
        {s.upcoming_cycles.map((c) => (
          <li key={c.cycle__id}>
            <Link className="hover:underline" to={`/${slug}/projects/${c.cycle__project_id}/cycles/${c.cycle__id}`}>
              {c.cycle__name}
            </Link>{" "}
            <span className="text-xs text-fg-subtle">upcoming</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Their work items by project: created, assigned, pending, completed. */
function PersonProjects({ projects }: { projects: UserProfileSummary["project_data"] }) {
  return (
    <section aria-label="Projects" className="rounded-lg border border-line">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left text-sm font-medium">Projects</caption>
        <thead className="text-left text-xs text-fg-subtle">
          <tr>
            <th className="px-4 py-2 font-medium">Project</th>
            <th className="px-2 py-2 text-right font-medium">Created</th>
            <th className="px-2 py-2 text-right font-medium">Assigned</th>
            <th className="px-2 py-2 text-right font-medium">Pending</th>
            <th className="px-2 py-2 text-right font-medium">Completed</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {projects.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {p.name}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{p.created_issues}</td>
              <td className="px-2 py-2 text-right tabular-nums">{p.assigned_issues}</td>
              <td className="px-2 py-2 text-right tabular-nums">{p.pending_issues}</td>
              <td className="px-2 py-2 text-right tabular-nums">{p.completed_issues}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PersonActivity() {
  const { slug, userId, profile } = usePerson();
  const [page, setPage] = useState(0);
  const exporter = useExportActivity(slug, userId);
  const perPage = 25;
  const data = useQuery(userActivityQuery(slug, userId, page, perPage)).data;
  const download = () =>
    exporter.mutate(undefined, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = `${profile?.user_data.display_name || "activity"}-activity.csv`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
    });
  return (
    <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium">Activity</h2>
        <Button size="sm" variant="secondary" onClick={download} loading={exporter.isPending}>
          <Download size={14} aria-hidden />
          Export CSV
        </Button>
      </div>
      <ActivityList slug={slug} userId={userId} page={page} perPage={perPage} />
      {data && (data.prev_page_results || data.next_page_results) && (
        <div className="flex items-center gap-2 text-sm">
          <Button
            size="sm"
            variant="secondary"
            disabled={!data.prev_page_results}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            Newer
          </Button>
          <span className="text-fg-subtle">
            Page {page + 1} of {data.total_pages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={!data.next_page_results}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
        </div>
      )}
    </div>
  );
}

function ActivityList({
  slug,
  userId,
  page,
  perPage,
}: {
  slug: string;
  userId: string;
  page: number;
  perPage: number;
}) {
  const q = useQuery(userActivityQuery(slug, userId, page, perPage));
  if (q.isLoading) return <PageSpinner />;
  const rows: UserActivityPage["results"] = q.data?.results ?? [];
  if (!rows.length) return <p className="text-sm text-fg-subtle">No activity yet.</p>;
  return (
    <ol className="space-y-2" aria-label="Activity feed">
      {rows.map((a) => {
        const key =
          a.project_detail && a.issue_detail ? `${a.project_detail.identifier}-${a.issue_detail.sequence_id}` : null;
        return (
          <li key={a.id} className="text-xs text-fg-muted" data-activity={a.field ?? a.verb}>
            <span className="font-medium text-fg-secondary">{displayName(a.actor_detail)}</span>{" "}
            {describeActivity(a, formatDate)}
            {key && (
              <>
                {" "}
                on{" "}
                <Link to={`/${slug}/browse/${key}/`} className="font-medium text-fg-secondary hover:underline">
                  {key} {a.issue_detail?.name}
                </Link>
              </>
            )}
            <time className="ml-1.5 text-fg-faint" dateTime={a.created_at}>
              {relativeTime(a.created_at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
