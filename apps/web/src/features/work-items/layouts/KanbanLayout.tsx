import { useMemo, useRef, useState, type DragEvent } from "react";
import { cx, useToast } from "../../../components/ui/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useList } from "../context.tsx";
import { GroupIcon, groupRefs, useGroupTitle } from "../components/GroupIcon.tsx";
import { ItemMenu, ItemProperties, QuickAdd, itemKey, itemName } from "../components/ItemBits.tsx";
import { Icon } from "../components/icons.tsx";
import { cellPreset } from "../components/presets.ts";
import { visibleGroupKeys } from "../lib/groups.ts";
import { dragAllowed } from "../lib/params.ts";
import { dropPatch, indexFromPointer } from "../lib/drag.ts";
import type { GroupNode } from "../lib/list-data.ts";

interface DragState { id: string; fromKey: string; fromSub: string | null }
interface Target { key: string; sub: string | null; index: number }

/**
 * The kanban board: a column per group, optional sub-group swimlanes. Cards drag between columns (the
 * grouped property changes, for the allowed group types) and, with manual order, within a column.
 */
export function KanbanLayout() {
  const { data, display, refs, canEdit, updateItem, loadMore, loadingMore } = useList();
  const toast = useToast();
  const title = useGroupTitle(refs);
  const gr = useMemo(() => groupRefs(refs), [refs]);
  const drag = useRef<DragState | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [collapsedLanes, setCollapsedLanes] = useState<Set<string>>(new Set());
  if (!data?.groupBy) return null;
  const groupBy = data.groupBy;
  const subGroupBy = data.subGroupBy;
  const manual = (display.order_by ?? "") === "sort_order";
  const canDragGroups = dragAllowed(groupBy);
  const showEmpty = display.show_empty_groups !== false;
  const columns = visibleGroupKeys(groupBy, data.groupOrder, gr, showEmpty, (k) => data.groups[k]?.total ?? 0);
  const lanes = subGroupBy
    ? visibleGroupKeys(subGroupBy, data.subGroupOrder, gr, showEmpty, (sk) => Object.values(data.groups).reduce((n, g) => n + (g.sub?.[sk]?.total ?? 0), 0))
    : [null];

  const cellNode = (key: string, sub: string | null): GroupNode | undefined => (sub === null ? data.groups[key] : data.groups[key]?.sub?.[sub]);

  const onDragStart = (e: DragEvent, item: WorkItem, key: string, sub: string | null) => {
    drag.current = { id: item.id, fromKey: key, fromSub: sub };
    e.dataTransfer.effectAllowed = "move";
    e.dataTransfer.setData("text/plain", item.id);
  };
  const pointerIndex = (e: DragEvent) => {
    const cell = e.currentTarget as HTMLElement;
    const cards = [...cell.querySelectorAll<HTMLElement>("[data-card]")].filter((c) => c.dataset.id !== drag.current?.id);
    return indexFromPointer(e.clientY, cards.map((c) => { const r = c.getBoundingClientRect(); return r.top + r.height / 2; }));
  };
  const onDragOver = (e: DragEvent, key: string, sub: string | null) => {
    const d = drag.current;
    if (!d) return;
    const movesGroup = d.fromKey !== key || d.fromSub !== sub;
    if (movesGroup && (!canDragGroups || (d.fromSub !== sub && !dragAllowed(subGroupBy)))) return;
    if (!movesGroup && !manual) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
    const index = pointerIndex(e);
    if (!target || target.key !== key || target.sub !== sub || target.index !== index) setTarget({ key, sub, index });
  };
  const onDrop = (e: DragEvent, key: string, sub: string | null) => {
    e.preventDefault();
    const d = drag.current;
    drag.current = null;
    setTarget(null);
    if (!d) return;
    const item = data.items[d.id];
    if (!item) return;
    const node = cellNode(key, sub);
    const patch = dropPatch({
      item, groupBy, subGroupBy, fromKey: d.fromKey, toKey: key, fromSub: d.fromSub, toSub: sub,
      targetIds: node?.ids ?? [], index: pointerIndex(e), items: data.items, manual,
    });
    if (!patch) {
      if (d.fromKey !== key && !canDragGroups) toast.show("info", "Cannot move here", "Drag and drop is not available for this grouping.");
      return;
    }
    updateItem(item.id, patch);
  };

  return (
    <div className="min-h-0 flex-1 overflow-auto bg-zinc-50/60 dark:bg-zinc-950" data-testid="kanban-layout">
      <div className="inline-flex min-w-full flex-col">
        {/* column headers */}
        <div className="sticky top-0 z-10 flex gap-3 bg-zinc-50/95 px-4 pt-3 pb-2 backdrop-blur dark:bg-zinc-950/95">
          {subGroupBy && <div className="w-40 shrink-0" />}
          {columns.map((k) => (
            <div key={k} className="flex w-72 shrink-0 items-center gap-2 px-1 text-sm" data-column-header={k}>
              <GroupIcon groupBy={groupBy} groupKey={k} refs={refs} />
              <span className="truncate font-medium">{title(groupBy, k)}</span>
              <span className="text-xs text-zinc-500">{data.groups[k]?.total ?? 0}</span>
            </div>
          ))}
        </div>
        {lanes.map((sub) => (
          <div key={sub ?? "all"} className={cx("flex gap-3 px-4 pb-4", subGroupBy && "border-t border-zinc-200 pt-3 dark:border-zinc-800")} data-lane={sub ?? undefined}>
            {subGroupBy && sub !== null && (
              <div className="w-40 shrink-0">
                <button
                  type="button"
                  aria-expanded={!collapsedLanes.has(sub)}
                  onClick={() => setCollapsedLanes((c) => { const n = new Set(c); if (n.has(sub)) n.delete(sub); else n.add(sub); return n; })}
                  className="sticky top-14 flex w-full items-center gap-2 rounded px-1 py-1 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                >
                  <Icon name={collapsedLanes.has(sub) ? "chevron-right" : "chevron-down"} size={12} />
                  <GroupIcon groupBy={subGroupBy} groupKey={sub} refs={refs} />
                  <span className="truncate font-medium">{title(subGroupBy, sub)}</span>
                </button>
              </div>
            )}
            {columns.map((k) => {
              const node = cellNode(k, sub);
              const ids = node?.ids ?? [];
              const isTarget = target && target.key === k && target.sub === sub;
              const hidden = sub !== null && collapsedLanes.has(sub);
              const tag = `${k}|${sub ?? ""}`;
              return (
                <section
                  key={k}
                  aria-label={subGroupBy && sub !== null ? `${title(groupBy, k)} · ${title(subGroupBy, sub)}` : title(groupBy, k)}
                  data-column={k}
                  data-sub={sub ?? undefined}
                  onDragOver={(e) => onDragOver(e, k, sub)}
                  onDragLeave={(e) => { if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node)) setTarget((t) => (t && t.key === k && t.sub === sub ? null : t)); }}
                  onDrop={(e) => onDrop(e, k, sub)}
                  className={cx("flex w-72 shrink-0 flex-col gap-2 rounded-lg p-1 transition-colors", isTarget && "bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950/40 dark:ring-indigo-800", hidden && "hidden")}
                >
                  {ids.map((id, i) => {
                    const it = data.items[id];
                    if (!it) return null;
                    return (
                      <div key={id}>
                        {isTarget && target.index === i && <div className="mb-2 h-0.5 rounded bg-indigo-500" />}
                        <Card item={it} hide={groupBy === "state_id" || subGroupBy === "state_id" ? ["state"] : groupBy === "priority" ? ["priority"] : []} draggable={canEdit(it) && (canDragGroups || manual)} onDragStart={(e) => onDragStart(e, it, k, sub)} onDragEnd={() => { drag.current = null; setTarget(null); }} />
                      </div>
                    );
                  })}
                  {isTarget && target.index >= ids.filter((x) => x !== drag.current?.id).length && <div className="h-0.5 rounded bg-indigo-500" />}
                  {node && ids.length < node.total && (
                    <button type="button" disabled={loadingMore.has(tag)} onClick={() => void loadMore(k, sub)} className="rounded px-2 py-1 text-left text-xs text-indigo-600 hover:bg-indigo-50 disabled:opacity-50 dark:hover:bg-indigo-950">
                      {loadingMore.has(tag) ? "Loading…" : `Load more (${node.total - ids.length})`}
                    </button>
                  )}
                  <QuickAdd preset={cellPreset(groupBy, k, subGroupBy, sub, refs)} compact className="rounded-md" />
                </section>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

export function Card({ item, draggable, onDragStart, onDragEnd, hide = [] }: { item: WorkItem; draggable: boolean; onDragStart: (e: DragEvent) => void; onDragEnd: () => void; hide?: string[] }) {
  const { project, openPeek, peekId, prefs } = useList();
  const key = itemKey(project.identifier, item.sequence_id);
  const [dragging, setDragging] = useState(false);
  return (
    <article
      data-card
      data-id={item.id}
      data-item={key}
      aria-label={`${key} ${itemName(item.name)}`}
      draggable={draggable}
      onDragStart={(e) => { setDragging(true); onDragStart(e); }}
      onDragEnd={() => { setDragging(false); onDragEnd(); }}
      onClick={() => openPeek(item.id)}
      className={cx(
        "group cursor-pointer rounded-lg border bg-white p-3 text-sm shadow-sm transition hover:border-zinc-300 hover:shadow dark:bg-zinc-900 dark:hover:border-zinc-600",
        peekId === item.id ? "border-indigo-400" : "border-zinc-200 dark:border-zinc-800",
        dragging && "opacity-40",
        draggable && "active:cursor-grabbing",
      )}
    >
      <div className="mb-1 flex items-center justify-between gap-2">
        {prefs.display_properties.key !== false ? <span className="text-xs font-medium text-zinc-500">{key}</span> : <span />}
        <span className="opacity-0 group-hover:opacity-100 focus-within:opacity-100"><ItemMenu item={item} /></span>
      </div>
      <button type="button" onClick={(e) => { e.stopPropagation(); openPeek(item.id); }} className="mb-2 block w-full text-left font-medium leading-snug text-zinc-900 hover:underline dark:text-zinc-100">
        {itemName(item.name)}
      </button>
      <ItemProperties item={item} hide={["created_on", "updated_on", ...hide]} />
    </article>
  );
}
