import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * Charts of the analytics and profile screens (recharts). Each draws a figure and carries the same numbers in a
 * visually hidden table, so screen readers (and tests) read the values rather than the drawing.
 */

/** A palette for series without a colour of their own (group-by values). */
const PALETTE = [
  "#4f46e5",
  "#16a34a",
  "#f59e0b",
  "#dc2626",
  "#0ea5e9",
  "#a855f7",
  "#ec4899",
  "#14b8a6",
  "#84cc16",
  "#64748b",
];
export const seriesColor = (i: number) => PALETTE[i % PALETTE.length]!;

export function StatCard({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | string | undefined;
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-line px-4 py-3">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value ?? "–"}
      </dd>
    </div>
  );
}

export function ChartFrame({
  title,
  children,
  actions,
  empty,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  empty?: boolean;
}) {
  return (
    <figure aria-label={title} className="rounded-lg border border-line p-4">
      <figcaption className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm font-medium">
        <span>{title}</span>
        {actions}
      </figcaption>
      {empty ? <p className="py-8 text-center text-sm text-fg-subtle">No work items yet.</p> : children}
    </figure>
  );
}

function HiddenTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {c}
                </th>
              ) : (
                <td key={j}>{c}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface Slice {
  key: string;
  name: string;
  count: number;
  color?: string;
}

/** Counts per category as horizontal bars (state groups, priorities, entities). */
export function DistributionChart({ caption, data, testId }: { caption: string; data: Slice[]; testId?: string }) {
  return (
    <div data-testid={testId}>
      <div className="w-full" style={{ height: Math.max(120, data.length * 32 + 24) }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e4e4e7" />
            <XAxis type="number" allowDecimals={false} fontSize={11} />
            <YAxis type="category" dataKey="name" width={96} fontSize={11} />
            <Tooltip />
            <Bar dataKey="count" name="Work items" isAnimationActive={false}>
              {data.map((d, i) => (
                <Cell key={d.key} fill={d.color ?? seriesColor(i)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <HiddenTable caption={caption} head={["", "Work items"]} rows={data.map((d) => [d.name, d.count])} />
    </div>
  );
}

/** Created vs completed per period. */
export function TimelineChart({
  caption,
  data,
  testId,
}: {
  caption: string;
  data: Record<string, string | number>[];
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <div className="h-56 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis dataKey="name" fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="created_issues" name="Created" fill="#4f46e5" maxBarSize={28} isAnimationActive={false} />
            <Bar dataKey="completed_issues" name="Completed" fill="#16a34a" maxBarSize={28} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <HiddenTable
        caption={caption}
        head={["Period", "Created", "Completed"]}
        rows={data.map((d) => [String(d.name), Number(d.created_issues ?? 0), Number(d.completed_issues ?? 0)])}
      />
    </div>
  );
}

/** The custom chart: one bar per x value, stacked by group value when there is a group. */
export function StackedChart({
  caption,
  data,
  schema,
  testId,
  valueName = "Work items",
}: {
  caption: string;
  data: Record<string, string | number>[];
  schema: Record<string, string>;
  testId?: string;
  valueName?: string;
}) {
  const groups = Object.keys(schema);
  return (
    <div data-testid={testId}>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis dataKey="name" fontSize={11} minTickGap={8} />
            <YAxis allowDecimals={valueName !== "Work items"} fontSize={11} />
            <Tooltip />
            {groups.length ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {groups.length ? (
              groups.map((g, i) => (
                <Bar key={g} dataKey={g} name={schema[g]} stackId="g" fill={seriesColor(i)} isAnimationActive={false} />
              ))
            ) : (
              <Bar dataKey="count" name={valueName} fill={seriesColor(0)} isAnimationActive={false} />
            )}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <HiddenTable
        caption={caption}
        head={["", valueName, ...groups.map((g) => schema[g]!)]}
        rows={data.map((d) => [String(d.name), Number(d.count ?? 0), ...groups.map((g) => Number(d[g] ?? 0))])}
      />
    </div>
  );
}
