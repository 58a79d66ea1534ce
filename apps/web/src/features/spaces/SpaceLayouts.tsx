import { useMemo, useState } from "react";
import type { PublicIssue, PublicLabel, PublicState } from "@stride/shared/contract";
import { Button, EmptyState, cx } from "../../components/ui/index.ts";
import {
  WEEKDAY_SHORT,
  addDays,
  addMonths,
  diffDays,
  formatDate,
  formatShort,
  localToday,
  monthShort,
  monthTitle,
  monthWeeks,
  startOfMonth,
  startOfWeek,
} from "../../lib/dates.ts";

/**
 * The read-only layouts of the public space besides board and list: calendar (items on their due date, by
 * month), timeline (a bar from start to due date, by week columns) and spreadsheet (one row per item, its
 * properties in columns). Opening an item shows it beside the layout, as on the board.
 */
interface LayoutProps {
  items: PublicIssue[];
  states: PublicState[];
  labels: PublicLabel[];
  identifier: string;
  onOpen: (id: string) => void;
}

const MAX_PER_DAY = 4;

export function SpaceCalendar({ items, identifier, onOpen }: LayoutProps) {
  const today = localToday();
  const [month, setMonth] = useState(startOfMonth(today));
  const weeks = useMemo(() => monthWeeks(month, true), [month]);
  const byDay = useMemo(() => {
    const m = new Map<string, PublicIssue[]>();
    for (const i of items) if (i.target_date) m.set(i.target_date, [...(m.get(i.target_date) ?? []), i]);
    return m;
  }, [items]);
  return (
    <div className="space-y-2">
      <MonthBar month={month} setMonth={setMonth} today={today} />
      <div role="grid" aria-label={monthTitle(month)} className="overflow-hidden rounded-md border border-line-raised">
        <div
          role="row"
          className="grid grid-cols-7 border-b border-line-raised bg-surface-muted text-xs text-fg-subtle"
        >
          {WEEKDAY_SHORT.map((d) => (
            <div role="columnheader" key={d} className="px-2 py-1">
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week[0]} className="grid grid-cols-7">
            {week.map((day) => {
              const list = byDay.get(day) ?? [];
              return (
                <div
                  role="gridcell"
                  key={day}
                  aria-label={formatDate(day)}
                  className={cx(
                    "min-h-24 border-b border-r border-line-subtle p-1",
                    day.slice(0, 7) !== month.slice(0, 7) && "bg-surface-muted/60 text-fg-faint",
                  )}
                >
                  <div className={cx("mb-1 text-xs", day === today && "font-semibold text-blue-600")}>
                    {Number(day.slice(8))}
                  </div>
                  <ul className="space-y-1">
                    {list.slice(0, MAX_PER_DAY).map((i) => (
                      <li key={i.id}>
                        <button
                          type="button"
                          onClick={() => onOpen(i.id)}
                          className="w-full truncate rounded bg-canvas px-1 py-0.5 text-left text-xs shadow-sm ring-1 ring-line-raised"
                        >
                          <span className="text-fg-subtle">
                            {identifier}-{i.sequence_id}
                          </span>{" "}
                          {i.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                  {list.length > MAX_PER_DAY && (
                    <p className="text-xs text-fg-subtle">+{list.length - MAX_PER_DAY} more</p>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The month's title and its buttons: the previous month, this month, the next. */
function MonthBar({ month, setMonth, today }: { month: string; setMonth: (m: string) => void; today: string }) {
  return (
    <div className="flex items-center gap-2">
      <h2 className="text-base font-semibold">{monthTitle(month)}</h2>
      <div className="ml-auto flex gap-1">
        <Button variant="secondary" onClick={() => setMonth(addMonths(month, -1))}>
          Previous month
        </Button>
        <Button variant="secondary" onClick={() => setMonth(startOfMonth(today))}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => setMonth(addMonths(month, 1))}>
          Next month
        </Button>
      </div>
    </div>
  );
}

const WEEK_PX = 112;

export function SpaceTimeline({ items, identifier, onOpen }: LayoutProps) {
  const dated = items.filter((i) => i.start_date || i.target_date);
  const undated = items.length - dated.length;
  const today = localToday();
  const days = dated.flatMap((i) => [i.start_date, i.target_date].filter((d): d is string => !!d)).sort();
  const first = startOfWeek(days[0] && days[0] < today ? days[0] : today);
  const end = days[days.length - 1];
  const last = end && end > addDays(today, 28) ? end : addDays(today, 28);
  const weeks = Array.from({ length: Math.ceil((diffDays(first, last) + 1) / 7) + 1 }, (_, w) => addDays(first, w * 7));
  const x = (d: string) => (diffDays(first, d) / 7) * WEEK_PX;
  if (dated.length === 0)
    return <EmptyState title="Nothing on the timeline" description="Work items with a start or due date show here." />;
  return (
    <div className="overflow-auto rounded-md border border-line-raised" role="region" aria-label="Timeline">
      <div className="relative" style={{ width: weeks.length * WEEK_PX + 240 }}>
        <div className="sticky top-0 flex border-b border-line-raised bg-surface-muted text-xs text-fg-subtle">
          <div className="w-60 shrink-0 px-2 py-1">Work item</div>
          {weeks.map((w) => (
            <div key={w} className="shrink-0 border-l border-line-raised px-1 py-1" style={{ width: WEEK_PX }}>
              {monthShort(w)} {Number(w.slice(8))}
            </div>
          ))}
        </div>
        <ul>
          {dated.map((i) => {
            const start = i.start_date ?? i.target_date!;
            const end = i.target_date && i.target_date >= start ? i.target_date : start;
            const label = `${identifier}-${i.sequence_id} ${i.name}`;
            return (
              <li key={i.id} className="flex h-9 items-center border-b border-line-subtle">
                <button
                  type="button"
                  className="w-60 shrink-0 truncate px-2 text-left text-sm"
                  onClick={() => onOpen(i.id)}
                >
                  {label}
                </button>
                <div className="relative h-full flex-1">
                  <button
                    type="button"
                    aria-label={`${label}: ${formatShort(start)} – ${formatShort(end)}`}
                    onClick={() => onOpen(i.id)}
                    className="absolute top-1.5 h-6 truncate rounded bg-blue-500/80 px-1 text-left text-xs text-white"
                    style={{ left: x(start), width: Math.max(((diffDays(start, end) + 1) / 7) * WEEK_PX, 12) }}
                  >
                    {i.name}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {undated > 0 && (
        <p className="px-2 py-1 text-xs text-fg-subtle">
          {undated} work item{undated === 1 ? "" : "s"} without dates not shown.
        </p>
      )}
    </div>
  );
}

export function SpaceSpreadsheet({ items, states, labels, identifier, onOpen }: LayoutProps) {
  const stateOf = new Map(states.map((s) => [s.id, s]));
  const labelOf = new Map(labels.map((l) => [l.id, l]));
  if (items.length === 0) return <EmptyState title="No work items yet" description="Published work items show here." />;
  return (
    <div className="overflow-auto rounded-md border border-line-raised">
      <table className="w-full text-sm" aria-label="Spreadsheet">
        <thead className="bg-surface-muted text-left text-xs text-fg-subtle">
          <tr>
            {["ID", "Name", "State", "Priority", "Labels", "Start date", "Due date", "Votes"].map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {items.map((i) => (
            <tr key={i.id}>
              <td className="px-2 py-1 text-fg-subtle">
                {identifier}-{i.sequence_id}
              </td>
              <td className="px-2 py-1">
                <button type="button" className="text-left hover:underline" onClick={() => onOpen(i.id)}>
                  {i.name}
                </button>
              </td>
              <td className="px-2 py-1">{(i.state_id && stateOf.get(i.state_id)?.name) ?? ""}</td>
              <td className="px-2 py-1 capitalize">{i.priority}</td>
              <td className="px-2 py-1">
                {i.label_ids
                  .map((l) => labelOf.get(l)?.name)
                  .filter(Boolean)
                  .join(", ")}
              </td>
              <td className="px-2 py-1">{i.start_date ? formatDate(i.start_date) : ""}</td>
              <td className="px-2 py-1">{i.target_date ? formatDate(i.target_date) : ""}</td>
              <td className="px-2 py-1">{i.vote_items.reduce((n, v) => n + v.vote, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
