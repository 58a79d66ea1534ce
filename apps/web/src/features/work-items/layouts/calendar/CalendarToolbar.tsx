import { cx } from "../../../../components/ui/index.ts";
import { Icon } from "../../../../components/work-item/icons.tsx";
import { useList } from "../../context.tsx";
import { MAX_PAGES, type CalendarMode } from "./days.ts";

/** The calendar's title, previous / today / next, a note when the period has more items than shown, month or week. */
export function CalendarToolbar({
  title,
  mode,
  onMove,
  onToday,
  onMode,
}: {
  title: string;
  mode: CalendarMode;
  onMove: (dir: -1 | 1) => void;
  onToday: () => void;
  onMode: (m: CalendarMode) => void;
}) {
  const { data } = useList();
  return (
    <div className="flex items-center gap-2 border-b border-line px-4 py-2">
      <h2 className="text-sm font-semibold" aria-live="polite">
        {title}
      </h2>
      <div className="ml-2 flex items-center gap-1">
        <button
          type="button"
          aria-label={mode === "month" ? "Previous month" : "Previous week"}
          onClick={() => onMove(-1)}
          className="rounded p-1 hover:bg-fill"
        >
          <Icon name="arrow-left" size={14} />
        </button>
        <button type="button" onClick={onToday} className="rounded px-2 py-0.5 text-xs hover:bg-fill">
          Today
        </button>
        <button
          type="button"
          aria-label={mode === "month" ? "Next month" : "Next week"}
          onClick={() => onMove(1)}
          className="rounded p-1 hover:bg-fill"
        >
          <Icon name="arrow-right" size={14} />
        </button>
      </div>
      <div className="ml-auto flex items-center gap-3">
        {data && data.hasMore && data.nextPage >= MAX_PAGES && (
          <span className="text-xs text-amber-600">Showing the first {data.ids.length} work items of this period.</span>
        )}
        <div
          role="group"
          aria-label="Calendar view"
          className="flex rounded-md border border-line-raised p-0.5 text-xs"
        >
          {(["month", "week"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => {
                if (mode !== m) onMode(m);
              }}
              className={cx(
                "rounded px-2 py-0.5",
                mode === m ? "bg-fill-strong font-medium" : "text-fg-subtle hover:text-fg-secondary",
              )}
            >
              {m === "month" ? "Month" : "Week"}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
