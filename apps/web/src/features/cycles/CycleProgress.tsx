import { progressIn } from "@stride/shared";
import { useCycleAnalytics, useCycleProgress, type Cycle } from "../../api/cycles.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { CustomChart } from "../../components/charts/CustomChart.tsx";
import { PlanBurndown } from "../../components/charts/PlanBurndown.tsx";
import {
  Breakdown,
  StateGroupProgress,
  UnitToggle,
  breakdownRows,
  useProgressUnit,
} from "../../components/charts/PlanProgress.tsx";
import { useCan } from "../../lib/permissions.ts";

/**
 * A cycle's progress: its work items by state group (a bar and counts), the burndown of what remains by day, who has
 * what (assignees) and which labels — in estimate points when the project estimates in points (the default then,
 * with a toggle back to work items), cancelled items out of the scope (issue #27 point 5).
 */
export function CycleProgressPanel({
  slug,
  pid,
  cycle,
}: {
  slug: string;
  pid: string;
  cycle: Pick<Cycle, "id" | "start_date" | "end_date">;
}) {
  const refs = useProjectRefs(slug, pid);
  const { units, unit, setUnit } = useProgressUnit(refs.estimateType);
  const progress = useCycleProgress(slug, pid, cycle.id);
  const dated = !!cycle.start_date && !!cycle.end_date;
  const analytics = useCycleAnalytics(slug, pid, cycle.id, unit, dated);
  const mayAnalyse = useCan("project", "analytics");
  const p = progress.data;
  const scope = p ? progressIn(p, unit).scope : 0;
  return (
    <section aria-label="Cycle progress" className="space-y-4">
      {p ? (
        <StateGroupProgress
          fields={p}
          unit={unit}
          testPrefix="cycle"
          action={<UnitToggle units={units} unit={unit} onChange={setUnit} />}
        />
      ) : (
        <div className="h-16 animate-pulse rounded bg-fill" />
      )}
      {dated && analytics.data && p && (
        <PlanBurndown chart={analytics.data.completion_chart} total={scope} unit={unit} />
      )}
      {dated && analytics.data && <Breakdown {...breakdownRows(analytics.data, unit)} />}
      {/* the cycle's work items by any property (project analytics with the cycle scope) */}
      {mayAnalyse && (
        <CustomChart slug={slug} scope={{ kind: "project", pid, cycleId: cycle.id }} compact metric={unit} />
      )}
    </section>
  );
}
