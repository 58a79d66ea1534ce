import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/index.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { SaveViewButton } from "../../../components/views/SaveViewModal.tsx";
import { useList } from "../context.tsx";

const tab = (current: boolean) =>
  current ? "rounded bg-fill-strong px-2 py-0.5" : "rounded px-2 py-0.5 text-fg-subtle hover:text-fg-secondary";

/** Work items or epics (when the project has epics). */
function KindTabs() {
  const { slug, pid, kind } = useList();
  return (
    <nav aria-label="Work item kind" className="flex rounded-md border border-line-raised p-0.5 text-sm">
      <Link
        to={`/${slug}/projects/${pid}/issues/`}
        aria-current={kind === "project" ? "page" : undefined}
        className={tab(kind === "project")}
      >
        Work items
      </Link>
      <Link
        to={`/${slug}/projects/${pid}/epics/`}
        aria-current={kind === "epics" ? "page" : undefined}
        className={tab(kind === "epics")}
      >
        Epics
      </Link>
    </nav>
  );
}

/** The header's actions: the context's own, save as a view, work items / epics, archived items, create. */
export function ListActions({ actions, onCreate }: { actions?: ReactNode; onCreate: () => void }) {
  const { slug, pid, kind, canCreate, prefs, itemKind, project } = useList();
  return (
    <>
      {actions}
      {kind === "project" && project.issue_views_view && <SaveViewButton slug={slug} pid={pid} prefs={prefs} />}
      {(kind === "project" || kind === "epics") && project.is_epic_enabled && <KindTabs />}
      {kind === "project" && (
        <Link
          to={`/${slug}/projects/${pid}/archives/issues/`}
          className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
          title="Archived work items"
        >
          <Icon name="archive" size={16} />
          <span className="sr-only">Archived work items</span>
        </Link>
      )}
      {kind === "archived" && (
        <Link
          to={`/${slug}/projects/${pid}/issues/`}
          className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
        >
          Back to work items
        </Link>
      )}
      {canCreate && (
        <Button size="sm" onClick={onCreate}>
          <Icon name="plus" size={14} />
          {kind === "workspace_drafts" ? "New draft" : itemKind === "epics" ? "Add epic" : "Add work item"}
        </Button>
      )}
    </>
  );
}
