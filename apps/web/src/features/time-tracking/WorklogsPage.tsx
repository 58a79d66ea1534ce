import { useState } from "react";
import { Download } from "lucide-react";
import { NO_WORKLOG_FILTERS, worklogExportUrl, type WorklogFilters } from "../../api/time-tracking.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOff } from "../../components/project/FeatureOff.tsx";
import { NoAccess } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { FiltersBar } from "./WorklogFiltersBar.tsx";
import { Logs } from "./WorklogLogs.tsx";
import { Totals } from "./WorklogTotals.tsx";

/**
 * The project's worklog report (issue #29 point 3): who logged how much time on what, filtered by member, cycle,
 * module and days; totals per work item, member, cycle, module or day (with each item's time estimate); and the same
 * logs as a CSV or XLSX download. A project tab while time tracking is on; for the project's members.
 */
export function WorklogsPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const on = project.is_time_tracking_enabled;
  const allowed = useCan("report", "worklog");
  if (!on)
    return (
      <>
        <PageHeader title="Time tracking" />
        <FeatureOff feature="Time tracking" />
      </>
    );
  if (!allowed)
    return (
      <>
        <PageHeader title="Time tracking" />
        <NoAccess what="the worklog report" />
      </>
    );
  return <Report slug={slug} pid={pid} />;
}

function Report({ slug, pid }: { slug: string; pid: string }) {
  const [filters, setFilters] = useState<WorklogFilters>(NO_WORKLOG_FILTERS);
  const [page, setPage] = useState(0);
  const set = (patch: Partial<WorklogFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(0);
  };

  return (
    <>
      <PageHeader
        title="Time tracking"
        actions={
          <>
            <a
              href={worklogExportUrl(slug, pid, filters, "csv")}
              download
              className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium text-fg-secondary hover:bg-fill-subtle"
            >
              <Download size={14} aria-hidden /> Export CSV
            </a>
            <a
              href={worklogExportUrl(slug, pid, filters, "xlsx")}
              download
              className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium text-fg-secondary hover:bg-fill-subtle"
            >
              <Download size={14} aria-hidden /> Export XLSX
            </a>
          </>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <FiltersBar slug={slug} pid={pid} filters={filters} set={set} />

        <div className="grid gap-6 p-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Totals slug={slug} pid={pid} filters={filters} />
          <Logs slug={slug} pid={pid} filters={filters} page={page} setPage={setPage} />
        </div>
      </div>
    </>
  );
}
