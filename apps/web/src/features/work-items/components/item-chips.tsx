/** The property chips of an item (a list row's, a card's): which show, their estimated widths, how each is drawn. */
import type { ReactNode } from "react";
import { cx } from "../../../components/ui/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { useListItem } from "../context.tsx";
import {
  AssigneesProperty,
  CountChip,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
  type Variant,
} from "../../../components/work-item/properties.tsx";
import { formatShort } from "../../../lib/dates.ts";
import { chipText, type RowProp } from "../lib/row-fit.ts";
import { useDateTimeFormat, type DateTimeFormat } from "../../../lib/datetime.ts";
import { useIssueTypes } from "../../../api/issue-types.ts";

/** One property chip of an item: which property, whether it has a value, its estimated width, and how to draw it. */
export interface Chip {
  key: RowProp;
  empty: boolean;
  width: number;
  draw: (className?: string) => ReactNode;
}

/** Chip widths (px) around their text: border and padding, and an icon with its gap. */
const CHIP = 14;
const CHIP_ICON = CHIP + 18;
const ICON_CHIP = 26;

/** What each chip builder reads: the item, its project's choices, how to change it, and where to put the chip. */
interface Chips {
  item: WorkItem;
  refs: ProjectRefs;
  disabled: boolean;
  set: (patch: Partial<WorkItem>) => void;
  /** A picker's focus key (`${item.id}:${field}`). */
  fk: (field: string) => string;
  /** An empty property's look: a bare icon in a row, a chip that says what it is on a card. */
  v: (empty: boolean) => Variant;
  add: (key: RowProp, empty: boolean, width: number, draw: Chip["draw"]) => void;
}

/** State, priority, assignees, labels. */
function pickerChips({ item, refs, disabled, set, fk, v, add }: Chips) {
  const state = refs.stateById.get(item.state_id ?? "");
  add("state", false, CHIP_ICON + chipText(state?.name ?? "State"), (className) => (
    <StateProperty
      key="state"
      className={className}
      focusKey={fk("state")}
      refs={refs}
      asMove
      value={item.state_id}
      disabled={disabled}
      onChange={(state_id) => set({ state_id })}
    />
  ));
  add("priority", !item.priority || item.priority === "none", ICON_CHIP, (className) => (
    <PriorityProperty
      key="priority"
      className={className}
      focusKey={fk("priority")}
      value={item.priority}
      disabled={disabled}
      variant="icon"
      onChange={(priority) => set({ priority: priority as WorkItem["priority"] })}
    />
  ));
  const assignees = item.assignee_ids ?? [];
  const shown = Math.min(assignees.length, 3);
  const over = assignees.length > 3 ? 12 + chipText(`+${assignees.length - 3}`) : 0;
  add("assignee", !assignees.length, 10 + 24 + 18 * (shown - 1) + over, (className) => (
    <AssigneesProperty
      key="assignee"
      className={className}
      focusKey={fk("assignee")}
      refs={refs}
      value={assignees}
      disabled={disabled}
      variant="icon"
      onChange={(assignee_ids) => set({ assignee_ids })}
    />
  ));
  const labels = (item.label_ids ?? []).map((id) => refs.labelById.get(id)?.name).filter((n): n is string => !!n);
  const labelsWidth =
    labels.length > 2
      ? CHIP + 6 * labels.length + 8 + chipText(`${labels.length} labels`)
      : CHIP + labels.reduce((w, n) => w + 18 + chipText(n), 0);
  add("labels", !labels.length, labelsWidth, (className) => (
    <LabelsProperty
      key="labels"
      className={className}
      variant={v(!labels.length)}
      focusKey={fk("labels")}
      refs={refs}
      value={item.label_ids ?? []}
      disabled={disabled}
      onChange={(label_ids) => set({ label_ids })}
    />
  ));
}

/** Start and due dates (the due date flagged when overdue). */
function dateChips({ item, refs, disabled, set, fk, v, add }: Chips) {
  const group = item.state__group ?? refs.stateById.get(item.state_id ?? "")?.group ?? null;
  add("start_date", !item.start_date, CHIP_ICON + chipText(`Start ${formatShort(item.start_date)}`), (className) => (
    <DateProperty
      key="start_date"
      className={className}
      variant={v(!item.start_date)}
      focusKey={fk("start_date")}
      label="Start date"
      value={item.start_date}
      max={item.target_date}
      disabled={disabled}
      onChange={(start_date) => set({ start_date })}
    />
  ));
  add("due_date", !item.target_date, CHIP_ICON + chipText(`Due ${formatShort(item.target_date)}`), (className) => (
    <DateProperty
      key="due_date"
      className={className}
      variant={v(!item.target_date)}
      focusKey={fk("due_date")}
      label="Due date"
      value={item.target_date}
      min={item.start_date}
      disabled={disabled}
      overdueGroup={group}
      onChange={(target_date) => set({ target_date })}
    />
  ));
}

/** The item's type (issue #29), read only. */
function typeChip({ item, add }: Chips, types: readonly { id: string; name: string }[] | undefined) {
  const type = item.type_id ? types?.find((t) => t.id === item.type_id) : undefined;
  if (!type) return;
  add("issue_type", false, CHIP + chipText(type.name), (className) => (
    <span
      key="issue_type"
      data-property="issue_type"
      title={`Type: ${type.name}`}
      className={cx(
        "inline-flex h-6 items-center truncate whitespace-nowrap rounded border border-line-raised px-1.5 text-xs text-fg-muted",
        className,
      )}
    >
      {type.name}
    </span>
  ));
}

/** Estimate, modules and cycle, each when the project uses it. */
function planChips({ item, refs, disabled, set, fk, v, add }: Chips) {
  if (refs.estimatePoints.length) {
    const point = refs.estimatePoints.find((p) => p.id === item.estimate_point);
    add("estimate", !point, CHIP_ICON + chipText(point?.value ?? ""), (className) => (
      <EstimateProperty
        key="estimate"
        className={className}
        variant={v(!point)}
        focusKey={fk("estimate")}
        refs={refs}
        value={item.estimate_point}
        disabled={disabled}
        onChange={(estimate_point) => set({ estimate_point })}
      />
    ));
  }
  if (refs.modulesEnabled) {
    const ids = item.module_ids ?? [];
    const first = refs.modules.find((m) => m.id === ids[0])?.name ?? "";
    add("modules", !ids.length, CHIP_ICON + chipText(ids.length > 1 ? `${ids.length} modules` : first), (className) => (
      <ModulesProperty
        key="modules"
        className={className}
        variant={v(!ids.length)}
        focusKey={fk("modules")}
        refs={refs}
        value={ids}
        disabled={disabled}
        onChange={(module_ids) => set({ module_ids })}
      />
    ));
  }
  if (refs.cyclesEnabled) {
    const cycle = refs.cycles.find((c) => c.id === item.cycle_id);
    add("cycle", !cycle, CHIP_ICON + chipText(cycle?.name ?? ""), (className) => (
      <CycleProperty
        key="cycle"
        className={className}
        variant={v(!cycle)}
        focusKey={fk("cycle")}
        refs={refs}
        value={item.cycle_id}
        disabled={disabled}
        onChange={(cycle_id) => set({ cycle_id })}
      />
    ));
  }
}

/** Counts (only when there is something to count), then when it was created and updated. */
function countAndTimeChips({ item, add }: Chips, when: DateTimeFormat) {
  const counts = [
    ["sub_issue_count", "subitems", item.sub_issues_count, "sub-work items"],
    ["link", "link", item.link_count, "links"],
    ["attachment_count", "paperclip", item.attachment_count, "attachments"],
  ] as const;
  for (const [key, icon, count, label] of counts) {
    if ((count ?? 0) > 0)
      add(key, false, CHIP + 17 + chipText(String(count)), (className) => (
        <CountChip key={key} className={className} icon={icon} count={count} label={label} />
      ));
  }
  for (const [key, word, at] of [
    ["created_on", "Created", item.created_at],
    ["updated_on", "Updated", item.updated_at],
  ] as const) {
    add(key, false, chipText(`${word} ${when.short(at)}`), (className) => (
      <span
        key={key}
        className={cx("whitespace-nowrap text-xs text-fg-subtle", className)}
        title={`${word} on ${when.dateTime(at)}`}
      >
        <span className="text-fg-subtle">{word} </span>
        {when.short(at)}
      </span>
    ));
  }
}

/**
 * The property chips of an item as chosen in the display properties, in their reading order. `compactEmpty` draws
 * a property without a value as a bare icon (a list row); otherwise it says what it is (a card).
 */
export function useItemChips(item: WorkItem, hide: readonly string[], compactEmpty: boolean): Chip[] {
  const { slug, refsFor, prefs, updateItem, canEdit } = useListItem();
  const refs = refsFor(item);
  // the item's type (issue #29), from its own project's types (a list across projects)
  const types = useIssueTypes(
    slug,
    item.project_id,
    !!refs.project?.is_issue_type_enabled && prefs.display_properties.issue_type !== false,
  ).data;
  const when = useDateTimeFormat();
  const dp = prefs.display_properties;
  const on = (k: string) => dp[k as keyof typeof dp] !== false && !hide.includes(k);
  const chips: Chip[] = [];
  const c: Chips = {
    item,
    refs,
    disabled: !canEdit(item),
    set: (patch) => updateItem(item.id, patch),
    fk: (field) => `${item.id}:${field}`,
    v: (empty) => (empty && compactEmpty ? "icon" : "chip"),
    add: (key, empty, width, draw) => {
      if (on(key)) chips.push({ key, empty, width: empty && compactEmpty ? ICON_CHIP : Math.min(width, 192), draw });
    },
  };
  pickerChips(c);
  dateChips(c);
  typeChip(c, types);
  planChips(c);
  countAndTimeChips(c, when);
  return chips;
}
