import { cx } from "../../../../components/ui/index.ts";
import { Icon } from "../../../../components/work-item/icons.tsx";
import { useList } from "../../context.tsx";
import type { Column } from "./columns.tsx";

/** The spreadsheet's header row: select all loaded items, then a header per column that sorts (again: descending). */
export function SheetHeader({ columns, ids, total }: { columns: Column[]; ids: string[]; total: number }) {
  const { display, updatePrefs, selection } = useList();
  const order = String(display.order_by ?? "");
  const sortBy = (field: string) => {
    const next = order === field ? `-${field}` : order === `-${field}` ? field : field;
    updatePrefs({ display_filters: { order_by: next } });
  };
  const allSelected = ids.length > 0 && ids.every((id) => selection.ids.has(id));
  return (
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
        <span className="text-fg-subtle">{total}</span>
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
  );
}
