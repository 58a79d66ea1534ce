import { Link } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDuration } from "@stride/shared";
import { REPORT_PAGE_SIZE, worklogReportQuery, type WorklogFilters } from "../../api/time-tracking.ts";
import { Button, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { itemKey, itemName, itemUrl } from "../../components/work-item/item.ts";
import type { WorklogReportRow } from "@stride/shared/contract";
import { formatDate } from "../../lib/dates.ts";

export const TH = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-fg-subtle";
export const TD = "px-3 py-2";

/** The logs themselves, page by page. */
export function Logs({
  slug,
  pid,
  filters,
  page,
  setPage,
}: {
  slug: string;
  pid: string;
  filters: WorklogFilters;
  page: number;
  setPage: (page: number) => void;
}) {
  const logs = useQuery({ ...worklogReportQuery(slug, pid, filters, page), placeholderData: keepPreviousData });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-label="Time logs" className="min-w-0">
      <h2 className="mb-2 text-sm font-semibold">
        Time logs {logs.data ? <span className="font-normal text-fg-subtle">({logs.data.total_count})</span> : null}
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
                <LogRow key={w.id} slug={slug} w={w} />
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
  );
}

/** One log: the day, the work item, who, how long, the note. */
function LogRow({ slug, w }: { slug: string; w: WorklogReportRow }) {
  return (
    <tr data-report-log={w.id}>
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
      <td className={cx(TD, "whitespace-nowrap text-right font-medium tabular-nums")}>{formatDuration(w.duration)}</td>
      <td className={cx(TD, "max-w-56 truncate text-fg-muted")} title={w.description || undefined}>
        {w.description}
      </td>
    </tr>
  );
}
