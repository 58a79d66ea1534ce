// The order of a work-item list evaluated over the items a client holds (local-list.ts): the server's list engine's
// ORDER BY, and a list's rows sorted once for every list of that order (the web's local database keeps them).
import { PRIORITY_RANK, STATE_GROUP_RANK, type OrderBy } from "./order.ts";
import type { LocalItem, LocalRefs, LocalRow } from "./local-row.ts";

/* ------------------------------------------------------------------ order */

type SortValue = number | string | null;

function minName(ids: string[], names: Map<string, string | null>): string | null {
  let best: string | null = null;
  for (const id of ids) {
    const n = names.get(id);
    if (n === undefined || n === null) continue;
    if (best === null || n < best) best = n;
  }
  return best;
}

function sortValueOf(order: OrderBy, refs: LocalRefIndex): (row: LocalRow) => SortValue {
  switch (order.field) {
    case "sort_order":
      return (r) => Number(r.item.sort_order);
    case "created_at":
      return (r) => r.createdUs;
    case "updated_at":
      return (r) => r.updatedUs;
    case "start_date":
      return (r) => r.item.start_date;
    case "target_date":
      return (r) => r.item.target_date;
    case "sequence_id":
      return (r) => r.item.sequence_id;
    case "name":
      return (r) => r.item.name.toLowerCase();
    case "priority":
      return (r) => PRIORITY_RANK[r.item.priority] ?? 0;
    case "state__name":
      return (r) => (r.item.state_id ? (refs.stateName.get(r.item.state_id) ?? null) : null);
    case "state__group":
      return (r) => {
        const g = r.item.state_id ? refs.stateGroup.get(r.item.state_id) : undefined;
        return g === undefined ? null : (STATE_GROUP_RANK[g] ?? null);
      };
    case "issue_cycle__cycle__name":
      return (r) => (r.item.cycle_id ? (refs.cycleName.get(r.item.cycle_id) ?? null) : null);
    case "estimate_point__key":
      return (r) => (r.item.estimate_point ? (refs.estimateKey.get(r.item.estimate_point) ?? null) : null);
    case "assignees__first_name":
      return (r) => minName(r.item.assignee_ids ?? [], refs.memberFirstName);
    case "labels__name":
      return (r) => minName(r.item.label_ids ?? [], refs.labelName);
    case "issue_module__module__name":
      return (r) => minName(r.item.module_ids ?? [], refs.moduleName);
    case "link_count":
      return (r) => r.item.link_count ?? 0;
    case "attachment_count":
      return (r) => r.item.attachment_count ?? 0;
    case "sub_issues_count":
      return (r) => r.item.sub_issues_count ?? 0;
    // custom properties and types: not held locally (localListSupported sends such lists to the server)
    default:
      return () => null;
  }
}

/**
 * The engine's ORDER BY: the value in the asked direction with nulls last, then `created_at DESC`, then `id DESC`.
 * Text compares by code unit (PostgreSQL's "C" collation).
 */
export function comparator(order: OrderBy, refs: LocalRefIndex): (a: LocalRow, b: LocalRow) => number {
  const value = sortValueOf(order, refs);
  const dir = order.desc ? -1 : 1;
  const cache = new Map<LocalRow, SortValue>();
  const v = (r: LocalRow) => {
    let x = cache.get(r);
    if (x === undefined) cache.set(r, (x = value(r)));
    return x;
  };
  return (a, b) => {
    const x = v(a);
    const y = v(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (x < y) return -dir;
      if (x > y) return dir;
    }
    if (order.field !== "created_at" && a.createdUs !== b.createdUs) return a.createdUs < b.createdUs ? 1 : -1;
    return a.item.id < b.item.id ? 1 : a.item.id > b.item.id ? -1 : 0;
  };
}

export interface LocalRefIndex {
  stateGroup: Map<string, string>;
  stateName: Map<string, string>;
  labelName: Map<string, string | null>;
  memberFirstName: Map<string, string | null>;
  moduleName: Map<string, string | null>;
  cycleName: Map<string, string>;
  estimateKey: Map<string, number>;
}

export function indexRefs(refs: LocalRefs): LocalRefIndex {
  return {
    stateGroup: new Map(refs.states.map((s) => [s.id, s.group])),
    stateName: new Map(refs.states.map((s) => [s.id, s.name])),
    labelName: new Map(refs.labels.map((l) => [l.id, l.name])),
    memberFirstName: new Map(refs.members.map((m) => [m.id, m.first_name])),
    moduleName: new Map(refs.modules.map((m) => [m.id, m.name])),
    cycleName: new Map(refs.cycles.map((c) => [c.id, c.name])),
    estimateKey: new Map(refs.estimatePoints.map((p) => [p.id, p.key])),
  };
}

/**
 * Rows in a list's order (`comparator`: a total order, ties broken by creation then id), so that any list of that
 * order over a subset of them — filtered, grouped, paged — keeps their order without sorting again
 * (`evaluateLocalList`'s `sorted`).
 */
export function sortLocalRows<T extends LocalItem>(
  rows: LocalRow<T>[],
  refs: LocalRefs,
  order: OrderBy,
): LocalRow<T>[] {
  return [...rows].sort(comparator(order, indexRefs(refs)));
}
