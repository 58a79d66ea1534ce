import { Link } from "react-router";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { ModuleMenu, ProgressBar, StatusBadge } from "../../components/module/ModuleBits.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { useArchivedModules } from "../../api/modules.ts";
import { formatDate } from "../../lib/dates.ts";

/** The project's archived modules: open one (read only), restore it or delete it. */
export function ArchivedModulesPage() {
  const { slug, projectId: pid } = useCurrentProject();
  const list = useArchivedModules(slug, pid);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Archived modules"
        actions={
          <Link
            to={`/${slug}/projects/${pid}/modules/`}
            className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
          >
            Back to modules
          </Link>
        }
      />
      {list.isLoading ? (
        <PageSpinner />
      ) : !list.data?.length ? (
        <EmptyState
          title="No archived modules"
          description="Completed or cancelled modules you archive are kept here; restore one to bring it back."
        />
      ) : (
        <ul aria-label="Archived modules" className="min-h-0 flex-1 divide-y divide-line-subtle overflow-y-auto">
          {list.data.map((m) => (
            <li key={m.id} className="flex items-center gap-3 px-4 py-2.5">
              <Icon name="module" size={16} className="shrink-0 text-fg-faint" />
              <Link
                to={`/${slug}/projects/${pid}/archives/modules/${m.id}/`}
                className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
              >
                {m.name}
              </Link>
              <span className="text-xs text-fg-subtle">Archived {formatDate(m.archived_at?.slice(0, 10))}</span>
              <ProgressBar module={m} />
              <StatusBadge status={m.status} />
              <ModuleMenu slug={slug} pid={pid} module={m} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
