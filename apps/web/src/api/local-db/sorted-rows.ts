/**
 * The local database's rows kept sorted per list order (issue #28's switch target): the rows of a project (or of
 * several: key `pid,pid…`) sorted per order (key: the order's JSON), so a switch of layout, filter or grouping filters,
 * groups and pages rows already in order; an entry is dropped by any write to its projects' rows or refs (`unsort`).
 * The orders lists asked for lately are remembered per key and sorted again by `Store.warm`, a project's kept in the
 * option `project:<id>:orders`, so the next page's worker sorts them before the person's first switch.
 */
import { sortLocalRows, type LocalRefs, type LocalRow, type OrderBy } from "@stride/shared";

/** The option keeping a project's list orders asked lately. */
const ordersKey = (pid: string) => `project:${pid}:orders`;
/** Orders held per key (an array of every row each), and orders remembered per key. */
const HELD = 8;
const REMEMBERED = 4;

export class SortedRows {
  private sortedOf = new Map<string, Map<string, LocalRow[]>>();
  private asked = new Map<string, Map<string, OrderBy>>();

  constructor(
    private rows: (pid: string) => LocalRow[],
    private option: (key: string) => string | null,
    private setOption: (key: string, value: string) => void,
  ) {}

  clear() {
    this.sortedOf.clear();
    this.asked.clear();
  }

  /** Forget the sorted rows of every key that holds this project (its rows or refs changed). */
  unsort(pid: string) {
    for (const key of [...this.sortedOf.keys()]) if (key.split(",").includes(pid)) this.sortedOf.delete(key);
  }

  /** The items of these projects in a list's order (`refs`: theirs, merged when several), sorted once per order. */
  get(pids: string[], refs: LocalRefs, order: OrderBy): LocalRow[] {
    const key = pids.join(",");
    const how = JSON.stringify(order);
    let byOrder = this.sortedOf.get(key);
    if (!byOrder) this.sortedOf.set(key, (byOrder = new Map()));
    let sorted = byOrder.get(how);
    if (!sorted) {
      const all = pids.length === 1 ? this.rows(pids[0]!) : pids.flatMap((pid) => this.rows(pid));
      if (byOrder.size >= HELD) byOrder.delete(byOrder.keys().next().value as string);
      byOrder.set(how, (sorted = sortLocalRows(all, refs, order)));
    }
    // the orders asked most recently (`warm` sorts them again after a write)
    const asked = this.askedMap(key);
    const known = asked.has(how);
    asked.delete(how);
    asked.set(how, order);
    if (asked.size > REMEMBERED) asked.delete(asked.keys().next().value as string);
    // a project's new one kept once the answer is on its way (a write is not the answer's to wait for)
    if (!known && pids.length === 1)
      setTimeout(() => {
        try {
          this.setOption(ordersKey(key), JSON.stringify([...asked.values()]));
        } catch {
          // closed meanwhile (wiped): nothing to keep
        }
      }, 0);
    return sorted;
  }

  /** The orders asked lately for a project (as the last page's worker kept them). */
  askedOrders(pid: string): OrderBy[] {
    return [...this.askedMap(pid).values()];
  }

  private askedMap(key: string): Map<string, OrderBy> {
    let asked = this.asked.get(key);
    if (!asked) {
      asked = new Map();
      let kept: OrderBy[] = [];
      try {
        kept = key.includes(",") ? [] : (JSON.parse(this.option(ordersKey(key)) ?? "[]") as OrderBy[]);
      } catch {
        // unreadable: none
      }
      for (const o of kept) asked.set(JSON.stringify(o), o);
      this.asked.set(key, asked);
    }
    return asked;
  }
}
