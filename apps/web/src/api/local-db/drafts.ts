/**
 * The signed-in person's workspace drafts in the local database (W/draft-issues/: their own table on the server,
 * not work items): read whole when a drafts list is first asked for, at each catch-up and reconnect and on each
 * `draft_issues` event (sync.ts `syncDrafts`), one read at a time per workspace — a request arriving meanwhile reads
 * them again once it is done —, and the drafts list answered from them (lists.ts) once that read is settled.
 */
import type { Store } from "./store.ts";
import { syncDrafts } from "./sync.ts";

type DraftsRun = { busy: Promise<void> | null; again: boolean };
const runs = new Map<string, DraftsRun>();

/** Read the workspace's drafts again (after the read under way, if any); a failed read (offline) keeps those held. */
export function refreshDrafts(store: () => Store | null, slug: string): void {
  let r = runs.get(slug);
  if (!r) runs.set(slug, (r = { busy: null, again: false }));
  if (r.busy) {
    r.again = true;
    return;
  }
  const run = r;
  run.busy = (async () => {
    do {
      run.again = false;
      const s = store();
      if (!s) break;
      try {
        await syncDrafts(s, slug);
      } catch {
        // the server cannot be reached (or refused): the drafts held stay until the next read
      }
    } while (run.again);
    run.busy = null;
  })();
}

/** Once the workspace's drafts read under way (if any) is done. */
export async function draftsSettled(slug: string): Promise<void> {
  await runs.get(slug)?.busy;
}
