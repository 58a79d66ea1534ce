import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Loads shared by the requests the server runs for one page (core/screen-data.ts embeds a screen's ~20 GET
 * answers through its own routes): the caller's session and the workspace/project scope are the same for all
 * of them, so each is read once per page instead of once per request. Outside a page's requests (every
 * request from the network) `pageLoad` simply runs the load.
 */
const store = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Run `fn` (and every request it starts) with one set of shared loads, dropped when it is done. */
export function withPageLoads<T>(fn: () => Promise<T>): Promise<T> {
  return store.run(new Map(), fn);
}

/** Whether the current request runs for a page (its loads shared, see `withPageLoads`). */
export function inPageLoads(): boolean {
  return store.getStore() !== undefined;
}

/** `load()`, or the page's earlier call of it under `key` when running for a page (see `withPageLoads`). */
export function pageLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
  const loads = store.getStore();
  if (!loads) return load();
  let p = loads.get(key) as Promise<T> | undefined;
  if (!p) loads.set(key, (p = load()));
  return p;
}

/**
 * Tell the current page a load's answer that a request already has (e.g. the item the lookup by key found), so the
 * page's later requests reuse it instead of reading it again; nothing outside a page, nor when the load has started.
 */
export function pageKnown<T>(key: string, value: T): void {
  const loads = store.getStore();
  if (loads && !loads.has(key)) loads.set(key, Promise.resolve(value));
}

/** How many distinct loads the current page has shared so far (0 outside a page); for tests and measurements. */
export function pageLoadKeys(): string[] {
  return [...(store.getStore()?.keys() ?? [])];
}

/**
 * Values a page's request announces before its answer is ready (the work item the lookup by key found, once the
 * caller may see it), for the page's other requests that need only that value: they start at the announcement
 * instead of after the whole answer. Per page, by key; nothing outside a page.
 */
const announcements = new WeakMap<
  Map<string, Promise<unknown>>,
  Map<string, { promise: Promise<unknown>; resolve: (v: unknown) => void }>
>();

function announcement(key: string): { promise: Promise<unknown>; resolve: (v: unknown) => void } | null {
  const loads = store.getStore();
  if (!loads) return null;
  let byKey = announcements.get(loads);
  if (!byKey) announcements.set(loads, (byKey = new Map()));
  let slot = byKey.get(key);
  if (!slot) {
    let resolve!: (v: unknown) => void;
    const promise = new Promise<unknown>((r) => (resolve = r));
    byKey.set(key, (slot = { promise, resolve }));
  }
  return slot;
}

/** Announce `value` under `key` to the current page (the first announcement counts); nothing outside a page. */
export function pageAnnounce<T>(key: string, value: T): void {
  announcement(key)?.resolve(value);
}

/** The value announced under `key` in the current page, when it is (it may never be: race it with the answer that would carry it); undefined outside a page. */
export function pageAnnounced<T>(key: string): Promise<T> | undefined {
  return announcement(key)?.promise as Promise<T> | undefined;
}
