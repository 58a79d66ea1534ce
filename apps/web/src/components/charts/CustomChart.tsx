import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ANALYTICS_AXES, ANALYTICS_AXIS_LABELS, DEFAULT_X_AXIS, isAnalyticsAxis, type AnalyticsAxis } from "@stride/shared";
import { analyticsCustomChartQuery, type AnalyticsScope } from "../../api/analytics.ts";
import { Select } from "../ui/index.ts";
import { ChartFrame, StackedChart } from "./charts.tsx";

/** Any x-axis by any group-by (wire-facts-2 §4 custom-work-items). */
export function CustomChart({ slug, scope, compact }: { slug: string; scope: AnalyticsScope; compact?: boolean }) {
  const [x, setX] = useState<AnalyticsAxis>(DEFAULT_X_AXIS);
  const [group, setGroup] = useState<AnalyticsAxis | null>(null);
  const chart = useQuery(analyticsCustomChartQuery(slug, scope, x, group));
  const actions = (
    <span className={compact ? "flex w-full flex-col gap-1 text-xs font-normal" : "flex items-center gap-2 text-xs font-normal"}>
      <Select aria-label="X-axis" value={x} onChange={(e) => isAnalyticsAxis(e.target.value) && setX(e.target.value)} className="py-1 text-xs">
        {ANALYTICS_AXES.map((a) => <option key={a} value={a}>{ANALYTICS_AXIS_LABELS[a]}</option>)}
      </Select>
      <Select aria-label="Group by" value={group ?? ""} onChange={(e) => setGroup(isAnalyticsAxis(e.target.value) ? e.target.value : null)} className="py-1 text-xs">
        <option value="">No grouping</option>
        {ANALYTICS_AXES.filter((a) => a !== x).map((a) => <option key={a} value={a}>{ANALYTICS_AXIS_LABELS[a]}</option>)}
      </Select>
    </span>
  );
  return (
    <ChartFrame title="Work items by property" actions={actions} empty={chart.data?.data.length === 0}>
      <StackedChart caption={`Work items by ${ANALYTICS_AXIS_LABELS[x].toLowerCase()}`} data={chart.data?.data ?? []} schema={chart.data?.schema ?? {}} testId="chart-custom" />
    </ChartFrame>
  );
}
