import { useRef, useState, type DragEvent } from "react";
import { STATE_GROUPS } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import { useList } from "../context.tsx";
import { QuickAdd } from "../components/ItemBits.tsx";
import { Icon, STATE_GROUP_COLOR, StateGroupIcon } from "../components/icons.tsx";
import { Card } from "./KanbanLayout.tsx";

const GROUP_LABEL: Record<string, string> = { backlog: "Backlog", unstarted: "Unstarted", started: "Started", completed: "Completed", cancelled: "Cancelled" };

/**
 * Flow: the project's workflow left to right — one column per state group (backlog → cancelled) holding
 * its states, each with its work items and count. Dropping a card on a state moves the item there.
 */
export function FlowLayout() {
  const { data, refs, canEdit, updateItem, loadMore, loadingMore } = useList();
  const drag = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  if (!data?.groupBy) return null;
  const onDrop = (e: DragEvent, stateId: string) => {
    e.preventDefault();
    setOver(null);
    const id = drag.current ?? e.dataTransfer.getData("text/plain");
    drag.current = null;
    const it = data.items[id];
    if (it && it.state_id !== stateId) updateItem(id, { state_id: stateId });
  };
  return (
    <div className="min-h-0 flex-1 overflow-auto bg-zinc-50/60 p-4 dark:bg-zinc-950" data-testid="flow-layout">
      <div className="flex items-start gap-2">
        {STATE_GROUPS.map((g, gi) => {
          const states = refs.states.filter((s) => s.group === g);
          const total = states.reduce((n, s) => n + (data.groups[s.id]?.total ?? 0), 0);
          return (
            <div key={g} className="flex items-start gap-2">
              <section aria-label={`${GROUP_LABEL[g]} stage`} className="w-72 shrink-0 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
                <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800" style={{ borderTop: `3px solid ${STATE_GROUP_COLOR[g]}`, borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
                  <StateGroupIcon group={g} color={STATE_GROUP_COLOR[g]} />
                  <h3 className="text-sm font-semibold">{GROUP_LABEL[g]}</h3>
                  <span className="ml-auto rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{total}</span>
                </header>
                <div className="space-y-3 p-2">
                  {states.map((s) => {
                    const node = data.groups[s.id];
                    const ids = node?.ids ?? [];
                    return (
                      <div
                        key={s.id}
                        data-column={s.id}
                        aria-label={s.name}
                        role="group"
                        onDragOver={(e) => { if (!drag.current) return; e.preventDefault(); if (over !== s.id) setOver(s.id); }}
                        onDragLeave={(e) => { if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node)) setOver((o) => (o === s.id ? null : o)); }}
                        onDrop={(e) => onDrop(e, s.id)}
                        className={cx("rounded-lg p-1", over === s.id && "bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950/40")}
                      >
                        <div className="mb-1 flex items-center gap-1.5 px-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">
                          <StateGroupIcon group={s.group} color={s.color} size={12} />
                          {s.name}
                          <span className="text-zinc-400">{node?.total ?? 0}</span>
                        </div>
                        <div className="space-y-2">
                          {ids.map((id) => {
                            const it = data.items[id];
                            return it ? <Card key={id} item={it} hide={["state"]} draggable={canEdit(it)} onDragStart={(e) => { drag.current = id; e.dataTransfer.setData("text/plain", id); e.dataTransfer.effectAllowed = "move"; }} onDragEnd={() => { drag.current = null; setOver(null); }} /> : null;
                          })}
                        </div>
                        {node && ids.length < node.total && (
                          <button type="button" disabled={loadingMore.has(`${s.id}|`)} onClick={() => void loadMore(s.id)} className="mt-1 px-1 text-xs text-indigo-600 hover:underline disabled:opacity-50">Load more ({node.total - ids.length})</button>
                        )}
                        <QuickAdd preset={{ state_id: s.id }} compact className="mt-1 rounded-md px-2 py-1 text-xs" label={`Add to ${s.name}`} />
                      </div>
                    );
                  })}
                </div>
              </section>
              {gi < STATE_GROUPS.length - 1 && <span aria-hidden className="mt-4 text-zinc-300 dark:text-zinc-700"><Icon name="arrow-right" size={18} /></span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
