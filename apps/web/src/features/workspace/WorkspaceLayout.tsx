import { useEffect, useRef } from "react";
import { Link, Outlet, useLocation, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { useMe, useProfile, useUpdateProfile } from "../../api/users.ts";
import { useWorkspace, useWorkspaceMemberMe } from "../../api/workspaces.ts";
import { EmptyState, MAIN_ID, NoAccess, PageSpinner, SkipLink, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SidebarProvider, useSidebar } from "../../components/layout/SidebarState.tsx";
import { canSee, roleBucket, sidebarEntryForPath } from "@stride/shared";
import { Sidebar } from "./Sidebar.tsx";
import { WorkspaceContext, useCurrentWorkspace } from "./current-workspace.ts";
import { useLiveTopic } from "../../api/live.ts";
import { LiveIndicator } from "../../components/layout/LiveIndicator.tsx";
import { CommandPalette } from "../../components/layout/palette/CommandPalette.tsx";

export function WorkspaceLayout() {
  const { workspaceSlug = "" } = useParams();
  const member = useWorkspaceMemberMe(workspaceSlug);
  const ws = useWorkspace(workspaceSlug);
  const profile = useProfile();
  const updateProfile = useUpdateProfile();

  // Remember the last workspace visited, so `/` opens it next time.
  const wsId = ws.data?.id;
  const lastId = profile.data?.last_workspace_id;
  useEffect(() => {
    if (wsId && profile.data && lastId !== wsId && !updateProfile.isPending)
      updateProfile.mutate({ last_workspace_id: wsId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wsId, lastId, profile.data]);

  if (member.isLoading || ws.isLoading) return <PageSpinner />;
  const err = member.error ?? ws.error;
  const role = roleBucket(member.data?.role);
  const status = err instanceof ApiError ? err.status : 0;
  // a refetch that failed (the server out of reach) keeps what was loaded; a refusal (gone, no longer a member) does not
  if (status === 403 || status === 404 || !ws.data || !role) {
    return (
      <EmptyState
        title={status === 404 || status === 403 ? "Workspace not found" : "Could not open this workspace"}
        description={
          status === 403 || status === 404
            ? "This workspace does not exist or you are not a member of it."
            : "Something went wrong. Reload the page to try again."
        }
        action={
          <Link className="text-indigo-600 hover:underline" to="/">
            Go to your workspaces
          </Link>
        }
      />
    );
  }
  return (
    <WorkspaceContext.Provider value={{ slug: workspaceSlug, role, workspace: ws.data }}>
      <SidebarProvider>
        <Shell />
      </SidebarProvider>
    </WorkspaceContext.Provider>
  );
}

/**
 * Role gate for every screen under a sidebar entry (work-tracking.md §2): whatever page a feature
 * mounts at e.g. `drafts/` or `projects/archives/`, roles the entry excludes see "no access".
 */
function GatedOutlet() {
  const { slug, role } = useCurrentWorkspace();
  const loc = useLocation();
  const rel = loc.pathname.slice(`/${slug}/`.length);
  const entry = sidebarEntryForPath(rel);
  if (entry && !canSee(entry, role)) {
    return (
      <>
        <PageHeader title={entry.label} />
        <NoAccess what={entry.label} />
      </>
    );
  }
  return <Outlet />;
}

function Shell() {
  const { slug, workspace } = useCurrentWorkspace();
  useLiveTopic(`workspace:${workspace.id}`, slug);
  // the caller's own rows (inbox, favourites, drafts) arrive on their user stream
  const me = useMe().data?.id;
  useLiveTopic(me ? `user:${me}` : null, slug);
  const sidebar = useSidebar();
  const loc = useLocation();
  const { close } = sidebar;
  useEffect(() => {
    close();
  }, [loc.pathname, close]);
  const overlay = sidebar.open && sidebar.narrow;
  const aside = useRef<HTMLElement>(null);
  // The narrow-window overlay behaves like a drawer: a backdrop that dims the page in both themes, focus
  // moves into it and cannot wander into the page behind (inert), Escape or a click on the backdrop
  // closes it, and focus returns to whatever opened it.
  useEffect(() => {
    if (!overlay) return;
    const opener = document.activeElement as HTMLElement | null;
    const el = aside.current;
    el?.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        close();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (
        opener?.isConnected &&
        (!document.activeElement || document.activeElement === document.body || el?.contains(document.activeElement))
      )
        opener.focus();
    };
  }, [overlay, close]);
  return (
    <div className="flex h-screen overflow-hidden">
      <SkipLink />
      {overlay && <div data-sidebar-backdrop aria-hidden className="fixed inset-0 z-30 bg-backdrop" onClick={close} />}
      <aside
        ref={aside}
        aria-label="Workspace sidebar"
        className={cx(
          "flex w-64 shrink-0 flex-col border-r border-line bg-surface-muted",
          sidebar.narrow && "fixed inset-y-0 left-0 z-40 max-w-[85vw] shadow-xl",
          !sidebar.open && "hidden",
        )}
      >
        <Sidebar />
      </aside>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        inert={overlay || undefined}
        className="flex min-w-0 flex-1 flex-col overflow-y-auto focus:outline-none"
      >
        <GatedOutlet />
      </main>
      <LiveIndicator />
      <CommandPalette slug={slug} />
    </div>
  );
}
