import { WORKSPACE_SETTINGS_PAGES, WORKSPACE_SIDEBAR, canSee, navEntry, visibleEntries } from "@stride/shared";
import { NavLink, useNavigate } from "react-router";
import { Archive, Briefcase, ChartNoAxesColumn, CircleUser, House, Inbox, Layers, PencilLine, type LucideIcon } from "lucide-react";
import { useMyWorkspaces } from "../../api/users.ts";
import { useProjects } from "../../api/projects.ts";
import { useWorkspaceUserProperties } from "../../api/favorites.ts";
import { useUnreadCounts } from "../../api/notifications.ts";
import { Menu, cx } from "../../components/ui/index.ts";
import { ProfileMenu } from "../../components/layout/ProfileMenu.tsx";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { useCurrentWorkspace } from "./current-workspace.ts";
import { FavoritesSection } from "./FavoritesSection.tsx";

const ICON: Record<string, LucideIcon> = {
  home: House, inbox: Inbox, projects: Briefcase, views: Layers, analytics: ChartNoAxesColumn, "your-work": CircleUser, drafts: PencilLine, archives: Archive,
};

/** A sidebar entry's icon (decorative: the link reads its label). */
function NavIcon({ name }: { name: string }) {
  const I = ICON[name] ?? Layers;
  return <I size={16} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
    isActive ? "bg-zinc-200 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-white" : "text-zinc-700 hover:bg-zinc-200/60 dark:text-zinc-300 dark:hover:bg-zinc-800/60",
  );

export function Sidebar() {
  const { slug, role, workspace } = useCurrentWorkspace();
  const workspaces = useMyWorkspaces();
  const projects = useProjects(slug);
  const nav = useNavigate();
  const mine = (projects.data ?? []).filter((p) => p.member_role && !p.archived_at);
  // the caller's workspace preference: how many projects the sidebar lists before "All projects"
  const limit = useWorkspaceUserProperties(slug).data?.navigation_project_limit ?? 10;
  const shown = limit > 0 ? mine.slice(0, limit) : mine;
  const counts = useUnreadCounts(slug).data;
  const unread = (counts?.total_unread_notifications_count ?? 0) + (counts?.mention_unread_notifications_count ?? 0);

  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-zinc-200 p-2 dark:border-zinc-800">
        <Menu
          ariaLabel="Switch workspace"
          buttonClassName="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-semibold hover:bg-zinc-200/60 dark:hover:bg-zinc-800"
          label={
            <>
              <span aria-hidden className="flex h-6 w-6 items-center justify-center rounded bg-indigo-600 text-xs text-white">{workspace.name.charAt(0).toUpperCase()}</span>
              <span className="truncate">{workspace.name}</span>
            </>
          }
          items={[
            ...(workspaces.data ?? []).map((w) => ({ label: w.name, kind: "radio" as const, checked: w.slug === slug, onSelect: () => nav(`/${w.slug}/`) })),
            ...(canSee(navEntry(WORKSPACE_SETTINGS_PAGES, "general"), role) ? [{ label: "Workspace settings", onSelect: () => nav(`/${slug}/settings/`) }] : []),
            { label: "Create workspace", onSelect: () => nav("/create-workspace/") },
            { label: "Workspace invitations", onSelect: () => nav("/invitations/") },
          ]}
        />
      </div>
      <nav aria-label="Workspace" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-0.5">
          {visibleEntries(WORKSPACE_SIDEBAR, role).map((e) => (
            <li key={e.key}>
              <NavLink to={`/${slug}/${e.path}`} end className={linkClass} data-nav={e.key}>
                <NavIcon name={e.key} />
                {e.label}
                {e.key === "inbox" && unread > 0 && (
                  <span data-testid="inbox-unread" aria-label={`${unread} unread`} className="ml-auto rounded-full bg-indigo-600 px-1.5 text-xs font-medium text-white">{unread}</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
        <FavoritesSection slug={slug} />
        <div className="mt-5 px-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Your projects</div>
        <ul className="mt-1 space-y-0.5">
          {shown.map((p) => (
            <li key={p.id}>
              <NavLink to={`/${slug}/projects/${p.id}/issues/`} className={linkClass}>
                <ProjectLogo project={p} />
                <span className="truncate">{p.name}</span>
              </NavLink>
            </li>
          ))}
          {shown.length < mine.length && (
            <li>
              <NavLink to={`/${slug}/projects/`} end className={linkClass}>All projects ({mine.length})</NavLink>
            </li>
          )}
          {projects.isSuccess && mine.length === 0 && <li className="px-2 py-1 text-xs text-zinc-500">You are not in any project yet.</li>}
        </ul>
      </nav>
      <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <ProfileMenu />
      </div>
    </div>
  );
}
