import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { STATE_GROUPS } from "@stride/shared";
import type { TeamspaceProgress, TeamspaceProgressCounts } from "@stride/shared/contract";
import type { Project, WorkspaceMember } from "../../api/types.ts";
import { useTeamspaceProgress } from "../../api/teamspaces.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { errorMessage } from "../../api/client.ts";
import { ProgressBar } from "../../components/module/ModuleBits.tsx";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { Avatar, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { STATE_GROUP_COLOR, StateGroupIcon } from "../../components/work-item/icons.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { useCurrentTeamspace } from "./current-teamspace.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const GROUP_LABEL: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The share of each state group as one stacked bar, with the groups' counts beside it. */
function StateGroupBar({ counts }: { counts: TeamspaceProgressCounts }) {
  const total = counts.total_issues || 1;
  return (
    <div>
      <div
        className="flex h-2 overflow-hidden rounded-full bg-fill-selected"
        role="img"
        aria-label="Work items by state group"
      >
        {STATE_GROUPS.map((g) => {
          const n = counts[`${g}_issues` as keyof TeamspaceProgressCounts];
          return n ? (
            <span key={g} style={{ width: `${(n / total) * 100}%`, backgroundColor: STATE_GROUP_COLOR[g] }} />
          ) : null;
        })}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {STATE_GROUPS.map((g) => (
          <li key={g} className="flex items-center gap-1.5" data-group={g}>
            <StateGroupIcon group={g} color={STATE_GROUP_COLOR[g]} />
            <span className="text-fg-muted">{GROUP_LABEL[g]}</span>
            <span className="font-medium tabular-nums">{counts[`${g}_issues` as keyof TeamspaceProgressCounts]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-line p-4">
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One row of a progress table: who or what, the closed share, and done / all. */
function ProgressRow({
  icon,
  name,
  to,
  counts,
}: {
  icon: ReactNode;
  name: string;
  to?: string;
  counts: TeamspaceProgressCounts;
}) {
  const closed = counts.completed_issues + counts.cancelled_issues;
  return (
    <li className="flex items-center gap-3 py-1.5 text-sm" data-row={name}>
      {icon}
      {to ? (
        <Link to={to} className="min-w-0 flex-1 truncate hover:underline">
          {name}
        </Link>
      ) : (
        <span className="min-w-0 flex-1 truncate">{name}</span>
      )}
      <span className="hidden w-24 text-right text-xs tabular-nums text-fg-subtle sm:inline">
        {closed} / {counts.total_issues} done
      </span>
      <ProgressBar module={counts} />
    </li>
  );
}

/**
 * A teamspace's overview: what it is (description, lead, members, projects) and how its work is going — the caller's
 * readable items by state group, then progress by project and by member (counted by the server from the same items
 * the teamspace's list shows the caller).
 */
export function TeamspaceOverview() {
  const { slug, teamspace: t, projects } = useCurrentTeamspace();
  const progress = useTeamspaceProgress(slug, t.id);
  const members = useWorkspaceMembers(slug);
  const userById = useMemo(() => new Map((members.data ?? []).map((m) => [m.member.id, m.member])), [members.data]);
  const projectById = useMemo(() => new Map(projects.map((p) => [p.id, p])), [projects]);
  usePageTitle(t.name);
  const p = progress.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title="Overview" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto grid max-w-5xl gap-4 p-6 lg:grid-cols-[1fr_18rem]">
          <div className="space-y-4">
            <header>
              <h2 className="text-xl font-semibold">{t.name}</h2>
              {t.description_stripped && (
                <p className="mt-1 whitespace-pre-line text-sm text-fg-muted">{t.description_stripped}</p>
              )}
            </header>
            {progress.isLoading ? (
              <PageSpinner />
            ) : !p ? (
              <EmptyState
                title="Could not load the progress"
                description={
                  errorMessage((progress.error as { body?: unknown } | null)?.body) ?? "Reload the page to try again."
                }
              />
            ) : (
              <ProgressSections slug={slug} progress={p} userById={userById} projectById={projectById} />
            )}
          </div>
          <About slug={slug} userById={userById} />
        </div>
      </div>
    </div>
  );
}

type Users = Map<string, WorkspaceMember["member"]>;

/** The teamspace's readable work by state group, then by project and by member. */
function ProgressSections({
  slug,
  progress: p,
  userById,
  projectById,
}: {
  slug: string;
  progress: TeamspaceProgress;
  userById: Users;
  projectById: Map<string, Project>;
}) {
  return (
    <>
      <Section title="Progress">
        <div className="mb-3 flex items-baseline gap-2">
          <span className="text-2xl font-semibold tabular-nums">{p.totals.total_issues}</span>
          <span className="text-sm text-fg-subtle">work items you can see in this teamspace</span>
        </div>
        <StateGroupBar counts={p.totals} />
      </Section>
      <Section title="Progress by project">
        {p.projects.length === 0 ? (
          <p className="text-sm text-fg-subtle">You are not a member of any of this teamspace's projects.</p>
        ) : (
          <ul className="divide-y divide-line-subtle">
            {p.projects.map((row) => {
              const project = projectById.get(row.project_id);
              return (
                <ProgressRow
                  key={row.project_id}
                  counts={row}
                  name={project?.name ?? "Project"}
                  to={`/${slug}/projects/${row.project_id}/issues/`}
                  icon={project ? <ProjectLogo project={project} /> : <span className="h-5 w-5" />}
                />
              );
            })}
          </ul>
        )}
      </Section>
      <Section title="Progress by member">
        {p.members.length === 0 ? (
          <p className="text-sm text-fg-subtle">This teamspace has no members yet.</p>
        ) : (
          <ul className="divide-y divide-line-subtle">
            {p.members.map((row) => {
              const u = userById.get(row.member_id);
              return (
                <ProgressRow
                  key={row.member_id}
                  counts={row}
                  name={displayName(u)}
                  to={`/${slug}/profile/${row.member_id}/`}
                  icon={<Avatar name={u?.display_name ?? "?"} url={u?.avatar_url} size="sm" />}
                />
              );
            })}
          </ul>
        )}
      </Section>
    </>
  );
}

/** Who leads it, its members, its projects (those the caller is in, and how many more). */
function About({ slug, userById }: { slug: string; userById: Users }) {
  const { teamspace: t, projects } = useCurrentTeamspace();
  const lead = t.lead ? userById.get(t.lead) : undefined;
  return (
    <aside className="space-y-4">
      <Section title="Lead">
        {lead ? (
          <div className="flex items-center gap-2 text-sm">
            <Avatar name={lead.display_name} url={lead.avatar_url} size="sm" />
            {displayName(lead)}
          </div>
        ) : (
          <p className="text-sm text-fg-subtle">No lead</p>
        )}
      </Section>
      <Section title={`Members (${t.member_ids.length})`}>
        <ul className="space-y-1.5">
          {t.member_ids.map((id) => {
            const u = userById.get(id);
            return (
              <li key={id} className="flex items-center gap-2 text-sm">
                <Avatar name={u?.display_name ?? "?"} url={u?.avatar_url} size="sm" />
                {displayName(u)}
              </li>
            );
          })}
        </ul>
      </Section>
      <Section title={`Projects (${t.project_ids.length})`}>
        <ul className="space-y-1.5">
          {projects.map((pr) => (
            <li key={pr.id}>
              <Link
                to={`/${slug}/projects/${pr.id}/issues/`}
                className="flex items-center gap-2 text-sm hover:underline"
              >
                <ProjectLogo project={pr} />
                {pr.name}
              </Link>
            </li>
          ))}
        </ul>
        {t.project_ids.length > projects.length && (
          <p className="mt-2 text-xs text-fg-subtle">
            {t.project_ids.length - projects.length} more you are not a member of.
          </p>
        )}
      </Section>
    </aside>
  );
}
