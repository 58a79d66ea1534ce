import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultGlobalViewFilters,
  GROUP_BY_FIELDS,
  localContextRequest,
  localProfileNarrowed,
  mergeLocalRefs,
  localContextRows,
  localListEnvelope,
  sortLocalRows,
  localListSupported,
  localRefsFromApi,
  ORDER_BY_FIELDS,
  draftListRefusal,
  parseLocalListQuery,
  toLocalRow,
  type LocalItem,
  type LocalListContext,
  type LocalRefs,
  type LocalRow,
  type LocalSubscriptions,
} from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import {
  insertIssues,
  insertLabel,
  insertModule,
  seedStandardDataset,
  type ProjectCtx,
  type StandardDataset,
} from "./helpers/issue-fixtures.ts";

/**
 * The web's local database answers a project's work-item list from the items it synced (GET v2 …/issues/), with the
 * shared evaluator (packages/shared issue-filters/local-list.ts). Its answer must be the server's, byte for byte in
 * content: every filter of the list engine's filter tests, every grouping and sub-grouping, every ordering both
 * ways, pages of groups, `sub_issue=false`, counts per group — for a member and for a guest who sees only their own.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
/** (the file's project: `syncAs`'s default) */
let projectOne: ProjectFixture;
let c: ProjectCtx;
let d: StandardDataset;
const X: Record<string, string> = {};
let archivedModule = "";

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  projectOne = pr;
  c = { t, ws, pr };
  d = await seedStandardDataset(c);
  archivedModule = await insertModule(c, "Old", true);
  // more rows for ties, pages and groups: equal created_at, several values, one item per state and priority
  Object.assign(
    X,
    await insertIssues(c, [
      {
        name: "Zeta",
        state: "Todo",
        priority: "high",
        labels: [d.L.feature],
        assignees: [ws.guest.userId],
        modules: [d.M.api],
        createdAtOffset: 30,
        sortOrder: 1500,
        targetDate: "2025-01-10",
      },
      {
        name: "Eta",
        state: "Todo",
        priority: "high",
        labels: [d.L.bug],
        assignees: [ws.member.userId],
        cycle: d.C.sprint2,
        createdAtOffset: 30,
        sortOrder: 1500,
        startDate: "2025-01-02",
      },
      {
        name: "theta",
        state: "Cancelled",
        priority: "urgent",
        createdBy: ws.guest.userId,
        createdAtOffset: 31,
        estimatePoint: d.E.small,
        modules: [archivedModule],
      },
      { name: "Iota", state: null, priority: "low", createdAtOffset: 32, parent: d.I.Beta, links: 1 },
      {
        name: "Kappa",
        state: "Backlog",
        priority: "none",
        labels: [d.L.bug, d.L.feature],
        assignees: [ws.admin.userId, ws.guest.userId],
        createdBy: ws.guest.userId,
        createdAtOffset: 33,
        updatedAtOffset: 90,
      },
    ]),
  );
});
afterAll(async () => {
  await t?.close();
});

type Who = typeof ws.admin;

/** Every page of a list (`more`: the envelope's field saying another page follows). */
async function readPages(who: Who, url: (page: number) => string, more: string): Promise<LocalItem[]> {
  const items: LocalItem[] = [];
  for (let page = 0; ; page++) {
    const res = await who.get(url(page));
    expect(res.status, res.text).toBe(200);
    items.push(...(res.body.results as LocalItem[]));
    if (!res.body[more]) return items;
  }
}

/** What the local database holds for a viewer: the v2 sync pages (with descriptions) and the project's refs. */
async function syncAs(
  who: Who,
  pr: ProjectFixture = projectOne,
): Promise<{ rows: LocalRow<LocalItem>[]; refs: LocalRefs; timezone: string }> {
  const items: LocalItem[] = await readPages(
    who,
    (page) => `/api/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/?cursor=3:${page}:0&description=true`,
    "next_cursor",
  );
  const get = async (path: string) => {
    const res = await who.get(path);
    expect(res.status, `${path} ${res.text}`).toBe(200);
    return res.body;
  };
  const refs = localRefsFromApi({
    project: await get(`${pr.base}/`),
    // the hidden triage state too (P/intake-state/): an archived item may be in it
    states: [...(await get(`${pr.base}/states/`)), await get(`${pr.base}/intake-state/`)],
    labels: await get(`${pr.base}/issue-labels/`),
    workspaceMembers: await get(`/api/workspaces/${ws.slug}/members/`),
    cycles: await get(`${pr.base}/cycles/`),
    modules: await get(`${pr.base}/modules/`),
    estimates: await get(`${pr.base}/estimates/`),
  });
  const me = await get(`/api/users/me/`);
  // the archived items and the live epics (marked), as the web's sync reads them (api/local-db/sync.ts `syncExtra`:
  // P/archived-issues/ and P/epics/ pages in the order they changed), kept beside the live work items
  const changed = (list: string) => (page: number) => `${pr.base}/${list}/?cursor=2:${page}:0&order_by=updated_at`;
  items.push(...(await readPages(who, changed("archived-issues"), "next_page_results")));
  items.push(...(await readPages(who, changed("epics"), "next_page_results")).map((it) => ({ ...it, is_epic: true })));
  return { rows: items.map(toLocalRow), refs, timezone: me.user_timezone || "UTC" };
}

const enc = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** The queries: the filter tests' filters, groupings, orderings, pages. */
function queries(): string[] {
  const filters = [
    "",
    `state=${pr.states.Todo}`,
    `state=${pr.states.Todo},${pr.states.Done}`,
    "state_group=backlog,started",
    "priority=urgent,none",
    `labels=${d.L.bug}`,
    "labels=None",
    `labels=${d.L.feature},None`,
    `assignees=${ws.member.userId}`,
    "assignees=None",
    `created_by=${ws.member.userId}`,
    `created_by=${ws.admin.userId},${ws.guest.userId}`,
    `cycle=${d.C.sprint1}`,
    "cycle=None",
    `module=${d.M.api}`,
    "module=None",
    `parent=${d.I.Alpha}`,
    "parent=None",
    `estimate_point=${d.E.small}`,
    `project=${pr.id}`,
    "name=ALP",
    "name=ta",
    "name=%25",
    "type=active",
    "type=backlog",
    "start_target_date=true",
    "target_date=2025-01-15;after",
    "target_date=2025-01-01;after,2025-01-31;before",
    "start_date=2025-02-01;before",
    "target_date=1_weeks;before;ago",
    "target_date=1_weeks;after;fromnow",
    "completed_at=2025-01-05",
    "completed_at=2025-01-06;after",
    "created_at=2025-01-01;after",
    "created_at=last_30_days",
    "updated_at__gt=2025-01-01T00:00:03Z",
    `labels=${d.L.bug}&assignees=${ws.member.userId}`,
    "labels=&state=null&priority=",
    "labels=00000000-0000-4000-8000-000000000000",
    `filters=${enc({ and: [{ state_id__in: `${pr.states.Todo},${pr.states.Done}` }, { priority__in: "high,low" }] })}`,
    `filters=${enc({ or: [{ label_id: d.L.bug }, { priority: "none" }] })}`,
    `filters=${enc({ not: { state_group__in: "unstarted" } })}`,
    `filters=${enc({ not: { state_id: pr.states.Todo } })}`,
    `filters=${enc({ not: { or: [{ cycle_id: d.C.sprint1 }, { label_id__in: "None" }] } })}`,
    `filters=${enc({ state_id__exact: pr.states.Backlog })}`,
    `filters=${enc({ state_id: null })}`,
    `filters=${enc({ cycle_id: null })}`,
    `filters=${enc({ label_id__in: "None" })}`,
    `filters=${enc({ target_date__range: "2025-01-01,2025-01-31" })}`,
    `filters=${enc({ created_at__range: "2025-01-01T00:00:02Z,2025-01-01T00:00:03Z" })}`,
    `filters=${enc({ start_date: "2025-03-01" })}`,
    `filters=${enc({ start_date: null })}`,
    `filters=${enc({ updated_at__range: ["2025-01-01", "2025-01-01"] })}`,
    `filters=${enc({ assignee_id__in: [ws.member.userId] })}`,
    `filters=${enc({ module_id__in: d.M.core })}`,
    `filters=${enc({ cycle_id: d.C.sprint1 })}`,
    `filters=${enc({ created_by_id: ws.member.userId })}`,
    `filters=${enc({ project_id: pr.id })}`,
    `filters=${enc({ state_group: "completed" })}`,
    `filters=${enc({ is_draft: false })}`,
    `filters=${enc({ is_archived: true })}`,
    `filters=${enc({ priority__in: "urgent,high" })}&labels=${d.L.feature}`,
  ];
  const out: string[] = [];
  // every filter, flat and in a few groupings
  for (const f of filters) {
    out.push(f);
    for (const g of ["state_id", "priority", "labels__id", "issue_module__module_id"]) out.push(`${f}&group_by=${g}`);
  }
  // every ordering both ways, flat and grouped
  for (const o of ORDER_BY_FIELDS) {
    for (const dir of ["", "-"]) {
      out.push(`order_by=${dir}${o}`);
      out.push(`order_by=${dir}${o}&group_by=assignees__id`);
    }
  }
  // every grouping and sub-grouping pair, with pages of two
  for (const g of GROUP_BY_FIELDS) {
    out.push(`group_by=${g}`, `group_by=${g}&order_by=sort_order&sub_issue=false`);
    for (const s of GROUP_BY_FIELDS) if (s !== g) out.push(`group_by=${g}&sub_group_by=${s}&order_by=-priority`);
    for (const page of [0, 1, 2]) out.push(`group_by=${g}&cursor=2:${page}:0&order_by=-updated_at`);
  }
  // pages of a flat list, sub_issue=false, the display menu's names
  for (const page of [0, 1, 2, 3, 7])
    out.push(`cursor=3:${page}:0&order_by=sort_order`, `per_page=4&cursor=4:${page}:0&sub_issue=false`);
  out.push(
    "group_by=state&order_by=manual",
    "group_by=labels&sub_group_by=assignees",
    "group_by=state_detail.group&order_by=-state_group",
    "type=all&layout=list",
  );
  return out;
}

const params = (q: string): Record<string, string> => Object.fromEntries(new URLSearchParams(q));

/** Where the server answers a context's list. */
const contextPath = (ctx: LocalListContext, viewId?: string) =>
  ctx.kind === "archived"
    ? `${pr.base}/archived-issues/`
    : ctx.kind === "epics"
      ? `${pr.base}/epics/`
      : ctx.kind === "cycle"
        ? `${pr.base}/cycles/${ctx.id}/cycle-issues/`
        : ctx.kind === "module"
          ? `${pr.base}/modules/${ctx.id}/issues/`
          : viewId
            ? `${pr.base}/views/${viewId}/issues/`
            : `${pr.base}/issues/`;

async function compareAll(
  who: Who,
  ctx: LocalListContext = { kind: "project" },
  qs = queries(),
  viewId?: string,
): Promise<number> {
  const local = await syncAs(who);
  const rows = localContextRows(local.rows, local.refs, ctx);
  expect(rows, JSON.stringify(ctx)).not.toBeNull();
  let compared = 0;
  for (const q of qs) {
    const res = await who.get(`${contextPath(ctx, viewId)}?${q}`);
    expect(res.status, `${q}: ${res.text}`).toBe(200);
    const req = localContextRequest(parseLocalListQuery(params(q), local.timezone), ctx);
    const mine = localListEnvelope(rows!, local.refs, req);
    expect(mine, `${JSON.stringify(ctx)} ${q}`).toEqual(res.body);
    // as the web's worker answers it: over the rows sorted once for the order (then narrowed to the context)
    const sorted = localContextRows(sortLocalRows(local.rows, local.refs, req.order), local.refs, ctx)!;
    expect(localListEnvelope(sorted, local.refs, req, { sorted: true }), `sorted ${q}`).toEqual(res.body);
    compared++;
  }
  return compared;
}

// each case asks the server hundreds of lists (every filter, grouping, ordering and page it compares): more than the
// api project's 30 s on a busy 2-core machine
describe("local list answers equal the server's", { timeout: 120_000 }, () => {
  it("for a member, over every filter, grouping, ordering and page", async () => {
    expect(await compareAll(ws.member)).toBeGreaterThan(400);
  });

  it("in another time zone (day-based date filters read the viewer's days)", async () => {
    await ws.member.patch("/api/users/me/", { user_timezone: "Pacific/Kiritimati" });
    try {
      expect(await compareAll(ws.member)).toBeGreaterThan(400);
    } finally {
      await ws.member.patch("/api/users/me/", { user_timezone: "UTC" });
    }
  });

  it("for a guest who sees only their own items", async () => {
    await t.db.sql`UPDATE projects SET guest_view_all_features = false WHERE id = ${pr.id}`;
    expect(await compareAll(ws.guest)).toBeGreaterThan(400);
  });

  // (issue #28 point 3: cycle and module lists answer locally too)
  it("for a cycle's and a module's list: the project's list narrowed to their items", async () => {
    // every filter flat and grouped, every grouping with sub-groups and pages, a few orderings
    const qs = queries().filter((q, i) => i % 3 === 0 || q.includes("sub_group_by") || q.includes("cursor="));
    let compared = 0;
    for (const ctx of [
      { kind: "cycle", id: d.C.sprint1 },
      { kind: "cycle", id: d.C.sprint2 },
      { kind: "module", id: d.M.core },
      { kind: "module", id: d.M.api },
    ] as const) {
      compared += await compareAll(ws.member, ctx, qs);
    }
    expect(compared).toBeGreaterThan(800);
    // an archived module (items name live modules only) and an unknown cycle are the server's to answer
    const local = await syncAs(ws.member);
    expect(localContextRows(local.rows, local.refs, { kind: "module", id: archivedModule })).toBeNull();
    expect(
      localContextRows(local.rows, local.refs, { kind: "cycle", id: "00000000-0000-4000-8000-000000000000" }),
    ).toBeNull();
  });

  // (issue #28 point 3: the archived list answers locally too; the archived items are kept beside the live ones)
  it("for the project's archived items: every archived item, epics, drafts and triage items included", async () => {
    await insertIssues(c, [
      // (each: archived on, created, updated; then its fields)
      ...[
        { archivedAt: "2025-01-22", createdAtOffset: 40, updatedAtOffset: 95, name: "Archived bug" },
        { archivedAt: "2025-01-23", createdAtOffset: 41, updatedAtOffset: 96, name: "archived feature" },
      ].map((when, i) => ({
        ...when,
        ...[
          { state: "Cancelled", priority: "high" as const, labels: [d.L.bug], assignees: [ws.member.userId] },
          { state: "Done", priority: "low" as const, labels: [d.L.feature, d.L.bug], createdBy: ws.guest.userId },
        ][i],
        ...[
          { cycle: d.C.sprint1, modules: [d.M.core], targetDate: "2025-01-12" },
          { parent: d.I.Alpha, estimatePoint: d.E.small },
        ][i],
      })),
      { name: "Archived epic", isEpic: true, state: "Done", archivedAt: "2025-01-24", createdAtOffset: 42 },
      { name: "Archived triage", state: "Triage", archivedAt: "2025-01-25", createdAtOffset: 43 },
      { name: "Archived, then deleted", archivedAt: "2025-01-25", deletedAt: new Date(), createdAtOffset: 44 },
    ]);
    const qs = queries().filter((q, i) => i % 2 === 0 || q.includes("sub_group_by") || q.includes("cursor="));
    expect(await compareAll(ws.member, { kind: "archived" }, qs)).toBeGreaterThan(300);
    // a guest who sees only their own items: their own archived ones
    expect(await compareAll(ws.guest, { kind: "archived" }, qs.slice(0, 120))).toBe(120);
    // and the live lists are not changed by holding them
    expect(await compareAll(ws.member, { kind: "project" }, qs.slice(0, 120))).toBe(120);
  });

  // (issue #28 point 3: the epics list answers locally too; the live epics are kept marked beside the work items)
  it("for the project's epics: its live epics, and the work item lists without them", async () => {
    await insertIssues(c, [
      {
        ...{ name: "Epic two", isEpic: true, createdAtOffset: 60, targetDate: "2025-01-18" },
        ...{ state: "Todo", priority: "urgent", labels: [d.L.bug], assignees: [ws.member.userId], modules: [d.M.api] },
      },
      { name: "epic three", isEpic: true, state: "Done", createdBy: ws.guest.userId, createdAtOffset: 61 },
      { name: "Epic draft", isEpic: true, isDraft: true, createdAtOffset: 62 },
      { name: "Epic in triage", isEpic: true, state: "Triage", createdAtOffset: 63 },
      { name: "Epic archived", isEpic: true, state: "Done", archivedAt: "2025-01-26", createdAtOffset: 64 },
    ]);
    const qs = queries().filter((q, i) => i % 2 === 0 || q.includes("sub_group_by") || q.includes("cursor="));
    expect(await compareAll(ws.member, { kind: "epics" }, qs)).toBeGreaterThan(300);
    expect(await compareAll(ws.guest, { kind: "epics" }, qs.slice(0, 120))).toBe(120);
    // the work item lists leave them out
    expect(await compareAll(ws.member, { kind: "project" }, qs.slice(0, 120))).toBe(120);
    expect(await compareAll(ws.member, { kind: "module", id: d.M.api }, qs.slice(0, 60))).toBe(60);
  });

  it("for a saved project view's list: the project's list with the view's filters ANDed in", async () => {
    const qs = queries().filter((q, i) => i % 5 === 0 || q.includes("sub_group_by=priority"));
    const bodies = [
      { name: "Hot", filters: { priority: ["urgent", "high"] } },
      { name: "Bugs or none", rich_filters: { or: [{ label_id: d.L.bug }, { priority: "none" }] } },
      {
        name: "Mine this month",
        filters: { assignees: [ws.member.userId], target_date: ["2025-01-01;after"] },
        rich_filters: { not: { state_group__in: "completed" } },
      },
    ];
    let compared = 0;
    for (const body of bodies) {
      const made = await ws.member.post(`${pr.base}/views/`, body);
      expect(made.status, made.text).toBe(201);
      const view = made.body as { id: string; filters: Record<string, string[]> | null; rich_filters: unknown };
      compared += await compareAll(
        ws.member,
        { kind: "view", filters: view.filters, rich_filters: view.rich_filters },
        qs,
        view.id,
      );
    }
    expect(compared).toBeGreaterThan(200);
  });
  // (issue #28 point 3: lists across the workspace answer locally once every project the person is in is held)
  it("for lists across the workspace's projects: global views and a person's assigned and created tabs", async () => {
    const two = await projectFixture(t, ws, { name: "Another" });
    const c2 = { t, ws, pr: two };
    const docs = await insertLabel(c2, "docs");
    await insertIssues(c2, [
      { name: "Other one", state: "Todo", priority: "high", labels: [docs], assignees: [ws.member.userId] },
      { name: "Other two", state: "Done", priority: "urgent", createdBy: ws.member.userId, createdAtOffset: 50 },
      { name: "Other three", state: null, assignees: [ws.admin.userId, ws.member.userId], createdAtOffset: 51 },
      { name: "Other archived", state: "Done", archivedAt: "2025-01-20", assignees: [ws.member.userId] },
      { name: "Other epic", isEpic: true, assignees: [ws.member.userId] },
    ]);
    // a project the member is not in, and an archived one: neither is listed (nor held)
    const away = await projectFixture(t, ws, { name: "Away" });
    await t.db.sql`DELETE FROM project_members WHERE project = ${away.id} AND member = ${ws.member.userId}`;
    await insertIssues({ t, ws, pr: away }, [{ name: "Not mine", assignees: [ws.member.userId] }]);
    const shelved = await projectFixture(t, ws, { name: "Shelved" });
    await insertIssues({ t, ws, pr: shelved }, [{ name: "Shelved one", assignees: [ws.member.userId] }]);
    expect((await ws.admin.post(`/api/workspaces/${ws.slug}/projects/${shelved.id}/archive/`, {})).status).toBe(200);

    // what the web holds: every project the person is in (W/projects/: a member role, not archived)
    const who = ws.member;
    const listed = await who.get(`/api/workspaces/${ws.slug}/projects/`);
    const mine = (listed.body as { id: string; member_role: number | null; archived_at: string | null }[]).filter(
      (p) => p.member_role !== null && !p.archived_at,
    );
    expect(mine.map((p) => p.id).sort()).toEqual([pr.id, two.id].sort());
    const held = [await syncAs(who, pr), await syncAs(who, two)];
    const rows = held.flatMap((h) => h.rows);
    const refs = mergeLocalRefs(held.map((h) => h.refs));
    const tz = held[0].timezone;

    const qs = queries().filter((q, i) => i % 4 === 0 || q.includes("group_by=project_id") || q.includes("cursor="));
    let compared = 0;
    const compare = async (path: string, ctx: LocalListContext, q: string, extra: Record<string, string>) => {
      // the list's query with the context's own (the web's listPageSource query wins over a filter of the same name)
      const sent = { ...params(q), ...extra };
      const res = await who.get(`${path}?${new URLSearchParams(sent).toString()}`);
      expect(res.status, `${path} ${q}: ${res.text}`).toBe(200);
      const req = parseLocalListQuery(sent, tz, { globalView: ctx.kind === "workspace" });
      if (ctx.kind === "profile") expect(localProfileNarrowed(req, ctx.userId)).toBe(true);
      const local = localListEnvelope(localContextRows(rows, refs, ctx)!, refs, localContextRequest(req, ctx));
      expect(local, `${path} ${JSON.stringify(extra)} ${q}`).toEqual(res.body);
      // as the web's worker answers it: over the rows sorted once for the order
      const sorted = localContextRows(sortLocalRows(rows, refs, req.order), refs, ctx)!;
      const fromSorted = localListEnvelope(sorted, refs, localContextRequest(req, ctx), { sorted: true });
      expect(fromSorted, `sorted ${path} ${JSON.stringify(extra)} ${q}`).toEqual(res.body);
      compared++;
    };
    const W = `/api/workspaces/${ws.slug}`;
    for (const q of qs) {
      for (const view of ["all-issues", "assigned", "created"] as const) {
        const filters = defaultGlobalViewFilters(view, who.userId);
        await compare(`${W}/issues/`, { kind: "workspace", filters }, q, { global_view_id: view });
      }
      // a person's tabs: their own and another's (over the viewer's projects)
      for (const user of [who.userId, ws.admin.userId]) {
        await compare(`${W}/user-issues/${user}/`, { kind: "profile", userId: user }, q, { assignees: user });
        await compare(`${W}/user-issues/${user}/`, { kind: "profile", userId: user }, q, { created_by: user });
      }
    }
    // a custom global view: its saved filters ANDed in
    const made = await who.post(`${W}/views/`, {
      name: "Urgent anywhere",
      filters: { priority: ["urgent", "high"] },
      rich_filters: { not: { state_group__in: "completed" } },
    });
    expect(made.status, made.text).toBe(201);
    const view = made.body as { id: string; filters: Record<string, string[]>; rich_filters: unknown };
    for (const q of qs.slice(0, 60))
      await compare(`${W}/issues/`, { kind: "workspace", filters: view.filters, rich_filters: view.rich_filters }, q, {
        global_view_id: view.id,
      });
    expect(compared).toBeGreaterThan(600);
    // a request not narrowed to the person is the server's; the subscribed tab too, unless the person's subscriptions
    // are held (below)
    expect(localListSupported(parseLocalListQuery({ subscriber: who.userId }, tz))).toBe(false);
    expect(localProfileNarrowed(parseLocalListQuery({ priority: "high" }, tz), who.userId)).toBe(false);
  });

  // (issue #28 point 3: the Subscribed view and tab, from the viewer's subscriptions held; a teamspace's lists)
  it("for the Subscribed view and tab (the viewer's subscriptions held), and a teamspace's list and team views", async () => {
    const who = ws.member;
    const other = await projectFixture(t, ws, { name: "Team other" });
    const co = { t, ws, pr: other };
    const me = [who.userId];
    await insertIssues(c, [
      { name: "Watched", state: "Todo", priority: "high", subscribers: me, labels: [d.L.bug], createdAtOffset: 70 },
      { name: "Watched by both", state: "Done", subscribers: [...me, ws.admin.userId], createdAtOffset: 71 },
      { name: "Watched by admin", state: "Todo", subscribers: [ws.admin.userId], assignees: me, createdAtOffset: 72 },
      { name: "Watched, archived", state: "Done", subscribers: me, archivedAt: "2025-01-21", createdAtOffset: 73 },
      { name: "Watched epic", isEpic: true, subscribers: me, createdAtOffset: 74 },
      { name: "Watched draft", isDraft: true, subscribers: me, createdAtOffset: 75 },
      { name: "Watched triage", state: "Triage", subscribers: me, createdAtOffset: 76 },
    ]);
    await insertIssues(co, [
      { name: "Other watched", state: "Todo", priority: "urgent", subscribers: me, assignees: [ws.admin.userId] },
      { name: "Other not watched", state: "Backlog", createdBy: who.userId, createdAtOffset: 77 },
      { name: "Other watched by admin", state: null, subscribers: [ws.admin.userId], createdAtOffset: 78 },
    ]);

    // what the web holds: every project the person is in, and their subscriptions in each (the v2 sync's items
    // filtered by `subscriber`, api/local-db/sync.ts `syncSubscriptions`)
    const W = `/api/workspaces/${ws.slug}`;
    const listed = await who.get(`${W}/projects/`);
    const mine = (listed.body as { id: string; member_role: number | null; archived_at: string | null }[]).filter(
      (p) => p.member_role !== null && !p.archived_at,
    );
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const byId = new Map<string, { rows: LocalRow<LocalItem>[]; refs: LocalRefs; timezone: string }>();
    const subIds = new Set<string>();
    for (const p of mine) {
      const fixture = { ...pr, id: p.id, base: `${W}/projects/${p.id}` };
      byId.set(p.id, await syncAs(who, fixture));
      const subscribed = await readPages(
        who,
        (page) => `/api/v2/workspaces/${ws.slug}/projects/${p.id}/issues/?subscriber=${who.userId}&cursor=3:${page}:0`,
        "next_cursor",
      );
      for (const it of subscribed) subIds.add(it.id);
    }
    expect(subIds.size).toBeGreaterThanOrEqual(4);
    const subs: LocalSubscriptions = { userId: who.userId, ids: subIds };
    const tz = byId.get(pr.id)!.timezone;
    const heldOf = (pids: string[]) => {
      const held = pids.map((pid) => byId.get(pid)!);
      return { rows: held.flatMap((h) => h.rows), refs: mergeLocalRefs(held.map((h) => h.refs)) };
    };
    const all = heldOf(mine.map((p) => p.id));

    // (an order by type is the server's: no project with work item types is held)
    const qs = queries().filter(
      (q, i) => (i % 4 === 0 || q.includes("group_by=project_id") || q.includes("cursor=")) && !q.includes("type__"),
    );
    let compared = 0;
    const compare = async (
      path: string,
      ctx: LocalListContext,
      held: ReturnType<typeof heldOf>,
      q: string,
      extra: Record<string, string>,
    ) => {
      const sent = { ...params(q), ...extra };
      const res = await who.get(`${path}?${new URLSearchParams(sent).toString()}`);
      expect(res.status, `${path} ${q}: ${res.text}`).toBe(200);
      const own = { ...parseLocalListQuery(sent, tz, { globalView: ctx.kind === "workspace" }), subscriptions: subs };
      // (supported: the request with the context's own filter ANDed in, as api/local-db/lists.ts judges it)
      const req = localContextRequest(own, ctx);
      expect(localListSupported(req), q).toBe(true);
      if (ctx.kind === "profile") expect(localProfileNarrowed(req, ctx.userId)).toBe(true);
      const rows = localContextRows(held.rows, held.refs, ctx, subs)!;
      const local = localListEnvelope(rows, held.refs, req);
      expect(local, `${path} ${JSON.stringify(extra)} ${q}`).toEqual(res.body);
      compared++;
    };
    for (const q of qs) {
      const filters = defaultGlobalViewFilters("subscribed", who.userId);
      await compare(`${W}/issues/`, { kind: "workspace", filters }, all, q, { global_view_id: "subscribed" });
      const profile = { kind: "profile", userId: who.userId } as const;
      await compare(`${W}/user-issues/${who.userId}/`, profile, all, q, { subscriber: who.userId });
    }
    // the subscribed view answers what it should: live work items only (no archived item, epic, draft, triage item)
    const names = async (path: string) =>
      ((await who.get(path)).body.results as { name: string }[]).map((r) => r.name).sort();
    expect(await names(`${W}/issues/?global_view_id=subscribed&order_by=name`)).toEqual(
      expect.arrayContaining(["Other watched", "Watched", "Watched by both"]),
    );
    expect(await names(`${W}/issues/?global_view_id=subscribed`)).not.toContain("Watched by admin");
    // another person's subscriptions are not held: their subscribed tab (or a filter naming them, in the request or
    // in a saved view's filters) is the server's; so is a saved view filtering by mentions
    const theirs = parseLocalListQuery({ subscriber: ws.admin.userId }, tz);
    expect(localListSupported({ ...theirs, subscriptions: subs })).toBe(false);
    const plain = { ...parseLocalListQuery({}, tz, { globalView: true }), subscriptions: subs };
    for (const filters of [{ subscriber: [ws.admin.userId] }, { mentions: [who.userId] }])
      expect(localListSupported(localContextRequest(plain, { kind: "workspace", filters }))).toBe(false);
    expect(localListSupported(localContextRequest(plain, { kind: "workspace", filters: { subscriber: me } }))).toBe(
      true,
    );
    expect(localListSupported(parseLocalListQuery({ subscriber: who.userId }, tz))).toBe(false);
    expect(localListSupported({ ...parseLocalListQuery({ subscriber: "None" }, tz), subscriptions: subs })).toBe(false);

    // a teamspace over this file's project, the other one and one the person is not in: its list is the workspace's
    // over the teamspace's projects the person is in
    const away = await projectFixture(t, ws, { name: "Team away" });
    await t.db.sql`DELETE FROM project_members WHERE project = ${away.id} AND member = ${who.userId}`;
    await insertIssues({ t, ws, pr: away }, [{ name: "Away item", assignees: me }]);
    const made = await ws.admin.post(`${W}/teamspaces/`, {
      name: "Equivalence team",
      member_ids: [who.userId],
      project_ids: [pr.id, other.id, away.id],
    });
    expect(made.status, made.text).toBe(201);
    const team = (await who.get(`${W}/teamspaces/${made.body.id}/`)).body as { id: string; project_ids: string[] };
    const teamPids = mine.map((p) => p.id).filter((id) => team.project_ids.includes(id));
    expect(teamPids.sort()).toEqual([pr.id, other.id].sort());
    const teamHeld = heldOf(teamPids);
    const T = `${W}/teamspaces/${team.id}`;
    for (const q of [...qs, `team_project=${other.id}`, `team_project=${other.id}&group_by=project_id`])
      await compare(`${T}/issues/`, { kind: "team" }, teamHeld, q, {});
    // a team view: its saved filters ANDed in
    const view = await who.post(`${T}/views/`, {
      name: "Team hot",
      filters: { priority: ["urgent", "high"] },
      rich_filters: { not: { state_group__in: "completed" } },
    });
    expect(view.status, view.text).toBe(201);
    const saved = view.body as { id: string; filters: Record<string, string[]>; rich_filters: unknown };
    for (const q of qs.slice(0, 80))
      await compare(
        `${T}/views/${saved.id}/issues/`,
        { kind: "team", filters: saved.filters, rich_filters: saved.rich_filters },
        teamHeld,
        q,
        {},
      );
    expect(compared).toBeGreaterThan(500);
  });
  // (issue #28 point 3: the person's workspace drafts, held whole from W/draft-issues/)
  it("for the person's workspace drafts (W/draft-issues/): their filters, groupings and orders", async () => {
    const who = ws.member;
    const W = `/api/workspaces/${ws.slug}`;
    const make = async (body: Record<string, unknown>) => {
      const r = await who.post(`${W}/draft-issues/`, body);
      expect(r.status, r.text).toBe(201);
    };
    await make({
      name: "Alpha plan",
      project_id: pr.id,
      priority: "high",
      state_id: pr.states.Todo,
      label_ids: [d.L.bug],
      assignee_ids: [ws.member.userId],
      target_date: "2025-01-20",
      cycle_id: d.C.sprint1,
      module_ids: [d.M.api],
    });
    await make({ name: "bravo idea", priority: "low" });
    await make({
      name: "Charlie fix",
      project_id: pr.id,
      priority: "high",
      state_id: pr.states.Done,
      start_date: "2025-01-02",
    });
    await make({
      name: "delta",
      project_id: pr.id,
      label_ids: [d.L.bug, d.L.feature],
      assignee_ids: [ws.admin.userId],
    });
    await make({
      name: "Echo",
      project_id: pr.id,
      state_id: pr.states.Backlog,
      priority: "urgent",
    });
    // someone else's draft is never listed (nor held)
    expect((await ws.admin.post(`${W}/draft-issues/`, { name: "Admin's own" })).status).toBe(201);

    // what the web holds: the drafts read whole, as api/local-db/sync.ts `syncDrafts` reads them; the refs of every
    // project the person is in
    const drafts = await readPages(
      who,
      (page) => `${W}/draft-issues/?order_by=created_at&per_page=2&cursor=2:${page}:0`,
      "next_page_results",
    );
    expect(drafts.map((x) => x.name).sort()).toEqual(["Alpha plan", "Charlie fix", "Echo", "bravo idea", "delta"]);
    const listed = await who.get(`${W}/projects/`);
    const mine = (listed.body as { id: string; member_role: number | null; archived_at: string | null }[]).filter(
      (p) => p.member_role !== null && !p.archived_at,
    );
    const held = await Promise.all(mine.map((p) => syncAs(who, { ...pr, id: p.id, base: `${W}/projects/${p.id}` })));
    const refs = mergeLocalRefs(held.map((h) => h.refs));
    const tz = held[0].timezone;
    const rows = drafts.map(toLocalRow);
    const ctx: LocalListContext = { kind: "drafts" };
    let compared = 0;
    let refused = 0;
    const qs = [
      ...queries(),
      "order_by=name",
      "group_by=priority&order_by=name",
      "group_by=project_id&sub_group_by=priority",
      "per_page=2&cursor=2:1:0",
      `filters=${enc({ name__icontains: "bravo" })}`,
    ];
    for (const q of qs) {
      const res = await who.get(`${W}/draft-issues/?${q}`);
      let req;
      try {
        req = localContextRequest(parseLocalListQuery(params(q), tz, { drafts: true }), ctx);
        if (draftListRefusal(req)) req = null;
      } catch {
        req = null;
      }
      if (!req) {
        // what the server refuses, the web leaves to it (lists.ts `answerDrafts`)
        expect(res.status, `${q}: ${res.text}`).toBe(400);
        refused++;
        continue;
      }
      expect(res.status, `${q}: ${res.text}`).toBe(200);
      if (!localListSupported(req)) continue;
      expect(localListEnvelope(rows, refs, req), `drafts ${q}`).toEqual(res.body);
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(0);
  });
});
