import { useRef } from "react";
import { useList } from "../context.tsx";
import { QuickAdd } from "../components/ItemBits.tsx";
import { ROW, rowStyle, useSheetColumns } from "./spreadsheet/columns.tsx";
import { SheetHeader } from "./spreadsheet/SheetHeader.tsx";
import { SheetRow } from "./spreadsheet/SheetRow.tsx";
import { useVirtualRows } from "./useVirtualRows.ts";

/**
 * The spreadsheet: one row per item, a column per display property (spreadsheet/columns.tsx). Every property cell
 * edits in place; headers sort (click again for descending). Rows are virtualized and load as the end comes into view.
 */
export function SpreadsheetLayout() {
  const { data, itemOf, selection, peekId } = useList();
  const parent = useRef<HTMLDivElement>(null);
  const columns = useSheetColumns();
  const { ids, virtual, totalSize } = useVirtualRows(parent, ROW, 20, data?.hasMore ? 1 : 0);

  if (!data) return null;
  const width = 380 + columns.reduce((n, c) => n + c.width, 0) + 40;

  return (
    <div ref={parent} className="min-h-0 flex-1 overflow-auto" data-testid="spreadsheet-layout">
      <div
        role="table"
        aria-label="Work items"
        aria-rowcount={data.total}
        style={{ width, minWidth: "100%" }}
        className="text-sm"
      >
        <SheetHeader columns={columns} ids={ids} total={data.total} />
        <div style={{ height: totalSize, position: "relative" }}>
          {virtual.map((vi) => {
            const id = ids[vi.index];
            if (!id)
              return (
                <div
                  key="more"
                  role="row"
                  style={rowStyle(vi.start, width)}
                  className="flex items-center px-4 text-xs text-fg-subtle"
                >
                  <span role="cell">Loading more…</span>
                </div>
              );
            const it = itemOf(id);
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
