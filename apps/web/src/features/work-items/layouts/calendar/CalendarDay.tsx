import type { WorkItem } from "../../../../api/work-items-types.ts";
import { cx } from "../../../../components/ui/index.ts";
import {
  DragHandle,
  draggingClass,
  useDragItem,
  useDragSelector,
  useDropZone,
} from "../../../../components/dnd/index.ts";
import { useList } from "../../context.tsx";
import { QuickAdd } from "../../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../../components/work-item/item.ts";
import { PriorityIcon, StateGroupIcon } from "../../../../components/work-item/icons.tsx";
import { monthTitle } from "../../../../lib/dates.ts";
import { isWeekend, longDay } from "./days.ts";

/** A day of the grid: a drop zone with its items. */
export function CalendarDay({
  day,
  today,
  outside,
  tall,
  items,
  more,
}: {
  day: string;
  today: string;
  outside: boolean;
  tall: boolean;
  items: WorkItem[];
  more: { open: boolean; hidden: number; toggle: () => void } | null;
}) {
  const zone = useDropZone<HTMLDivElement>({ day });
  const over = useDragSelector<boolean, string>((s) => !!s?.target && s.target === day && s.target !== s.origin);
  return (
    <div
      ref={zone}
      role="gridcell"
      data-date={day}
      className={cx(
        "group flex flex-col gap-1 border-r border-line p-1.5 last:border-r-0",
        tall ? "min-h-[60vh]" : "min-h-32",
        outside && "bg-surface-muted/70",
        isWeekend(day) && !outside && "bg-surface-muted/40",
        over && "bg-accent-soft ring-1 ring-inset ring-indigo-300",
      )}
    >
      <div className="flex items-center justify-between">
        {/* the cell is named by its content (its items included): the date in words first, then what it holds */}
        <span className="sr-only">{longDay(day)}</span>
        <span
          aria-hidden
          className={cx(
            "flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs",
            day === today ? "bg-indigo-600 font-semibold text-white" : outside ? "text-fg-subtle" : "text-fg-muted",
          )}
        >
          {Number(day.slice(8))}
          {day.slice(8) === "01" ? ` ${monthTitle(day).split(" ")[0].slice(0, 3)}` : ""}
        </span>
      </div>
      {items.map((it) => (
        <CalendarItem key={it.id} item={it} tall={tall} />
      ))}
      {more && (
        <button type="button" onClick={more.toggle} className="text-left text-xs text-indigo-600 hover:underline">
          {more.open ? "Show less" : `+${more.hidden} more`}
        </button>
      )}
      <div className="mt-auto opacity-0 focus-within:opacity-100 group-hover:opacity-100">
        <QuickAdd preset={{ target_date: day }} compact label="Add" className="rounded px-1 py-0.5 text-xs" />
      </div>
    </div>
  );
}

/**
 * An item on its due day: dragged by the pointer anywhere, picked up by the keyboard with its handle. The
 * title gets the width (two lines in a month, more in the taller week; the key above it in a week when the
 * key is shown), and the whole "KEY title" is its tooltip and accessible name.
 */
function CalendarItem({ item: it, tall }: { item: WorkItem; tall: boolean }) {
  const { refsFor, projectOf, openPeek, prefs } = useList();
  const refs = refsFor(it);
  const drag = useDragItem<HTMLDivElement>({ id: it.id });
  const st = refs.stateById.get(it.state_id ?? "");
  const key = itemKey(projectOf(it).identifier, it.sequence_id);
  const full = `${key} ${itemName(it.name)}`;
  const showKey = tall && prefs.display_properties.key !== false;
  return (
    <div
      ref={drag.ref}
      data-item={key}
      className={cx(
        "group/item relative flex w-full items-center rounded border border-line-raised bg-surface shadow-sm hover:border-line-strong",
        draggingClass(drag),
      )}
    >
      <DragHandle
        drag={drag}
        label={`${key} ${itemName(it.name)}`}
        className="absolute left-0.5 top-1/2 z-10 -translate-y-1/2 bg-surface opacity-0 focus:opacity-100 group-hover/item:opacity-100"
      />
      <button
        type="button"
        onClick={() => openPeek(it.id)}
        aria-label={full}
        title={full}
        className="flex min-w-0 flex-1 items-start gap-1.5 px-1.5 py-1 text-left text-xs"
      >
        <span className="mt-0.5 shrink-0">
          <StateGroupIcon group={st?.group} color={st?.color} size={12} />
        </span>
        <span className="min-w-0 flex-1">
          {showKey && <span className="block text-[11px] text-fg-subtle">{key}</span>}
          <span data-item-title className={cx("block break-words", tall ? "line-clamp-4" : "line-clamp-2")}>
            {itemName(it.name)}
          </span>
        </span>
        <span className="mt-0.5 shrink-0">
          <PriorityIcon priority={it.priority} size={12} />
        </span>
      </button>
    </div>
  );
}
