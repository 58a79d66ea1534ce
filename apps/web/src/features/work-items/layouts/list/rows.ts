import { hierarchyRows, type ItemLookup, type ListData } from "../../../../api/work-items-list-data.ts";
import { visibleGroupKeys, type GroupRefs } from "../../lib/groups.ts";
import { cellId } from "../../lib/drag.ts";

/** The one cell of an ungrouped list. */
export const FLAT = cellId("__all", null);

export type Row =
  | { type: "group"; key: string; total: number }
  | { type: "item"; id: string; depth: number; group: string | null }
  | { type: "more"; group: string | null; remaining: number }
  | { type: "add"; group: string | null };

/** Each kind of row's height (px). */
export const SIZE: Record<Row["type"], number> = { group: 40, item: 44, more: 36, add: 40 };

/** A virtual row's place in the list. */
export const rowStyle = (top: number, height: number) => ({
  position: "absolute" as const,
  top: 0,
  left: 0,
  width: "100%",
  height,
  transform: `translateY(${top}px)`,
});

/** The drop cell of a row's group (an ungrouped list: its one cell). */
export const cellOf = (group: string | null) => (group ? cellId(group, null) : FLAT);

/**
 * The list's rows in order: flat, its items then "load more" and quick add; grouped, each shown group's header, then
 * (unless collapsed) its items, "load more" and quick add. Items nest under their parents with `show_hierarchy`.
 */
export function listRows(
  data: ListData,
  itemOf: ItemLookup,
  hierarchy: boolean,
  showEmpty: boolean,
  gr: GroupRefs,
  collapsed: Set<string>,
  quickAdd: boolean,
): Row[] {
  const out: Row[] = [];
  const itemsOf = (ids: string[], group: string | null) => {
    const list = hierarchy ? hierarchyRows(ids, itemOf) : ids.map((id) => ({ id, depth: 0 }));
    for (const r of list) out.push({ type: "item", id: r.id, depth: r.depth, group });
  };
  if (!data.groupBy) {
    itemsOf(data.ids, null);
    if (data.hasMore) out.push({ type: "more", group: null, remaining: Math.max(0, data.total - data.ids.length) });
    if (quickAdd) out.push({ type: "add", group: null });
    return out;
  }
  const keys = visibleGroupKeys(data.groupBy, data.groupOrder, gr, showEmpty, (k) => data.groups[k]?.total ?? 0);
  for (const k of keys) {
    const g = data.groups[k];
    out.push({ type: "group", key: k, total: g?.total ?? 0 });
    if (collapsed.has(k)) continue;
    itemsOf(g?.ids ?? [], k);
    if (g && g.ids.length < g.total) out.push({ type: "more", group: k, remaining: g.total - g.ids.length });
    if (quickAdd) out.push({ type: "add", group: k });
  }
  return out;
}
