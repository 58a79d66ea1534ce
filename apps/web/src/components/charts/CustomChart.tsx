import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  ANALYTICS_AXES,
  ANALYTICS_AXIS_LABELS,
  DEFAULT_X_AXIS,
  isAnalyticsAxis,
  type AnalyticsAxis,
  type ProgressUnit,
} from "@stride/shared";
import { analyticsCustomChartQuery, type AnalyticsScope } from "../../api/analytics.ts";
import { Select } from "../ui/index.ts";
import { ChartFrame, StackedChart } from "./charts.tsx";

const METRIC_LABEL: Record<ProgressUnit, string> = { issues: "Work items", points: "Estimate points" };

/**
 * Any x-axis by any group-by (wire-facts-2 §4 custom-work-items), counting work items or summing their estimate
 * points: `metric` sets it (a cycle's or a module's panel, following its toggle), or `metrics` offers a choice
 * (workspace analytics, when projects in scope estimate in points; the first is the default).
 */
export function CustomChart({
  slug,
  scope,
  compact,
  metric: fixed,
  metrics = ["issues"],
}: {
  slug: string;
  scope: AnalyticsScope;
  compact?: boolean;
  metric?: ProgressUnit;
  metrics?: ProgressUnit[];
}) {
  const [x, setX] = useState<AnalyticsAxis>(DEFAULT_X_AXIS);
  const [group, setGroup] = useState<AnalyticsAxis | null>(null);
  const [chosen, setChosen] = useState<ProgressUnit | null>(null);
  const metric = fixed ?? (chosen && metrics.includes(chosen) ? chosen : metrics[0]!);
  const chart = useQuery(analyticsCustomChartQuery(slug, scope, x, group, metric));
  const actions = (
    <span
      className={
        compact ? "flex w-full flex-col gap-1 text-xs font-normal" : "flex items-center gap-2 text-xs font-normal"
      }
    >
      {!fixed && metrics.length > 1 && (
        <Select
          aria-label="Metric"
          value={metric}
          onChange={(e) => setChosen(e.target.value === "points" ? "points" : "issues")}
          className="py-1 text-xs"
        >
          {metrics.map((m) => (
            <option key={m} value={m}>
              {METRIC_LABEL[m]}
            </option>
          ))}
        </Select>
      )}
      <Select
        aria-label="X-axis"
        value={x}
        onChange={(e) => isAnalyticsAxis(e.target.value) && setX(e.target.value)}
        className="py-1 text-xs"
      >
        {ANALYTICS_AXES.map((a) => (
          <option key={a} value={a}>
            {ANALYTICS_AXIS_LABELS[a]}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Group by"
        value={group ?? ""}
        onChange={(e) => setGroup(isAnalyticsAxis(e.target.value) ? e.target.value : null)}
        className="py-1 text-xs"
      >
        <option value="">No grouping</option>
        {ANALYTICS_AXES.filter((a) => a !== x).map((a) => (
          <option key={a} value={a}>
            {ANALYTICS_AXIS_LABELS[a]}
          </option>
        ))}
      </Select>
    </span>
  );
  const what = METRIC_LABEL[metric];
  return (
    <ChartFrame title={`${what} by property`} actions={actions} empty={chart.data?.data.length === 0}>
      <StackedChart
        caption={`${what} by ${ANALYTICS_AXIS_LABELS[x].toLowerCase()}`}
        data={chart.data?.data ?? []}
        schema={chart.data?.schema ?? {}}
        testId="chart-custom"
        valueName={what}
      />
    </ChartFrame>
  );
}
