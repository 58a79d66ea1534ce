import { Suspense, lazy, type ComponentProps } from "react";
import { MODULE_STATUSES, progressIn, type ModuleStatus, type ProgressUnit } from "@stride/shared";
import { Avatar } from "../ui/index.ts";
import { Dropdown } from "../work-item/Dropdown.tsx";
import { AvatarStack, DateProperty, displayName } from "../work-item/properties.tsx";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import { useUpdateModule, type ModuleDetail } from "../../api/modules.ts";
import { useCan } from "../../lib/permissions.ts";
import { STATUS_LABEL, StatusBadge } from "./ModuleBits.tsx";
import { ModuleLinks, type ModulePartProps } from "./ModuleLinks.tsx";
import { Breakdown, StateGroupProgress, UnitToggle, breakdownRows, useProgressUnit } from "../charts/PlanProgress.tsx";

/** The chart library (recharts) is a chunk of its own, loaded when the panel shows its charts, not with every screen. */
const CustomChart = lazy(() => import("../charts/CustomChart.tsx").then((m) => ({ default: m.CustomChart })));
const PlanBurndown = lazy(() => import("../charts/PlanBurndown.tsx").then((m) => ({ default: m.PlanBurndown })));

const FIELD =
  "flex min-h-8 w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-fill disabled:hover:bg-transparent";

/**
 * A module's details beside its work items: status, dates, lead and members (editable by members), progress by
 * state group with the burndown from start to target date, the breakdown by assignee and label (in estimate points
 * when the project estimates in points, with a toggle; cancelled items out of the scope), and its links.
 */
export function ModuleDetailsPanel({ slug, pid, module: m }: { slug: string; pid: string; module: ModuleDetail }) {
  const refs = useProjectRefs(slug, pid);
  const canEdit = useCan("edit", "module", { projectId: pid }) && !m.archived_at;
  const mayAnalyse = useCan("project", "analytics", { projectId: pid });
  const { units, unit, setUnit } = useProgressUnit(refs.estimateType);
  const dist = distributionOf(m, unit);
  return (
    <aside
      aria-label="Module details"
      className="w-72 shrink-0 2xl:w-80 overflow-y-auto border-l border-line p-4 text-sm"
    >
      {m.description && <p className="mb-3 whitespace-pre-wrap text-fg-muted">{m.description}</p>}
      <ModuleProperties slug={slug} pid={pid} module={m} canEdit={canEdit} />
      <ModuleProgress module={m} unit={unit} units={units} setUnit={setUnit} dist={dist} />
      {/* the module's work items by any property (project analytics with the module scope) */}
      {mayAnalyse && (
        <section aria-label="Module analytics" className="mt-5">
          <Suspense fallback={null}>
            <CustomChart slug={slug} scope={{ kind: "project", pid, moduleId: m.id }} compact metric={unit} />
          </Suspense>
        </section>
      )}
      <ModuleLinks slug={slug} pid={pid} module={m} canEdit={canEdit} />
    </aside>
  );
}

/** Status, dates, lead and members, each changed in place (members of the project, an unarchived module). */
function ModuleProperties({ slug, pid, module: m, canEdit }: ModulePartProps) {
  const refs = useProjectRefs(slug, pid);
  const update = useUpdateModule(slug, pid);
  const patch = (p: ModulePatch) => update.mutate({ id: m.id, patch: p });
  return (
    <dl className="grid grid-cols-[6rem_1fr] items-center gap-y-1">
      <dt className="text-fg-subtle">Status</dt>
      <dd>
        <Dropdown
          label="Status"
          title={`Status: ${STATUS_LABEL[m.status]}`}
          options={MODULE_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          value={m.status}
          disabled={!canEdit}
          onChange={(v) => typeof v === "string" && v !== m.status && patch({ status: v as ModuleStatus })}
          buttonClassName={FIELD}
          button={<StatusBadge status={m.status} />}
        />
      </dd>
      {(
        [
          { term: "Start date", label: "Start date", field: "start_date", max: m.target_date },
          { term: "Target date", label: "Due date", field: "target_date", min: m.start_date },
        ] as const
      ).map((d) => (
        <DateRow
          key={d.field}
          {...d}
          value={m[d.field]}
          disabled={!canEdit}
          onChange={(v) => patch({ [d.field]: v })}
        />
      ))}
      <ModulePeople module={m} canEdit={canEdit} patch={patch} refs={refs} />
    </dl>
  );
}

/** A date of the module, changed in place within its bounds (the start before the target). */
function DateRow({
  term,
  label,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  term: string;
  label: ComponentProps<typeof DateProperty>["label"];
  field?: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  disabled: boolean;
  onChange: (v: string | null) => void;
}) {
  return (
    <>
      <dt className="text-fg-subtle">{term}</dt>
      <dd>
        <DateProperty
          label={label}
          variant="field"
          value={value}
          min={min ?? undefined}
          max={max ?? undefined}
          disabled={disabled}
          onChange={onChange}
        />
      </dd>
    </>
  );
}

type ModulePatch = Parameters<ReturnType<typeof useUpdateModule>["mutate"]>[0]["patch"];

/** The lead and the members, chosen among the project's members. */
function ModulePeople({
  module: m,
  canEdit,
  patch,
  refs,
}: {
  module: ModuleDetail;
  canEdit: boolean;
  patch: (p: ModulePatch) => void;
  refs: ProjectRefs;
}) {
  const lead = m.lead_id ? (refs.memberById.get(m.lead_id) ?? refs.userById.get(m.lead_id)) : undefined;
  const memberOptions = () =>
    refs.members.map((u) => ({
      value: u.id,
      label: displayName(u),
      keywords: u.display_name,
      icon: <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />,
    }));
  return (
    <>
      <dt className="text-fg-subtle">Lead</dt>
      <dd>
        <Dropdown
          label="Lead"
          title={lead ? `Lead: ${displayName(lead)}` : "Lead"}
          options={memberOptions}
          value={m.lead_id}
          disabled={!canEdit}
          onChange={(v) => patch({ lead_id: typeof v === "string" && v !== m.lead_id ? v : null })}
          buttonClassName={FIELD}
          emptyText="No members"
          button={
            lead ? (
              <>
                <Avatar name={lead.display_name || lead.first_name} url={lead.avatar_url} size="sm" />
                <span className="truncate">{displayName(lead)}</span>
              </>
            ) : (
              <span className="text-fg-faint">No lead</span>
            )
          }
        />
      </dd>
      <dt className="text-fg-subtle">Members</dt>
      <dd>
        <Dropdown
          label="Members"
          multiple
          options={memberOptions}
          value={m.member_ids}
          disabled={!canEdit}
          onChange={(v) => patch({ member_ids: (v as string[]) ?? [] })}
          buttonClassName={FIELD}
          emptyText="No members"
          button={
            m.member_ids.length ? (
              <AvatarStack users={m.member_ids.map((id) => refs.memberById.get(id) ?? refs.userById.get(id))} />
            ) : (
              <span className="text-fg-faint">No members</span>
            )
          }
        />
      </dd>
    </>
  );
}

/** The module's distribution in the unit shown (the points version is empty until the project estimates in points). */
function distributionOf(m: ModuleDetail, unit: ProgressUnit) {
  const points = m.estimate_distribution;
  return unit === "points"
    ? "assignees" in points
      ? (points as Exclude<typeof points, Record<string, never>>)
      : null
    : m.distribution;
}

/** Progress by state group, the burndown from start to target date, and the breakdown by assignee and label. */
function ModuleProgress({
  module: m,
  unit,
  units,
  setUnit,
  dist,
}: {
  module: ModuleDetail;
  unit: ProgressUnit;
  units: ProgressUnit[];
  setUnit: (u: ProgressUnit) => void;
  dist: ReturnType<typeof distributionOf>;
}) {
  return (
    <section aria-label="Progress" className="mt-5 space-y-4">
      <StateGroupProgress
        fields={m}
        unit={unit}
        testPrefix="module"
        action={<UnitToggle units={units} unit={unit} onChange={setUnit} />}
      />
      {dist?.completion_chart && Object.keys(dist.completion_chart).length > 0 && (
        <Suspense fallback={<div className="h-48" />}>
          <PlanBurndown chart={dist.completion_chart} total={progressIn(m, unit).scope} unit={unit} />
        </Suspense>
      )}
      {dist && <Breakdown {...breakdownRows(dist, unit)} />}
    </section>
  );
}
