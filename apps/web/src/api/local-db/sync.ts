/**
 * The local database's sync (platform.md §7, §9), run by the writing tab's worker:
 * - a first sync of a project reads GET /api/v2/…/issues/ in pages of 500 (cursor `500:page:0`, descriptions
 *   included) and writes them in batches of 50; its status goes loading → syncing → ready;
 * - then only changes: the items updated since the newest one held (`updated_at__gt`) and the ids archived or
 *   deleted since (`P/deleted-issues/`), when a project is opened again, after a reconnect or a reload;
 * - the project's archived items and epics are kept too (`archived_at` set, `is_epic` marked; P/archived-issues/ and
 *   P/epics/ after the live ones, then those changed since), so their lists answer locally;
 * - the items a realtime event names are read at once (`issues=a,b`): those no longer answered left the list;
 * - the signed-in person's subscriptions are kept too (the v2 sync filtered by `subscriber`), so the Subscribed view
 *   and tab answer locally;
 * - the project's comments are kept too (GET v2/…/comments/, then those changed since, and an item's again when a
 *   realtime event names it), so an item's activity read offline shows them;
 * - the project's states, labels, cycles, modules, estimate points and its workspace's members are kept too.
 */
import { isoMicros, type LocalItem } from "@stride/shared";
import type { SyncEnvelope } from "@stride/shared/contract";
import { LOCAL_DB } from "./protocol.ts";
import type { RefsPayload, Store } from "./store.ts";
import { isLocalId, outboxRequest, type OutboxEntry } from "./outbox.ts";
import type { HeldComment } from "./comments-table.ts";

export class HttpError extends Error {
  constructor(
    public status: number,
    url: string,
  ) {
    super(`${url} answered ${status}`);
  }
}

async function get<T>(url: string, query: Record<string, string> = {}): Promise<T> {
  const qs = new URLSearchParams(query).toString();
  const full = qs ? `${url}?${qs}` : url;
  const res = await fetch(full, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!res.ok) throw new HttpError(res.status, url);
  return (await res.json()) as T;
}

const W = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;
const P = (slug: string, pid: string) => `${W(slug)}/projects/${pid}`;
const V2 = (slug: string, pid: string) => `/api/v2/workspaces/${encodeURIComponent(slug)}/projects/${pid}/issues/`;

type SyncItem = LocalItem & { description_html?: string };

/** A feature list (cycles, modules, estimates): a project with the feature off answers 4xx → none. */
async function optional<T>(url: string): Promise<T[]> {
  try {
    const r = await get<T[] | { results?: T[] }>(url);
    return Array.isArray(r) ? r : (r?.results ?? []);
  } catch (e) {
    if (e instanceof HttpError && e.status >= 400 && e.status < 500) return [];
    throw e;
  }
}

/** The project's hidden triage state (P/intake-state/; none: 404): an archived item may be in it. */
async function triageState(slug: string, pid: string): Promise<RefsPayload["states"]> {
  try {
    return [await get<RefsPayload["states"][number]>(`${P(slug, pid)}/intake-state/`)];
  } catch (e) {
    if (e instanceof HttpError && e.status >= 400 && e.status < 500) return [];
    throw e;
  }
}

/** Read a project's refs and keep them. */
export async function syncRefs(store: Store, slug: string, pid: string): Promise<void> {
  const [project, states, triage, labels, members, cycles, modules, estimates] = await Promise.all([
    get<{ id: string; name: string }>(`${P(slug, pid)}/`),
    get<RefsPayload["states"]>(`${P(slug, pid)}/states/`),
    triageState(slug, pid),
    get<RefsPayload["labels"]>(`${P(slug, pid)}/issue-labels/`),
    get<{ member?: RefsPayload["members"][number] | null }[]>(`${W(slug)}/members/`),
    optional<RefsPayload["cycles"][number]>(`${P(slug, pid)}/cycles/`),
    optional<RefsPayload["modules"][number]>(`${P(slug, pid)}/modules/`),
    optional<{ points?: RefsPayload["estimatePoints"] }>(`${P(slug, pid)}/estimates/`),
  ]);
  store.replaceRefs(pid, slug, {
    project,
    states: [...states, ...triage.filter((t) => !states.some((x) => x.id === t.id))],
    labels,
    members: members.flatMap((m) => (m.member ? [m.member] : [])),
    cycles,
    modules,
    estimatePoints: estimates.flatMap((e) => e.points ?? []),
  });
}

/** The later of two `updated_at` strings (compared as instants: offsets may differ). */
const later = (a: string | null, b: string | null): string | null =>
  !a ? b : !b ? a : isoMicros(b) > isoMicros(a) ? b : a;

/** Pages of v2 items (500 each) from `query`; each page is written before the next is read. */
async function pages(
  store: Store,
  slug: string,
  pid: string,
  query: Record<string, string>,
  onPage: (n: number) => void,
): Promise<{ seen: Set<string>; total: number; newest: string | null }> {
  const seen = new Set<string>();
  let total = 0;
  let latest: string | null = null;
  for (let page = 0; ; page++) {
    const env = await get<SyncEnvelope<SyncItem>>(V2(slug, pid), {
      ...query,
      cursor: `${LOCAL_DB.pageSize}:${page}:0`,
      description: "true",
    });
    const items = Array.isArray(env.results) ? env.results : [];
    store.upsertItems(items);
    for (const it of items) seen.add(it.id);
    for (const it of items) latest = later(latest, it.updated_at);
    total = env.total_results;
    onPage(page);
    if (!env.next_cursor || !items.length) break;
  }
  return { seen, total, newest: latest };
}

const maxKey = (pid: string) => `project:${pid}:max_updated_at`;
export const completeKey = (pid: string) => `project:${pid}:complete`;
export const slugKey = (pid: string) => `project:${pid}:slug`;
/** Set once the project's archived items (its epics) are held too (a project synced by an older app: only its live items). */
export const archivedKey = (pid: string) => `project:${pid}:archived`;
export const epicsKey = (pid: string) => `project:${pid}:epics`;

/** Set once the signed-in person's subscriptions in the project are held (`syncSubscriptions`). */
export const subscriptionsKey = (pid: string) => `project:${pid}:subscriptions`;

/**
 * The items the signed-in person subscribes to in a project, from the v2 sync filtered by `subscriber` (the list
 * engine's filter; no description): every one (read again at each catch-up, as a subscription does not move an item's
 * `updated_at`), or only `ids` (a subscription event named them; those not answered are not subscribed). The list
 * engine's `project` context is the Subscribed view's: live work items, neither epics, drafts nor triage items.
 */
export async function syncSubscriptions(store: Store, slug: string, pid: string, ids?: string[]): Promise<void> {
  const me = store.option("user_id");
  if (!me) return;
  const read = async (query: Record<string, string>) => {
    const env = await get<SyncEnvelope<SyncItem>>(V2(slug, pid), { ...query, subscriber: me });
    return { ids: (Array.isArray(env.results) ? env.results : []).map((it) => it.id), env };
  };
  if (ids) {
    for (let at = 0; at < ids.length; at += 200) {
      const chunk = ids.slice(at, at + 200);
      const r = await read({ issues: chunk.join(","), cursor: `${LOCAL_DB.pageSize}:0:0` });
      store.setSubscriptions(pid, r.ids, chunk);
    }
    return;
  }
  const found = new Set<string>();
  // (read again once when fewer were seen than counted: an item changed meanwhile moves to the end of the order)
  for (let pass = 0; pass < 2; pass++) {
    let total = 0;
    for (let page = 0; ; page++) {
      const r = await read({ cursor: `${LOCAL_DB.pageSize}:${page}:0` });
      for (const id of r.ids) found.add(id);
      total = r.env.total_results;
      if (!r.env.next_cursor || !r.ids.length) break;
    }
    if (found.size >= total) break;
  }
  store.setSubscriptions(pid, [...found], null);
  store.setOption(subscriptionsKey(pid), "1");
}

/**
 * Set once a project's comments are held: the newest `updated_at` among those read (the next catch-up's
 * `updated_at__gt`), or COMMENTS_EPOCH when none was.
 */
export const commentsKey = (pid: string) => `project:${pid}:comments_updated_at`;
/** The catch-up's `updated_at__gt` while no comment was read: every change (deleted ones included) is answered. */
const COMMENTS_EPOCH = "1970-01-01T00:00:00Z";
const COMMENTS = (slug: string, pid: string) =>
  `/api/v2/workspaces/${encodeURIComponent(slug)}/projects/${pid}/comments/`;

/** Pages of a project's comments (500 each, oldest change first) from `query`, each written before the next is read. */
async function commentPages(
  store: Store,
  slug: string,
  pid: string,
  query: Record<string, string>,
): Promise<{ seen: number; total: number; newest: string | null }> {
  let seen = 0;
  let newest: string | null = null;
  for (let page = 0; ; page++) {
    const env = await get<SyncEnvelope<HeldComment>>(COMMENTS(slug, pid), {
      ...query,
      cursor: `${LOCAL_DB.pageSize}:${page}:0`,
    });
    const comments = Array.isArray(env.results) ? env.results : [];
    store.comments.upsert(comments);
    seen += comments.length;
    for (const c of comments) newest = later(newest, c.updated_at);
    if (!env.next_cursor || !comments.length) return { seen, total: env.total_results, newest };
  }
}

/**
 * A project's comments (issue #28 point 5): every one the first time, then those changed since the newest held
 * (`updated_at__gt`: an edit, a new one, a deleted one answered with its `deleted_at` and dropped). Read again once
 * when fewer were seen than the server counted (a comment changed meanwhile moves to the end of the order).
 */
export async function syncComments(store: Store, slug: string, pid: string): Promise<void> {
  const since = store.option(commentsKey(pid));
  let newest = since;
  for (let pass = 0; pass < 2; pass++) {
    const r = await commentPages(store, slug, pid, since ? { updated_at__gt: since } : {});
    newest = later(newest, r.newest);
    if (r.seen >= r.total) break;
  }
  store.setOption(commentsKey(pid), newest ?? COMMENTS_EPOCH);
}

/** The comments of the items a realtime event named (`issues=`: each item's, its deleted ones dropped). */
export async function syncItemComments(store: Store, slug: string, pid: string, ids: string[]): Promise<void> {
  for (let at = 0; at < ids.length; at += 200)
    await commentPages(store, slug, pid, { issues: ids.slice(at, at + 200).join(",") });
}

type ListPage = { results?: SyncItem[]; total_results?: number; next_page_results?: boolean };

/** Set once the signed-in person's workspace drafts in the workspace are held (`syncDrafts`). */
export const draftsKey = (slug: string) => `drafts:${slug}`;

/**
 * The signed-in person's workspace drafts (W/draft-issues/, their own table on the server: no v2 sync, no
 * `updated_at__gt`), read whole in pages of 1000, oldest first, and kept as presented; a person has few, so each
 * catch-up and draft event reads them all again (docs/decisions.md). Read again once when fewer were seen than the
 * server counted (a draft made or deleted meanwhile moves the pages).
 */
export async function syncDrafts(store: Store, slug: string): Promise<void> {
  const per = 1000;
  let found = new Map<string, SyncItem>();
  for (let pass = 0; pass < 2; pass++) {
    found = new Map();
    let total = 0;
    for (let page = 0; ; page++) {
      const env = await get<ListPage>(`${W(slug)}/draft-issues/`, {
        order_by: "created_at",
        per_page: String(per),
        cursor: `${per}:${page}:0`,
      });
      const results = Array.isArray(env.results) ? env.results : [];
      for (const d of results) found.set(d.id, d);
      total = env.total_results ?? found.size;
      if (!env.next_page_results || !results.length) break;
    }
    if (found.size === total) break;
  }
  store.replaceDrafts(slug, [...found.values()]);
  store.setOption(draftsKey(slug), "1");
}

/** The lists kept beside the v2 sync's live work items: a project's archived items, and its live epics (marked). */
const EXTRA = {
  archived: { path: "archived-issues/", key: archivedKey, mark: {} },
  epics: { path: "epics/", key: epicsKey, mark: { is_epic: true } },
} as const;

/**
 * A project's archived items or its epics (P/archived-issues/, P/epics/, in the order they changed: `since` reads only
 * those changed after it), kept beside the live work items — archived ones with their `archived_at` set, epics marked
 * `is_epic` — so their lists answer from them (docs/decisions.md). Read again once when fewer were seen than the
 * server counted (an item changed meanwhile moves to the end of the order). A project whose epics are off answers
 * them 4xx: none.
 */
export async function syncExtra(
  store: Store,
  slug: string,
  pid: string,
  which: keyof typeof EXTRA,
  since: string | null,
): Promise<void> {
  const { path, key, mark } = EXTRA[which];
  try {
    for (let pass = 0; pass < 2; pass++) {
      const seen = new Set<string>();
      let total = 0;
      for (let page = 0; ; page++) {
        const env = await get<ListPage>(`${P(slug, pid)}/${path}`, {
          order_by: "updated_at",
          cursor: `${LOCAL_DB.pageSize}:${page}:0`,
          ...(since ? { updated_at__gt: since } : {}),
        });
        const items = Array.isArray(env.results) ? env.results : [];
        store.upsertItems(items.map((it) => ({ ...it, ...mark })));
        for (const it of items) seen.add(it.id);
        total = env.total_results ?? 0;
        if (!env.next_page_results || !items.length) break;
      }
      if (seen.size >= total) break;
    }
  } catch (e) {
    if (which === "epics" && e instanceof HttpError && e.status >= 400 && e.status < 500) return;
    throw e;
  }
  store.setOption(key(pid), "1");
}

/**
 * The first sync of a project: every item, page by page. Items that moved while it read (an item updated during the
 * sync goes to the end of the order, shifting the others) are caught by reading again when fewer were seen than the
 * server counted, then by the changes since the newest item read.
 */
export async function firstSync(
  store: Store,
  slug: string,
  pid: string,
  status: (s: "loading" | "syncing") => void,
): Promise<void> {
  status("loading");
  store.setOption(slugKey(pid), slug);
  await syncRefs(store, slug, pid);
  let latest: string | null = null;
  for (let pass = 0; pass < 2; pass++) {
    const r = await pages(store, slug, pid, {}, () => status("syncing"));
    latest = later(latest, r.newest);
    // anything held that the server no longer lists (a reload of a project synced before under other rules)
    // (items created here and not yet sent are not the server's to list)
    const gone = store.ids(pid).filter((id) => !r.seen.has(id) && !isLocalId(id));
    if (pass === 0 && gone.length) store.deleteItems(pid, gone);
    if (r.seen.size >= r.total) break;
  }
  if (latest) store.setOption(maxKey(pid), latest);
  // (the archived items and epics the pass above removed: they are not in the live list)
  await syncExtra(store, slug, pid, "archived", null);
  await syncExtra(store, slug, pid, "epics", null);
  await syncSubscriptions(store, slug, pid);
  await syncComments(store, slug, pid);
  store.setOption(completeKey(pid), "1");
  await catchUp(store, slug, pid);
}

/** What changed since the newest item held: updated items, and the ids archived or deleted. */
export async function catchUp(store: Store, slug: string, pid: string): Promise<void> {
  const since = store.option(maxKey(pid));
  if (!since) return;
  const r = await pages(store, slug, pid, { updated_at__gt: since }, () => undefined);
  const gone = await get<string[]>(`${P(slug, pid)}/deleted-issues/`, { updated_at__gt: since });
  store.deleteItems(pid, gone);
  // archived or deleted since: those archived (or epics) are read again as such (an archive moves `updated_at`)
  await catchUpExtra(store, slug, pid, since);
  await syncSubscriptions(store, slug, pid);
  await syncComments(store, slug, pid);
  store.setOption(maxKey(pid), later(since, r.newest));
}

/**
 * The archived items and epics changed since the newest live item held (`since`), or all of them when the project's
 * were never read (synced by an older app).
 */
export async function catchUpExtra(
  store: Store,
  slug: string,
  pid: string,
  since = store.option(maxKey(pid)),
): Promise<void> {
  await Promise.all(
    (["archived", "epics"] as const).map((which) =>
      syncExtra(store, slug, pid, which, store.option(EXTRA[which].key(pid)) === "1" ? since : null),
    ),
  );
}

/** The items a realtime event named: those still in the list are written, the others removed. */
export async function syncItems(store: Store, slug: string, pid: string, ids: string[]): Promise<void> {
  for (let at = 0; at < ids.length; at += 200) {
    const chunk = ids.slice(at, at + 200);
    const env = await get<SyncEnvelope<SyncItem>>(V2(slug, pid), {
      issues: chunk.join(","),
      cursor: `${LOCAL_DB.pageSize}:0:0`,
      description: "true",
    });
    const items = Array.isArray(env.results) ? env.results : [];
    store.upsertItems(items);
    const kept = new Set(items.map((i) => i.id));
    // an archived item or an epic held is not in the live list: it stays (a delete says so itself)
    store.deleteItems(
      pid,
      chunk.filter((id) => {
        const held = kept.has(id) ? null : store.item(id);
        return !kept.has(id) && !held?.archived_at && !held?.is_epic;
      }),
    );
  }
}

/** What became of a write from the outbox (`created`: the new item's server id and number). */
export type EditOutcome =
  | { kind: "sent"; serverKept: string[] }
  | { kind: "created"; id: string; sequence_id: number }
  | { kind: "refused"; message: string }
  | { kind: "later" };

/** The server out of reach, or answering what passes (5xx, 401, 408, 429): the write waits. */
const passing = (status: number) => status >= 500 || [401, 408, 429].includes(status);

/**
 * Send a new item or a comment of the outbox as the POST it was. Out of reach or a passing failure: later; any other
 * refusal: dropped (and said, by the worker).
 */
async function sendNew(e: OutboxEntry): Promise<EditOutcome> {
  const req = outboxRequest(e);
  try {
    const res = await fetch(req.path, {
      method: req.method,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", ...req.headers },
      body: JSON.stringify(req.body),
    });
    if (passing(res.status)) return { kind: "later" };
    if (!res.ok) return { kind: "refused", message: await refusal(res) };
    if (e.op !== "create") return { kind: "sent", serverKept: [] };
    const made = (await res.json()) as { id: string; sequence_id: number };
    return { kind: "created", id: made.id, sequence_id: made.sequence_id };
  } catch {
    return { kind: "later" };
  }
}

/** The server's reason for a refusal (its error body's text), else a plain one. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as Record<string, unknown>;
    const text = [body.error, body.detail, ...Object.values(body)].find(
      (v) => typeof v === "string" || (Array.isArray(v) && typeof v[0] === "string"),
    );
    if (text) return Array.isArray(text) ? String(text[0]) : String(text);
  } catch {
    /* not JSON */
  }
  return res.status === 403 || res.status === 404 ? "You can no longer edit this work item" : "The server refused it";
}

/** Two field values alike (id lists in any order). */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    Array.isArray(v) ? JSON.stringify([...v].map(String).sort()) : JSON.stringify(v ?? null);
  return norm(a) === norm(b);
}

/**
 * The server wins, field by field: a field whose server value is neither the edit's base (its value when the edit was
 * made) nor the edit's own value was changed by someone else meanwhile and keeps the server's value; the rest is sent.
 */
export function mergeEdit(
  edit: Record<string, unknown>,
  base: Record<string, unknown>,
  server: Record<string, unknown>,
): { body: Record<string, unknown>; serverKept: string[] } {
  const body: Record<string, unknown> = {};
  const serverKept: string[] = [];
  for (const [k, v] of Object.entries(edit)) {
    if (k in server && !same(server[k], base[k]) && !same(server[k], v)) serverKept.push(k);
    else body[k] = v;
  }
  return { body, serverKept };
}

/**
 * Send one edit of the outbox: the item is read first; a field the server changed since the edit was made (its value
 * is no longer the edit's `base`) keeps the server's value — the server wins, field by field — and the rest is sent
 * as the PATCH it was. The server out of reach, or answering 5xx / 401 / 408 / 429: later. Any other refusal: the
 * edit is dropped (and said).
 */
export async function sendEdit(e: OutboxEntry): Promise<EditOutcome> {
  if (e.op === "create" || e.op === "comment") return sendNew(e);
  // an edit of an item whose create the server refused (the worker drops those with it)
  if (isLocalId(e.issue_id)) return { kind: "refused", message: "The work item was never created" };
  const path = `${P(e.workspace, e.project_id)}/${e.kind === "epics" ? "epics" : "issues"}/${e.issue_id}/`;
  try {
    const env = await get<SyncEnvelope<SyncItem>>(V2(e.workspace, e.project_id), {
      issues: e.issue_id,
      cursor: `${LOCAL_DB.pageSize}:0:0`,
      description: "true",
    });
    const server = (Array.isArray(env.results) ? env.results : []).find((it) => it.id === e.issue_id) as
      Record<string, unknown> | undefined;
    if (!server) return { kind: "refused", message: "The work item was deleted or archived" };
    const { body, serverKept } = mergeEdit(e.body, e.base, server);
    if (Object.keys(body).length) {
      const res = await fetch(path, {
        method: "PATCH",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (res.status >= 400 && !passing(res.status)) return { kind: "refused", message: await refusal(res) };
      if (!res.ok) throw new HttpError(res.status, path);
    }
    return { kind: "sent", serverKept };
  } catch (err) {
    if (!(err instanceof HttpError) || passing(err.status)) return { kind: "later" };
    return {
      kind: "refused",
      message:
        err.status === 403 || err.status === 404 ? "You can no longer edit this work item" : "The server refused it",
    };
  }
}
