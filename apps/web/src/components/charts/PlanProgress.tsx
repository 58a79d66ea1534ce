/**
 * A cycle's or a module's progress beside its work items (issue #27 point 5): counted in work items, or in estimate
 * points when the project estimates in points (then points first, with a toggle), cancelled items out of the scope
 * (`@stride/shared` progress.ts). The burndown (a chart, `PlanBurndown.tsx`) loads with the chart library.
 */
import { useState, type ReactNode } from "react";
import {
  PROGRESS_GROUPS,
  groupCounts,
  planProgress,
  progressUnits,
  type ProgressFields,
  type ProgressUnit,
} from "@stride/shared";
import { Avatar, cx } from "../ui/index.ts";
import { STATE_GROUP_COLOR } from "../work-item/icons.tsx";

const GROUP_LABEL: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A number of points as people write it (at most two decimals). */
export const formatAmount = (n: number) => String(Math.round(n * 100) / 100);
/** "3 points", "1 point", "4 work items". */
export const unitWord = (unit: ProgressUnit, n: number) =>
  unit === "points" ? (n === 1 ? "point" : "points") : n === 1 ? "work item" : "work items";

/** The unit the panel counts in: points first when the project estimates in points, switchable. */
export function useProgressUnit(estimateType: string | null | undefined): {
  units: ProgressUnit[];
  unit: ProgressUnit;
  setUnit: (u: ProgressUnit) => void;
} {
  const units = progressUnits(estimateType);
  const [chosen, setUnit] = useState<ProgressUnit | null>(null);
  const unit = chosen && units.includes(chosen) ? chosen : units[0]!;
  return { units, unit, setUnit };
}

/** "Work items | Points": shown only when there is a choice. */
export function UnitToggle({
  units,
  unit,
  onChange,
}: {
  units: ProgressUnit[];
  unit: ProgressUnit;
  onChange: (u: ProgressUnit) => void;
}) {
  if (units.length < 2) return null;
  return (
    <div role="group" aria-label="Count in" className="inline-flex rounded-md border border-line-raised p-0.5 text-xs">
      {(["issues", "points"] as const).map((u) => (
        <button
          key={u}
          type="button"
          aria-pressed={unit === u}
          onClick={() => onChange(u)}
          className={cx(
            "rounded px-2 py-0.5",
            unit === u ? "bg-fill-strong font-medium" : "text-fg-subtle hover:text-fg-secondary",
          )}
        >
          {u === "points" ? "Points" : "Work items"}
        </button>
      ))}
    </div>
  );
}

/** The summary ("1 of 7 done · 14%"), a bar by state group and the count of each group. */
export function StateGroupProgress({
  fields,
  unit,
  testPrefix,
  action,
}: {
  fields: ProgressFields;
  unit: ProgressUnit;
  testPrefix: string;
  action?: ReactNode;
}) {
  const { total, groups } = groupCounts(fields, unit);
  const p = planProgress({ total, completed: groups.completed, cancelled: groups.cancelled });
  const what = unitWord(unit, p.scope);
  return (
    <div>
      <div className="flex min-h-7 items-center justify-between gap-2 text-sm">
        <span className="font-medium">Progress</span>
        {action}
      </div>
      <p className="mb-1.5 text-xs text-fg-subtle" data-testid={`${testPrefix}-progress-summary`}>
        {formatAmount(p.done)} of {formatAmount(p.scope)}
        {unit === "points" ? " points" : ""} done · {p.percent}%
      </p>
      <div
        className="flex h-2 overflow-hidden rounded-full bg-fill"
        role="img"
        aria-label={`${formatAmount(p.done)} of ${formatAmount(p.scope)} ${what} completed${p.cancelled ? `, ${formatAmount(p.cancelled)} cancelled` : ""}`}
      >
        {total > 0 &&
          PROGRESS_GROUPS.map(
            (g) =>
              groups[g] > 0 && (
                <div
                  key={g}
                  className="h-full"
                  style={{ width: `${(groups[g] / total) * 100}%`, backgroundColor: STATE_GROUP_COLOR[g] }}
                />
              ),
          )}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs">
        {PROGRESS_GROUPS.map((g) => (
          <div key={g} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: STATE_GROUP_COLOR[g] }}
            />
            <dt className="flex-1 text-fg-subtle">{GROUP_LABEL[g]}</dt>
            <dd className="font-medium tabular-nums" data-testid={`${testPrefix}-group-${g}`}>
              {formatAmount(groups[g])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One row of a breakdown: done of total (work items, or points), cancelled items not counted. */
export interface BreakdownRow {
  key: string;
  name: string;
  icon: ReactNode;
  total: number;
  done: number;
}

/** Who has what and which labels: two tabs of rows with done of total. */
export function Breakdown({ assignees, labels }: { assignees: BreakdownRow[]; labels: BreakdownRow[] }) {
  const [tab, setTab] = useState<"assignees" | "labels">("assignees");
  const rows = tab === "assignees" ? assignees : labels;
  return (
    <div>
      <div role="tablist" aria-label="Breakdown" className="mb-2 flex gap-1 text-sm">
        {(["assignees", "labels"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={
              tab === t
                ? "rounded bg-fill-strong px-2 py-0.5"
                : "rounded px-2 py-0.5 text-fg-subtle hover:text-fg-secondary"
            }
          >
            {t === "assignees" ? "Assignees" : "Labels"}
          </button>
        ))}
      </div>
      {rows.length ? (
        <ul
          className="space-y-1 text-sm"
          aria-label={tab === "assignees" ? "Work items by assignee" : "Work items by label"}
        >
          {rows.map((r) => (
            <li key={r.key} className="flex items-center gap-2">
              {r.icon}
              <span className="min-w-0 flex-1 truncate">{r.name}</span>
              <span className="tabular-nums text-fg-subtle">
                {formatAmount(r.done)}/{formatAmount(r.total)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-subtle">No work items yet.</p>
      )}
    </div>
  );
}

/** Breakdown rows from the wire's assignee and label rows (`*_issues` or `*_estimates`). */
export function breakdownRows(
  d: { assignees: WireRow[]; labels: WireRow[] },
  unit: ProgressUnit,
): { assignees: BreakdownRow[]; labels: BreakdownRow[] } {
  const total = (r: WireRow) => Number((unit === "points" ? r.total_estimates : r.total_issues) ?? 0);
  const done = (r: WireRow) => Number((unit === "points" ? r.completed_estimates : r.completed_issues) ?? 0);
  return {
    assignees: d.assignees.map((a) => ({
      key: a.assignee_id ?? "none",
      name: a.display_name ?? "Unassigned",
      icon: <Avatar name={a.display_name ?? "?"} url={a.avatar_url ?? null} size="sm" />,
      total: total(a),
      done: done(a),
    })),
    labels: d.labels.map((l) => ({
      key: l.label_id ?? "none",
      name: l.label_name ?? "No label",
      icon: (
        <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: l.color ?? "#a1a1aa" }} />
      ),
      total: total(l),
      done: done(l),
    })),
  };
}

interface WireRow {
  assignee_id?: string | null;
  display_name?: string | null;
  avatar_url?: string | null;
  label_id?: string | null;
  label_name?: string | null;
  color?: string | null;
  total_issues?: number;
  completed_issues?: number;
  total_estimates?: number;
  completed_estimates?: number;
}
