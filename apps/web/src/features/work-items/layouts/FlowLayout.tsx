import { useState } from "react";
import { STATE_GROUPS } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import { DragScope, useDropZone, useSlotTarget } from "../../../components/dnd/index.ts";
import type { State } from "../../../api/types.ts";
import { useList } from "../context.tsx";
import { cellId, parseCell } from "../lib/drag.ts";
import { useItemDrag } from "../lib/use-item-drag.ts";
import { QuickAdd } from "../components/ItemBits.tsx";
import { Icon, STATE_GROUP_COLOR, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { Card } from "./KanbanLayout.tsx";

const GROUP_LABEL: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * Flow: the project's workflow left to right — one column per state group (backlog → cancelled) holding
 * its states, each with its work items and count. Dropping a card on a state (pointer or keyboard: the
 * arrow keys walk the states) moves the item there.
 */
export function FlowLayout() {
  const { data, refs } = useList();
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const stages = STATE_GROUPS.map((g) => refs.states.filter((s) => s.group === g));
  const drag = useItemDrag({
    columns: stages.map((states) => states.map((s) => cellId(s.id, null))),
    items: (cell) => data?.groups[parseCell(cell).key]?.ids ?? [],
    name: (cell) => refs.stateById.get(parseCell(cell).key)?.name ?? "State",
    groupBy: "state_id",
    subGroupBy: null,
    manual: false,
    scrollEl,
  });
  if (!data?.groupBy) return null;
  return (
    <DragScope controller={drag}>
      <div
        ref={setScrollEl}
        className="min-h-0 flex-1 overflow-auto bg-surface-sunken/60 p-4"
        data-testid="flow-layout"
      >
        <div className="flex items-start gap-2">
          {STATE_GROUPS.map((g, gi) => {
            const states = stages[gi];
            const total = states.reduce((n, s) => n + (data.groups[s.id]?.total ?? 0), 0);
            return (
              <div key={g} className="flex items-start gap-2">
                <section
                  aria-label={`${GROUP_LABEL[g]} stage`}
                  className="w-72 shrink-0 rounded-xl border border-line bg-surface"
                >
                  <header
                    className="flex items-center gap-2 border-b border-line px-3 py-2"
                    style={{
                      borderTop: `3px solid ${STATE_GROUP_COLOR[g]}`,
                      borderTopLeftRadius: 12,
                      borderTopRightRadius: 12,
                    }}
                  >
                    <StateGroupIcon group={g} color={STATE_GROUP_COLOR[g]} />
                    <h3 className="text-sm font-semibold">{GROUP_LABEL[g]}</h3>
                    <span className="ml-auto rounded bg-fill px-1.5 text-xs text-fg-muted">{total}</span>
                  </header>
                  <div className="space-y-3 p-2">
                    {states.map((s) => (
                      <FlowState key={s.id} state={s} />
                    ))}
                  </div>
                </section>
                {gi < STATE_GROUPS.length - 1 && (
                  <span aria-hidden className="mt-4 text-fg-disabled">
                    <Icon name="arrow-right" size={18} />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </DragScope>
  );
}

/** One state of a stage: a drop zone with its cards. */
function FlowState({ state: s }: { state: State }) {
  const { data, itemOf, loadMore, loadingMore } = useList();
  const cell = cellId(s.id, null);
  const zone = useDropZone<HTMLDivElement>({ container: cell, at: "end" });
  const over = useSlotTarget(cell);
  const node = data?.groups[s.id];
  const ids = node?.ids ?? [];
  return (
    <div
      ref={zone}
      data-column={s.id}
      aria-label={s.name}
      role="group"
      className={cx("rounded-lg p-1", over && "bg-accent-soft ring-1 ring-indigo-300")}
    >
      <div className="mb-1 flex items-center gap-1.5 px-1 text-xs font-medium text-fg-muted">
        <StateGroupIcon group={s.group} color={s.color} size={12} />
        {s.name}
        <span className="text-fg-faint">{node?.total ?? 0}</span>
      </div>
      <div className="space-y-2">
        {ids.map((id) => {
          const it = itemOf(id);
          return it ? <Card key={id} item={it} cell={cell} hide={["state"]} /> : null;
        })}
      </div>
      {node && ids.length < node.total && (
        <button
          type="button"
          disabled={loadingMore.has(cell)}
          onClick={() => void loadMore(s.id)}
          className="mt-1 px-1 text-xs text-indigo-600 hover:underline disabled:opacity-50"
        >
          Load more ({node.total - ids.length})
        </button>
      )}
      <QuickAdd
        preset={{ state_id: s.id }}
        compact
        className="mt-1 rounded-md px-2 py-1 text-xs"
        label={`Add to ${s.name}`}
      />
    </div>
  );
}
