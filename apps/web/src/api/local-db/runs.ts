/**
 * The local database's writer (api/local-db/worker.ts) works each followed project's pending changes in runs, one at
 * a time: what a run has to do, gathered from realtime events and the page's requests while the previous one works.
 */
export interface Run {
  slug: string;
  busy: Promise<void> | null;
  ids: Set<string>;
  /** Items whose subscribers changed: the signed-in person's subscriptions to them are read at the next round. */
  subs: Set<string>;
  /** Items whose comments changed: read again at the next round. */
  comments: Set<string>;
  /** Items archived or deleted: removed (from the live ones) at the next round. */
  gone: Set<string>;
  /** Items were archived or restored, or epics changed: the archived items and epics changed are read again. */
  extra: boolean;
  refs: boolean;
  catchUp: boolean;
  first: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/** A project's run (made when first asked for), its workspace's slug kept current. */
export function runIn(runs: Map<string, Run>, pid: string, slug: string): Run {
  let r = runs.get(pid);
  if (!r)
    runs.set(
      pid,
      (r = {
        slug,
        busy: null,
        ids: new Set(),
        subs: new Set(),
        comments: new Set(),
        gone: new Set(),
        extra: false,
        refs: false,
        catchUp: false,
        first: false,
        timer: null,
      }),
    );
  if (slug) r.slug = slug;
  return r;
}
