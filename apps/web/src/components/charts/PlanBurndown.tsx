import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatShortDate, type ProgressUnit } from "@stride/shared";
import { formatAmount, unitWord } from "./PlanProgress.tsx";

/**
 * The burndown of a cycle or a module: what remains of its scope (work items or points, cancelled ones left out) by
 * day against the ideal straight line; future days have no value yet (wire-facts-2 §4).
 */
export function PlanBurndown({
  chart,
  total,
  unit,
}: {
  chart: Record<string, number | null>;
  total: number;
  unit: ProgressUnit;
}) {
  const days = Object.keys(chart).sort();
  if (!days.length) return null;
  const data = days.map((d, i) => ({
    day: d,
    remaining: chart[d],
    ideal: days.length > 1 ? Math.round((total - (total * i) / (days.length - 1)) * 100) / 100 : total,
  }));
  const today = [...days].reverse().find((d) => chart[d] !== null);
  const left = today ? chart[today]! : null;
  return (
    <figure aria-label="Burndown" className="space-y-1">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium">Burndown</span>
        {today && left !== null && (
          <span className="text-xs text-fg-subtle" data-testid="burndown-today">
            {formatAmount(left)}
            {unit === "points" ? ` ${unitWord(unit, left)}` : ""} remaining on {formatShortDate(today)}
          </span>
        )}
      </figcaption>
      <div className="h-48 w-full" data-testid="burndown-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis dataKey="day" tickFormatter={(d: string) => formatShortDate(d)} fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={unit === "points"} fontSize={11} />
            <Tooltip labelFormatter={(d) => formatShortDate(String(d))} />
            <Line
              type="linear"
              dataKey="ideal"
              name="Ideal"
              stroke="#a1a1aa"
              strokeDasharray="4 4"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="remaining"
              name="Remaining"
              stroke="#4f46e5"
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Remaining {unit === "points" ? "points" : "work items"} by day</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              <td>{chart[d] ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
