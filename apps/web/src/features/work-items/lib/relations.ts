/**
 * The timeline's dependency arrows: which loaded items block which (from the relations `P/issues-detail/`
 * lists on each item), and the path an arrow takes from the end of the blocking bar to the start of the
 * blocked one.
 */

/** A relation entry of a list item (`issue_relation`: rows where the item is `issue`; `issue_related`: where it is `related_issue`). */
interface RelationEntry {
  id: string;
  relation_type: string;
}
interface WithRelations {
  id: string;
  issue_relation?: RelationEntry[] | null;
  issue_related?: RelationEntry[] | null;
  [k: string]: unknown;
}

/** `from` blocks `to` (so `to` is blocked by `from`). */
export interface BlockEdge {
  from: string;
  to: string;
}

/**
 * The blocking relations among `ids`, once each. Relations are stored normalized (`a blocking b` is kept as
 * `b blocked_by a`), so an item's `issue_relation` entry of type blocked_by names its blocker and its
 * `issue_related` entry of that type names an item it blocks; `blocking` entries are read the other way round.
 * Relations with items not in the list (other projects, not loaded yet) draw nothing.
 */
export function blockEdges(items: Record<string, unknown>, ids: readonly string[]): BlockEdge[] {
  const shown = new Set(ids);
  const seen = new Set<string>();
  const out: BlockEdge[] = [];
  const add = (from: string, to: string) => {
    const key = `${from}>${to}`;
    if (from === to || !shown.has(from) || !shown.has(to) || seen.has(key)) return;
    seen.add(key);
    out.push({ from, to });
  };
  for (const id of ids) {
    const it = items[id] as WithRelations | undefined;
    if (!it) continue;
    for (const r of it.issue_relation ?? []) {
      if (r.relation_type === "blocked_by") add(r.id, id);
      else if (r.relation_type === "blocking") add(id, r.id);
    }
    for (const r of it.issue_related ?? []) {
      if (r.relation_type === "blocked_by") add(id, r.id);
      else if (r.relation_type === "blocking") add(r.id, id);
    }
  }
  return out;
}

/** A bar on the chart: its left edge and width in px, and its row. */
export interface BarBox {
  left: number;
  width: number;
  row: number;
}

/** How far an arrow runs out of a bar before it turns, px. */
export const ARROW_GAP = 12;

/**
 * The arrow from the end of `from` to the start of `to` (rows `rowHeight` tall, bars centred in them), as an
 * SVG path of straight runs. When the blocked bar starts far enough right, the arrow turns down (or up) once;
 * otherwise it leaves the blocker, runs back along the gap between the two rows and enters the blocked bar
 * from its left.
 */
export function arrowPath(from: BarBox, to: BarBox, rowHeight: number, gap = ARROW_GAP): string {
  const sx = from.left + from.width;
  const sy = from.row * rowHeight + rowHeight / 2;
  const tx = to.left;
  const ty = to.row * rowHeight + rowHeight / 2;
  const out = sx + gap;
  if (tx - sx >= 2 * gap) return `M ${sx} ${sy} H ${out} V ${ty} H ${tx}`;
  // the boundary between the two rows on the blocked bar's side
  const between = to.row > from.row ? to.row * rowHeight : (to.row + 1) * rowHeight;
  return `M ${sx} ${sy} H ${out} V ${between} H ${tx - gap} V ${ty} H ${tx}`;
}

/** A blocker due after the blocked item starts: the plan cannot hold (the arrow is drawn as a warning). */
export function isConflict(
  blocker: { target_date: string | null; start_date: string | null },
  blocked: { start_date: string | null; target_date: string | null },
): boolean {
  const end = blocker.target_date ?? blocker.start_date;
  const start = blocked.start_date ?? blocked.target_date;
  return !!end && !!start && end > start;
}
