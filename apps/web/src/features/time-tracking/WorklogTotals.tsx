import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDuration, WORKLOG_GROUPS, type WorklogGroup } from "@stride/shared";
import { worklogTotalsQuery, type WorklogFilters } from "../../api/time-tracking.ts";
import { cx } from "../../components/ui/index.ts";
import type { WorklogSummaryRow } from "@stride/shared/contract";
import { formatDate } from "../../lib/dates.ts";
import { TD, TH } from "./WorklogLogs.tsx";

const GROUP_LABEL: Record<WorklogGroup, string> = {
  issue: "Work item",
  member: "Member",
  cycle: "Cycle",
  module: "Module",
  date: "Day",
};

/** Totals per work item, member, cycle, module or day (with each item's time estimate), and the grand total. */
export function Totals({ slug, pid, filters }: { slug: string; pid: string; filters: WorklogFilters }) {
  const [group, setGroup] = useState<WorklogGroup>("issue");
  const totals = useQuery({ ...worklogTotalsQuery(slug, pid, filters, group), placeholderData: keepPreviousData });
  const filtered = Object.values(filters).some(Boolean);
  const grand = (totals.data ?? []).reduce((n, r) => n + (group === "module" ? 0 : r.duration), 0);
  return (
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
              <TotalRow key={r.key ?? "none"} r={r} day={group === "date"} />
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
  );
}

/** One total: its name (a day formatted), how many logs, the time (over its estimate in red). */
function TotalRow({ r, day }: { r: WorklogSummaryRow; day: boolean }) {
  return (
    <tr data-total-key={r.key ?? "none"}>
      <td className={cx(TD, "max-w-0 truncate")} title={r.name}>
        {day ? formatDate(r.name) : r.name}
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
  );
}
