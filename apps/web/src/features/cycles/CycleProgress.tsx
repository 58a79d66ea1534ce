import { useState } from "react";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatShortDate, STATE_GROUPS } from "@stride/shared";
import { Avatar } from "../../components/ui/index.ts";
import { STATE_GROUP_COLOR } from "../../components/work-item/icons.tsx";
import { useCycleAnalytics, useCycleProgress, type Cycle, type CycleAnalytics, type CycleProgress } from "../../api/cycles.ts";
import { CustomChart } from "../../components/charts/CustomChart.tsx";
import { useCan } from "../../lib/permissions.ts";

const GROUP_LABEL: Record<string, string> = { backlog: "Backlog", unstarted: "Unstarted", started: "Started", completed: "Completed", cancelled: "Cancelled" };

/**
 * A cycle's progress: its work items by state group (a bar and counts), who has what (assignees), which labels, and
 * the burndown of what remains by day (wire-facts-2 §4: future days have no value yet).
 */
export function CycleProgressPanel({ slug, pid, cycle }: { slug: string; pid: string; cycle: Pick<Cycle, "id" | "start_date" | "end_date"> }) {
  const progress = useCycleProgress(slug, pid, cycle.id);
  const dated = !!cycle.start_date && !!cycle.end_date;
  const analytics = useCycleAnalytics(slug, pid, cycle.id, "issues", dated);
  const [tab, setTab] = useState<"assignees" | "labels">("assignees");
  const mayAnalyse = useCan("project", "analytics");
  const p = progress.data;
  return (
    <section aria-label="Cycle progress" className="space-y-4">
      {p ? <StateGroupBar p={p} /> : <div className="h-16 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />}
      {dated && analytics.data && p && <Burndown chart={analytics.data.completion_chart} total={p.total_issues} />}
      {dated && analytics.data && (
        <div>
          <div role="tablist" aria-label="Breakdown" className="mb-2 flex gap-1 text-sm">
            {(["assignees", "labels"] as const).map((t) => (
              <button key={t} role="tab" type="button" aria-selected={tab === t} onClick={() => setTab(t)} className={tab === t ? "rounded bg-zinc-200 px-2 py-0.5 dark:bg-zinc-700" : "rounded px-2 py-0.5 text-zinc-500 hover:text-zinc-800"}>
                {t === "assignees" ? "Assignees" : "Labels"}
              </button>
            ))}
          </div>
          <Breakdown analytics={analytics.data} tab={tab} />
        </div>
      )}
      {/* the cycle's work items by any property (project analytics with the cycle scope) */}
      {mayAnalyse && <CustomChart slug={slug} scope={{ kind: "project", pid, cycleId: cycle.id }} compact />}
    </section>
  );
}

function StateGroupBar({ p }: { p: CycleProgress }) {
  const counts: Record<string, number> = { backlog: p.backlog_issues, unstarted: p.unstarted_issues, started: p.started_issues, completed: p.completed_issues, cancelled: p.cancelled_issues };
  const pct = p.total_issues ? Math.round((p.completed_issues / p.total_issues) * 100) : 0;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between text-sm">
        <span className="font-medium">Progress</span>
        <span className="text-zinc-500" data-testid="cycle-progress-summary">{p.completed_issues} of {p.total_issues} done · {pct}%</span>
      </div>
      <div className="flex h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" role="img" aria-label={`${p.completed_issues} of ${p.total_issues} work items completed`}>
        {p.total_issues > 0 && STATE_GROUPS.map((g) => counts[g] > 0 && (
          <div key={g} className="h-full" style={{ width: `${(counts[g] / p.total_issues) * 100}%`, backgroundColor: STATE_GROUP_COLOR[g] }} />
        ))}
      </div>
      <dl className="mt-2 grid grid-cols-5 gap-1 text-xs">
        {STATE_GROUPS.map((g) => (
          <div key={g}>
            <dt className="text-zinc-500">{GROUP_LABEL[g]}</dt>
            <dd className="font-medium" data-testid={`cycle-group-${g}`}>{counts[g]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The burndown: remaining work items by day against the ideal straight line. */
function Burndown({ chart, total }: { chart: Record<string, number | null>; total: number }) {
  const days = Object.keys(chart).sort();
  const data = days.map((d, i) => ({ day: d, remaining: chart[d], ideal: days.length > 1 ? Math.round((total - (total * i) / (days.length - 1)) * 100) / 100 : total }));
  const today = [...days].reverse().find((d) => chart[d] !== null);
  return (
    <figure aria-label="Burndown" className="space-y-1">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium">Burndown</span>
        {today && <span className="text-zinc-500" data-testid="burndown-today">{chart[today]} remaining on {formatShortDate(today)}</span>}
      </figcaption>
      <div className="h-48 w-full" data-testid="burndown-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis dataKey="day" tickFormatter={(d: string) => formatShortDate(d)} fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip labelFormatter={(d) => formatShortDate(String(d))} />
            <Line type="linear" dataKey="ideal" name="Ideal" stroke="#a1a1aa" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
            <Line type="stepAfter" dataKey="remaining" name="Remaining" stroke="#4f46e5" strokeWidth={2} dot={false} connectNulls={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Remaining work items by day</caption>
        <tbody>{days.map((d) => <tr key={d}><th scope="row">{d}</th><td>{chart[d] ?? "—"}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}

function Breakdown({ analytics, tab }: { analytics: CycleAnalytics; tab: "assignees" | "labels" }) {
  const rows =
    tab === "assignees"
      ? analytics.assignees.map((a) => ({ key: a.assignee_id ?? "none", name: a.display_name ?? "Unassigned", icon: <Avatar name={a.display_name ?? "?"} url={a.avatar_url} size="sm" />, total: a.total_issues ?? 0, done: a.completed_issues ?? 0 }))
      : analytics.labels.map((l) => ({ key: l.label_id ?? "none", name: l.label_name ?? "No label", icon: <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: l.color ?? "#a1a1aa" }} />, total: l.total_issues ?? 0, done: l.completed_issues ?? 0 }));
  if (!rows.length) return <p className="text-sm text-zinc-500">No work items yet.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label={tab === "assignees" ? "Work items by assignee" : "Work items by label"}>
      {rows.map((r) => (
        <li key={r.key} className="flex items-center gap-2">
          {r.icon}
          <span className="min-w-0 flex-1 truncate">{r.name}</span>
          <span className="text-zinc-500">{r.done}/{r.total}</span>
        </li>
      ))}
    </ul>
  );
}
