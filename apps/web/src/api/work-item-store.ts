/**
 * The web's one copy of each work item (issue #28 point 7): items normalised by id, beside TanStack Query. Every list
 * page, detail answer, local-database answer and realtime-driven refetch writes its items here; the cached lists
 * (`ListData`, work-items-list-data.ts) keep only their structure (ids per group, totals, pages) and every list,
 * board and detail reads the item by id from here. An edit writes one record (and moves ids only in the lists whose
 * groups or order it changes); its rollback restores that record.
 *
 * One store per QueryClient (`itemStore(qc)`): it watches the client's query cache, takes the items of a list page
 * as the page enters the cache (a cancelled answer never does, so it cannot undo an optimistic edit made meanwhile)
 * and the row fields of a detail as its fetch lands, and forgets the items no cached list or detail holds any more.
 */
import { useCallback, useRef, useSyncExternalStore } from "react";
import { useQueryClient, type QueryCacheNotifyEvent, type QueryClient } from "@tanstack/react-query";
import { MULTI_VALUED_GROUP_BY } from "@stride/shared";
import type { WorkItem, WorkItemDetail } from "./work-items-types.ts";
import { allIds, holds, isListData, type ItemLookup, type ListData } from "./work-items-list-data.ts";

type Listener = () => void;
/** Told which ids changed (written, restored or forgotten). */
export type ChangeListener = (ids: readonly string[]) => void;

/** The fields of a detail answer that only the detail shows: kept on the detail query, never in the store. */
const DETAIL_ONLY = [
  "issue_reactions",
  "issue_attachments",
  "issue_link",
  "tasks",
  "is_subscribed",
  "is_intake",
  "parent",
  "assignees",
  "labels",
  "state",
] as const;

/** A detail answer's row fields, as the store keeps them. */
export function rowOf(detail: WorkItemDetail | WorkItem): WorkItem {
  const out: Record<string, unknown> = { ...detail };
  for (const k of DETAIL_ONLY) delete out[k];
  return out as WorkItem;
}

/** Without the key a grouped list page adds to its rows (the group's value of a multi-valued grouping). */
/** A detail as shown: its own fields, with the row fields of the item's one record over them. */
export function detailWithRecord<D extends object>(detail: D, record: WorkItem | undefined): D {
  return record ? ({ ...detail, ...record } as D) : detail;
}

function stripGroupKeys(it: WorkItem): WorkItem {
  if (!MULTI_VALUED_GROUP_BY.some((k) => k in it)) return it;
  const out: Record<string, unknown> = { ...it };
  for (const k of MULTI_VALUED_GROUP_BY) delete out[k];
  return out as WorkItem;
}

/** JSON-equal (the wire's values: strings, numbers, arrays, plain objects). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** What a rollback puts back: each record as it was (undefined: it was not held). */
export type RecordSnapshot = Map<string, WorkItem | undefined>;

export class ItemStore {
  private records = new Map<string, WorkItem>();
  private listeners = new Map<string, Set<Listener>>();
  private changeListeners = new Set<ChangeListener>();
  /** Bumped at every change: a reader that subscribes late compares it with the one it read at. */
  version = 0;

  get size(): number {
    return this.records.size;
  }

  get(id: string): WorkItem | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /**
   * Items the server (or the local database) answered: each merged over the one held, unless the held one is newer
   * (`updated_at`: an answer read before a later change does not undo it). An item equal to the held one keeps the
   * held object, so what shows it does not render again.
   */
  put(items: readonly WorkItem[]): void {
    const changed: string[] = [];
    for (const raw of items) {
      const next = stripGroupKeys(raw);
      const prev = this.records.get(next.id);
      if (prev && prev.updated_at && next.updated_at && prev.updated_at > next.updated_at) continue;
      const merged = prev ? { ...prev, ...next } : next;
      if (prev && same(prev, merged)) continue;
      this.records.set(next.id, merged);
      changed.push(next.id);
    }
    this.changed(changed);
  }

  /** A change made here (an optimistic edit, a settled action): the record's fields change. Returns the record before. */
  patch(id: string, fields: Partial<WorkItem>): WorkItem | undefined {
    const prev = this.records.get(id);
    if (!prev) return undefined;
    const next = { ...prev, ...fields };
    if (same(prev, next)) return prev;
    this.records.set(id, next);
    this.changed([id]);
    return prev;
  }

  /** The records of some ids as they are now, for `restore`. */
  snapshot(ids: readonly string[]): RecordSnapshot {
    return new Map(ids.map((id) => [id, this.records.get(id)]));
  }

  /** Put records back as a snapshot had them (a refused edit's rollback). */
  restore(snap: RecordSnapshot): void {
    const changed: string[] = [];
    for (const [id, rec] of snap) {
      if (this.records.get(id) === rec) continue;
      if (rec) this.records.set(id, rec);
      else this.records.delete(id);
      changed.push(id);
    }
    this.changed(changed);
  }

  /** Forget every record but those kept (held by a cached list or detail) or read by a mounted component. */
  sweep(keep: ReadonlySet<string>): void {
    const gone: string[] = [];
    for (const id of this.records.keys())
      if (!keep.has(id) && !this.listeners.get(id)?.size) {
        this.records.delete(id);
        gone.push(id);
      }
    this.changed(gone);
  }

  /** The record once the store holds it (a list on its way brings it), or undefined after `ms`. */
  whenHeld(id: string, ms: number): Promise<WorkItem | undefined> {
    const now = this.records.get(id);
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve(this.records.get(id));
      };
      const stop = this.subscribe(id, () => {
        if (this.records.has(id)) done();
      });
      const timer = setTimeout(done, ms);
    });
  }

  /** Told when one record changes (useSyncExternalStore). */
  subscribe(id: string, fn: Listener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(id);
    };
  }

  /** Told of every change, with the ids that changed. */
  subscribeChanges(fn: ChangeListener): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  private changed(ids: string[]): void {
    if (!ids.length) return;
    this.version++;
    for (const id of ids) for (const fn of this.listeners.get(id) ?? []) fn();
    for (const fn of this.changeListeners) fn(ids);
  }
}

const stores = new WeakMap<QueryClient, ItemStore>();

const isDetailKey = (key: readonly unknown[]) => key[0] === "wi" && key[3] === "detail" && typeof key[4] === "string";

/** The client's item store, watching its query cache from the first call. */
export function itemStore(qc: QueryClient): ItemStore {
  let store = stores.get(qc);
  if (store) return store;
  const s = new ItemStore();
  store = s;
  stores.set(qc, s);
  const cache = qc.getQueryCache();
  let sweeping = false;
  const sweepSoon = () => {
    if (sweeping) return;
    sweeping = true;
    setTimeout(() => {
      sweeping = false;
      const keep = new Set<string>();
      for (const q of cache.getAll()) {
        if (q.state.data === undefined) continue;
        if (isListData(q.state.data)) for (const id of allIds(q.state.data)) keep.add(id);
        if (isDetailKey(q.queryKey)) keep.add(q.queryKey[4] as string);
      }
      s.sweep(keep);
    }, 0);
  };
  cache.subscribe((e: QueryCacheNotifyEvent) => {
    if (e.type === "removed") return sweepSoon();
    if (e.type !== "updated" || e.action.type !== "success") return;
    const data = e.query.state.data as object | undefined;
    if (isListData(data) && data.incoming) {
      const items = data.incoming;
      delete data.incoming;
      s.put(items);
    } else if (isDetailKey(e.query.queryKey) && !e.action.manual && data && "id" in data) {
      // a detail's fetch: its row fields (a detail written by hand — reactions, tasks — changes only its own fields)
      s.put([rowOf(data as WorkItemDetail)]);
    }
  });
  return s;
}

// ------------------------------------------------------------------ React

/** The app's item store (its QueryClient's). */
export function useItemStore(): ItemStore {
  return itemStore(useQueryClient());
}

const NO_SUBSCRIPTION = () => () => {};

/** One item from the store, rendering again when that record changes (the detail, a peeked pending item). */
export function useStoredItem(id: string | undefined): WorkItem | undefined {
  const store = useItemStore();
  const subscribe = useCallback((fn: Listener) => (id ? store.subscribe(id, fn) : () => {}), [store, id]);
  return useSyncExternalStore(id ? subscribe : NO_SUBSCRIPTION, () => (id ? store.get(id) : undefined));
}

/**
 * The items of a list, by id: a lookup whose identity changes when one of the list's items changes (not when another
 * list's does), so what lays the list out (rows, cards, a calendar's days, a timeline's arrows) reads the store's
 * current records and renders again when they change.
 */
export function useListItems(data: ListData | undefined): ItemLookup {
  const store = useItemStore();
  const view = useRef<{ data: ListData | undefined; version: number; get: ItemLookup } | null>(null);
  const fresh = () => ({ data, version: store.version, get: (id: string) => store.get(id) });
  if (!view.current || view.current.data !== data) view.current = fresh();
  const subscribe = useCallback(
    (onChange: Listener) => {
      const bump = () => {
        view.current = fresh();
        onChange();
      };
      // a change between this list's render and now
      if (view.current && view.current.version !== store.version) bump();
      return store.subscribeChanges((ids) => {
        if (data && ids.some((id) => holds(data, id))) bump();
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fresh` reads the same store and data
    [store, data],
  );
  return useSyncExternalStore(subscribe, () => view.current!.get);
}
