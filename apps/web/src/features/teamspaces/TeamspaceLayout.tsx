import { useMemo, useState } from "react";
import { Link, NavLink, Outlet, useNavigate, useParams } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import { useDeleteTeamspace, useTeamspace } from "../../api/teamspaces.ts";
import { useProjectDetails } from "../../api/projects.ts";
import { LiveProjects } from "../../components/live/LiveProjects.tsx";
import { TeamspaceFormModal, TeamspaceLogo } from "../../components/teamspace/TeamspaceFormModal.tsx";
import { ConfirmModal, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { TeamspaceContext } from "./current-teamspace.ts";

const TABS = [
  { label: "Overview", path: "", end: true },
  { label: "Work items", path: "issues/" },
  { label: "Views", path: "views/" },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx("shrink-0 whitespace-nowrap rounded px-2 py-1", isActive ? "bg-fill-selected" : "hover:bg-fill-hover");

/**
 * A teamspace's screens (`/:workspaceSlug/teamspaces/:teamspaceId/…`): its tab bar (overview, work items, views) and,
 * for workspace admins, edit and delete. Its projects the caller belongs to are what its screens span; their live
 * streams are followed while the teamspace is open.
 */
export function TeamspaceLayout() {
  const { teamspaceId = "" } = useParams();
  const { slug } = useCurrentWorkspace();
  const teamspace = useTeamspace(slug, teamspaceId);
  const details = useProjectDetails(slug);
  const mayEdit = useCan("edit", "teamspace");
  const mayDelete = useCan("delete", "teamspace");
  const del = useDeleteTeamspace(slug);
  const nav = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const t = teamspace.data;
  const projects = useMemo(() => {
    const ids = new Set(t?.project_ids ?? []);
    return (details.data ?? []).filter((p) => ids.has(p.id) && p.member_role && !p.archived_at);
  }, [t?.project_ids, details.data]);

  if (teamspace.isLoading || details.isLoading) return <PageSpinner />;
  if (!t) return <TeamspaceNotFound slug={slug} />;
  const base = `/${slug}/teamspaces/${t.id}/`;
  const iconBtn = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill";
  return (
    <TeamspaceContext.Provider value={{ slug, teamspace: t, projects }}>
      <LiveProjects slug={slug} projectIds={projects.map((p) => p.id)} />
      <div className="flex min-h-0 flex-1 flex-col">
        <nav
          aria-label="Teamspace"
          className="flex min-h-11 shrink-0 items-center gap-2 border-b border-line px-4 text-sm"
        >
          <span className="flex min-w-0 shrink items-center gap-2 font-medium" title={t.name}>
            <TeamspaceLogo teamspace={t} />
            <span className="hidden max-w-48 truncate sm:inline">{t.name}</span>
          </span>
          <div className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
            {TABS.map((tab) => (
              <NavLink key={tab.path} to={base + tab.path} end={tab.end} className={tabClass}>
                {tab.label}
              </NavLink>
            ))}
          </div>
          {mayEdit && (
            <button type="button" className={iconBtn} onClick={() => setEditing(true)}>
              <Pencil size={14} aria-hidden />
              Edit
            </button>
          )}
          {mayDelete && (
            <button type="button" className={iconBtn} aria-label={`Delete ${t.name}`} onClick={() => setDeleting(true)}>
              <Trash2 size={14} aria-hidden />
            </button>
          )}
        </nav>
        <Outlet />
      </div>
      {editing && <TeamspaceFormModal slug={slug} teamspace={t} onClose={() => setEditing(false)} />}
      <ConfirmModal
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(
            { id: t.id, label: t.name },
            { onSuccess: () => nav(`/${slug}/teamspaces/`), onSettled: () => setDeleting(false) },
          )
        }
        title="Delete teamspace"
        message={`Delete "${t.name}"? Its projects and their work items stay; its team views go.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
    </TeamspaceContext.Provider>
  );
}

function TeamspaceNotFound({ slug }: { slug: string }) {
  return (
    <EmptyState
      title="Teamspace not found"
      description="This teamspace does not exist, or you are not one of its members."
      action={
        <Link className="text-indigo-600 hover:underline" to={`/${slug}/teamspaces/`}>
          All teamspaces
        </Link>
      }
    />
  );
}
