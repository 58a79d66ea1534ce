import type { CSSProperties, MouseEvent } from "react";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { useList } from "../../context.tsx";
import { QuickAdd } from "../../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../../components/work-item/item.ts";
import { StateGroupIcon } from "../../../../components/work-item/icons.tsx";
import { GANTT_DEFAULT_BAR_WIDTH, GANTT_SIDEBAR_WIDTH, barGeometry } from "../../lib/gantt.ts";
import { addDays } from "../../../../lib/dates.ts";
import { GanttBar } from "./GanttBar.tsx";

/** The row after the items: loading more, or quick add. */
export function GanttAddRow({ style, hasMore }: { style: CSSProperties; hasMore: boolean }) {
  return (
    <div style={style} className="flex">
      <div className="sticky left-0 z-10 shrink-0 bg-canvas" style={{ width: GANTT_SIDEBAR_WIDTH }}>
        {hasMore ? <span className="block px-3 py-3 text-xs text-fg-subtle">Loading more…</span> : <QuickAdd />}
      </div>
    </div>
  );
}

/** An item's row: its state, key and title on the left; its bar on the chart, or a click on the chart gives it dates. */
export function GanttRow({
  item: it,
  style,
  rangeStart,
  dayWidth,
  width,
}: {
  item: WorkItem;
  style: CSSProperties;
  rangeStart: string;
  dayWidth: number;
  width: number;
}) {
  const { refs, projectOf, openPeek, updateItem, canEdit } = useList();
  const key = itemKey(projectOf(it).identifier, it.sequence_id);
  const st = refs.stateById.get(it.state_id ?? "");
  const geo = barGeometry(it, rangeStart, dayWidth);
  const schedule = (e: MouseEvent<HTMLElement>) => {
    if (geo || !canEdit(it)) return;
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    const start = addDays(rangeStart, Math.floor(x / dayWidth));
    const span = Math.max(1, Math.round(GANTT_DEFAULT_BAR_WIDTH / dayWidth));
    updateItem(it.id, { start_date: start, target_date: addDays(start, span - 1) });
  };
  return (
    <div style={style} className="group flex border-b border-line-subtle" data-item={key}>
      <div
        className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-line bg-canvas px-3 text-sm group-hover:bg-surface-muted"
        style={{ width: GANTT_SIDEBAR_WIDTH }}
      >
        <StateGroupIcon group={st?.group} color={st?.color} />
        <span className="w-14 shrink-0 text-xs text-fg-subtle">{key}</span>
        <button
          type="button"
          onClick={() => openPeek(it.id)}
          className="min-w-0 flex-1 truncate text-left hover:underline"
        >
          {itemName(it.name)}
        </button>
        {!geo && <span className="shrink-0 text-[10px] text-fg-subtle">No dates</span>}
      </div>
      <div className="relative" style={{ width }} onClick={schedule}>
        {geo ? (
          <GanttBar
            item={it}
            label={`${key} ${itemName(it.name)}`}
            color={st?.color}
            rangeStart={rangeStart}
            dayWidth={dayWidth}
          />
        ) : (
          canEdit(it) && (
            <span className="pointer-events-none absolute inset-y-2 left-2 hidden items-center text-xs text-fg-faint group-hover:flex">
              Click on the timeline to schedule
            </span>
          )
        )}
      </div>
    </div>
  );
}
