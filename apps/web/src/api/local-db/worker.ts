/**
 * The local database's worker (one per tab, started after the first paint by api/local-db/client.ts).
 *
 * One tab writes: the worker that holds the Web Lock `stride-local-db-writer` opens the SQLite file (the
 * `opfs-sahpool` VFS lets one tab hold it), syncs the projects the tabs open and answers every tab's list queries.
 * The other tabs' workers wait for the lock and meanwhile pass their tab's requests to the writer on a
 * BroadcastChannel; when the writing tab closes, its lock and file are released and a waiting tab takes over
 * (within LOCAL_DB.writeLockMs). Every failure (no OPFS, private mode, quota, a damaged file) leaves the status
 * `error`, and the page asks the server as it does without a local database.
 */
import type { LocalItem } from "@stride/shared";
import {
  LOCAL_DB,
  Pending,
  type Broadcast,
  type LocalDbNotice,
  type FromWorker,
  type LocalDbAnswer,
  type LocalDbRequest,
  type LocalDbState,
  type ProjectSyncStatus,
  type ToWorker,
} from "./protocol.ts";
import { Store } from "./store.ts";
import { runIn, type Run } from "./runs.ts";
import { answerList, typesOn } from "./lists.ts";
import { draftsSettled, refreshDrafts } from "./drafts.ts";
import { isLocalId, settle, type Answer, type OutboxEntry } from "./outbox.ts";
import { replayer } from "./replay.ts";
import { loadSent, recordSent } from "./sent.ts";
import {
  catchUp,
  catchUpExtra,
  commentsKey,
  completeKey,
  epicsKey,
  firstSync,
  HttpError,
  sendEdit,
  syncItemComments,
  syncItems,
  syncSubscriptions,
  subscriptionsKey,
  syncRefs,
  type EditOutcome,
} from "./sync.ts";

const tabId = crypto.randomUUID();
const channel = new BroadcastChannel(LOCAL_DB.channelName);
let state: LocalDbState = { status: "undefined", projects: {}, writer: false, outbox: 0, pending: [] };
let store: Store | null = null;
let started = false;
let identity = { userId: "", timezone: "UTC" };

function post(msg: FromWorker) {
  (self as unknown as Worker).postMessage(msg);
}

function setState(next: Partial<LocalDbState>) {
  state = { ...state, ...next };
  post({ state });
  if (state.writer) channel.postMessage({ t: "state", state } satisfies Broadcast);
}

function setProject(pid: string, status: ProjectSyncStatus, complete?: boolean) {
  const cur = state.projects[pid];
  const items = store ? store.count(pid) : (cur?.items ?? 0);
  setState({ projects: { ...state.projects, [pid]: { status, complete: complete ?? cur?.complete ?? false, items } } });
}

/** A failure SQLite's loader reports outside its own promise (e.g. its WebAssembly could not be compiled). */
let onLoaderFailure: ((e: unknown) => void) | null = null;
self.addEventListener("unhandledrejection", (e) => onLoaderFailure?.(e.reason));

/* ------------------------------------------------------------------ the writer */

const runs = new Map<string, Run>();
const runOf = (pid: string, slug: string) => runIn(runs, pid, slug);

/** Work a project's pending changes, one at a time (events arriving meanwhile join the next round). */
function kick(pid: string, delay = 0) {
  const r = runs.get(pid);
  if (!r || r.busy) return;
  if (r.timer) clearTimeout(r.timer);
  r.timer = setTimeout(() => {
    r.timer = null;
    if (!r.busy)
      r.busy = work(pid, r).finally(() => {
        r.busy = null;
        if (r.first || r.catchUp || r.refs || r.extra || r.ids.size || r.gone.size || r.subs.size || r.comments.size)
          kick(pid, 20);
      });
  }, delay);
}

async function work(pid: string, r: Run): Promise<void> {
  const s = store;
  if (!s) return;
  const complete = s.option(completeKey(pid)) === "1";
  try {
    if (!complete || r.first) {
      r.first = false;
      r.catchUp = false;
      r.extra = false;
      r.gone.clear();
      r.ids.clear();
      r.comments.clear();
      await firstSync(s, r.slug, pid, (st) => setProject(pid, st, false));
      s.warm(pid, r.slug, identity.timezone);
      setProject(pid, "ready", true);
      return;
    }
    const ids = [...r.ids].filter((id) => !r.gone.has(id));
    s.deleteItems(pid, [...r.gone]);
    r.gone.clear();
    const refs = r.refs;
    const caught = r.catchUp;
    const extra = r.extra;
    const subs = [...r.subs];
    const comments = [...r.comments];
    r.subs.clear();
    r.comments.clear();
    r.ids.clear();
    r.refs = false;
    r.catchUp = false;
    r.extra = false;
    if (caught) setProject(pid, "syncing");
    if (refs) await syncRefs(s, r.slug, pid);
    if (ids.length) await syncItems(s, r.slug, pid, ids);
    // the items archived meanwhile, read as archived ones, and the epics changed (a catch-up reads them itself)
    if (extra && !caught) await catchUpExtra(s, r.slug, pid);
    // (a catch-up reads every subscription itself)
    if (subs.length && !caught) await syncSubscriptions(s, r.slug, pid, subs);
    // the comments of the items named (a catch-up reads those changed itself)
    if (comments.length && !caught) await syncItemComments(s, r.slug, pid, comments);
    if (caught) await catchUp(s, r.slug, pid);
    // its rows read now, while the person has not asked for a list yet (store.ts `warm`)
    s.warm(pid, r.slug, identity.timezone);
    setProject(pid, "ready", true);
  } catch (e) {
    // a project the viewer may no longer read is forgotten; the server unreachable keeps what is held (ready, stale)
    if (e instanceof HttpError && (e.status === 403 || e.status === 404)) {
      s.forget(pid, [completeKey(pid), subscriptionsKey(pid), commentsKey(pid)]);
      const { [pid]: _gone, ...rest } = state.projects;
      setState({ projects: rest });
      return;
    }
    setProject(pid, complete ? "ready" : "error", complete);
  }
}

/* ------------------------------------------------------------------ the outbox */

function notify(notice: LocalDbNotice) {
  post({ notice });
  channel.postMessage({ t: "notice", notice } satisfies Broadcast);
}

function countOutbox() {
  const n = store ? Object.values(store.pendingCounts()).reduce((a, b) => a + b, 0) : 0;
  const pending = store ? store.pendingWrites() : [];
  if (n !== state.outbox || JSON.stringify(pending) !== JSON.stringify(state.pending)) setState({ outbox: n, pending });
}

/** How a refusal names what was refused: the new item's name, or the name of the item edited or commented on. */
function refusedTitle(s: Store, e: OutboxEntry): string {
  const name = (v: unknown) => `“${typeof v === "string" && v.trim() ? v : "Untitled"}”`;
  if (e.op === "create") return `Could not create ${name(e.body.name)}`;
  const item = name(s.item(e.issue_id)?.name);
  return e.op === "comment" ? `Could not add the comment on ${item}` : `Could not update ${item}`;
}

/** What the server said of the oldest write, settled in the outbox; the items it touched are read again. */
function settleAnswer(s: Store, e: OutboxEntry, outcome: Exclude<EditOutcome, { kind: "later" }>): void {
  const answer: Answer =
    outcome.kind === "created"
      ? { kind: "created", id: outcome.id }
      : { kind: outcome.kind === "refused" ? "refused" : "sent" };
  const all = s.outbox();
  const plan = settle(all, e, answer);
  const r = runOf(e.project_id, e.workspace);
  if (outcome.kind === "refused") {
    const also = plan.drop.length - 1;
    notify({
      kind: "error",
      title: refusedTitle(s, e),
      message: also
        ? `${outcome.message} (and ${also} later ${also === 1 ? "change" : "changes"} to it)`
        : outcome.message,
    });
  }
  s.applySettlement(plan);
  if (outcome.kind === "created") {
    // the new item keeps showing, under its server id and number, until the server's copy is read
    const held = s.item(e.issue_id);
    s.deleteItems(e.project_id, [e.issue_id]);
    if (held) s.upsertItems([{ ...held, id: outcome.id, sequence_id: outcome.sequence_id }]);
    r.ids.add(outcome.id);
    // a screen still showing it under its temporary id moves to it (client.ts `useSentItem`)
    setState({ sent: recordSent(s, state.sent, e.issue_id, outcome.id, outcome.sequence_id) });
  } else if (outcome.kind === "refused") {
    // new items refused (and those made under them) leave the lists
    const dropped = all.filter((x) => plan.drop.includes(x.seq) && x.op === "create").map((x) => x.issue_id);
    s.deleteItems(e.project_id, dropped);
  }
  if (outcome.kind === "sent" && outcome.serverKept.length) {
    notify({
      kind: "info",
      title: "Changed on the server meanwhile",
      message: `Kept the server's ${outcome.serverKept.join(", ").replaceAll("_", " ")}`,
    });
  }
  // read the item again: the server's values (and whatever else it changed) replace what was shown; a comment sent:
  // the item's comments too
  if (!isLocalId(e.issue_id)) r.ids.add(e.issue_id);
  if (e.op === "comment" && outcome.kind === "sent" && !isLocalId(e.issue_id)) r.comments.add(e.issue_id);
  kick(e.project_id, 30);
}

const readFrom = new WeakMap<OutboxEntry, Store>();
/** Send the outbox's writes to the server, oldest first, one at a time; the server out of reach: try again later. */
const replay = replayer({
  ready: () => store !== null,
  first: () => {
    const e = store?.firstEdit() ?? null;
    // settled in the database it was read from (not in one opened since: the seqs start again there)
    if (e && store) readFrom.set(e, store);
    return e;
  },
  send: sendEdit,
  settle: (e, outcome) => {
    const s = readFrom.get(e);
    if (s) settleAnswer(s, e, outcome);
  },
  counted: countOutbox,
  settled,
  refresh: (slug, pid) => {
    post({ refresh: { slug, pid } });
    channel.postMessage({ t: "refresh", slug, pid } satisfies Broadcast);
  },
});
self.addEventListener("online", () => replay());

/** Until the project's pending work is done (bounded: a slow server does not hold a list back long). */
async function settled(pid: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = runs.get(pid);
    if (!r || (!r.busy && !r.timer)) return;
    const left = deadline - Date.now();
    if (left <= 0) return;
    await Promise.race([
      r.busy ?? new Promise((res) => setTimeout(res, 25)),
      new Promise((res) => setTimeout(res, left)),
    ]);
  }
}

/**
 * A new item kept in the outbox and shown at once in its project's lists, under its temporary id and a temporary
 * number (the outbox's place, negative: `itemKey` shows it as `IDENT-~n`) until the server gives its own.
 */
function createHere(s: Store, req: Extract<LocalDbRequest, { op: "write" }>): LocalItem | null {
  if (!isLocalId(req.id) || s.item(req.id)) return null;
  const b = req.body;
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const order = s.maxSortOrder(req.pid) + 65535;
  const seq = s.addEdit({
    workspace: req.slug,
    project_id: req.pid,
    issue_id: req.id,
    kind: req.kind,
    op: "create",
    body: b,
    base: {},
    key: req.key ?? null,
  });
  const now = new Date().toISOString();
  const item: LocalItem & { description_html?: string } = {
    id: req.id,
    project_id: req.pid,
    name: String(b.name ?? ""),
    state_id: str(b.state_id) ?? s.defaultState(req.pid),
    sort_order: order,
    completed_at: null,
    estimate_point: str(b.estimate_point),
    priority: str(b.priority) ?? "none",
    start_date: str(b.start_date),
    target_date: str(b.target_date),
    sequence_id: -seq,
    parent_id: str(b.parent_id),
    cycle_id: str(b.cycle_id),
    module_ids: ids(b.module_ids),
    label_ids: ids(b.label_ids),
    assignee_ids: ids(b.assignee_ids),
    sub_issues_count: 0,
    created_at: now,
    updated_at: now,
    created_by: identity.userId || null,
    updated_by: identity.userId || null,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    archived_at: null,
    type_id: null,
    description_html: str(b.description_html) ?? undefined,
  };
  s.upsertItems([item]);
  const { description_html: _d, ...shown } = item;
  return shown;
}

/** A write kept in the outbox (shown at once) and sent from there: true, or null when the page sends it itself. */
function write(s: Store, req: Extract<LocalDbRequest, { op: "write" }>): true | LocalItem | null {
  if (s.option(completeKey(req.pid)) !== "1" || typesOn(s, req.pid)) return null;
  const op = req.what ?? "update";
  let made: LocalItem | null = null;
  if (op === "create") {
    if (!(made = createHere(s, req))) return null;
  } else {
    // an edit or a comment of an item held here (one created offline included: sent meanwhile, of its server copy)
    const sent = isLocalId(req.id) ? state.sent?.[req.id] : undefined;
    if (sent) req = { ...req, id: sent.id };
    const current = s.item(req.id);
    if (!current || current.project_id !== req.pid) return null;
    const base: Record<string, unknown> = {};
    if (op === "update")
      for (const k of Object.keys(req.body)) base[k] = (current as unknown as Record<string, unknown>)[k] ?? null;
    const key = op === "comment" ? (req.key ?? null) : null;
    s.addEdit({
      workspace: req.slug,
      project_id: req.pid,
      issue_id: req.id,
      kind: req.kind,
      op,
      body: req.body,
      base,
      key,
    });
  }
  countOutbox();
  replay();
  // a new item: as its lists show it (the page puts it in the lists it has read)
  return made ?? true;
}

/** Wipe the local database (sign-out, another user) and open it again empty. */
async function wipe(): Promise<LocalDbAnswer> {
  if (store) {
    const s = store;
    store = null;
    runs.clear();
    await s.wipe();
    setState({ status: "initializing", projects: {} });
    await openStore();
  }
  return true;
}

/** Items of a followed project changed on the server: they are read again (or dropped) by its next run. */
function changed(store: Store, req: Extract<LocalDbRequest, { op: "changed" }>): void {
  const held = store.option(completeKey(req.pid)) === "1";
  const r = runs.get(req.pid);
  // a project never synced is not followed (its first sync reads everything)
  if (!held && !r?.busy) return;
  const run = runOf(req.pid, req.slug);
  // an item deleted, or archived, leaves the live list here at once (the server would only say it is gone from it);
  // an archived one is read again as archived. An archive event of an item held archived is its restore: read; of
  // an item not held, either: both read
  for (const id of req.gone ?? []) {
    const row = store.item(id);
    const held = row?.project_id === req.pid;
    if (req.deleted || (held && !row?.archived_at)) {
      run.gone.add(id);
      run.ids.delete(id);
    } else {
      // (a restored epic is in neither list held here: its archived row goes now, and whatever it is now is read)
      if (held) store.deleteItems(req.pid, [id]);
      run.gone.delete(id);
      run.ids.add(id);
    }
    if (!req.deleted) run.extra = true;
  }
  for (const id of req.items) {
    if (!run.gone.has(id)) run.ids.add(id);
    // an epic (held, or new: not held yet) is not in the live items the ids are read from: the epics changed are
    if (store.option(epicsKey(req.pid)) === "1" && (store.item(id)?.is_epic ?? true)) run.extra = true;
  }
  for (const id of req.subs ?? []) run.subs.add(id);
  for (const id of req.comments ?? []) run.comments.add(id);
  if (req.refs.length) run.refs = true;
  if (req.catchUp) run.catchUp = true;
  kick(req.pid, 30);
}

async function serve(req: LocalDbRequest): Promise<LocalDbAnswer> {
  if (req.op === "wipe") return wipe();
  if (!store || state.status !== "ready") return null;
  switch (req.op) {
    case "sync": {
      const r = runOf(req.pid, req.slug);
      if (store.option(completeKey(req.pid)) === "1") r.catchUp = true;
      else if (!r.busy) setProject(req.pid, "loading", false);
      kick(req.pid);
      return;
    }
    case "drafts":
      refreshDrafts(() => store, req.slug);
      return;
    case "changed":
      return changed(store, req);
    case "settled":
      await settled(req.pid);
      return;
    case "write":
      return write(store, req);
    case "query":
      return answerList(store, req, { settled, draftsSettled, current: () => store });
    case "item":
      return store.item(req.id);
    case "itemAt":
      return store.itemAt(req.pid, req.seq);
    case "comments":
      // held once the project's comments were read, for an item of it held
      return store.option(commentsKey(req.pid)) !== null && store.item(req.id)?.project_id === req.pid
        ? store.comments.of(req.id)
        : null;
    default:
      return null;
  }
}

/** How long SQLite may take to start (its WebAssembly fetched and compiled, the file opened) before it counts as failed. */
const OPEN_TIMEOUT_MS = 30_000;

async function openStore(): Promise<void> {
  const loaderFailure = new Promise<never>((_, reject) => {
    onLoaderFailure = reject;
  });
  try {
    const s = await Promise.race([
      Store.open(),
      // a failure inside SQLite's loader may never settle its promise (it is reported as an unhandled rejection)
      loaderFailure,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("The local database did not start in time")), OPEN_TIMEOUT_MS),
      ),
    ]);
    // another person signed in, or another time zone (the items' times are written in it): start again
    if (s.option("user_id") !== identity.userId || s.option("timezone") !== identity.timezone) {
      s.clearData();
      s.setOption("version", String(LOCAL_DB.version));
      s.setOption("user_id", identity.userId);
      s.setOption("timezone", identity.timezone);
    }
    store = s;
    const projects: LocalDbState["projects"] = {};
    for (const { key } of s.optionsLike("project:")) {
      const m = /^project:([^:]+):complete$/.exec(key);
      if (m) projects[m[1]] = { status: "ready", complete: true, items: s.count(m[1]) };
    }
    for (const { key, value } of s.optionsLike("project:")) {
      const m = /^project:([^:]+):slug$/.exec(key);
      if (m) runOf(m[1], value);
    }
    const outbox = Object.values(s.pendingCounts()).reduce((n, c) => n + c, 0);
    setState({ status: "ready", projects, reason: undefined, outbox, pending: s.pendingWrites(), sent: loadSent(s) });
    // edits kept from an earlier page go to the server now
    replay();
  } catch (e) {
    store = null;
    setState({ status: "error", reason: e instanceof Error ? e.message : String(e) });
  } finally {
    onLoaderFailure = null;
  }
}

/** Take the write lock (held while this worker lives), then open the file. */
function contendForWriting() {
  if (!("locks" in navigator)) {
    setState({ status: "error", reason: "This browser has no Web Locks" });
    return;
  }
  void navigator.locks.request(LOCAL_DB.lockName, async () => {
    setState({ writer: true, status: "initializing" });
    await openStore();
    // answer the other tabs' requests that came while this tab was opening
    channel.postMessage({ t: "state", state } satisfies Broadcast);
    await new Promise(() => undefined);
  });
}

/* ------------------------------------------------------------------ the other tabs */

let nextRemote = 0;
const waiting = new Pending<string>();

/** A request of this tab, answered by the writing tab (null when none answers in time). */
function remote(req: LocalDbRequest, timeoutMs = 4000): Promise<LocalDbAnswer> {
  const id = `${tabId}:${++nextRemote}`;
  return waiting.ask(id, timeoutMs, () => channel.postMessage({ t: "req", id, from: tabId, req } satisfies Broadcast));
}

channel.onmessage = (m: MessageEvent<Broadcast>) => {
  const msg = m.data;
  if (msg.t === "req" && state.writer) {
    void serve(msg.req).then(
      (value) => channel.postMessage({ t: "res", id: msg.id, to: msg.from, ok: true, value } satisfies Broadcast),
      (e: unknown) =>
        channel.postMessage({ t: "res", id: msg.id, to: msg.from, ok: false, error: String(e) } satisfies Broadcast),
    );
  } else if (msg.t === "res" && msg.to === tabId) {
    waiting.answer(msg.id, msg.ok ? (msg.value ?? null) : null);
  } else if (msg.t === "state" && !state.writer) {
    state = { ...msg.state, writer: false };
    post({ state });
  } else if (msg.t === "notice" && !state.writer) {
    post({ notice: msg.notice });
  } else if (msg.t === "refresh" && !state.writer) {
    post({ refresh: { slug: msg.slug, pid: msg.pid } });
  } else if (msg.t === "hello" && state.writer) {
    channel.postMessage({ t: "state", state } satisfies Broadcast);
  }
};

/* ------------------------------------------------------------------ the page */

async function instanceDefault(): Promise<boolean> {
  try {
    const res = await fetch("/api/instances/", { credentials: "same-origin" });
    const info = (await res.json()) as { config?: { local_db_enabled?: boolean } };
    return info.config?.local_db_enabled !== false;
  } catch {
    return true;
  }
}

async function handle(req: LocalDbRequest): Promise<LocalDbAnswer> {
  if (req.op === "start") {
    if (started) return state.status !== "off";
    started = true;
    identity = { userId: req.userId, timezone: req.timezone };
    const enabled = req.enabled ?? (await instanceDefault());
    if (!enabled) {
      setState({ status: "off" });
      return false;
    }
    setState({ status: "initializing" });
    channel.postMessage({ t: "hello", from: tabId } satisfies Broadcast);
    contendForWriting();
    return true;
  }
  if (state.status === "off") return null;
  if (state.writer) return serve(req);
  // fire-and-forget requests are passed on without waiting for the writer
  if (req.op === "sync" || req.op === "changed" || req.op === "drafts") {
    void remote(req);
    return;
  }
  return remote(req, req.op === "wipe" ? 15_000 : 4000);
}

const epochNow = () => performance.timeOrigin + performance.now();

self.onmessage = (m: MessageEvent<ToWorker>) => {
  const { id, req } = m.data;
  const received = epochNow();
  handle(req).then(
    (value) => post({ id, ok: true, value, at: [received, epochNow()] }),
    (e: unknown) =>
      post({ id, ok: false, error: e instanceof Error ? e.message : String(e), at: [received, epochNow()] }),
  );
};
