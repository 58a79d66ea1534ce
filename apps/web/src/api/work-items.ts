/**
 * Work-item lists and writes (wire-facts §6, §7): list pages (grouped, sub-grouped, per-group load more),
 * create / update / delete / archive / restore (user properties: work-items-props.ts; bulk calls: work-items-bulk.ts). Every list edit is
 * optimistic: the item's one record in the item store (work-item-store.ts) changes at once, the cached lists move it
 * where its groups or order change, and both are restored when the server refuses, which the app reports
 * (work-tracking.md §4; `meta`, see mutation-meta.ts).
 */
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import {
  groupLoadMoreParams,
  listPageSource as pageSource,
  MAX_PER_PAGE,
  WORK_ITEM_PATCH_FIELDS,
  type ListPageKind,
} from "@stride/shared";
import type { BulkProperties } from "@stride/shared/contract";
import { qk } from "./query-keys.ts";
import { ofKind, workItemEndpoints as WI, type ItemKind } from "@stride/shared/endpoints";
import { callListPage } from "./list-pages.ts";
import { call } from "./client.ts";
import { invalidateModuleData, refKeys, useProjectRefs } from "./work-items-refs.ts";
import {
  isLocalId,
  localEdit,
  localListPage,
  localViewContext,
  localWorkspaceContext,
  sentId,
  type PageListContext,
} from "./local-db/client.ts";
import { asListRow, type ListEnvelope, type WorkItem, type WorkItemDetail } from "./work-items-types.ts";
import {
  appendFlatPage,
  appendGroupPage,
  asPagesLoaded,
  fromEnvelope,
  loadedPages,
  makeComparator,
  moveItem,
  removeItem,
  type ItemLookup,
  type ListData,
  type OrderLookups,
} from "./work-items-list-data.ts";
import { itemStore, type RecordSnapshot } from "./work-item-store.ts";

/** `issues` or `epics` path segment of an item. */
export type { ItemKind };
/** Whose list choices: a project's work items, its epics, or one module's or cycle's work items (`module:<id>`, `cycle:<id>`). */
export type PropsScope = ItemKind | `module:${string}` | `cycle:${string}`;

/**
 * Which list endpoint a context reads (`view`: a saved view's work items, `module`: a module's, `cycle`: a cycle's;
 * `team`: a teamspace's, `team_view`: a team view's, `global_view`: a workspace view's, `profile`: a person's tab;
 * `workspace_drafts`: the caller's workspace drafts; `contextId` names it).
 */
export type ListSource = ListPageKind;

/**
 * The cache place of the lists that span several projects (`ListDesc.pid` of the "team", "team view", global view and
 * profile contexts, in place of a project id): an item's change in any project also reaches them (`updateLists`).
 */
export const TEAM_LISTS = "teamspaces";

export interface ListDesc {
  slug: string;
  pid: string;
  kind: ListSource;
  /** The saved view, module or cycle of a `view`, `module` or `cycle` list. */
  contextId?: string;
  layout: string;
  /** Query parameters without cursor / per_page. */
  params: Record<string, string>;
  perPage: number;
}

export const wiKeys = {
  all: qk.projectItems,
  lists: (slug: string, pid: string) => ["wi", slug, pid, "list"] as const,
  listsOf: (slug: string, pid: string, kind: ListSource) => ["wi", slug, pid, "list", kind] as const,
  list: (d: ListDesc) =>
    ["wi", d.slug, d.pid, "list", d.kind, d.layout, d.params, d.perPage, d.contextId ?? null] as const,
  props: (slug: string, pid: string, kind: PropsScope) => ["wi", slug, pid, "props", kind] as const,
  detail: (slug: string, pid: string, id: string) => ["wi", slug, pid, "detail", id] as const,
  item: (slug: string, pid: string, id: string) => ["wi", slug, pid, "item", id] as const,
  lookup: (slug: string, key: string) => ["wi-lookup", slug, key] as const,
  search: (slug: string, pid: string, q: string) => ["wi", slug, pid, "search", q] as const,
  /** Every key of one part of a project's items (all details, all histories, the cycles' numbers…), to invalidate. */
  part: (slug: string, pid: string, part: ItemPart) => ["wi", slug, pid, part] as const,
  /** One item's key of that part (its detail, its history…). */
  itemPart: (slug: string, pid: string, part: ItemPart, id: string) => ["wi", slug, pid, part, id] as const,
  /** An item looked up by its key for a mention (`PROJ-12`), and an item embedded in rich text. */
  mentionKey: (slug: string, key: string) => ["wi", slug, "mention-key", key] as const,
  embed: (slug: string, pid: string, identifier: string) => ["wi", slug, "embed", pid, identifier] as const,
  /** The key of a list not asked for yet (no context): it never fetches. */
  none: ["wi", "none"] as const,
};
type ItemPart =
  | "list"
  | "detail"
  | "item"
  | "history"
  | "sub-issues"
  | "relations"
  | "attachments"
  | "meta"
  | "cycles"
  | "search"
  | "props";

/** One work item by id (list-item shape), e.g. the parent shown by the parent picker. */
export const workItemQuery = (slug: string, pid: string, id: string) =>
  queryOptions({
    queryKey: wiKeys.item(slug, pid, id),
    queryFn: async () => asListRow(await call(WI.get, { slug, projectId: pid, issueId: id })),
  });

/**
 * Where a list page is read. The project timeline reads the detail variant (wire-facts §6.1: what Plane's client
 * asks for when it expands `issue_relation` without grouping), whose items carry their relations: its arrows.
 */
const listPageSource = (d: ListDesc) => pageSource(d.kind, d.layout, d.contextId);

export function fetchListPage(d: ListDesc, extra: Record<string, string> = {}, page = 0): Promise<ListEnvelope> {
  const src = listPageSource(d);
  return readListPage(d, src, {
    ...d.params,
    ...src.query,
    per_page: String(d.perPage),
    cursor: `${d.perPage}:${page}:0`,
    ...extra,
  });
}

/**
 * The lists the local database answers: a project's own, its cycles', its modules', its saved views' (the view as
 * this page holds it), its archived items, its epics, and the workspace's views, profile tabs and teamspace lists
 * (else null: the server's).
 */
async function localContext(d: ListDesc, src: { path: string; base?: "workspace" }): Promise<PageListContext | null> {
  // across the workspace's projects: its views, a profile's tabs and a teamspace's lists (once every project the
  // person is in is held)
  if (src.base) return localWorkspaceContext(d.slug, d.kind, d.contextId);
  if (d.kind === "issues" && src.path === "issues/") return { kind: "project" };
  if (d.kind === "archived" || d.kind === "epics") return { kind: d.kind };
  if ((d.kind === "cycle" || d.kind === "module") && d.contextId) return { kind: d.kind, id: d.contextId };
  if (d.kind === "view" && d.contextId) return localViewContext(d.slug, d.pid, d.contextId);
  return null;
}

/**
 * One page of a list: a project's, a cycle's, a module's, a saved view's or the archived work items from the offline
 * local database when it holds them (api/local-db/, the same answer by the same rules: `@stride/shared` local-list.ts), else — and for every other
 * list — from the server.
 */
async function readListPage(
  d: ListDesc,
  src: { path: string; base?: "workspace" },
  query: Record<string, string>,
): Promise<ListEnvelope> {
  const ctx = await localContext(d, src);
  if (ctx) {
    const local = await localListPage(d.slug, d.pid, query, ctx);
    if (local) return local;
  }
  return callListPage(d, src.path === "issues-detail/", query);
}

/**
 * The first page of a list context: its structure cached here, its items in the client's item store (taken as the
 * page enters the cache: work-item-store.ts). Query options shared by the hook and the route loaders.
 */
export const workItemListQuery = (d: ListDesc) =>
  queryOptions({
    queryKey: wiKeys.list(d) as QueryKey,
    queryFn: async ({ client, queryKey }) => {
      itemStore(client);
      // read again (a change, an event): as many items as were loaded, so a "load more" is not undone — also one
      // that ended while this read was on its way (its answer would replace the pages it added: read again)
      const held = () =>
        Math.min(loadedPages(client.getQueryData<ListData>(queryKey)), Math.floor(MAX_PER_PAGE / d.perPage));
      for (let pages = held(); ; pages = held()) {
        const per = String(d.perPage * pages);
        const data =
          pages <= 1
            ? fromEnvelope(await fetchListPage(d))
            : asPagesLoaded(fromEnvelope(await fetchListPage(d, { per_page: per, cursor: `${per}:0:0` })), pages);
        if (held() <= pages) return data;
      }
    },
    staleTime: 10_000,
    // offline too: the local database may answer it (a list it cannot answer fails once, then waits to be online)
    networkMode: "offlineFirst",
  });

/** Every cached timeline page (of any project): its arrows follow the relations. */
export const isTimelineList = (key: readonly unknown[]) =>
  key[0] === "wi" && key[3] === "list" && key[5] === "gantt_chart";

/**
 * The first page of a list context. Switching a filter or the layout keeps showing the items already loaded
 * while the new page loads, when they have the same grouping (list ↔ spreadsheet ↔ timeline, list by state ↔
 * board), so the new view appears at once.
 */
export function useWorkItemList(d: ListDesc | null) {
  const opts = d ? workItemListQuery(d) : null;
  return useQuery({
    queryKey: opts?.queryKey ?? wiKeys.none,
    queryFn: opts?.queryFn ?? skipToken,
    staleTime: opts?.staleTime,
    networkMode: opts?.networkMode,
    placeholderData: (prev: ListData | undefined, prevQuery) =>
      prev &&
      prevQuery &&
      d &&
      prevQuery.queryKey[4] === d.kind &&
      (prev.groupBy ?? null) === (d.params.group_by ?? null) &&
      (prev.subGroupBy ?? null) === (d.params.sub_group_by ?? null)
        ? keepPreviousData(prev)
        : undefined,
  });
}

/** Next page of an ungrouped list. */
export async function loadMoreFlat(qc: QueryClient, d: ListDesc): Promise<void> {
  const key = wiKeys.list(d);
  const cur = qc.getQueryData<ListData>(key);
  if (!cur || !cur.hasMore) return;
  const env = await fetchListPage(d, {}, cur.nextPage);
  itemStore(qc);
  qc.setQueryData<ListData>(key, (old) => (old ? appendFlatPage(old, env) : old));
}

/** Next page of one group (and sub-group): a flat page filtered to the group (wire-facts §6.1). */
export async function loadMoreGroup(
  qc: QueryClient,
  d: ListDesc,
  groupKey: string,
  subKey: string | null,
): Promise<void> {
  const key = wiKeys.list(d);
  const cur = qc.getQueryData<ListData>(key);
  if (!cur?.groupBy) return;
  const g = cur.groups[groupKey];
  const node = subKey !== null ? g?.sub?.[subKey] : g;
  if (!node) return;
  const params = groupLoadMoreParams(
    d.params,
    { groupBy: cur.groupBy, key: groupKey, subGroupBy: subKey !== null ? cur.subGroupBy : null, subKey },
    d.perPage,
    node.pages,
  );
  const env = await readListPage(d, pageSource(d.kind, "list", d.contextId), params);
  itemStore(qc);
  qc.setQueryData<ListData>(key, (old) => (old ? appendGroupPage(old, groupKey, subKey, env) : old));
}

// ------------------------------------------------------------------ cache helpers

/** What a write may change, to put back when the server refuses: cached lists' structures and the items' records. */
export interface Snapshot {
  queries: [QueryKey, unknown][];
  records: RecordSnapshot;
}

/**
 * What a write to a project's items may change: the lists under `prefix` (of the project), the teamspaces' lists and
 * the records of the items it edits (`ids`).
 */
export function snapshotWithTeams(qc: QueryClient, slug: string, prefix: QueryKey, ids: string[] = []): Snapshot {
  return {
    queries: [
      ...qc.getQueriesData({ queryKey: prefix }),
      ...qc.getQueriesData({ queryKey: wiKeys.lists(slug, TEAM_LISTS) }),
    ],
    records: itemStore(qc).snapshot(ids),
  };
}

export function restore(qc: QueryClient, snap: Snapshot) {
  itemStore(qc).restore(snap.records);
  for (const [k, v] of snap.queries) qc.setQueryData(k, v);
}

/**
 * Apply fn to every cached list of a project (optionally only some kinds), and to the teamspaces' lists, which hold
 * items of many projects (for `kinds`, they are live-item lists like `issues`; an item they do not hold is left alone).
 */
export function updateLists(
  qc: QueryClient,
  slug: string,
  pid: string,
  fn: (data: ListData, cmp: (a: WorkItem, b: WorkItem) => number, get: ItemLookup, kind: ListSource) => ListData,
  lookups: OrderLookups,
  kinds?: ListSource[],
) {
  const lists = qc.getQueriesData<ListData>({ queryKey: wiKeys.lists(slug, pid) });
  // a list ordered by type (issue #29) reads the names of the project's types, when they were read
  const types = qc.getQueryData<{ id: string; name: string }[]>(qk.issueTypes(slug, pid));
  const lk: OrderLookups =
    types && !lookups.typeName
      ? { ...lookups, typeName: (id) => (id ? (types.find((t) => t.id === id)?.name ?? null) : null) }
      : lookups;
  if (pid !== TEAM_LISTS) lists.push(...qc.getQueriesData<ListData>({ queryKey: wiKeys.lists(slug, TEAM_LISTS) }));
  const store = itemStore(qc);
  const get: ItemLookup = (id) => store.get(id);
  for (const [key, data] of lists) {
    if (!data) continue;
    const kind = key[4] as ListSource;
    const asKind =
      kind === "team" || kind === "team_view" || kind === "global_view" || kind === "profile" ? "issues" : kind;
    if (kinds && !kinds.includes(asKind)) continue;
    const params = (key[6] ?? {}) as Record<string, string>;
    const next = fn(data, makeComparator(params.order_by, lk), get, kind);
    // a list whose structure the write leaves as it was is not written (its rows read the item from the store)
    if (next !== data) qc.setQueryData(key, next);
  }
}

/**
 * One write to an item's fields: its one record in the store changes, and only the cached lists whose groups or
 * order that changes move it. Returns whether the store held it.
 */
export function editItem(
  qc: QueryClient,
  slug: string,
  pid: string,
  id: string,
  fields: Partial<WorkItem>,
  lookups: OrderLookups,
): boolean {
  const store = itemStore(qc);
  const prev = store.patch(id, fields);
  const next = store.get(id);
  if (!prev || !next || prev === next) return !!prev;
  updateLists(qc, slug, pid, (data, cmp, get) => moveItem(data, prev, next, get, cmp), lookups);
  return true;
}

/** The item as the client holds it (its one record, which every list and detail shows). */
export function cachedItem(qc: QueryClient, id: string): WorkItem | undefined {
  return itemStore(qc).get(id);
}

/** Cache entries about one item (`["wi", slug, pid, part, id, …]`). */
const ITEM_PARTS = new Set(["detail", "item", "history", "sub-issues", "relations", "attachments", "meta"]);

function isItemQuery(key: QueryKey, slug: string, pid: string, id: string): boolean {
  if (key[0] === "wi") return key[1] === slug && key[2] === pid && ITEM_PARTS.has(key[3] as string) && key[4] === id;
  return false;
}

/**
 * A deleted item leaves the cache without being asked for again: requests about it in flight are cancelled
 * and its queries removed (never invalidated: a refetch would only meet a 404). A query still shown (the
 * peek view or page that deleted it closes right after) is removed as soon as its last observer leaves.
 */
export function forgetItem(qc: QueryClient, slug: string, pid: string, id: string) {
  const cache = qc.getQueryCache();
  const match = (q: Query) =>
    isItemQuery(q.queryKey, slug, pid, id) ||
    (q.queryKey[0] === "wi-lookup" &&
      q.queryKey[1] === slug &&
      (q.state.data as { id?: string } | undefined)?.id === id);
  void qc.cancelQueries({ predicate: match });
  const shown = new Set<Query>();
  for (const q of cache.findAll({ predicate: match })) {
    if (q.getObserversCount() === 0) cache.remove(q);
    else shown.add(q);
  }
  if (!shown.size) return;
  const unsubscribe = cache.subscribe((e) => {
    if (e.type !== "observerRemoved" || !shown.has(e.query) || e.query.getObserversCount() > 0) return;
    shown.delete(e.query);
    cache.remove(e.query);
    if (!shown.size) unsubscribe();
  });
}

/** Sub-item lists of other items (a parent's list changes when its child goes); the gone item's own is left alone. */
function invalidateOtherSubItems(qc: QueryClient, slug: string, pid: string, goneIds: string[]) {
  qc.invalidateQueries({
    queryKey: wiKeys.part(slug, pid, "sub-issues"),
    predicate: (q) => !goneIds.includes(q.queryKey[4] as string),
  });
}

// ------------------------------------------------------------------ user properties

// ------------------------------------------------------------------ writes

export interface UpdateVars {
  id: string;
  patch: Partial<WorkItemDetail>;
  kind?: ItemKind;
  /** Project of the item when it differs from the hook's (workspace lists). */
  pid?: string;
  /**
   * The caller tells the person at once when the server refuses (a drop on a board, calendar or timeline rolls back
   * and says so): while the browser is online the edit goes to the server directly, not through the local outbox,
   * whose refusals arrive later as a notice. Offline it is kept in the outbox like any other edit.
   */
  confirm?: boolean;
}

/**
 * Update one work item everywhere it is shown. The optimistic patch also moves the item between groups
 * (a new state moves its card to the state's column).
 */
/**
 * Edits, archive, restore and delete of a project's work items reach the server one after another, in the
 * order they were made (their optimistic changes show at once): "Done" then "Archive" must not arrive as
 * an archive of an item that is not done yet.
 */
const writesScope = (slug: string, pid: string) => ({ id: `work-item-writes:${slug}:${pid}` });

export function useUpdateWorkItem(slug: string, pid: string) {
  const qc = useQueryClient();
  const refs = useProjectRefs(slug, pid);
  return useMutation({
    scope: writesScope(slug, pid),
    meta: { errorTitle: "Could not update the work item" },
    // offline too: an edit the local database keeps reaches the server later (its outbox); without it, it fails and reverts
    networkMode: "always",
    mutationFn: async ({
      id: shown,
      patch,
      kind = "issues",
      pid: itemPid,
      confirm,
    }: UpdateVars & { previous?: WorkItem }) => {
      const project = itemPid ?? pid;
      // an item made offline and sent meanwhile (a screen still showing its temporary id): its server copy is edited
      const id = sentId(shown);
      const body: Record<string, unknown> = {};
      for (const k of WORK_ITEM_PATCH_FIELDS) if (k in patch) body[k] = (patch as Record<string, unknown>)[k];
      // the item's modules are replaced by the same PATCH (one command on the server)
      if ("module_ids" in patch) body.module_ids = patch.module_ids ?? [];
      if (!Object.keys(body).length) return { local: false };
      // local first: kept in the local database's outbox, sent in order from there (api/local-db/), which reads the
      // item again once the server has it
      const direct = confirm && typeof navigator !== "undefined" && navigator.onLine && !isLocalId(id);
      if (!direct && (await localEdit(slug, project, id, kind, body))) return { local: true };
      await call(ofKind(WI.update, kind), { slug, projectId: project, issueId: id }, body);
      return { local: false };
    },
    onMutate: async ({ id, patch, pid: itemPid }) => {
      const project = itemPid ?? pid;
      await qc.cancelQueries({ queryKey: wiKeys.all(slug, project) });
      const snap = snapshotWithTeams(qc, slug, wiKeys.lists(slug, project), [id]);
      const full: Partial<WorkItem> = { ...patch };
      if ("state_id" in patch) full.state__group = refs.stateById.get(patch.state_id ?? "")?.group ?? null;
      // one record: every list, board and the detail read it; lists move it only where its groups or order changed
      editItem(qc, slug, project, id, full, refs.lookups);
      return { snap };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.snap) restore(qc, ctx.snap);
    },
    onSettled: (r, _e, { id, patch, pid: itemPid }) => {
      const project = itemPid ?? pid;
      // an edit still in the local outbox: the server does not have it yet (the outbox asks for these once it has)
      if (r?.local) return;
      qc.invalidateQueries({ queryKey: wiKeys.detail(slug, project, id) });
      // a parent change is also recorded on the parents it left and joined
      qc.invalidateQueries({
        queryKey:
          "parent_id" in patch ? wiKeys.part(slug, project, "history") : wiKeys.itemPart(slug, project, "history", id),
      });
      qc.invalidateQueries({ queryKey: wiKeys.part(slug, project, "sub-issues") });
      // module lists and the modules' progress follow an item's modules and state
      if ("module_ids" in patch) qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, project, "module") });
      invalidateModuleData(qc, slug, project);
      invalidateCycles(qc, slug, project, "cycle_id" in patch);
    },
  });
}

/** A work item's change moves cycle numbers (progress, burndown) and, for its cycle, the cycles' item lists. */
export function invalidateCycles(qc: QueryClient, slug: string, pid: string, lists: boolean) {
  qc.invalidateQueries({ queryKey: wiKeys.part(slug, pid, "cycles") });
  qc.invalidateQueries({ queryKey: refKeys.cycles(slug, pid) });
  if (lists) qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, pid, "cycle") });
}

/** Why archive, restore and delete refuse offline, and for an item created offline that the server has not yet. */
export const NEEDS_SERVER = "This needs the server, which cannot be reached now. Try again when you are back online.";
const NOT_SENT_YET =
  "This work item was created offline and is not on the server yet: try again once it has been sent.";

/**
 * Archive / restore / delete: the item leaves the cached lists at once. The success toast is asked for here
 * (not by the caller) because the row that started it is usually gone by then. What happens to the item's
 * own cache entries is `settle`'s: a deleted item is forgotten, an archived one keeps its (updated) detail;
 * neither is fetched again.
 */
function useRemovingMutation<V extends { id: string; label?: string }, R>(
  slug: string,
  pid: string,
  opts: {
    call: (v: V) => Promise<R>;
    kinds: ListSource[];
    failTitle: string;
    invalidate: ListSource[];
    done: string;
    settle: (qc: QueryClient, v: V, result: R) => void;
  },
) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: opts.failTitle, successTitle: opts.done },
    // these are the server's alone (not kept in the local outbox): offline they say so at once instead of waiting
    networkMode: "always",
    mutationFn: (v: V) => {
      if (isLocalId(v.id)) throw new Error(NOT_SENT_YET);
      if (typeof navigator !== "undefined" && !navigator.onLine) throw new Error(NEEDS_SERVER);
      return opts.call(v);
    },
    onMutate: async (v: V) => {
      // answers about the item that are on their way would put back what the action changes
      await qc.cancelQueries({ predicate: (q) => isItemQuery(q.queryKey, slug, pid, v.id) });
      await qc.cancelQueries({ queryKey: wiKeys.lists(slug, pid) });
      const snap = snapshotWithTeams(qc, slug, wiKeys.lists(slug, pid));
      updateLists(qc, slug, pid, (data) => removeItem(data, v.id), {}, opts.kinds);
      return { snap };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.snap) restore(qc, ctx.snap);
    },
    onSuccess: async (r, v) => {
      for (const k of opts.invalidate) qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, pid, k) });
      invalidateModuleData(qc, slug, pid);
      // an answer asked for before the action (an earlier edit's refetch) would undo what `settle` sets
      await qc.cancelQueries({ predicate: (q) => isItemQuery(q.queryKey, slug, pid, v.id) });
      opts.settle(qc, v, r);
    },
    scope: writesScope(slug, pid),
  });
}

export function useDeleteWorkItem(slug: string, pid: string, kind: ItemKind = "issues") {
  return useRemovingMutation<{ id: string; label?: string }, unknown>(slug, pid, {
    call: ({ id }) => call(ofKind(WI.remove, kind), { slug, projectId: pid, issueId: id }),
    kinds: ["issues", "epics", "archived", "view", "module", "cycle"],
    failTitle: "Could not delete the work item",
    invalidate: [],
    done: "Work item deleted",
    settle: (qc, v) => {
      forgetItem(qc, slug, pid, v.id);
      invalidateOtherSubItems(qc, slug, pid, [v.id]);
    },
  });
}

/** Archive (only from the completed or cancelled groups): the item leaves the list (work-tracking.md §4). */
export function useArchiveWorkItem(slug: string, pid: string, kind: ItemKind = "issues") {
  return useRemovingMutation<{ id: string; label?: string }, { archived_at: string }>(slug, pid, {
    call: ({ id }) => call(ofKind(WI.archive, kind), { slug, projectId: pid, issueId: id }),
    kinds: ["issues", "epics", "view", "module", "cycle"],
    failTitle: "Could not archive the work item",
    invalidate: ["archived"],
    done: "Work item archived",
    settle: (qc, v, r) => {
      // its one record: the detail (and any list still showing it) reads the archive date from it
      itemStore(qc).patch(v.id, { archived_at: r?.archived_at ?? new Date().toISOString() });
      // its history has a new entry: read again where it is shown next (the full page asks at once: useRefreshHistory)
      qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, "history", v.id), refetchType: "none" });
      invalidateOtherSubItems(qc, slug, pid, [v.id]);
    },
  });
}

/** Restore: archived_at cleared, the item leaves the archived list. */
export function useRestoreWorkItem(slug: string, pid: string) {
  return useRemovingMutation<{ id: string; label?: string }, unknown>(slug, pid, {
    call: ({ id }) => call(WI.restore, { slug, projectId: pid, issueId: id }),
    kinds: ["archived"],
    failTitle: "Could not restore the work item",
    invalidate: ["issues", "epics", "view", "module", "cycle"],
    done: "Work item restored",
    settle: (qc, v) => {
      qc.invalidateQueries({ queryKey: wiKeys.detail(slug, pid, v.id) });
      qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, "history", v.id) });
      invalidateOtherSubItems(qc, slug, pid, []);
    },
  });
}

export type { BulkProperties };
