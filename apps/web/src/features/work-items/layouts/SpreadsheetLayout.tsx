import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { DisplayPropertyKey } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList, useListItem } from "../context.tsx";
import { ItemMenu, QuickAdd } from "../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../components/work-item/item.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
} from "../../../components/work-item/properties.tsx";
import { useDateTimeFormat } from "../../../lib/datetime.ts";
import { PropertyValueField, useItemTyping } from "../../../components/work-item/custom-properties.tsx";

interface Column {
  /** A display property, or a custom property's column (`custom_property__<id>`, issue #29). */
  key: DisplayPropertyKey | `custom_property__${string}`;
  title: string;
  width: number;
  /** order_by field of the header sort. */
  order: string;
  cell: (it: WorkItem, edit: boolean) => ReactNode;
}

const ROW = 40;

/**
 * The work item type's column (issue #29): first after the key and title (where Plane shows an item's type), its
 * project's types changed in place, sorted by the type's name (`type__name`).
 */
function typeColumn(
  typing: ReturnType<typeof useItemTyping>,
  set: (it: WorkItem, patch: Partial<WorkItem>) => void,
): Column {
  return {
    key: "issue_type",
    title: "Type",
    width: 150,
    order: "type__name",
    cell: (it, e) => (
      <select
        aria-label="Work item type"
        value={it.type_id ?? typing.defaultType(!!it.is_epic)?.id ?? ""}
        disabled={!e || !!it.is_epic}
        onChange={(ev) => set(it, { type_id: ev.target.value })}
        className="h-full w-full truncate bg-transparent px-2 text-xs text-fg-muted disabled:opacity-100"
      >
        {typing.types
          .filter((t) => (t.is_epic ? t.id === it.type_id : t.is_active !== false))
          .map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
      </select>
    ),
  };
}

/**
 * The spreadsheet: one row per item, a column per display property. Every property cell edits in place;
 * headers sort (click again for descending). Rows are virtualized and load as the end comes into view.
 */
export function SpreadsheetLayout() {
  // each item's cells offer its own project's states, people, labels, cycles and modules (lists across projects)
  const {
    slug,
    pid,
    data,
    refs,
    refsFor,
    prefs,
    display,
    updatePrefs,
    updateItem,
    selection,
    loadMore,
    loadingMore,
    peekId,
  } = useList();
  const typing = useItemTyping(slug, pid, refs);
  const parent = useRef<HTMLDivElement>(null);
  const set = (it: WorkItem, patch: Partial<WorkItem>) => updateItem(it.id, patch);
  const when = useDateTimeFormat();

  const columns = useMemo<Column[]>(() => {
    const group = (it: WorkItem) => it.state__group ?? refs.stateById.get(it.state_id ?? "")?.group ?? null;
    const all: Column[] = [
      {
        key: "state",
        title: "State",
        width: 160,
        order: "state__name",
        cell: (it, e) => (
          <StateProperty
            refs={refsFor(it)}
            variant="cell"
            asMove
            value={it.state_id}
            disabled={!e}
            onChange={(state_id) => set(it, { state_id })}
          />
        ),
      },
      {
        key: "priority",
        title: "Priority",
        width: 130,
        order: "priority",
        cell: (it, e) => (
          <PriorityProperty
            variant="cell"
            value={it.priority}
            disabled={!e}
            onChange={(p) => set(it, { priority: p as WorkItem["priority"] })}
          />
        ),
      },
      {
        key: "assignee",
        title: "Assignees",
        width: 170,
        order: "assignees__first_name",
        cell: (it, e) => (
          <AssigneesProperty
            refs={refsFor(it)}
            variant="cell"
            value={it.assignee_ids ?? []}
            disabled={!e}
            onChange={(assignee_ids) => set(it, { assignee_ids })}
          />
        ),
      },
      {
        key: "labels",
        title: "Labels",
        width: 190,
        order: "labels__name",
        cell: (it, e) => (
          <LabelsProperty
            refs={refsFor(it)}
            variant="cell"
            value={it.label_ids ?? []}
            disabled={!e}
            onChange={(label_ids) => set(it, { label_ids })}
          />
        ),
      },
      {
        key: "start_date",
        title: "Start date",
        width: 140,
        order: "start_date",
        cell: (it, e) => (
          <DateProperty
            label="Start date"
            variant="cell"
            value={it.start_date}
            max={it.target_date}
            disabled={!e}
            onChange={(start_date) => set(it, { start_date })}
          />
        ),
      },
      {
        key: "due_date",
        title: "Due date",
        width: 140,
        order: "target_date",
        cell: (it, e) => (
          <DateProperty
            label="Due date"
            variant="cell"
            value={it.target_date}
            min={it.start_date}
            overdueGroup={group(it)}
            disabled={!e}
            onChange={(target_date) => set(it, { target_date })}
          />
        ),
      },
      {
        key: "estimate",
        title: "Estimate",
        width: 120,
        order: "estimate_point__key",
        cell: (it, e) => (
          <EstimateProperty
            refs={refsFor(it)}
            variant="cell"
            value={it.estimate_point}
            disabled={!e}
            onChange={(estimate_point) => set(it, { estimate_point })}
          />
        ),
      },
      {
        key: "modules",
        title: "Modules",
        width: 160,
        order: "issue_module__module__name",
        cell: (it, e) => (
          <ModulesProperty
            refs={refsFor(it)}
            variant="cell"
            value={it.module_ids ?? []}
            disabled={!e}
            onChange={(module_ids) => set(it, { module_ids })}
          />
        ),
      },
      {
        key: "cycle",
        title: "Cycle",
        width: 150,
        order: "issue_cycle__cycle__name",
        cell: (it, e) => (
          <CycleProperty
            refs={refsFor(it)}
            variant="cell"
            value={it.cycle_id}
            disabled={!e}
            onChange={(cycle_id) => set(it, { cycle_id })}
          />
        ),
      },
      {
        key: "created_on",
        title: "Created on",
        width: 130,
        order: "created_at",
        cell: (it) => <span className="px-2 text-xs text-fg-muted">{when.date(it.created_at)}</span>,
      },
      {
        key: "updated_on",
        title: "Updated on",
        width: 130,
        order: "updated_at",
        cell: (it) => <span className="px-2 text-xs text-fg-muted">{when.date(it.updated_at)}</span>,
      },
      {
        key: "link",
        title: "Links",
        width: 90,
        order: "link_count",
        cell: (it) => <span className="px-2 text-xs">{it.link_count ?? 0}</span>,
      },
      {
        key: "attachment_count",
        title: "Attachments",
        width: 120,
        order: "attachment_count",
        cell: (it) => <span className="px-2 text-xs">{it.attachment_count ?? 0}</span>,
      },
      {
        key: "sub_issue_count",
        title: "Sub-work items",
        width: 130,
        order: "sub_issues_count",
        cell: (it) => <span className="px-2 text-xs">{it.sub_issues_count ?? 0}</span>,
      },
    ];
    if (typing.enabled) all.unshift(typeColumn(typing, set));
    // a column per custom property of the project's types; a cell edits in place when the item's type has it
    const custom: Column[] = typing.enabled
      ? typing.properties
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
          }))
      : [];
    return [
      ...all.filter(
        (c) =>
          prefs.display_properties[c.key as DisplayPropertyKey] !== false &&
          (c.key !== "cycle" || refs.cyclesEnabled) &&
          (c.key !== "modules" || refs.modulesEnabled) &&
          (c.key !== "estimate" || refs.estimatePoints.length > 0),
      ),
      ...custom,
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refs, refsFor, prefs.display_properties, when, typing.enabled, typing.properties, typing.types]);

  const ids = data?.ids ?? [];
  const v = useVirtualizer({
    count: ids.length + (data?.hasMore ? 1 : 0),
    getScrollElement: () => parent.current,
    estimateSize: () => ROW,
    overscan: 20,
  });
  const virtual = v.getVirtualItems();
  useEffect(() => {
    const last = virtual[virtual.length - 1];
    if (last && data?.hasMore && last.index >= ids.length - 1 && !loadingMore.has("__flat"))
      void loadMore().catch(() => undefined);
  }, [virtual, data?.hasMore, ids.length, loadingMore, loadMore]);

  if (!data) return null;
  const order = String(display.order_by ?? "");
  const sortBy = (field: string) => {
    const next = order === field ? `-${field}` : order === `-${field}` ? field : field;
    updatePrefs({ display_filters: { order_by: next } });
  };
  const width = 380 + columns.reduce((n, c) => n + c.width, 0) + 40;
  const allSelected = ids.length > 0 && ids.every((id) => selection.ids.has(id));

  return (
    <div ref={parent} className="min-h-0 flex-1 overflow-auto" data-testid="spreadsheet-layout">
      <div
        role="table"
        aria-label="Work items"
        aria-rowcount={data.total}
        style={{ width, minWidth: "100%" }}
        className="text-sm"
      >
        <div
          role="row"
          className="sticky top-0 z-20 flex h-9 border-b border-line bg-surface-muted text-xs font-medium text-fg-muted"
        >
          <div
            role="columnheader"
            className="sticky left-0 z-10 flex w-[380px] shrink-0 items-center gap-2 border-r border-line bg-surface-muted px-3"
          >
            <input
              type="checkbox"
              aria-label="Select all loaded work items"
              checked={allSelected}
              onChange={() => (allSelected ? selection.clear() : selection.setAll(ids))}
              className={cx("h-3.5 w-3.5 accent-indigo-600", !selection.enabled && "hidden")}
            />
            <span>Work items</span>
            <span className="text-fg-subtle">{data.total}</span>
          </div>
          {columns.map((c) => {
            const dir = order === c.order ? "ascending" : order === `-${c.order}` ? "descending" : "none";
            return (
              <div
                key={c.key}
                role="columnheader"
                aria-sort={dir}
                style={{ width: c.width }}
                className="flex shrink-0 items-center border-r border-line"
              >
                <button
                  type="button"
                  disabled={!c.order}
                  onClick={() => c.order && sortBy(c.order)}
                  className="flex h-full w-full items-center justify-between gap-1 px-2 text-left hover:bg-fill"
                  title={c.order ? `Sort by ${c.title.toLowerCase()}` : undefined}
                >
                  {c.title}
                  {dir !== "none" && (
                    <Icon name="chevron-down" size={12} className={dir === "ascending" ? "rotate-180" : ""} />
                  )}
                </button>
              </div>
            );
          })}
          <div className="w-10 shrink-0" />
        </div>
        <div style={{ height: v.getTotalSize(), position: "relative" }}>
          {virtual.map((vi) => {
            const id = ids[vi.index];
            const style = {
              position: "absolute" as const,
              top: 0,
              left: 0,
              height: ROW,
              transform: `translateY(${vi.start}px)`,
              width,
            };
            if (!id)
              return (
                <div key="more" role="row" style={style} className="flex items-center px-4 text-xs text-fg-subtle">
                  <span role="cell">Loading more…</span>
                </div>
              );
            const it = data.items[id];
            if (!it) return null;
            return (
              <SheetRow
                key={id}
                item={it}
                top={vi.start}
                width={width}
                columns={columns}
                selected={selection.ids.has(id)}
                peeked={peekId === id}
              />
            );
          })}
        </div>
      </div>
      {/* below the table: a table holds rows only */}
      <div className="sticky left-0 w-[380px] border-b border-line-subtle">
        <QuickAdd />
      </div>
    </div>
  );
}

/** One spreadsheet row; memoized so scrolling renders only rows that appear. */
const SheetRow = memo(function SheetRow({
  item: it,
  top,
  width,
  columns,
  selected: sel,
  peeked,
}: {
  item: WorkItem;
  top: number;
  width: number;
  columns: Column[];
  selected: boolean;
  peeked: boolean;
}) {
  const { projectOf, prefs, canEdit, selection, openPeek, updateItem } = useListItem();
  const id = it.id;
  const key = itemKey(projectOf(it).identifier, it.sequence_id);
  const editable = canEdit(it);
  const style = {
    position: "absolute" as const,
    top: 0,
    left: 0,
    height: ROW,
    transform: `translateY(${top}px)`,
    width,
  };
  return (
    <div
      role="row"
      style={style}
      data-item={key}
      data-id={id}
      aria-label={`${key} ${itemName(it.name)}`}
      className={cx(
        "group flex border-b border-line-subtle",
        sel || peeked ? "bg-accent-soft" : "hover:bg-surface-muted",
      )}
    >
      <div
        role="cell"
        className={cx(
          "sticky left-0 z-10 flex w-[380px] shrink-0 items-center gap-2 border-r border-line px-3",
          sel || peeked ? "bg-accent-soft" : "bg-canvas group-hover:bg-surface-muted",
        )}
      >
        <input
          type="checkbox"
          aria-label={`Select ${key}`}
          checked={sel}
          onChange={() => selection.toggle(id)}
          className={cx("h-3.5 w-3.5 shrink-0 accent-indigo-600", !selection.enabled && "hidden")}
        />
        {prefs.display_properties.key !== false && (
          <span className="w-16 shrink-0 truncate text-xs font-medium text-fg-subtle">{key}</span>
        )}
        <NameCell
          item={it}
          editable={editable}
          onOpen={() => openPeek(id)}
          onRename={(name) => updateItem(id, { name })}
        />
      </div>
      {columns.map((c) => (
        <div
          key={c.key}
          role="cell"
          data-col={c.key}
          style={{ width: c.width }}
          className="flex shrink-0 items-center border-r border-line-subtle"
        >
          {c.cell(it, editable)}
        </div>
      ))}
      <div role="cell" className="flex w-10 shrink-0 items-center justify-center">
        <ItemMenu item={it} />
      </div>
    </div>
  );
});

function NameCell({
  item,
  editable,
  onOpen,
  onRename,
}: {
  item: WorkItem;
  editable: boolean;
  onOpen: () => void;
  onRename: (name: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.name);
  if (editing) {
    const save = () => {
      setEditing(false);
      const n = value.trim();
      if (n && n !== item.name) onRename(n);
    };
    return (
      <input
        autoFocus
        aria-label="Title"
        value={value}
        maxLength={255}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") save();
          if (e.key === "Escape") {
            setValue(item.name);
            setEditing(false);
          }
        }}
        className="min-w-0 flex-1 rounded border border-indigo-400 bg-surface px-1 py-0.5 text-sm outline-none"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        data-open-item
        onClick={onOpen}
        className="min-w-0 flex-1 truncate text-left font-medium hover:underline"
      >
        {itemName(item.name)}
      </button>
      {editable && (
        <button
          type="button"
          aria-label={`Rename ${itemName(item.name)}`}
          onClick={() => {
            setValue(item.name);
            setEditing(true);
          }}
          className="rounded p-0.5 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden fill="none">
            <path d="M10.5 2.5l3 3L6 13H3v-3z" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </>
  );
}
