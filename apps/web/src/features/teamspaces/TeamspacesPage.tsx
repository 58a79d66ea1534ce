import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { useTeamspaces, type Teamspace } from "../../api/teamspaces.ts";
import { errorMessage } from "../../api/client.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { TeamspaceFormModal, TeamspaceLogo } from "../../components/teamspace/TeamspaceFormModal.tsx";
import { Button, EmptyState, NoAccess, PageSpinner } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * The teamspaces the caller belongs to (a workspace admin: every teamspace of the workspace, to manage them), each
 * with its people and projects; admins create them here too.
 */
export function TeamspacesPage() {
  const { slug } = useCurrentWorkspace();
  const mayView = useCan("view", "teamspace");
  const mayCreate = useCan("create", "teamspace");
  const teamspaces = useTeamspaces(slug, mayView);
  const nav = useNavigate();
  const [creating, setCreating] = useState(false);
  usePageTitle("Teamspaces");
  if (!mayView) {
    return (
      <>
        <PageHeader title="Teamspaces" />
        <NoAccess what="teamspaces" />
      </>
    );
  }
  const rows = teamspaces.data ?? [];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Teamspaces"
        actions={
          mayCreate && (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus size={14} aria-hidden />
              New teamspace
            </Button>
          )
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-6">
        {teamspaces.isLoading ? (
          <PageSpinner />
        ) : teamspaces.error ? (
          <EmptyState
            title="Could not load the teamspaces"
            description={errorMessage((teamspaces.error as { body?: unknown }).body) ?? String(teamspaces.error)}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No teamspaces yet"
            description={
              mayCreate
                ? "A teamspace gathers people and projects: its members follow the work of its projects in one list, with their own views and an overview."
                : "You are not in any teamspace. A workspace admin can add you to one."
            }
            action={mayCreate ? <Button onClick={() => setCreating(true)}>Create teamspace</Button> : undefined}
          />
        ) : (
          <ul aria-label="Teamspaces" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((t) => (
              <li key={t.id}>
                <TeamspaceCard slug={slug} teamspace={t} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {creating && (
        <TeamspaceFormModal
          slug={slug}
          onClose={() => setCreating(false)}
          onSaved={(t) => nav(`/${slug}/teamspaces/${t.id}/`)}
        />
      )}
    </div>
  );
}

/** A teamspace of the list: its logo and name, its description, its people and projects counted. */
function TeamspaceCard({ slug, teamspace: t }: { slug: string; teamspace: Teamspace }) {
  return (
    <Link
      to={`/${slug}/teamspaces/${t.id}/`}
      className="flex h-full flex-col gap-2 rounded-lg border border-line p-4 hover:border-line-strong hover:bg-surface-muted"
    >
      <span className="flex items-center gap-2 font-medium">
        <TeamspaceLogo teamspace={t} />
        {t.name}
      </span>
      {t.description_stripped && <span className="line-clamp-2 text-sm text-fg-muted">{t.description_stripped}</span>}
      <span className="mt-auto flex gap-3 text-xs text-fg-subtle">
        <span>
          {t.member_ids.length} {t.member_ids.length === 1 ? "member" : "members"}
        </span>
        <span>
          {t.project_ids.length} {t.project_ids.length === 1 ? "project" : "projects"}
        </span>
        {!t.is_member && <span>You are not a member</span>}
      </span>
    </Link>
  );
}
