import { useId, useMemo } from "react";
import { useDragSelector } from "../../../../components/dnd/index.ts";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import type { ItemLookup } from "../../../../api/work-items-list-data.ts";
import { useList } from "../../context.tsx";
import { itemKey, itemName } from "../../../../components/work-item/item.ts";
import { arrowPath, blockEdges, isConflict, type BarBox } from "../../lib/relations.ts";
import { GANTT_BLOCK_HEIGHT, GANTT_SIDEBAR_WIDTH, barGeometry } from "../../lib/gantt.ts";
import type { Dates } from "./types.ts";

/**
 * Dependency arrows: from the end of each blocking bar to the start of the bar it blocks, among the loaded
 * items (their relations come with the timeline's list page). An SVG under the rows (bars and the sticky
 * titles cover it), drawn with attributes only (no style attributes, for the CSP). A bar being dragged takes
 * its arrows along; a blocker due after the blocked item starts is drawn red.
 */
export function GanttArrows({
  ids,
  itemOf,
  rangeStart,
  dayWidth,
  width,
  height,
}: {
  ids: string[];
  /** The list's items by id (a new function when one of them changes). */
  itemOf: ItemLookup;
  rangeStart: string;
  dayWidth: number;
  width: number;
  height: number;
}) {
  const { projectOf } = useList();
  const items = useMemo(
    () => Object.fromEntries(ids.flatMap((id) => (itemOf(id) ? [[id, itemOf(id)!]] : []))) as Record<string, WorkItem>,
    [itemOf, ids],
  );
  const edges = useMemo(() => blockEdges(items, ids), [items, ids]);
  const row = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids]);
  const draft = useDragSelector<string | null, Dates>((s) =>
    s?.target ? `${s.src.id}|${s.target.start_date}|${s.target.target_date}` : null,
  );
  const marker = `gantt-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  if (!edges.length) return null;
  const [dragId, ds, dt] = draft ? draft.split("|") : [];
  const datesOf = (id: string) =>
    id === dragId
      ? { start_date: ds, target_date: dt }
      : { start_date: items[id].start_date, target_date: items[id].target_date };
  const box = (id: string): BarBox | null => {
    const g = barGeometry(datesOf(id), rangeStart, dayWidth);
    return g ? { left: GANTT_SIDEBAR_WIDTH + g.left, width: g.width, row: row.get(id) ?? 0 } : null;
  };
  const keyOf = (id: string) => itemKey(projectOf(items[id]).identifier, items[id].sequence_id);
  const name = (id: string) => `${keyOf(id)} ${itemName(items[id].name)}`;
  return (
    <svg
      aria-label="Dependencies"
      role="group"
      width={width}
      height={height}
      className="pointer-events-none absolute left-0 top-0 text-fg-faint"
      data-gantt-arrows
    >
      <ArrowMarkers id={marker} />
      {edges.map(({ from, to }) => {
        const a = box(from);
        const b = box(to);
        if (!a || !b) return null;
        const conflict = isConflict(datesOf(from), datesOf(to));
        return (
          <path
            key={`${from}>${to}`}
            d={arrowPath(a, b, GANTT_BLOCK_HEIGHT)}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            markerEnd={`url(#${marker}-${conflict ? "conflict" : "plain"})`}
            className={conflict ? "text-red-500" : undefined}
            data-relation={`${keyOf(from)}>${keyOf(to)}`}
            data-conflict={conflict || undefined}
          >
            <title>{`${name(from)} blocks ${name(to)}`}</title>
          </path>
        );
      })}
    </svg>
  );
}

/** The arrow heads: a marker's fill follows its own colour, not the path's, so one per colour. */
function ArrowMarkers({ id }: { id: string }) {
  return (
    <defs>
      {(["plain", "conflict"] as const).map((k) => (
        <marker
          key={k}
          id={`${id}-${k}`}
          viewBox="0 0 8 8"
          refX="7"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
          className={k === "conflict" ? "text-red-500" : undefined}
        >
          <path d="M0 0 8 4 0 8z" fill="currentColor" />
        </marker>
      ))}
    </defs>
  );
}
