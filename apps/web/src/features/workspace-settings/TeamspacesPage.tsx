import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import { useDeleteTeamspace, useTeamspaces, type Teamspace } from "../../api/teamspaces.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { TeamspaceFormModal, TeamspaceLogo } from "../../components/teamspace/TeamspaceFormModal.tsx";
import { Button, ConfirmModal, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

/**
 * Workspace settings → Teamspaces (admins): every teamspace of the workspace with its lead, people and projects;
 * create, edit (name, description, logo, lead, members, projects) and delete.
 */
export function WorkspaceTeamspacesSettings() {
  const { slug } = useCurrentWorkspace();
  const teamspaces = useTeamspaces(slug);
  const members = useWorkspaceMembers(slug);
  const del = useDeleteTeamspace(slug);
  const [editing, setEditing] = useState<Teamspace | "new" | null>(null);
  const [deleting, setDeleting] = useState<Teamspace | null>(null);
  const userById = useMemo(() => new Map((members.data ?? []).map((m) => [m.member.id, m.member])), [members.data]);
  if (teamspaces.isLoading) return <PageSpinner />;
  const list = teamspaces.data ?? [];
  const iconBtn = "rounded p-1 text-fg-subtle hover:bg-fill";
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Teamspaces</h2>
          <p className="text-sm text-fg-subtle">
            Group people and projects: a teamspace's members follow its projects' work in one list, with team views and
            an overview.
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>Add teamspace</Button>
      </div>
      {list.length === 0 ? (
        <EmptyState title="No teamspaces yet" description="Add a teamspace, choose its lead, members and projects." />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Teamspaces">
          {list.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-teamspace={t.name}>
              <Link
                to={`/${slug}/teamspaces/${t.id}/`}
                className="flex min-w-0 flex-1 items-center gap-2 font-medium hover:underline"
              >
                <TeamspaceLogo teamspace={t} />
                <span className="truncate">{t.name}</span>
              </Link>
              <span className="text-xs text-fg-subtle">
                Lead: {t.lead ? displayName(userById.get(t.lead)) : "none"}
              </span>
              <span className="text-xs text-fg-subtle">
                {t.member_ids.length} {t.member_ids.length === 1 ? "member" : "members"} · {t.project_ids.length}{" "}
                {t.project_ids.length === 1 ? "project" : "projects"}
              </span>
              <button type="button" className={iconBtn} aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                <Pencil size={16} aria-hidden />
              </button>
              <button
                type="button"
                className={`${iconBtn} hover:text-red-600`}
                aria-label={`Delete ${t.name}`}
                onClick={() => setDeleting(t)}
              >
                <Trash2 size={16} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TeamspaceFormModal
          slug={slug}
          teamspace={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && del.mutate({ id: deleting.id, label: deleting.name }, { onSettled: () => setDeleting(null) })
        }
        title="Delete teamspace"
        message={`Delete "${deleting?.name ?? ""}"? Its projects and their work items stay; its team views go.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
    </div>
  );
}
