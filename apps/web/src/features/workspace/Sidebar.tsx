import { useState } from "react";
import {
  SIDEBAR_PIN_KEYS,
  WORKSPACE_SETTINGS_PAGES,
  WORKSPACE_SIDEBAR,
  canSee,
  navEntry,
  visibleEntries,
  type NavEntry,
  type SidebarPreferenceKey,
} from "@stride/shared";
import { NavLink, useNavigate } from "react-router";
import {
  Archive,
  Briefcase,
  ChartNoAxesColumn,
  ChevronDown,
  ChevronRight,
  CircleUser,
  House,
  Inbox,
  Layers,
  PencilLine,
  Pin,
  PinOff,
  StickyNote,
  type LucideIcon,
} from "lucide-react";
import { useMyWorkspaces } from "../../api/users.ts";
import { useProjects } from "../../api/projects.ts";
import { useWorkspaceUserProperties } from "../../api/favorites.ts";
import { useUnreadCounts } from "../../api/notifications.ts";
import { usePinSidebarEntry, useSidebarPreferences } from "../../api/home.ts";
import { Menu, cx } from "../../components/ui/index.ts";
import { ProfileMenu } from "../../components/layout/ProfileMenu.tsx";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { useCurrentWorkspace } from "./current-workspace.ts";
import { FavoritesSection } from "./FavoritesSection.tsx";
import { TeamspacesSection } from "./TeamspacesSection.tsx";

const ICON: Record<string, LucideIcon> = {
  home: House,
  inbox: Inbox,
  projects: Briefcase,
  views: Layers,
  analytics: ChartNoAxesColumn,
  "your-work": CircleUser,
  drafts: PencilLine,
  archives: Archive,
  stickies: StickyNote,
};

/** A sidebar entry's icon (decorative: the link reads its label). */
function NavIcon({ name }: { name: string }) {
  const I = ICON[name] ?? Layers;
  return <I size={16} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
    isActive ? "bg-fill-selected font-medium text-fg" : "text-fg-muted hover:bg-fill-hover",
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
      <div className="border-b border-line p-2">
        <Menu
          buttonClassName="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-semibold hover:bg-fill-hover"
          label={
            <>
              <span className="sr-only">Switch workspace </span>
              <span
                aria-hidden
                className="flex h-6 w-6 items-center justify-center rounded bg-indigo-600 text-xs text-white"
              >
                {workspace.name.charAt(0).toUpperCase()}
              </span>
              <span className="truncate">{workspace.name}</span>
            </>
          }
          items={[
            ...(workspaces.data ?? []).map((w) => ({
              label: w.name,
              kind: "radio" as const,
              checked: w.slug === slug,
              onSelect: () => nav(`/${w.slug}/`),
            })),
            ...(canSee(navEntry(WORKSPACE_SETTINGS_PAGES, "general"), role)
              ? [{ label: "Workspace settings", onSelect: () => nav(`/${slug}/settings/`) }]
              : []),
            { label: "Create workspace", onSelect: () => nav("/create-workspace/") },
            { label: "Workspace invitations", onSelect: () => nav("/invitations/") },
          ]}
        />
      </div>
      <nav aria-label="Workspace" className="flex-1 overflow-y-auto p-2">
        <SidebarEntries slug={slug} entries={visibleEntries(WORKSPACE_SIDEBAR, role)} unread={unread} />
        <FavoritesSection slug={slug} />
        <TeamspacesSection slug={slug} />
        <div className="mt-5 px-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle">Your projects</div>
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
              <NavLink to={`/${slug}/projects/`} end className={linkClass}>
                All projects ({mine.length})
              </NavLink>
            </li>
          )}
          {projects.isSuccess && mine.length === 0 && (
            <li className="px-2 py-1 text-xs text-fg-subtle">You are not in any project yet.</li>
          )}
        </ul>
      </nav>
      <div className="border-t border-line p-2">
        <ProfileMenu />
      </div>
    </div>
  );
}

/** Whether "More" is open is kept in the browser, per workspace (platform.md §2); open by default. */
const moreKey = (slug: string) => `stride:sidebar-more:${slug}`;
function readMoreOpen(slug: string): boolean {
  try {
    return localStorage.getItem(moreKey(slug)) !== "closed";
  } catch {
    return true;
  }
}

/** Whether "More" is open, remembered in this browser for the workspace. */
function useMoreOpen(slug: string): [boolean, (open: boolean) => void] {
  const [more, setMoreState] = useState(() => readMoreOpen(slug));
  const setMore = (open: boolean) => {
    setMoreState(open);
    try {
      localStorage.setItem(moreKey(slug), open ? "open" : "closed");
    } catch {
      /* private mode: the state lasts the visit */
    }
  };
  return [more, setMore];
}

/**
 * The workspace entries: home, inbox and projects always; the others by the caller's pins (W/sidebar-preferences/,
 * in their order), the unpinned ones under "More". Each pinnable entry has a pin / unpin button.
 */
function SidebarEntries({ slug, entries, unread }: { slug: string; entries: NavEntry[]; unread: number }) {
  const prefs = useSidebarPreferences(slug);
  const pin = usePinSidebarEntry(slug);
  const [more, setMore] = useMoreOpen(slug);
  const prefOf = (e: NavEntry) => (SIDEBAR_PIN_KEYS[e.key] ? prefs.data?.[SIDEBAR_PIN_KEYS[e.key]] : undefined);
  // until the pins are known (or when they cannot be read) every entry shows
  const known = prefs.isSuccess;
  const fixed = entries.filter((e) => !SIDEBAR_PIN_KEYS[e.key] || !known);
  const order = (a: NavEntry, b: NavEntry) => (prefOf(a)?.sort_order ?? 0) - (prefOf(b)?.sort_order ?? 0);
  const pinned = known
    ? entries.filter((e) => SIDEBAR_PIN_KEYS[e.key] && prefOf(e)?.is_pinned !== false).sort(order)
    : [];
  const unpinned = known
    ? entries.filter((e) => SIDEBAR_PIN_KEYS[e.key] && prefOf(e)?.is_pinned === false).sort(order)
    : [];
  const row = (e: NavEntry) => {
    const key = SIDEBAR_PIN_KEYS[e.key] as SidebarPreferenceKey | undefined;
    const isPinned = prefOf(e)?.is_pinned !== false;
    return (
      <li key={e.key} className="group relative">
        <NavLink to={`/${slug}/${e.path}`} end className={linkClass} data-nav={e.key}>
          <NavIcon name={e.key} />
          {e.label}
          {e.key === "inbox" && unread > 0 && (
            <span
              data-testid="inbox-unread"
              aria-label={`${unread} unread`}
              className="ml-auto rounded-full bg-indigo-600 px-1.5 text-xs font-medium text-white"
            >
              {unread}
            </span>
          )}
        </NavLink>
        {key && known && (
          <button
            type="button"
            aria-label={`${isPinned ? "Unpin" : "Pin"} ${e.label}`}
            onClick={() => pin.mutate({ key, is_pinned: !isPinned })}
            className="absolute right-1 top-1/2 -translate-y-1/2 rounded p-0.5 text-fg-subtle opacity-0 hover:bg-fill-selected hover:text-fg-secondary focus:opacity-100 group-hover:opacity-100"
          >
            {isPinned ? (
              <PinOff size={12} aria-hidden focusable="false" />
            ) : (
              <Pin size={12} aria-hidden focusable="false" />
            )}
          </button>
        )}
      </li>
    );
  };
  return (
    <>
      <ul className="space-y-0.5" data-pins={known ? "loaded" : "pending"}>
        {fixed.map(row)}
        {pinned.map(row)}
      </ul>
      {unpinned.length > 0 && (
        <div className="mt-1">
          <button
            type="button"
            aria-expanded={more}
            onClick={() => setMore(!more)}
            className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-fg-muted hover:bg-fill-hover"
          >
            {more ? (
              <ChevronDown size={14} aria-hidden focusable="false" />
            ) : (
              <ChevronRight size={14} aria-hidden focusable="false" />
            )}
            More
          </button>
          {more && (
            <ul aria-label="More" className="space-y-0.5">
              {unpinned.map(row)}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
