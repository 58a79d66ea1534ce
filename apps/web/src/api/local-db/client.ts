/**
 * The page's side of the offline local database (platform.md §1): it starts the worker (api/local-db/worker.ts)
 * once the first screen has painted, keeps its status for the screens (`useLocalDb`), tells it what the realtime
 * channel says changed, and answers a project's work-item list pages from it when the project's items are held
 * (`localListPage`). Every other case — the database off, starting, failed, the project not synced yet, a filter it
 * cannot evaluate, no answer in time — answers null, and the caller asks the server as it always did.
 */
import { useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import {
  defaultGlobalViewFilters,
  isDefaultGlobalView,
  type LiveEvent,
  type LocalItem,
  type LocalListContext,
} from "@stride/shared";
import type { ListEnvelope } from "@stride/shared/contract";
import {
  LOCAL_DB,
  Pending,
  type FromWorker,
  type HeldItem,
  type LocalDbNotice,
  type LocalDbAnswer,
  type LocalDbRequest,
  type LocalDbState,
  type SentItem,
  type ToWorker,
} from "./protocol.ts";
import { IDEMPOTENCY_HEADER, isLocalId, newLocalId, newRequestKey } from "./outbox.ts";
import { qk } from "../query-keys.ts";
import { ApiError, call } from "../client.ts";
import { commentEndpoints as CM, ofKind, type ItemKind } from "@stride/shared/endpoints";
import type { Comment } from "../work-items-types.ts";
import { addLiveListener, itemGone, type LiveCtx } from "../live-listeners.ts";

export type { LocalDbNotice, LocalDbState, LocalDbStatus } from "./protocol.ts";
export { isLocalId } from "./outbox.ts";

const INITIAL: LocalDbState = { status: "undefined", projects: {}, writer: false, outbox: 0, pending: [] };
let state: LocalDbState = INITIAL;
let worker: Worker | null = null;
let client: QueryClient | null = null;
/** Shows the worker's notices (the app's toasts). */
let tell: ((n: LocalDbNotice) => void) | null = null;
let nextId = 0;
const waiting = new Pending<number>();
const listeners = new Set<() => void>();
/** Projects whose lists were asked for in this page: synced (or caught up) once the database is ready. */
const wanted = new Map<string, string>();
const caughtUp = new Set<string>();

function setState(next: LocalDbState) {
  const wasReady = state.status === "ready";
  state = next;
  // on the page's root too: what a person's browser tools (and the browser tests) read
  const root = document.documentElement.dataset;
  root.localDb = state.status;
  root.localDbWriter = state.writer ? "1" : "0";
  root.localDbOutbox = String(state.outbox);
  root.localDbProjects = Object.entries(state.projects)
    .map(([pid, p]) => `${pid}:${p.status}:${p.items}`)
    .join(" ");
  for (const fn of listeners) fn();
  pumpBackground();
  if (!wasReady && state.status === "ready") {
    for (const [pid, slug] of wanted) ensureProject(slug, pid);
    for (const slug of draftsSeen) void send({ op: "drafts", slug });
    // lists read from the server before the database opened lack the edits its outbox still holds
    if (state.outbox)
      void client?.invalidateQueries({ predicate: (q) => q.queryKey[0] === "wi" && q.queryKey[3] === "list" });
  }
}

/** The browser's own choice (LOCAL_DB_ENABLED in localStorage), or null: the instance's default. */
export function localDbChoice(): boolean | null {
  try {
    const v = localStorage.getItem(LOCAL_DB.toggleKey);
    return v === "true" ? true : v === "false" ? false : null;
  } catch {
    return null;
  }
}

/** The instance's default, from the page's head (the server writes it there: core/screen-data.ts), else null (asked). */
function instanceDefault(): boolean | null {
  const v = document.querySelector<HTMLMetaElement>('meta[name="stride-local-db"]')?.content;
  return v === "on" ? true : v === "off" ? false : null;
}

function send(req: LocalDbRequest, timeoutMs = 5000): Promise<LocalDbAnswer> {
  const w = worker;
  if (!w) return Promise.resolve(null);
  const id = ++nextId;
  return waiting.ask(id, timeoutMs, () => w.postMessage({ id, req } satisfies ToWorker));
}

function onMessage(m: MessageEvent<FromWorker>) {
  const msg = m.data;
  if ("state" in msg) {
    setState(msg.state);
    return;
  }
  if ("notice" in msg) {
    tell?.(msg.notice);
    return;
  }
  if ("refresh" in msg) {
    // the outbox's edits reached the server (or gave way to it): what the project's screens show of its items is read
    // again (wiKeys.all of api/work-items.ts: lists, details, history)
    void client?.invalidateQueries({ queryKey: qk.projectItems(msg.refresh.slug, msg.refresh.pid) });
    return;
  }
  waiting.answer(msg.id, msg.ok ? msg.value : null);
}

function stopWorker() {
  worker?.terminate();
  worker = null;
  waiting.clear();
  caughtUp.clear();
}

/** Start (or start again) the worker for the signed-in person. */
function startWorker() {
  const me = client?.getQueryData<{ id: string; user_timezone?: string | null }>(qk.me);
  if (!me?.id || worker) return;
  const choice = localDbChoice() ?? instanceDefault();
  if (choice === false) {
    setState({ ...INITIAL, status: "off" });
    return;
  }
  try {
    worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "stride-local-db" });
  } catch (e) {
    setState({ ...INITIAL, status: "error", reason: e instanceof Error ? e.message : String(e) });
    return;
  }
  worker.onmessage = onMessage;
  worker.onerror = (e) => {
    stopWorker();
    setState({ ...INITIAL, status: "error", reason: e.message || "The local database's worker stopped" });
  };
  void send({ op: "start", enabled: choice, userId: me.id, timezone: me.user_timezone || "UTC" }, 30_000);
}

/** After the first paint, when the browser is idle: the first screen never waits for SQLite. */
function afterFirstPaint(fn: () => void) {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void })
    .requestIdleCallback;
  const later = () => (idle ? idle(fn, { timeout: 2000 }) : setTimeout(fn, 200));
  if (document.readyState === "complete") requestAnimationFrame(() => setTimeout(later, 0));
  else addEventListener("load", () => setTimeout(later, 0), { once: true });
}

/** Realtime events → what the worker reads again: an item's row (or its relations'), its comments, a project's refs. */
const tables = (names: string) => new Set(names.split(" "));
const ITEM_TABLES = tables("issues issue_assignees issue_labels cycle_issues module_issues issue_links file_assets");
const REF_TABLES = tables("states labels cycles modules estimates estimate_points project_members projects");
const COMMENT_TABLES = tables("issue_comments comment_reactions");

function onLiveEvent(e: LiveEvent, ctx: LiveCtx) {
  // the person's workspace drafts changed (made, edited, deleted, moved to a project): read them again
  if (e.t === "draft_issues") {
    localDraftsChanged(ctx.slug);
    return;
  }
  const pid = e.p ?? ctx.pid ?? (e.t === "projects" ? e.id : undefined);
  if (!pid || !state.projects[pid]) return;
  const slug = ctx.slug;
  // someone (un)subscribed someone to an item: whether the signed-in person subscribes to it is read again
  if (e.t === "issue_subscribers" && e.i) {
    void send({ op: "changed", slug, pid, items: [], refs: [], catchUp: false, subs: [e.i] });
    return;
  }
  if (e.t === "issues" && itemGone(e)) {
    // archived or deleted: it leaves the local list without being read again (an archive of an item not held is a restore)
    void send({
      op: "changed",
      slug,
      pid,
      items: [],
      refs: [],
      catchUp: false,
      gone: [e.id],
      deleted: e.op === "delete" || !!e.f?.includes("deleted_at"),
    });
  } else if (ITEM_TABLES.has(e.t)) {
    const id = e.t === "issues" ? e.id : e.i;
    if (id) void send({ op: "changed", slug, pid, items: [id], refs: [], catchUp: false });
  } else if (COMMENT_TABLES.has(e.t) && e.i) {
    // a comment (or a reaction to one) written: the item's comments are read again
    void send({ op: "changed", slug, pid, items: [], refs: [], catchUp: false, comments: [e.i] });
  }
  if (REF_TABLES.has(e.t)) void send({ op: "changed", slug, pid, items: [], refs: [e.t], catchUp: false });
}

/** The realtime channel reconnected or lost events: catch up every held project of the topic's workspace. */
function onLiveGap(topic: string, ctx: LiveCtx) {
  const [kind, id] = topic.split(":");
  const pids = kind === "project" ? [id] : Object.keys(state.projects);
  if (kind !== "project") localDraftsChanged(ctx.slug);
  for (const pid of pids)
    if (state.projects[pid]?.complete)
      void send({ op: "changed", slug: ctx.slug, pid, items: [], refs: ["all"], catchUp: true });
}

/** Called once by the app: start after the first paint, follow the realtime channel and the person's choice. */
export function initLocalDb(qc: QueryClient, notify: (n: LocalDbNotice) => void): void {
  if (client || typeof Worker === "undefined") return;
  client = qc;
  tell = notify;
  addLiveListener({ event: onLiveEvent, gap: onLiveGap });
  // a workspace's project list read (or changed): its projects join the background sync
  qc.getQueryCache().subscribe((ev) => {
    const k = ev.query.queryKey;
    if (ev.type === "updated" && k[0] === "ws" && k[2] === "projects" && k.length === 3) pumpBackground();
  });
  afterFirstPaint(() => {
    if (qc.getQueryData(qk.me)) return startWorker();
    // signed in later (sign-in screen first): start when the person is known
    const unsubscribe = qc.getQueryCache().subscribe((ev) => {
      if (ev.query.queryKey[0] !== "me" || ev.query.queryKey.length !== 1 || !ev.query.state.data) return;
      unsubscribe();
      startWorker();
    });
  });
  // another tab turned it on or off
  addEventListener("storage", (e) => {
    if (e.key === LOCAL_DB.toggleKey) restart();
  });
}

function restart() {
  stopWorker();
  setState(INITIAL);
  startWorker();
}

/** Turn the local database on or off for this browser (profile). */
export function setLocalDbEnabled(on: boolean): void {
  try {
    localStorage.setItem(LOCAL_DB.toggleKey, on ? "true" : "false");
  } catch {
    /* private mode: this page only */
  }
  restart();
}

/** Delete every row the local database holds (profile → "Delete local data"); lists ask the server until synced again. */
export async function deleteLocalData(): Promise<boolean> {
  wanted.clear();
  caughtUp.clear();
  draftsSeen.clear();
  background.clear();
  workspacesSeen.clear();
  return (await send({ op: "wipe" }, 20_000)) === true;
}

/** Sync a project (first time) or catch it up (once per page), when the database is ready. */
function ensureProject(slug: string, pid: string) {
  wanted.set(pid, slug);
  if (state.status !== "ready" || caughtUp.has(pid)) return;
  const p = state.projects[pid];
  if (p && !p.complete && (p.status === "loading" || p.status === "syncing")) return;
  caughtUp.add(pid);
  void send({ op: "sync", slug, pid });
}

/**
 * The projects of the workspace the person is a member of (not archived), from its project list as this page holds it
 * (api/projects.ts), or null when it does not hold it yet.
 */
function memberProjects(slug: string): string[] | null {
  const list = client?.getQueryData<{ id: string; member_role: number | null; archived_at: string | null }[]>(
    qk.projects(slug),
  );
  return list ? list.filter((p) => p.member_role !== null && !p.archived_at).map((p) => p.id) : null;
}

/** Projects synced in the background, one at a time (after the one opened): their lists across projects answer here. */
const background = new Map<string, string>();
/** The workspaces whose lists this page asked for. */
const workspacesSeen = new Set<string>();
/** The workspaces whose drafts list this page asked for: their drafts are held, read again at each change. */
const draftsSeen = new Set<string>();

/**
 * The person's workspace drafts changed (a draft event, a reconnect, this tab's own write): read again before the
 * drafts list's next local answer (the worker's re-read and the list's query keep their order).
 */
export function localDraftsChanged(slug: string): void {
  if (state.status === "ready" && draftsSeen.has(slug)) void send({ op: "drafts", slug });
}

/**
 * Once a list across the workspace is asked for, every project the person is in is synced in the background
 * (docs/decisions.md): once the database is ready and no project is syncing, the next one not held yet starts; those
 * held already are caught up. The list answers here once all are held.
 */
function syncInBackground(slug: string) {
  workspacesSeen.add(slug);
  for (const pid of memberProjects(slug) ?? []) if (state.projects[pid]?.complete) ensureProject(slug, pid);
  pumpBackground();
}

function pumpBackground() {
  if (state.status !== "ready" || !client) return;
  // (the workspace's project list may arrive after its first list was asked for)
  for (const slug of workspacesSeen)
    for (const pid of memberProjects(slug) ?? []) if (!background.has(pid)) background.set(pid, slug);
  const busy = Object.values(state.projects).some(
    (p) => !p.complete && (p.status === "loading" || p.status === "syncing"),
  );
  if (busy) return;
  for (const [pid, slug] of background) {
    const p = state.projects[pid];
    if (p?.complete || p?.status === "error") continue;
    // asked for and not held yet: the next one waits for it
    if (caughtUp.has(pid)) return;
    ensureProject(slug, pid);
    return;
  }
}

/**
 * A list context the page answers from the local database; a teamspace's list also names the teamspace's projects
 * (`teamProjects`: its list spans those of them the person is in).
 */
export type PageListContext = LocalListContext & { teamProjects?: string[] };

type SavedView = { id: string; filters?: Record<string, string[] | null> | null; rich_filters?: unknown };

/** A saved view as this page holds it (the view's own query, or its place's list), else undefined. */
function heldView(slug: string, place: string | null, id: string): SavedView | undefined {
  return (
    client?.getQueryData<SavedView>(qk.view(slug, place, id)) ??
    client?.getQueryData<SavedView[]>(qk.views(slug, place))?.find((v) => v.id === id)
  );
}

/** How long a list waits for its teamspace (read by the same navigation) before the server answers it. */
const TEAMSPACE_WAIT_MS = 2000;

/**
 * A teamspace's projects as this page holds it (`qk.teamspace`, or the list of teamspaces), waiting a moment for the
 * teamspace being read by the same navigation; null when not held (then the server answers its list).
 */
async function teamProjects(slug: string, id: string): Promise<string[] | null> {
  type Team = { id: string; project_ids: string[] };
  const held = () =>
    client?.getQueryData<Team>(qk.teamspace(slug, id)) ??
    client?.getQueryData<Team[]>(qk.teamspaces(slug))?.find((t) => t.id === id);
  const inFlight = client?.getQueryCache().find({ queryKey: qk.teamspace(slug, id), exact: true })?.promise;
  if (!held() && inFlight)
    await Promise.race([inFlight.catch(() => null), new Promise((r) => setTimeout(r, TEAMSPACE_WAIT_MS))]);
  return held()?.project_ids ?? null;
}

/**
 * The context of a list across the workspace's projects that the local database answers: a global view ("all work
 * items", "assigned", "created", "subscribed", or a custom view as this page holds it), a profile's tab, and a
 * teamspace's list or team view (its teamspace and view as this page holds them), the person's workspace drafts;
 * else null. The worker answers a subscriber filter only for the signed-in person, once their subscriptions are held.
 */
export async function localWorkspaceContext(
  slug: string,
  kind: string,
  contextId: string | undefined,
): Promise<PageListContext | null> {
  const me = client?.getQueryData<{ id: string }>(qk.me);
  if (!me) return null;
  // the person's workspace drafts (held once asked for)
  if (kind === "workspace_drafts") return { kind: "drafts" };
  if (kind === "profile") {
    const [userId = "", tab = "assigned"] = (contextId ?? "").split("/");
    return userId && (tab === "assigned" || tab === "created" || tab === "subscribed")
      ? { kind: "profile", userId }
      : null;
  }
  if ((kind === "team" || kind === "team_view") && contextId) {
    // a team view's id: `<teamspace>/views/<view>` (app/loaders-workspace.ts), its place `teamspace:<id>` (api/views.ts)
    const [teamId = "", , viewId] = contextId.split("/");
    const view = kind === "team_view" ? heldView(slug, `teamspace:${teamId}`, viewId ?? "") : null;
    if (kind === "team_view" && !view) return null;
    const projects = await teamProjects(slug, teamId);
    if (!projects) return null;
    return {
      kind: "team",
      filters: view?.filters ?? null,
      rich_filters: view?.rich_filters ?? null,
      teamProjects: projects,
    };
  }
  if (kind !== "global_view") return null;
  const id = contextId ?? "all-issues";
  if (isDefaultGlobalView(id)) return { kind: "workspace", filters: defaultGlobalViewFilters(id, me.id) };
  const view = heldView(slug, null, id);
  return view ? { kind: "workspace", filters: view.filters ?? null, rich_filters: view.rich_filters ?? null } : null;
}

/**
 * A page of a project's work-item list (GET P/issues/'s query) — or of one of its cycles', modules', saved views' or
 * its archived items (`context`) — from the local database, or null when it cannot answer (then the server does). A
 * list across the workspace (`workspace`, `profile`) answers once every project the person is in is held.
 */
export async function localListPage(
  slug: string,
  pid: string,
  params: Record<string, string>,
  pageContext: PageListContext = { kind: "project" },
): Promise<ListEnvelope | null> {
  const { teamProjects: team, ...context } = pageContext;
  const across = ["workspace", "profile", "team", "drafts"].includes(context.kind);
  if (across) syncInBackground(slug);
  else ensureProject(slug, pid);
  // the drafts list: the person's drafts read (once per page; then at each change)
  if (context.kind === "drafts" && !draftsSeen.has(slug)) {
    draftsSeen.add(slug);
    localDraftsChanged(slug);
  }
  if (!client) return null;
  // (a teamspace's list: the teamspace's projects the person is in)
  const pids = across ? (memberProjects(slug)?.filter((p) => !team || team.includes(p)) ?? null) : [pid];
  if (state.status !== "ready" || !pids?.length || pids.some((p) => !state.projects[p]?.complete)) return null;
  const me = client.getQueryData<{ user_timezone?: string | null }>(qk.me);
  const answer = await send({
    op: "query",
    slug,
    pid: pids[0],
    ...(across ? { pids } : {}),
    params,
    timezone: me?.user_timezone || "UTC",
    context,
  });
  if (!answer || typeof answer !== "object" || !("results" in answer)) return null;
  // how many list pages this page answered locally (the browser tests read it: a re-read that asks no server)
  const root = document.documentElement.dataset;
  root.localDbAnswers = String(Number(root.localDbAnswers ?? 0) + 1);
  return answer as ListEnvelope;
}

/**
 * Whether a project's own lists (its list, cycles', modules', saved views') are answered here now: the database ready
 * and the project held. A switch of the list's choices waits a moment for such an answer, to show the new content once
 * (features/work-items/lib/prefs-switch.ts).
 */
export function localListsReady(pid: string): boolean {
  return state.status === "ready" && !!state.projects[pid]?.complete;
}

/**
 * A saved project view's list context (its filters, ANDed into the list's as the server does), from the view as this
 * page holds it (`qk.view` / `qk.views`: the view's screen reads it before its list); null when
 * the page does not hold it (then the server answers).
 */
export function localViewContext(slug: string, pid: string, viewId: string): LocalListContext | null {
  type Saved = { id: string; filters?: Record<string, string[] | null> | null; rich_filters?: unknown };
  const one = client?.getQueryData<Saved>(qk.view(slug, pid, viewId));
  const view = one ?? client?.getQueryData<Saved[]>(qk.views(slug, pid))?.find((v) => v.id === viewId);
  if (!view) return null;
  // as the server reads the stored view (domain/saved-views.ts `viewFilterOf`)
  return { kind: "view", filters: view.filters ?? null, rich_filters: view.rich_filters ?? null };
}

/** This tab (un)subscribed the person to items: their subscriptions to them are read before the next local answer. */
export function localSubscriptionsChanged(slug: string, pid: string, ids: string[]): void {
  if (state.projects[pid]?.complete)
    void send({ op: "changed", slug, pid, items: [], refs: [], catchUp: false, subs: ids });
}

/** A write this tab made to a project's items (a created item): read before the next local answer. */
export function localItemsChanged(slug: string, pid: string, ids: string[]): void {
  if (state.projects[pid]?.complete) void send({ op: "changed", slug, pid, items: ids, refs: [], catchUp: false });
}

/**
 * A work item's edit kept in the local database's outbox (shown at once, sent to the server in order, kept across a
 * reload until the server has it): true when kept, false when the caller sends it to the server itself (the
 * database not ready, the project not synced, no answer in time).
 */
export async function localEdit(
  slug: string,
  pid: string,
  id: string,
  kind: string,
  body: Record<string, unknown>,
): Promise<boolean> {
  if (kind !== "issues" || state.status !== "ready" || !state.projects[pid]?.complete) return false;
  return (await send({ op: "write", slug, pid, id, kind, body })) === true;
}

/**
 * A new work item (`body`: POST P/issues/'s, its cycle and modules already settled) kept in the outbox and shown at
 * once in its project's lists under a temporary id (returned: the item as they show it), sent when the server can be reached; null when the
 * caller sends it itself (the database not ready, the project not synced, no answer in time).
 */
export async function localCreate(
  slug: string,
  pid: string,
  kind: string,
  body: Record<string, unknown>,
  key?: string,
): Promise<LocalItem | null> {
  if (kind !== "issues" || state.status !== "ready" || !state.projects[pid]?.complete) return null;
  const made = await send({ op: "write", slug, pid, id: newLocalId(), kind, body, what: "create", key });
  return made && typeof made === "object" && "id" in made ? (made as LocalItem) : null;
}

/** How long an item's detail read offline waits for the local database still opening (a reload without the server). */
const OPEN_WAIT_MS = 8000;

/** Resolves once the local database is ready, failed or off, or after `ms`. */
function whenOpened(ms: number): Promise<void> {
  const opening = () => state.status === "initializing" || (state.status === "undefined" && !!client);
  if (!opening()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (opening()) return;
      listeners.delete(done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      listeners.delete(done);
      resolve();
    }, ms);
    listeners.add(done);
  });
}

/**
 * One work item of a synced project as the local database holds it (its description included): what its detail shows
 * when the server cannot be reached. Null when it is not held (the database off or failed, the project not synced).
 */
export async function localItem(pid: string, id: string): Promise<HeldItem | null> {
  return heldIn(pid, { op: "item", id });
}

/** The same, by the item's number in its project (`IDENT-12` opened offline). */
export async function localItemAt(pid: string, seq: number): Promise<HeldItem | null> {
  return heldIn(pid, { op: "itemAt", pid, seq });
}

async function heldIn(pid: string, req: LocalDbRequest): Promise<HeldItem | null> {
  const held = await askHeld(pid, req);
  return held && typeof held === "object" && "id" in held && held.project_id === pid ? held : null;
}

/** Ask the worker about a synced project once the database has opened (waited for while it opens), else null. */
async function askHeld(pid: string, req: LocalDbRequest): Promise<LocalDbAnswer> {
  await whenOpened(OPEN_WAIT_MS);
  return state.status === "ready" && state.projects[pid]?.complete ? send(req) : null;
}

/**
 * A held item's comments, oldest first, each as its history presents it: what its activity shows when the server
 * cannot be reached (issue #28 point 5). Null when not held (the database off or failed, the project not synced).
 */
export async function localComments(pid: string, id: string): Promise<Comment[] | null> {
  const held = await askHeld(pid, { op: "comments", pid, id });
  return Array.isArray(held) ? (held as unknown as Comment[]) : null;
}

/** A comment on a work item kept in the outbox (shown as pending in its activity): false when the caller sends it. */
export async function localComment(
  slug: string,
  pid: string,
  id: string,
  kind: string,
  html: string,
  key?: string,
): Promise<boolean> {
  if (kind !== "issues" || state.status !== "ready" || !state.projects[pid]?.complete) return false;
  const body = { comment_html: html };
  return (await send({ op: "write", slug, pid, id, kind, body, what: "comment", key })) === true;
}

/** A comment: to the server, or kept in the outbox (null: shown as pending in the item's activity, sent later). */
export async function addComment(
  slug: string,
  pid: string,
  shown: string,
  kind: ItemKind,
  html: string,
): Promise<Comment | null> {
  // on an item made offline and sent meanwhile (its peek still showing the temporary id): on the server's copy
  const id = sentId(shown);
  const r = await serverOrOutbox(
    (headers) =>
      call(
        ofKind(CM.create, kind),
        { slug, projectId: pid, issueId: id },
        { comment_html: html, access: "INTERNAL" },
        { headers },
      ),
    async (key) => ((await localComment(slug, pid, id, kind, html, key)) ? true : null),
  );
  return r.sent ?? null;
}

/**
 * Whether a new item or comment goes to the server directly (its answer — the item's number, a field the server
 * refuses — is shown at once): online with nothing waiting before it. Else it joins the outbox, after what waits.
 */
export function sendsDirectly(): boolean {
  return (typeof navigator === "undefined" || navigator.onLine) && state.outbox === 0;
}

/** The server could not be reached (no answer at all, or a proxy saying it is away). */
export const unreachable = (e: unknown) => !(e instanceof ApiError) || [502, 503, 504].includes(e.status);

/**
 * A new item or comment: to the server when it goes directly (`sendsDirectly`), kept in the outbox when the server
 * cannot be reached or something waits before it; the server's refusals are thrown as they are. Both ways carry one
 * `Idempotency-Key`: when the direct send's answer is lost after the server made it, the outbox sending it again gets
 * that first answer back instead of a second item or comment.
 */
export async function serverOrOutbox<T, L>(
  direct: (headers: Record<string, string>) => Promise<T>,
  keep: (key: string) => Promise<L | null>,
): Promise<{ sent: T; kept?: undefined } | { kept: L; sent?: undefined }> {
  const key = newRequestKey();
  const headers = { [IDEMPOTENCY_HEADER]: key };
  if (sendsDirectly()) {
    try {
      return { sent: await direct(headers) };
    } catch (e) {
      if (!unreachable(e)) throw e;
      const kept = await keep(key);
      if (kept === null) throw e;
      return { kept };
    }
  }
  const kept = await keep(key);
  return kept !== null ? { kept } : { sent: await direct(headers) };
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/**
 * Calls `fn` each time the local database settles — ready, or off or failed (then the screens read the server and the
 * service worker's kept answers) — at once when it has: the service worker's precache of the offline screens' code.
 */
export function onLocalDbSettled(fn: () => void): void {
  let was = false;
  const check = () => {
    const settled = state.status === "ready" || state.status === "off" || state.status === "error";
    if (settled && !was) fn();
    was = settled;
  };
  subscribe(check);
  check();
}

/** The local database's status (profile, tests) and its projects'. */
export function useLocalDb(): LocalDbState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

/** The server's copy of an item made here, once its create left the outbox (null: not sent yet, or not made here). */
const sentOf = (id: string | null | undefined): SentItem | null =>
  id && isLocalId(id) ? (state.sent?.[id] ?? null) : null;

/** The id a write of the item goes to: the server's once a new item made here was sent, else its own. */
export const sentId = (id: string): string => sentOf(id)?.id ?? id;

/** A pending item's server copy once it was sent (a screen showing the temporary id moves to it), else null. */
export function useSentItem(id: string | null | undefined): SentItem | null {
  return useSyncExternalStore(
    subscribe,
    () => sentOf(id),
    () => null,
  );
}
