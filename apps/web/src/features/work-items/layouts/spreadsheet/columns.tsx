/** The spreadsheet's columns: one per display property (each cell edits in place), the type's, the custom properties'. */
import { useMemo, type ReactNode } from "react";
import type { DisplayPropertyKey } from "@stride/shared";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import type { ProjectRefs } from "../../../../api/work-items-refs.ts";
import { useList } from "../../context.tsx";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
} from "../../../../components/work-item/properties.tsx";
import { useDateTimeFormat, type DateTimeFormat } from "../../../../lib/datetime.ts";
import {
  PropertyValueField,
  useItemTyping,
  type ItemTyping,
} from "../../../../components/work-item/custom-properties.tsx";
import { TypeCell } from "./TypeCell.tsx";

export interface Column {
  /** A display property, or a custom property's column (`custom_property__<id>`, issue #29). */
  key: DisplayPropertyKey | `custom_property__${string}`;
  title: string;
  width: number;
  /** order_by field of the header sort. */
  order: string;
  cell: (it: WorkItem, edit: boolean) => ReactNode;
}

/** The row height (px). */
export const ROW = 40;

/** A virtual row's place in the table. */
export const rowStyle = (top: number, width: number) => ({
  position: "absolute" as const,
  top: 0,
  left: 0,
  height: ROW,
  transform: `translateY(${top}px)`,
  width,
});

type SetItem = (it: WorkItem, patch: Partial<WorkItem>) => void;

/** What a display property's cell reads: the item's own project's choices, the list's, and how to change the item. */
interface CellCtx {
  refs: ProjectRefs;
  listRefs: ProjectRefs;
  edit: boolean;
  set: (patch: Partial<WorkItem>) => void;
  when: DateTimeFormat;
}

interface ColumnSpec extends Omit<Column, "cell"> {
  cell: (it: WorkItem, c: CellCtx) => ReactNode;
}

const muted = (text: ReactNode) => <span className="px-2 text-xs text-fg-muted">{text}</span>;
const count = (n: number | null | undefined) => <span className="px-2 text-xs">{n ?? 0}</span>;

/** The display properties' columns, in their order. */
const PROPERTY_COLUMNS: ColumnSpec[] = [
  {
    key: "state",
    title: "State",
    width: 160,
    order: "state__name",
    cell: (it, c) => (
      <StateProperty
        refs={c.refs}
        variant="cell"
        asMove
        value={it.state_id}
        disabled={!c.edit}
        onChange={(state_id) => c.set({ state_id })}
      />
    ),
  },
  {
    key: "priority",
    title: "Priority",
    width: 130,
    order: "priority",
    cell: (it, c) => (
      <PriorityProperty
        variant="cell"
        value={it.priority}
        disabled={!c.edit}
        onChange={(p) => c.set({ priority: p as WorkItem["priority"] })}
      />
    ),
  },
  {
    key: "assignee",
    title: "Assignees",
    width: 170,
    order: "assignees__first_name",
    cell: (it, c) => (
      <AssigneesProperty
        refs={c.refs}
        variant="cell"
        value={it.assignee_ids ?? []}
        disabled={!c.edit}
        onChange={(assignee_ids) => c.set({ assignee_ids })}
      />
    ),
  },
  {
    key: "labels",
    title: "Labels",
    width: 190,
    order: "labels__name",
    cell: (it, c) => (
      <LabelsProperty
        refs={c.refs}
        variant="cell"
        value={it.label_ids ?? []}
        disabled={!c.edit}
        onChange={(label_ids) => c.set({ label_ids })}
      />
    ),
  },
  {
    key: "start_date",
    title: "Start date",
    width: 140,
    order: "start_date",
    cell: (it, c) => (
      <DateProperty
        label="Start date"
        variant="cell"
        value={it.start_date}
        max={it.target_date}
        disabled={!c.edit}
        onChange={(start_date) => c.set({ start_date })}
      />
    ),
  },
  {
    key: "due_date",
    title: "Due date",
    width: 140,
    order: "target_date",
    cell: (it, c) => (
      <DateProperty
        label="Due date"
        variant="cell"
        value={it.target_date}
        min={it.start_date}
        overdueGroup={it.state__group ?? c.listRefs.stateById.get(it.state_id ?? "")?.group ?? null}
        disabled={!c.edit}
        onChange={(target_date) => c.set({ target_date })}
      />
    ),
  },
  {
    key: "estimate",
    title: "Estimate",
    width: 120,
    order: "estimate_point__key",
    cell: (it, c) => (
      <EstimateProperty
        refs={c.refs}
        variant="cell"
        value={it.estimate_point}
        disabled={!c.edit}
        onChange={(estimate_point) => c.set({ estimate_point })}
      />
    ),
  },
  {
    key: "modules",
    title: "Modules",
    width: 160,
    order: "issue_module__module__name",
    cell: (it, c) => (
      <ModulesProperty
        refs={c.refs}
        variant="cell"
        value={it.module_ids ?? []}
        disabled={!c.edit}
        onChange={(module_ids) => c.set({ module_ids })}
      />
    ),
  },
  {
    key: "cycle",
    title: "Cycle",
    width: 150,
    order: "issue_cycle__cycle__name",
    cell: (it, c) => (
      <CycleProperty
        refs={c.refs}
        variant="cell"
        value={it.cycle_id}
        disabled={!c.edit}
        onChange={(cycle_id) => c.set({ cycle_id })}
      />
    ),
  },
  {
    key: "created_on",
    title: "Created on",
    width: 130,
    order: "created_at",
    cell: (it, c) => muted(c.when.date(it.created_at)),
  },
  {
    key: "updated_on",
    title: "Updated on",
    width: 130,
    order: "updated_at",
    cell: (it, c) => muted(c.when.date(it.updated_at)),
  },
  { key: "link", title: "Links", width: 90, order: "link_count", cell: (it) => count(it.link_count) },
  {
    key: "attachment_count",
    title: "Attachments",
    width: 120,
    order: "attachment_count",
    cell: (it) => count(it.attachment_count),
  },
  {
    key: "sub_issue_count",
    title: "Sub-work items",
    width: 130,
    order: "sub_issues_count",
    cell: (it) => count(it.sub_issues_count),
  },
];

/**
 * The work item type's column (issue #29): first after the key and title (where Plane shows an item's type), its
 * project's types changed in place, sorted by the type's name (`type__name`).
 */
function typeColumn(typing: ItemTyping, set: SetItem): Column {
  return {
    key: "issue_type",
    title: "Type",
    width: 150,
    order: "type__name",
    cell: (it, e) => <TypeCell item={it} typing={typing} disabled={!e} onChange={(type_id) => set(it, { type_id })} />,
  };
}

/** A column per active custom property of the project's types; a cell edits in place when the item's type has it. */
function customColumns(typing: ItemTyping, refs: ProjectRefs, set: SetItem): Column[] {
  if (!typing.enabled) return [];
  return typing.properties
    .filter((p) => p.is_active)
    .map((p): Column => ({
      key: `custom_property__${p.id}`,
      title: p.display_name,
      width: p.kind === "multi_option" || p.kind === "multi_member" ? 200 : 150,
      order: `custom_property__${p.id}`,
      cell: (it, e) =>
        typing.of(it.type_id).some((x) => x.id === p.id) ? (
          <PropertyValueField
            compact
            property={p}
            refs={refs}
            value={it.property_values?.[p.id]}
            disabled={!e}
            onChange={(values) => set(it, { property_values: { ...(it.property_values ?? {}), [p.id]: values } })}
          />
        ) : (
          <span className="px-2 text-xs text-fg-disabled" title="Not a property of this item's type">
            —
          </span>
        ),
    }));
}

/** The spreadsheet's columns as the display properties choose them (each item's cells offer its own project's choices). */
export function useSheetColumns(): Column[] {
  const { slug, pid, refs, refsFor, prefs, updateItem } = useList();
  const typing = useItemTyping(slug, pid, refs);
  const when = useDateTimeFormat();
  const set: SetItem = (it, patch) => updateItem(it.id, patch);
  return useMemo<Column[]>(() => {
    const all = PROPERTY_COLUMNS.map((spec): Column => ({
      ...spec,
      cell: (it, edit) =>
        spec.cell(it, { refs: refsFor(it), listRefs: refs, edit, set: (patch) => set(it, patch), when }),
    }));
    if (typing.enabled) all.unshift(typeColumn(typing, set));
    return [
      ...all.filter(
        (c) =>
          prefs.display_properties[c.key as DisplayPropertyKey] !== false &&
          (c.key !== "cycle" || refs.cyclesEnabled) &&
          (c.key !== "modules" || refs.modulesEnabled) &&
          (c.key !== "estimate" || refs.estimatePoints.length > 0),
      ),
      ...customColumns(typing, refs, set),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refs, refsFor, prefs.display_properties, when, typing.enabled, typing.properties, typing.types]);
}
