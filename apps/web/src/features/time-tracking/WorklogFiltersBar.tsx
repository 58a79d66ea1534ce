import { NO_WORKLOG_FILTERS, type WorklogFilters } from "../../api/time-tracking.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { Button, Input, Select } from "../../components/ui/index.ts";
import { PersonOptions } from "../../components/work-item/properties.tsx";

/** The report's filters: member, cycle, module (when on), from and to. */
export function FiltersBar({
  slug,
  pid,
  filters,
  set,
}: {
  slug: string;
  pid: string;
  filters: WorklogFilters;
  set: (patch: Partial<WorklogFilters>) => void;
}) {
  const refs = useProjectRefs(slug, pid);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-end gap-3 border-b border-line px-4 py-3">
      <div className="w-40">
        <Select
          label="Member"
          className="h-10"
          value={filters.logged_by}
          onChange={(e) => set({ logged_by: e.target.value })}
        >
          <option value="">Everyone</option>
          <PersonOptions people={refs.members} />
        </Select>
      </div>
      {refs.cyclesEnabled && (
        <PlanSelect label="Cycle" value={filters.cycle} options={refs.cycles} onChange={(cycle) => set({ cycle })} />
      )}
      {refs.modulesEnabled && (
        <PlanSelect
          label="Module"
          value={filters.module}
          options={refs.modules}
          onChange={(module) => set({ module })}
        />
      )}
      <div className="w-40">
        <Input
          label="From"
          type="date"
          className="h-10"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="w-40">
        <Input
          label="To"
          type="date"
          className="h-10"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      {filtered && (
        <Button variant="ghost" size="sm" className="h-10" onClick={() => set(NO_WORKLOG_FILTERS)}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/** A cycle or module filter: any, none, or one of them. */
function PlanSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: "Cycle" | "Module";
  value: string;
  options: { id: string; name: string }[];
  onChange: (v: string) => void;
}) {
  const what = label.toLowerCase();
  return (
    <div className="w-40">
      <Select label={label} className="h-10" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any {what}</option>
        <option value="None">No {what}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
