import type { ReactNode } from "react";
import {
  DISPLAY_DEFAULT_ORDER_BY,
  DISPLAY_GROUP_BY_OPTIONS,
  DISPLAY_GROUP_BY_TO_WIRE,
  DRAFT_GROUP_BY,
  DRAFT_HIDDEN_PROPERTIES,
  DRAFT_ORDER_BY,
  type DisplayFilters,
  type DisplayPropertyKey,
  type OrderByField,
} from "@stride/shared";
import { PopoverPanel, cx, usePopover } from "../../../components/ui/index.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { useList } from "../context.tsx";

/** Order choices (work-tracking.md §9); each has a descending variant through the checkbox. */
export const ORDER_CHOICES: { key: string; label: string }[] = [
  { key: "sort_order", label: "Manual" },
  { key: "created_at", label: "Created date" },
  { key: "updated_at", label: "Updated date" },
  { key: "start_date", label: "Start date" },
  { key: "target_date", label: "Due date" },
  { key: "priority", label: "Priority" },
  { key: "state__name", label: "State name" },
  { key: "assignees__first_name", label: "Assignee name" },
  { key: "labels__name", label: "Labels" },
  { key: "issue_module__module__name", label: "Module" },
  { key: "issue_cycle__cycle__name", label: "Cycle" },
  { key: "estimate_point__key", label: "Estimate" },
  { key: "link_count", label: "Link count" },
  { key: "attachment_count", label: "Attachment count" },
  { key: "sub_issues_count", label: "Sub-work item count" },
];

export const DISPLAY_PROPERTY_LABEL: Partial<Record<DisplayPropertyKey, string>> = {
  key: "ID",
  assignee: "Assignees",
  start_date: "Start date",
  due_date: "Due date",
  labels: "Labels",
  priority: "Priority",
  state: "State",
  sub_issue_count: "Sub-work item count",
  link: "Links",
  attachment_count: "Attachment count",
  estimate: "Estimate",
  created_on: "Created on",
  updated_on: "Updated on",
  modules: "Modules",
  cycle: "Cycle",
  issue_type: "Work item type",
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <span className="text-sm text-fg-muted">{label}</span>
      {children}
    </div>
  );
}

const SELECT = "w-40 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm";

/** Display filters (grouping, order, options) and display-property toggles, with the §4 rules applied. */
export function DisplayMenu() {
  const { display, kind } = useList();
  const pop = usePopover({ placement: "bottom-end" });
  const layout = display.layout ?? "list";
  return (
    <>
      <button
        type="button"
        {...pop.triggerProps}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line-raised px-2.5 text-sm text-fg-muted hover:bg-fill"
      >
        <Icon name="display" size={14} />
        Display
      </button>
      {pop.open && (
        <PopoverPanel t={pop} label="Display options" className="w-80">
          <div className="p-3">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-fg-subtle">Display filters</h3>
            <GroupingRows />
            {layout !== "calendar" && <OrderRows />}
            {kind !== "archived" && <TypeRow />}
            {layout === "calendar" && <CalendarRows />}
            <OptionChecks />
            <PropertyToggles />
          </div>
        </PopoverPanel>
      )}
    </>
  );
}

/** What the list may be grouped by (the caller's drafts: what a draft has; never what the project does not use). */
function useGroupable() {
  const { refs, kind } = useList();
  // the caller's drafts offer what a draft has (@stride/shared drafts.ts)
  const drafts = kind === "workspace_drafts";
  return (key: string | null) =>
    (!drafts || key === null || DRAFT_GROUP_BY.includes(DISPLAY_GROUP_BY_TO_WIRE[key])) &&
    // grouping by project: in lists across projects (a teamspace's)
    (key !== "project" || !!refs.projects) &&
    (key !== "cycle" || refs.cyclesEnabled) &&
    (key !== "module" || refs.modulesEnabled);
}

/** Group by (list and board) and sub-group by (board). */
function GroupingRows() {
  const { display, updatePrefs } = useList();
  const groupable = useGroupable();
  const layout = display.layout ?? "list";
  if (layout !== "list" && layout !== "kanban") return null;
  const setDf = (p: Partial<DisplayFilters>) => updatePrefs({ display_filters: p });
  // a board is always grouped
  const groupOptions = DISPLAY_GROUP_BY_OPTIONS.filter(
    (o) => groupable(o.key) && !(o.key === null && layout === "kanban"),
  );
  const subOptions = DISPLAY_GROUP_BY_OPTIONS.filter((o) => o.key !== display.group_by && groupable(o.key));
  return (
    <>
      <Row label="Group by">
        <select
          aria-label="Group by"
          className={SELECT}
          value={display.group_by ?? ""}
          onChange={(e) => setDf({ group_by: e.target.value || null })}
        >
          <GroupOptions options={groupOptions} />
        </select>
      </Row>
      {layout === "kanban" && (
        <Row label="Sub-group by">
          <select
            aria-label="Sub-group by"
            className={SELECT}
            value={display.sub_group_by ?? ""}
            onChange={(e) => setDf({ sub_group_by: e.target.value || null })}
          >
            <GroupOptions options={subOptions} />
          </select>
        </Row>
      )}
    </>
  );
}

function GroupOptions({ options }: { options: readonly { key: string | null; label: string }[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.key ?? "none"} value={o.key ?? ""}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** Order by, and descending (not for the manual order). */
function OrderRows() {
  const { display, updatePrefs, kind } = useList();
  const setDf = (p: Partial<DisplayFilters>) => updatePrefs({ display_filters: p });
  const orderChoices =
    kind === "workspace_drafts"
      ? ORDER_CHOICES.filter((o) => DRAFT_ORDER_BY.includes(o.key as OrderByField))
      : ORDER_CHOICES;
  const order = String(display.order_by || DISPLAY_DEFAULT_ORDER_BY);
  const desc = order.startsWith("-");
  const orderField = desc ? order.slice(1) : order;
  return (
    <>
      <Row label="Order by">
        <select
          aria-label="Order by"
          className={SELECT}
          value={orderField}
          onChange={(e) => setDf({ order_by: (desc && e.target.value !== "sort_order" ? "-" : "") + e.target.value })}
        >
          {orderChoices.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </Row>
      {orderField !== "sort_order" && (
        <Row label="Descending">
          <input
            type="checkbox"
            aria-label="Descending order"
            checked={desc}
            onChange={(e) => setDf({ order_by: (e.target.checked ? "-" : "") + orderField })}
            className="h-4 w-4 accent-indigo-600"
          />
        </Row>
      )}
    </>
  );
}

/** All, active or backlog work items. */
function TypeRow() {
  const { display, updatePrefs } = useList();
  return (
    <Row label="Work item type">
      <select
        aria-label="Work item type"
        className={SELECT}
        value={display.type ?? "all"}
        onChange={(e) => updatePrefs({ display_filters: { type: e.target.value === "all" ? null : e.target.value } })}
      >
        <option value="all">All work items</option>
        <option value="active">Active work items</option>
        <option value="backlog">Backlog work items</option>
      </select>
    </Row>
  );
}

/** The calendar's month or week, and its weekends. */
function CalendarRows() {
  const { prefs, updatePrefs } = useList();
  const calendar = (prefs.display_filters.calendar ?? {}) as { show_weekends?: boolean; layout?: string };
  const setCalendar = (c: typeof calendar) => updatePrefs({ display_filters: { calendar: { ...calendar, ...c } } });
  return (
    <>
      <Row label="Calendar">
        <select
          aria-label="Calendar layout"
          className={SELECT}
          value={calendar.layout ?? "month"}
          onChange={(e) => setCalendar({ layout: e.target.value })}
        >
          <option value="month">Month</option>
          <option value="week">Week</option>
        </select>
      </Row>
      <Check
        label="Show weekends"
        checked={calendar.show_weekends !== false}
        onChange={(v) => setCalendar({ show_weekends: v })}
      />
    </>
  );
}

/** Sub-work items; empty groups (list and board); the hierarchy (list). */
function OptionChecks() {
  const { display, updatePrefs } = useList();
  const layout = display.layout ?? "list";
  const setDf = (p: Partial<DisplayFilters>) => updatePrefs({ display_filters: p });
  return (
    <>
      <Check
        label="Show sub-work items"
        checked={display.sub_issue !== false}
        onChange={(v) => setDf({ sub_issue: v })}
      />
      {(layout === "list" || layout === "kanban") && (
        <Check
          label="Show empty groups"
          checked={display.show_empty_groups !== false}
          onChange={(v) => setDf({ show_empty_groups: v })}
        />
      )}
      {layout === "list" && (
        <Check
          label="Show hierarchy"
          checked={!!display.show_hierarchy}
          onChange={(v) => setDf({ show_hierarchy: v })}
        />
      )}
    </>
  );
}

/** The display-property toggles (the caller's drafts: not those a draft has no value for). */
function PropertyToggles() {
  const { prefs, updatePrefs, refs, kind } = useList();
  // the work item type shows where a project of the list has types on (issue #29)
  const typed = !!refs.project?.is_issue_type_enabled || !!refs.projects?.some((p) => p.is_issue_type_enabled);
  const drafts = kind === "workspace_drafts";
  return (
    <>
      <h3 className="mb-2 mt-4 text-xs font-semibold uppercase tracking-wide text-fg-subtle">Display properties</h3>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Display properties">
        {(Object.keys(DISPLAY_PROPERTY_LABEL) as DisplayPropertyKey[])
          .filter(
            (k) =>
              (k !== "cycle" || refs.cyclesEnabled) &&
              (k !== "modules" || refs.modulesEnabled) &&
              (k !== "issue_type" || typed) &&
              !(drafts && DRAFT_HIDDEN_PROPERTIES.includes(k)),
          )
          .map((k) => {
            const on = prefs.display_properties[k] !== false;
            return (
              <button
                key={k}
                type="button"
                aria-pressed={on}
                onClick={() => updatePrefs({ display_properties: { [k]: !on } })}
                className={cx(
                  "rounded border px-2 py-0.5 text-xs",
                  on ? "border-indigo-600 bg-indigo-600 text-white" : "border-line-strong text-fg-muted hover:bg-fill",
                )}
              >
                {DISPLAY_PROPERTY_LABEL[k]}
              </button>
            );
          })}
      </div>
    </>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 py-1 text-sm text-fg-muted">
      {label}
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-indigo-600"
      />
    </label>
  );
}
