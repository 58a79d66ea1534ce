import { INTAKE_STATUS, INTAKE_STATUS_LABEL, PRIORITIES, type IntakeTab } from "@stride/shared";
import type { Priority } from "@stride/shared/contract";
import type { IntakeFilters } from "../../api/intake.ts";
import { Menu } from "../../components/ui/index.ts";

const ORDERS: { label: string; order: IntakeFilters["order"] }[] = [
  { label: "Newest first", order: "-issue__created_at" },
  { label: "Oldest first", order: "issue__created_at" },
  { label: "Priority", order: "-priority" },
];

/** A list with `x` added, or taken out when it is there. */
const toggled = <T,>(list: readonly T[], x: T): T[] => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

/** The intake's filters: priorities, the closed tab's statuses, and the order. */
export function IntakeFilterMenu({
  tab,
  filters,
  setFilter,
}: {
  tab: IntakeTab;
  filters: IntakeFilters;
  setFilter: (f: Partial<IntakeFilters>) => void;
}) {
  const closed = [INTAKE_STATUS.accepted, INTAKE_STATUS.declined, INTAKE_STATUS.duplicate] as const;
  return (
    <Menu
      label="Filters"
      ariaLabel="Intake filters"
      align="right"
      buttonClassName="rounded-md border border-line-strong px-2 py-1 text-sm"
      items={[
        ...PRIORITIES.map((p) => ({
          label: `Priority: ${p}`,
          kind: "checkbox" as const,
          checked: filters.priority.includes(p),
          onSelect: () => setFilter({ priority: toggled(filters.priority, p as Priority) }),
        })),
        ...(tab === "closed"
          ? closed.map((s) => ({
              label: `Status: ${INTAKE_STATUS_LABEL[s]}`,
              kind: "checkbox" as const,
              checked: filters.statuses.includes(s),
              onSelect: () => setFilter({ statuses: toggled(filters.statuses, s) }),
            }))
          : []),
        ...ORDERS.map(({ label, order }) => ({
          label,
          kind: "radio" as const,
          checked: filters.order === order,
          onSelect: () => setFilter({ order }),
        })),
      ]}
    />
  );
}
