import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { teamViewsPlace, useViews, type IssueView } from "../../api/views.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { Button } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { viewPath } from "../../components/views/SaveViewModal.tsx";
import { DeleteViewModal, NewViewModal, ViewBadges, ViewsListBody } from "../../components/views/ViewBits.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { usePermissions } from "../../lib/permissions.ts";
import { sortViews } from "../views/sort.ts";
import { useCurrentTeamspace } from "./current-teamspace.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/** A teamspace's saved views (work-tracking §2 "team view" context): its members' public views and the caller's own. */
export function TeamViewsPage() {
  const { slug, teamspace: t } = useCurrentTeamspace();
  const place = teamViewsPlace(t.id);
  const views = useViews(slug, place);
  const members = useWorkspaceMembers(slug);
  const can = usePermissions();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<IssueView | null>(null);
  const rows = useMemo(() => sortViews(views.data ?? [], "name"), [views.data]);
  const ownerName = (id: string) => displayName(members.data?.find((m) => m.member.id === id)?.member);
  const mayCreate = can("create", "teamView");
  usePageTitle(`Views · ${t.name}`);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Views"
        actions={
          mayCreate && (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus size={14} aria-hidden />
              New view
            </Button>
          )
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ViewsListBody
          query={views}
          count={rows.length}
          emptyTitle="No team views yet"
          emptyDescription="A team view saves a filtered list of the teamspace's work items. Filter the work items and choose Save view, or create one here."
          onCreate={mayCreate ? () => setCreating(true) : undefined}
        >
          <ul aria-label="Team views" className="divide-y divide-line">
            {rows.map((v) => (
              <li key={v.id} className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted">
                <Link
                  to={viewPath(slug, place, v.id)}
                  className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                >
                  {v.name}
                </Link>
                <span className="hidden text-xs text-fg-subtle sm:inline">{ownerName(v.owned_by)}</span>
                <ViewBadges view={v} />
                {can("delete", "teamView", { createdBy: v.owned_by }) && (
                  <button
                    type="button"
                    aria-label={`Delete ${v.name}`}
                    onClick={() => setDeleting(v)}
                    className="rounded p-1 text-fg-subtle hover:bg-fill hover:text-red-600"
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </ViewsListBody>
      </div>
      {creating && <NewViewModal title="New team view" slug={slug} pid={place} onClose={() => setCreating(false)} />}
      <DeleteViewModal slug={slug} pid={place} view={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
