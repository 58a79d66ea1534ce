import { Link } from "react-router";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useArchivedCycles, useRestoreCycle } from "../../api/cycles.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { cycleRange } from "./lib.ts";

/** Archived cycles, each restorable by members (work-tracking.md §4). */
export function ArchivedCyclesPage() {
  const { slug, projectId: pid } = useCurrentProject();
  const list = useArchivedCycles(slug, pid);
  const canRestore = useCan("restore", "cycle", { projectId: pid });
  const restore = useRestoreCycle(slug, pid);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Archived cycles"
        actions={
          <Link
            to={`/${slug}/projects/${pid}/cycles/`}
            className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
          >
            Back to cycles
          </Link>
        }
      />
      {list.isLoading ? (
        <PageSpinner />
      ) : !list.data?.length ? (
        <EmptyState
          title="No archived cycles"
          description="Completed cycles you archive are kept here and can be restored."
        />
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto">
          {list.data.map((c) => (
            <li key={c.id} className="flex items-center gap-3 border-b border-line-subtle px-4 py-2.5">
              <Icon name="cycle" size={16} className="text-fg-faint" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{c.name}</span>
              <span className="text-xs text-fg-subtle">{cycleRange(c)}</span>
              {canRestore && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={restore.isPending && restore.variables?.id === c.id}
                  onClick={() => restore.mutate({ id: c.id, label: c.name })}
                >
                  <Icon name="restore" size={14} />
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
