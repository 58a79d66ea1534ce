/**
 * The work-item lists the local database answers (its worker's `query`, api/local-db/worker.ts): a project's list, its
 * cycles', modules', saved views', archived items and epics, a list across the projects the person is in (a workspace
 * view, a profile tab, a teamspace's list or team view), and the person's workspace drafts — evaluated by
 * `@stride/shared`'s local-list.ts, the server's rules — or null when the server answers it.
 */
import {
  draftListRefusal,
  localContextRequest,
  localContextRows,
  localListEnvelope,
  localListSupported,
  localProfileNarrowed,
  mergeLocalRefs,
  parseLocalListQuery,
  toLocalRow,
  type LocalRefs,
} from "@stride/shared";
import type { LocalDbAnswer, LocalDbRequest } from "./protocol.ts";
import type { Store } from "./store.ts";
import { archivedKey, completeKey, draftsKey, epicsKey, subscriptionsKey } from "./sync.ts";

/** The project has work item types on (its custom property values are not kept here). */
export const typesOn = (s: Store, pid: string) => s.option(`project:${pid}:types`) === "1";

/**
 * A list answered from the local database, or null when it is the server's to answer. A list across projects (`pids`:
 * a workspace view, a profile tab, a teamspace's list) reads the rows of all of them, with their refs merged.
 */
export async function answerList(
  held: Store,
  req: Extract<LocalDbRequest, { op: "query" }>,
  worker: {
    settled: (pid: string) => Promise<void>;
    draftsSettled?: (slug: string) => Promise<void>;
    current: () => Store | null;
  },
): Promise<LocalDbAnswer> {
  const pids = req.pids ?? [req.pid];
  if (pids.some((pid) => held.option(completeKey(pid)) !== "1")) return null;
  for (const pid of pids) await worker.settled(pid);
  const ctx = req.context ?? { kind: "project" };
  if (ctx.kind === "drafts") await worker.draftsSettled?.(req.slug);
  const s = worker.current();
  // wiped meanwhile
  if (!s) return null;
  if (ctx.kind === "drafts") return answerDrafts(s, req, pids);
  let parsed;
  try {
    // the context's own filter ANDed in (a saved view's, a workspace view's): what is supported is judged on both
    const own = parseLocalListQuery(req.params, req.timezone, { globalView: ctx.kind === "workspace" });
    parsed = localContextRequest(own, ctx);
  } catch {
    // what the server refuses, the server says
    return null;
  }
  // the signed-in person's subscriptions, once held in every project of the list: a filter on their own subscriptions
  // (the Subscribed view, their own Subscribed tab) is evaluated from them; any other subscriber filter is the server's
  const me = s.option("user_id");
  const subscriptions =
    me && pids.every((pid) => s.option(subscriptionsKey(pid)) === "1")
      ? { userId: me, ids: s.subscriptions(pids) }
      : undefined;
  parsed.subscriptions = subscriptions;
  if (!localListSupported(parsed)) return null;
  // a profile tab: its assigned, created or (their own) subscribed items only
  if (ctx.kind === "profile" && !localProfileNarrowed(parsed, ctx.userId)) return null;
  // the archived list: once the project's archived items are held (a project synced by an older app: not yet)
  if (ctx.kind === "archived" && held.option(archivedKey(req.pid)) !== "1") return null;
  if (ctx.kind === "epics" && held.option(epicsKey(req.pid)) !== "1") return null;
  // a project with work item types (on now, or its items carry a type) shows custom property values the local
  // database does not keep yet: its lists are the server's
  if (pids.some((pid) => typesOn(s, pid))) return null;
  const refs = pids.length === 1 ? s.refs(req.pid, req.slug) : mergeLocalRefs(pids.map((pid) => s.refs(pid, req.slug)));
  // the rows in the list's order, sorted once per order until a write (store.ts `sortedRows`)
  const all = s.sortedRows(pids, refs, parsed.order);
  if (all.some((r) => r.item.type_id)) return null;
  // a cycle's or a module's list: the project's narrowed to its items (an archived one is the server's); a profile
  // tab's: the person's items; the archived list: the archived items (each keeps the rows' order)
  const rows = localContextRows(all, refs, ctx, subscriptions);
  if (!rows) return null;
  return localListEnvelope(rows, refs, parsed, { sorted: true }) as LocalDbAnswer;
}

/**
 * The signed-in person's workspace drafts list (W/draft-issues/), once their drafts are held: the server's rules
 * (`draftListRefusal`: what it refuses, it says), over the refs of every project the person is in.
 */
function answerDrafts(s: Store, req: Extract<LocalDbRequest, { op: "query" }>, pids: string[]): LocalDbAnswer {
  if (s.option(draftsKey(req.slug)) !== "1") return null;
  let parsed;
  try {
    parsed = localContextRequest(parseLocalListQuery(req.params, req.timezone, { drafts: true }), { kind: "drafts" });
    if (draftListRefusal(parsed)) return null;
  } catch {
    return null;
  }
  if (!localListSupported(parsed)) return null;
  const drafts = s.drafts(req.slug);
  // a draft with a work item type (or of a project with types on) shows custom property values: the server's
  if (drafts.some((d) => d.type_id) || pids.some((pid) => typesOn(s, pid))) return null;
  const refs: LocalRefs = mergeLocalRefs(pids.map((pid) => s.refs(pid, req.slug)));
  return localListEnvelope(drafts.map(toLocalRow), refs, parsed) as LocalDbAnswer;
}
