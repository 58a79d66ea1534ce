/**
 * A project's work-item list evaluated over the items a client holds (the web's offline local database,
 * platform.md §1, §7): the same query parameters as GET P/issues/ (wire-facts §6.1) — legacy flat filters, the
 * JSON `filters` grammar, `group_by` / `sub_group_by`, `order_by`, `sub_issue`, the cursor — read by the same parsers
 * the server uses, and answered with the same envelope, group order, per-group pages and counts as the server's list
 * engine (apps/server/src/core/issue-list). `apps/server/test/local-list-equivalence.test.ts` holds the two answers
 * equal over the engine's filter, grouping and ordering combinations.
 *
 * Differences kept on purpose: filters on mentions, and on subscribers other than the viewer (a client holds only
 * the viewer's own subscriptions), need rows the client does not hold (`localFilterSupported` says so; such lists are
 * asked of the server), and a module filter matches the item's live
 * modules (an archived module's items are matched by the server only).
 */
import { FilterError } from "./errors.ts";
import {
  parseGrouping,
  GROUP_BY_ITEM_FIELD,
  isMultiValuedGroup,
  PRIORITY_GROUP_KEYS,
  STATE_GROUP_KEYS,
  type GroupByField,
} from "./group.ts";
import { parseLegacyFilters, type QueryParams } from "./legacy.ts";
import {
  listPageEnvelope,
  shapeFlatPage,
  shapeGroupedPage,
  type ListPageRequest,
  type ListPageResult,
} from "./list-shape.ts";
import { parseOrderBy, type OrderBy } from "./order.ts";
import { parseRichFilters } from "./rich.ts";
import { andFilterNodes, isFilterLeaf, type FilterNode } from "./ast.ts";
import { todayInTimeZone } from "./dates.ts";
import { MAX_PER_PAGE } from "../constants.ts";
import { WORKSPACE_DRAFTS_PAGE_SIZE } from "./drafts.ts";
import { savedViewFilter } from "./saved.ts";
import { isoMicros, type LocalItem, type LocalRefs, type LocalRow } from "./local-row.ts";
import { comparator, indexRefs, type LocalRefIndex } from "./local-order.ts";
import { matches, type EvalCtx, type LocalSubscriptions } from "./local-match.ts";

export { isoMicros, toLocalRow, type LocalItem, type LocalRefs, type LocalRow } from "./local-row.ts";
export { sortLocalRows } from "./local-order.ts";
export { dayStartMicros, type LocalSubscriptions } from "./local-match.ts";

/** The refs from the answers of the endpoints the web reads them from (a feature turned off: null). */
export function localRefsFromApi(a: {
  project: { id: string; name: string };
  states: { id: string; name: string; group: string; sequence: number }[];
  labels: { id: string; name: string }[];
  workspaceMembers: { member?: { id: string; first_name?: string | null } | null }[];
  cycles: { id: string; name: string; created_at: string; archived_at?: string | null }[] | null;
  modules: { id: string; name: string; archived_at?: string | null }[] | null;
  estimates: { points?: { id: string; key: number }[] }[] | null;
}): LocalRefs {
  return {
    projects: [{ id: a.project.id, name: a.project.name }],
    states: a.states.map((s) => ({ id: s.id, name: s.name, group: s.group, sequence: Number(s.sequence) })),
    labels: a.labels.map((l) => ({ id: l.id, name: l.name })),
    members: a.workspaceMembers.flatMap((m) =>
      m.member ? [{ id: m.member.id, first_name: m.member.first_name ?? null }] : [],
    ),
    cycles: (a.cycles ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      created_at: c.created_at,
      archived_at: c.archived_at ?? null,
    })),
    modules: (a.modules ?? []).map((m) => ({ id: m.id, name: m.name, archived_at: m.archived_at ?? null })),
    estimatePoints: (a.estimates ?? []).flatMap((e) => (e.points ?? []).map((p) => ({ id: p.id, key: Number(p.key) }))),
  };
}

/** A list request as the server's `parseListQuery` reads it. */
export interface LocalListRequest {
  filter: FilterNode | null;
  order: OrderBy;
  groupBy: GroupByField | null;
  subGroupBy: GroupByField | null;
  page: ListPageRequest;
  parentless: boolean;
  /** The viewer's IANA time zone: day-based date filters read days there. */
  timezone: string;
  /**
   * The project's archived items (P/archived-issues/, the list engine's `archived` context) instead of its live ones:
   * every item with `archived_at` set — epics, drafts and triage items included, as the server lists them.
   */
  archived?: boolean;
  /** The project's epics (P/epics/: live items the client holds marked `is_epic`) instead of its work items. */
  epics?: boolean;
  /**
   * The caller's workspace drafts (W/draft-issues/, the list engine's `workspace_drafts` context): every row given is
   * one of their drafts, listed as the server presents it (no state group added, its description kept).
   */
  drafts?: boolean;
  /**
   * The viewer's subscriptions among the rows, when the client holds them: a `subscriber_id` filter naming the viewer
   * alone (the Subscribed view, the viewer's own Subscribed tab) is then evaluated here.
   */
  subscriptions?: LocalSubscriptions;
}

/** How the rows are given: `sorted`, already in the request's order (`sortLocalRows` with `req.order`). */
export interface LocalListOptions {
  sorted?: boolean;
}

/** A cursor or per_page the server would refuse. */
export class LocalListParamError extends Error {}

/** `cursor` / `per_page` as the server's parsePage reads them. */
export function parseListPage(
  perPageRaw: string | undefined,
  cursorRaw: string | undefined,
  defaultPerPage: number,
): ListPageRequest {
  let perPage = defaultPerPage;
  if (perPageRaw !== undefined && perPageRaw !== "") {
    const n = Number(perPageRaw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE) throw new LocalListParamError("Invalid per_page value.");
    perPage = n;
  }
  let page = 0;
  if (cursorRaw !== undefined && cursorRaw !== "") {
    const parts = cursorRaw.split(":");
    if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p)))
      throw new LocalListParamError("Invalid cursor parameter.");
    const cPer = Number(parts[0]);
    page = Number(parts[1]);
    if (cPer < 1 || cPer > MAX_PER_PAGE) throw new LocalListParamError("Invalid cursor parameter.");
    if (perPageRaw === undefined || perPageRaw === "") perPage = cPer;
  }
  return { perPage, page, offset: page * perPage };
}

/**
 * A project list's query parameters (what the web sends to P/issues/) as the server reads them. Throws FilterError
 * or LocalListParamError where the server answers 400 (the caller then asks the server, which says why).
 */
export function parseLocalListQuery(
  params: Record<string, string | undefined>,
  timezone: string,
  opts: { globalView?: boolean; drafts?: boolean } = {},
): LocalListRequest {
  // workspace drafts: 50 a page, newest first unless asked (the server's listWorkspaceDrafts)
  const page = parseListPage(params.per_page, params.cursor, opts.drafts ? WORKSPACE_DRAFTS_PAGE_SIZE : 1000);
  // a workspace global view (W/issues/) has no manual order: the server reads `sort_order` as newest first
  const order = parseOrderBy(params.order_by, {
    globalView: opts.globalView,
    fallback: opts.drafts ? "-created_at" : undefined,
  });
  const { groupBy, subGroupBy } = parseGrouping(params.group_by, params.sub_group_by);
  const flat: QueryParams = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === "string") flat[k] = v;
  const filter = andFilterNodes(parseLegacyFilters(flat, todayInTimeZone(timezone)), parseRichFilters(params.filters));
  const subIssue = params.sub_issue;
  return {
    filter,
    order,
    groupBy,
    subGroupBy,
    page,
    parentless: subIssue === "false" || subIssue === "False" || subIssue === "0",
    timezone,
  };
}

/** Whether the whole request can be answered locally: its filter, and a grouping and ordering the local rows hold. */
export function localListSupported(req: LocalListRequest): boolean {
  // custom properties and types (issue #29): the local database holds no project with types on (the server answers)
  const custom = (f: string | null | undefined) => !!f && (f.startsWith("custom_property__") || f === "type__name");
  return (
    localFilterSupported(req.filter, req.subscriptions?.userId) &&
    !custom(req.groupBy) &&
    !custom(req.subGroupBy) &&
    !custom(req.order.field)
  );
}

/**
 * Whether the filter reads only what a client holds: not mentions, not custom property values, and subscribers only
 * as "`subscriber` subscribes" for the one person whose subscriptions it holds (`subscriber`: the viewer, when held).
 */
export function localFilterSupported(node: FilterNode | null, subscriber?: string): boolean {
  if (!node) return true;
  if (isFilterLeaf(node)) {
    if (node.field === "subscriber_id")
      return !!subscriber && node.op === "in" && node.values.length > 0 && node.values.every((v) => v === subscriber);
    return node.field !== "mention_id" && node.field !== "custom_property";
  }
  if ("and" in node) return node.and.every((n) => localFilterSupported(n, subscriber));
  if ("or" in node) return node.or.every((n) => localFilterSupported(n, subscriber));
  return localFilterSupported(node.not, subscriber);
}

/* ------------------------------------------------------------------ groups */

/** The keys an item has for a grouping (null: the "None" group). Multi-valued groupings give one per value. */
function groupValues(field: GroupByField, row: LocalRow, idx: LocalRefIndex): (string | null)[] {
  const multi = GROUP_BY_ITEM_FIELD[field];
  if (!multi) return [groupValue(field, row, idx)];
  const vals = (row.item[multi] as string[] | null) ?? [];
  return vals.length ? [...new Set(vals)] : [null];
}

/** The key of a single-valued grouping (null: the "None" group). */
function groupValue(field: GroupByField, row: LocalRow, idx: LocalRefIndex): string | null {
  const it = row.item;
  switch (field) {
    case "state_id":
      return it.state_id;
    case "state__group":
      return it.state_id ? (idx.stateGroup.get(it.state_id) ?? null) : null;
    case "priority":
      return it.priority;
    case "cycle_id":
      return it.cycle_id;
    case "created_by":
      return it.created_by;
    case "project_id":
      return it.project_id;
    case "target_date":
      return it.target_date;
    default:
      return null;
  }
}

/** Keys every page of a single-valued grouping lists, in their fixed order (null: only the keys with items). */
function prefillOf(field: GroupByField, refs: LocalRefs): string[] | null {
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  switch (field) {
    case "state_id":
      return refs.states
        .filter((s) => s.group !== "triage")
        .sort((a, b) => a.sequence - b.sequence || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((s) => s.id);
    case "state__group":
      return [...STATE_GROUP_KEYS];
    case "priority":
      return [...PRIORITY_GROUP_KEYS];
    case "project_id":
      return [...refs.projects].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((p) => p.id);
    case "cycle_id": {
      const live = refs.cycles.filter((c) => !c.archived_at).map((c) => ({ id: c.id, us: isoMicros(c.created_at) }));
      return [...live.sort((a, b) => b.us - a.us).map((c) => c.id), "None"];
    }
    case "issue_module__module_id":
      return [
        ...refs.modules
          .filter((m) => !m.archived_at)
          .sort(byName)
          .map((m) => m.id),
        "None",
      ];
    default:
      return null;
  }
}

/* ------------------------------------------------------------------ the page */

export interface LocalListPage<T> extends ListPageResult<T> {
  results:
    | T[]
    | Record<string, { results: T[] | Record<string, { results: T[]; total_results: number }>; total_results: number }>;
}

/**
 * Which held rows a list starts from, before filters (the list engine's contexts): the archived items; else the live
 * ones — neither drafts, archived nor in a triage state — that are epics for the epics list, work items otherwise.
 */
function contextMatch(refs: LocalRefs, req: LocalListRequest): (r: LocalRow) => boolean {
  if (req.drafts) return () => true;
  if (req.archived) return (r) => r.item.archived_at !== null;
  const triage = new Set(refs.states.filter((s) => s.group === "triage").map((s) => s.id));
  return (r) =>
    !r.item.is_draft &&
    r.item.archived_at === null &&
    !(r.item.state_id && triage.has(r.item.state_id)) &&
    !!r.item.is_epic === !!req.epics;
}

type Cell<T extends LocalItem> = { g: string | null; sg: string | null; n: number; rows: LocalRow<T>[] };

/**
 * Rows (in the list's order) by (group, sub-group) key: each key's count and its first `end` rows (a page's), in the
 * order the keys are first met; and the totals per group and per (group, sub-group).
 */
function groupCells<T extends LocalItem>(
  sorted: LocalRow<T>[],
  g: GroupByField,
  sg: GroupByField | null,
  idx: LocalRefIndex,
  end: number,
) {
  // each (group, sub-group) key's count and the rows of its page, in order (cells: in the order first met; byKey:
  // found by group, then sub-group)
  const cells: Cell<T>[] = [];
  const byKey = new Map<string | null, Map<string | null, Cell<T>>>();
  // items per group (a row's group keys are distinct: each counts it once)
  const groupCounts = new Map<string | null, number>();
  const add = (gv: string | null, sv: string | null, r: LocalRow<T>) => {
    let subs = byKey.get(gv);
    if (!subs) byKey.set(gv, (subs = new Map()));
    let cell = subs.get(sv);
    if (!cell) {
      subs.set(sv, (cell = { g: gv, sg: sv, n: 0, rows: [] }));
      cells.push(cell);
    }
    if (cell.n++ < end) cell.rows.push(r);
  };
  const single = !isMultiValuedGroup(g);
  for (const r of sorted) {
    if (single && !sg) {
      // the usual case (by state, priority…): one key, no sub-group
      add(groupValue(g, r, idx), null, r);
      continue;
    }
    for (const gv of groupValues(g, r, idx)) {
      groupCounts.set(gv, (groupCounts.get(gv) ?? 0) + 1);
      if (sg) for (const sv of groupValues(sg, r, idx)) add(gv, sv, r);
      else add(gv, null, r);
    }
  }
  if (single && !sg) for (const cell of cells) groupCounts.set(cell.g, cell.n);
  const totals: [string | null, string | null, number, number][] = [];
  for (const [gv, n] of groupCounts) totals.push([gv, null, n, 1]);
  if (sg) for (const cell of cells) totals.push([cell.g, cell.sg, cell.n, 0]);

  return { cells, totals };
}

/**
 * One page of a project's list (project items: neither drafts, archived, epics nor in a triage state — of the rows a
 * client holds, the live ones; `req.archived`: the archived ones), as the server's list engine answers it. Items come back as list items: the
 * state's group added, `description_html` left out, a multi-valued grouping's raw key under its name.
 */
export function evaluateLocalList<T extends LocalItem>(
  rows: LocalRow<T>[],
  refs: LocalRefs,
  req: LocalListRequest,
  opts: LocalListOptions = {},
): ListPageResult<T> {
  const idx = indexRefs(refs);
  const ctx: EvalCtx = { stateGroup: idx.stateGroup, tz: req.timezone, dayStarts: new Map() };
  ctx.subscriptions = req.subscriptions;
  const inContext = contextMatch(refs, req);
  const kept = rows.filter(
    (r) =>
      inContext(r) && (!req.parentless || r.item.parent_id === null) && (!req.filter || matches(req.filter, r, ctx)),
  );
  // rows given in the list's order (sortLocalRows) keep it through the filter
  const sorted = opts.sorted ? kept : kept.sort(comparator(req.order, idx));
  const out = (r: LocalRow<T>): T => {
    // a draft: as the server presents it
    if (req.drafts) return { ...r.item };
    // (`is_epic`: the client's mark of an epic, not a list item's field)
    const { description_html: _d, is_epic: _e, ...rest } = r.item as T & { description_html?: unknown };
    return {
      ...rest,
      state__group: r.item.state_id ? (idx.stateGroup.get(r.item.state_id) ?? null) : null,
    } as unknown as T;
  };
  const { page } = req;
  if (!req.groupBy)
    return shapeFlatPage(page, sorted.length, sorted.slice(page.offset, page.offset + page.perPage).map(out));

  const g = req.groupBy;
  const sg = req.subGroupBy;
  const end = page.offset + page.perPage;
  const { cells, totals } = groupCells(sorted, g, sg, idx, end);

  const items: T[] = [];
  const groupKeys: (string | null)[] = [];
  const subGroupKeys: (string | null)[] = [];
  // pages in the order the server numbers them: by group key, sub-group key (nulls last), then the list order
  const keyCmp = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  const ordered = [...cells].sort((a, b) => keyCmp(a.g, b.g) || keyCmp(a.sg, b.sg));
  for (const cell of ordered) {
    for (const r of cell.rows.slice(page.offset, end)) {
      items.push(out(r));
      groupKeys.push(cell.g);
      subGroupKeys.push(cell.sg);
    }
  }
  return shapeGroupedPage<T>({
    groupBy: g,
    subGroupBy: sg,
    multi: isMultiValuedGroup(g),
    subMulti: isMultiValuedGroup(sg),
    page,
    totals,
    prefill: prefillOf(g, refs),
    subPrefill: sg ? prefillOf(sg, refs) : null,
    items,
    groupKeys,
    subGroupKeys,
    tag: (it, field, raw) => {
      (it as Record<string, unknown>)[field] = raw;
    },
  });
}

/**
 * The project lists a client answers from the items it holds: the project's own (GET P/issues/), a cycle's
 * (P/cycles/{id}/cycle-issues/) and a module's (P/modules/{id}/issues/) — the list engine's `cycle` and `module`
 * contexts, which are the project's list narrowed to the cycle's or module's items —, a saved project view's
 * (P/views/{id}/issues/: the project's list with the view's saved filters ANDed in, as the server's `viewFilterOf`)
 * the project's archived items (P/archived-issues/: `localContextRequest` sets `archived`) and its epics (P/epics/:
 * `epics`, the rows a client holds marked `is_epic`).
 */
export type LocalListContext =
  | { kind: "project" }
  | { kind: "archived" }
  | { kind: "epics" }
  | { kind: "cycle"; id: string }
  | { kind: "module"; id: string }
  | { kind: "view"; filters: QueryParams | null | undefined; rich_filters: unknown }
  /**
   * W/issues/ (a workspace global view; `filters` / `rich_filters`: its saved filter, as `defaultGlobalViewFilters`
   * or a custom view's): the items of every project the viewer is in — the caller passes the rows and merged refs
   * (`mergeLocalRefs`) of all of them, or asks the server.
   */
  | { kind: "workspace"; filters?: QueryParams | null; rich_filters?: unknown }
  /**
   * W/teamspaces/{id}/issues/ (the list engine's `team` context) and a team view's W/teamspaces/{id}/views/{v}/issues/
   * (`filters` / `rich_filters`: the view's, ANDed in): the workspace's items limited to the teamspace's projects the
   * viewer is in — the caller passes the rows and merged refs of those — with `sort_order` the manual order (not a
   * global view's newest first).
   */
  | { kind: "team"; filters?: QueryParams | null; rich_filters?: unknown }
  /**
   * W/user-issues/{userId}/: a person's profile tab over the viewer's projects — the items they created, are assigned
   * to or subscribe to. Answered only for a request narrowed to one of those (`localProfileNarrowed`); a client holds
   * only the viewer's own subscriptions, so another person's subscribed tab is the server's.
   */
  | { kind: "profile"; userId: string }
  /**
   * W/draft-issues/: the caller's workspace drafts (rows: theirs, as W/draft-issues/ presents them; refs: merged over
   * the projects the viewer is in, as for a workspace view).
   */
  | { kind: "drafts" };

/** The refs of several projects as one (a list across projects: a workspace view, a profile tab). */
export function mergeLocalRefs(all: LocalRefs[]): LocalRefs {
  const members = new Map<string, LocalRefs["members"][number]>();
  for (const r of all) for (const m of r.members) if (!members.has(m.id)) members.set(m.id, m);
  const cat = <K extends keyof LocalRefs>(k: K) => all.flatMap((r) => r[k] as LocalRefs[K][number][]) as LocalRefs[K];
  return {
    states: cat("states"),
    labels: cat("labels"),
    members: [...members.values()],
    modules: cat("modules"),
    cycles: cat("cycles"),
    estimatePoints: cat("estimatePoints"),
    projects: cat("projects"),
  };
}

/**
 * Whether a profile tab's request keeps only items the person is assigned to, created or subscribes to (its filter
 * ANDs in `assignees=<userId>`, `created_by=<userId>` or `subscriber=<userId>`, as the tabs do): then the rows of
 * `localContextRows` answer it (a subscriber filter only when the subscriptions held are that person's:
 * `localListSupported`).
 */
export function localProfileNarrowed(req: LocalListRequest, userId: string): boolean {
  const conjuncts = (n: FilterNode | null): FilterNode[] =>
    !n ? [] : !isFilterLeaf(n) && "and" in n ? n.and.flatMap(conjuncts) : [n];
  return conjuncts(req.filter).some(
    (n) =>
      isFilterLeaf(n) &&
      n.op === "in" &&
      (n.field === "assignee_id" || n.field === "created_by_id" || n.field === "subscriber_id") &&
      n.values.length === 1 &&
      n.values[0] === userId,
  );
}

/** The request of a context's list: a saved view's filters ANDed into the request's (the same parsers as the server's). */
export function localContextRequest(req: LocalListRequest, ctx: LocalListContext): LocalListRequest {
  if (ctx.kind === "archived") return { ...req, archived: true };
  if (ctx.kind === "epics") return { ...req, epics: true };
  if (ctx.kind === "drafts") return { ...req, drafts: true };
  if (ctx.kind !== "view" && ctx.kind !== "workspace" && ctx.kind !== "team") return req;
  return {
    ...req,
    filter: andFilterNodes(req.filter, savedViewFilter(ctx.filters, ctx.rich_filters, todayInTimeZone(req.timezone))),
  };
}

/**
 * The rows of a context's list, or null when the client does not answer it: a cycle or module it does not know or
 * that is archived (an item's `cycle_id` and `module_ids` name live ones only; the server answers those). A profile
 * tab's: the items the person created or is assigned to, and those they subscribe to when `subscriptions` are theirs.
 */
export function localContextRows<T extends LocalItem>(
  rows: LocalRow<T>[],
  refs: LocalRefs,
  ctx: LocalListContext,
  subscriptions?: LocalSubscriptions,
): LocalRow<T>[] | null {
  if (ctx.kind !== "cycle" && ctx.kind !== "module" && ctx.kind !== "profile") return rows;
  if (ctx.kind === "profile") {
    const subs = subscriptions?.userId === ctx.userId ? subscriptions.ids : null;
    return rows.filter(
      (r) =>
        r.item.created_by === ctx.userId || (r.item.assignee_ids ?? []).includes(ctx.userId) || !!subs?.has(r.item.id),
    );
  }
  const ref = (ctx.kind === "cycle" ? refs.cycles : refs.modules).find((x) => x.id === ctx.id);
  if (!ref || ref.archived_at) return null;
  return ctx.kind === "cycle"
    ? rows.filter((r) => r.item.cycle_id === ctx.id)
    : rows.filter((r) => (r.item.module_ids ?? []).includes(ctx.id));
}

/** The wire envelope of a local page (what GET P/issues/ would answer). */
export function localListEnvelope<T extends LocalItem>(
  rows: LocalRow<T>[],
  refs: LocalRefs,
  req: LocalListRequest,
  opts: LocalListOptions = {},
) {
  return listPageEnvelope(req.page, evaluateLocalList(rows, refs, req, opts));
}

export { FilterError };
