import { useState } from "react";
import { Link } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { formatDuration, WORKLOG_GROUPS, type WorklogGroup } from "@stride/shared";
import {
  NO_WORKLOG_FILTERS,
  REPORT_PAGE_SIZE,
  worklogExportUrl,
  worklogReportQuery,
  worklogTotalsQuery,
  type WorklogFilters,
} from "../../api/time-tracking.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOff } from "../../components/project/FeatureOff.tsx";
import { Button, EmptyState, Input, NoAccess, PageSpinner, Select, cx } from "../../components/ui/index.ts";
import { displayName, PersonOptions } from "../../components/work-item/properties.tsx";
import { itemKey, itemName, itemUrl } from "../../components/work-item/item.ts";
import { formatDate } from "../../lib/dates.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";

const GROUP_LABEL: Record<WorklogGroup, string> = {
  issue: "Work item",
  member: "Member",
  cycle: "Cycle",
  module: "Module",
  date: "Day",
};
const TH = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-fg-subtle";
const TD = "px-3 py-2";

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
  const refs = useProjectRefs(slug, pid);
  const [filters, setFilters] = useState<WorklogFilters>(NO_WORKLOG_FILTERS);
  const [group, setGroup] = useState<WorklogGroup>("issue");
  const [page, setPage] = useState(0);
  const logs = useQuery({ ...worklogReportQuery(slug, pid, filters, page), placeholderData: keepPreviousData });
  const totals = useQuery({ ...worklogTotalsQuery(slug, pid, filters, group), placeholderData: keepPreviousData });
  const set = (patch: Partial<WorklogFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(0);
  };
  const filtered = Object.values(filters).some(Boolean);
  const grand = (totals.data ?? []).reduce((n, r) => n + (group === "module" ? 0 : r.duration), 0);

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
        <div
          role="group"
          aria-label="Filters"
          className="flex flex-wrap items-end gap-3 border-b border-line px-4 py-3"
        >
          <div className="w-40">
            <Select
              label="Member"
              className="h-10"
              value={filters.logged_by}
              onChange={(e) => set({ logged_by: e.target.value })}
            >
              <option value="">Everyone</option>
              <PersonOptions people={refs.members} />
            </Select>
          </div>
          {refs.cyclesEnabled && (
            <PlanSelect
              label="Cycle"
              value={filters.cycle}
              options={refs.cycles}
              onChange={(cycle) => set({ cycle })}
            />
          )}
          {refs.modulesEnabled && (
            <PlanSelect
              label="Module"
              value={filters.module}
              options={refs.modules}
              onChange={(module) => set({ module })}
            />
          )}
          <div className="w-40">
            <Input
              label="From"
              type="date"
              className="h-10"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="w-40">
            <Input
              label="To"
              type="date"
              className="h-10"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => set({ to: e.target.value })}
            />
          </div>
          {filtered && (
            <Button variant="ghost" size="sm" className="h-10" onClick={() => set(NO_WORKLOG_FILTERS)}>
              Clear filters
            </Button>
          )}
        </div>

        <div className="grid gap-6 p-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <section aria-label="Totals" className="min-w-0">
            <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <h2 className="text-sm font-semibold">Totals</h2>
              <div role="tablist" aria-label="Totals by" className="flex gap-1">
                {WORKLOG_GROUPS.map((g) => (
                  <button
                    key={g}
                    type="button"
                    role="tab"
                    aria-selected={group === g}
                    onClick={() => setGroup(g)}
                    className={cx(
                      "rounded px-2 py-1 text-xs",
                      group === g ? "bg-fill-selected font-medium" : "text-fg-subtle hover:bg-fill-hover",
                    )}
                  >
                    {GROUP_LABEL[g]}
                  </button>
                ))}
              </div>
            </div>
            <div className="overflow-hidden rounded-lg border border-line">
              <table className="w-full text-sm" data-totals={group}>
                <thead className="bg-surface-muted">
                  <tr>
                    <th className={TH}>{GROUP_LABEL[group]}</th>
                    <th className={cx(TH, "text-right")}>Logs</th>
                    <th className={cx(TH, "text-right")}>Time</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line-subtle">
                  {(totals.data ?? []).map((r) => (
                    <tr key={r.key ?? "none"} data-total-key={r.key ?? "none"}>
                      <td className={cx(TD, "max-w-0 truncate")} title={r.name}>
                        {group === "date" ? formatDate(r.name) : r.name}
                      </td>
                      <td className={cx(TD, "text-right tabular-nums text-fg-subtle")}>{r.count}</td>
                      <td className={cx(TD, "whitespace-nowrap text-right font-medium tabular-nums")}>
                        {formatDuration(r.duration)}
                        {r.estimate_minutes ? (
                          <span
                            className={cx(
                              "ml-1 text-xs font-normal",
                              r.duration > r.estimate_minutes ? "text-danger" : "text-fg-subtle",
                            )}
                          >
                            {" "}
                            / {formatDuration(r.estimate_minutes)}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                  {totals.data && totals.data.length === 0 && (
                    <tr>
                      <td colSpan={3} className={cx(TD, "text-center text-fg-subtle")}>
                        No time logged{filtered ? " for these filters" : ""}.
                      </td>
                    </tr>
                  )}
                </tbody>
                {group !== "module" && (totals.data ?? []).length > 0 && (
                  <tfoot className="border-t border-line">
                    <tr>
                      <td className={cx(TD, "font-medium")}>Total</td>
                      <td />
                      <td className={cx(TD, "text-right font-semibold tabular-nums")} data-grand-total>
                        {formatDuration(grand)}
                      </td>
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
          </section>

          <section aria-label="Time logs" className="min-w-0">
            <h2 className="mb-2 text-sm font-semibold">
              Time logs{" "}
              {logs.data ? <span className="font-normal text-fg-subtle">({logs.data.total_count})</span> : null}
            </h2>
            {logs.isLoading ? (
              <PageSpinner />
            ) : !logs.data || logs.data.total_count === 0 ? (
              <EmptyState
                title={filtered ? "No time logs match" : "No time logged yet"}
                description={filtered ? "Change or clear the filters." : "Log time from a work item's Time section."}
              />
            ) : (
              <div className="overflow-x-auto rounded-lg border border-line">
                <table className="w-full text-sm">
                  <thead className="bg-surface-muted">
                    <tr>
                      <th className={TH}>Day</th>
                      <th className={TH}>Work item</th>
                      <th className={TH}>Member</th>
                      <th className={cx(TH, "text-right")}>Time</th>
                      <th className={TH}>Note</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line-subtle">
                    {logs.data.results.map((w) => (
                      <tr key={w.id} data-report-log={w.id}>
                        <td className={cx(TD, "whitespace-nowrap text-fg-muted")}>{formatDate(w.logged_on)}</td>
                        <td className={cx(TD, "max-w-64 truncate")}>
                          <Link
                            className="hover:underline"
                            to={itemUrl(slug, w.issue_detail.project_identifier, w.issue_detail.sequence_id)}
                            title={w.issue_detail.name}
                          >
                            <span className="mr-1.5 text-xs text-fg-subtle">
                              {itemKey(w.issue_detail.project_identifier, w.issue_detail.sequence_id)}
                            </span>
                            {itemName(w.issue_detail.name)}
                          </Link>
                        </td>
                        <td className={cx(TD, "whitespace-nowrap")}>{displayName(w.logged_by_detail)}</td>
                        <td className={cx(TD, "whitespace-nowrap text-right font-medium tabular-nums")}>
                          {formatDuration(w.duration)}
                        </td>
                        <td className={cx(TD, "max-w-56 truncate text-fg-muted")} title={w.description || undefined}>
                          {w.description}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {logs.data.total_pages > 1 && (
                  <div className="flex items-center justify-end gap-2 border-t border-line px-3 py-2 text-xs text-fg-subtle">
                    <span>
                      Page {page + 1} of {logs.data.total_pages} · {REPORT_PAGE_SIZE} a page
                    </span>
                    <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                      Previous
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={!logs.data.next_page_results}
                      onClick={() => setPage(page + 1)}
                    >
                      Next
                    </Button>
                  </div>
                )}
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/** A cycle or module filter: any, none, or one of them. */
function PlanSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: "Cycle" | "Module";
  value: string;
  options: { id: string; name: string }[];
  onChange: (v: string) => void;
}) {
  const what = label.toLowerCase();
  return (
    <div className="w-40">
      <Select label={label} className="h-10" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any {what}</option>
        <option value="None">No {what}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
