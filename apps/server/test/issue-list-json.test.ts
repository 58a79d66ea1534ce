import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_BY_FIELDS, ORDER_BY_FIELDS } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import {
  insertIssues,
  insertLabel,
  insertModule,
  seedStandardDataset,
  type ProjectCtx,
} from "./helpers/issue-fixtures.ts";
import {
  listCacheOf,
  listWorkItems,
  listWorkItemsJson,
  parseListQuery,
  type ListContext,
  type ListRequest,
} from "../src/domain/work-item-list/index.ts";
import { presentList, presentListText } from "../src/routes/issue-lists/presenters.ts";

/**
 * The list's response body built from each item's JSON text printed straight from the row's values (listWorkItemsJson,
 * spliced by presentListText) is byte for byte the body JSON.stringify gives for the same page read as objects
 * (listWorkItems, presentList): every value printed alike (doubles in every notation, non-finite ones, timestamps in three
 * zones, nulls, id arrays, escaped and unicode strings), keys in the same order, the raw key of multi-valued groupings,
 * over varied items, every order_by, grouping and sub-grouping, filters, contexts, and through P/issues/ with the cache
 * off and on.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let c: ProjectCtx;
let d: Awaited<ReturnType<typeof seedStandardDataset>>;

/** Doubles whose JavaScript and PostgreSQL notations differ (exponents, -0) or agree at the edges, and non-finite ones. */
const ODD_SORT_ORDERS = [
  "1e-7",
  "1e-6",
  "0.000001234",
  "0.00001",
  "0.0001",
  "1e15",
  "1234567890123456.7",
  "123456789012345680",
  "1e20",
  "1e21",
  "1.5e300",
  "-0",
  "0",
  "-0.5",
  "5e-324",
  "1.7976931348623157e308",
  "-2.5e-9",
  "65535.5",
  "0.1",
  "Infinity",
  "-Infinity",
  "NaN",
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  c = { t, ws, pr };
  d = await seedStandardDataset(c);
  const extraLabel = await insertLabel(c, "Ünïcode ✓ label");
  const extraModule = await insertModule(c, 'Module "quoted"');
  const { admin, member, guest } = ws;
  const names = [
    "Ünïcødé ✓ naïve café — 日本語 😀",
    'Quotes " and \\ backslash / slash',
    "Control \u0001\u0007\b\f\n\r\t\u001f chars",
    "Line separators \u2028 \u2029 and DEL \u007f",
    "<script>alert('x')</script> & entities &amp;",
  ];
  const specs = ODD_SORT_ORDERS.map((_, n) => ({
    name: names[n % names.length] + ` #${n}`,
    state: [undefined, "Todo", "In Progress", "Done", null][n % 5] as string | null | undefined,
    priority: (["urgent", "high", "medium", "low", "none"] as const)[n % 5],
    labels: n % 3 === 0 ? [d.L.bug, extraLabel] : n % 3 === 1 ? [d.L.feature] : [],
    assignees: n % 4 === 0 ? [admin.userId, member.userId] : n % 4 === 1 ? [guest.userId] : [],
    modules: n % 5 === 0 ? [d.M.core, extraModule] : n % 5 === 2 ? [d.M.api] : [],
    cycle: n % 2 ? d.C.sprint2 : undefined,
    parent: n % 7 === 3 ? d.I.Beta : undefined,
    startDate: n % 3 ? `2025-0${(n % 9) + 1}-1${n % 10}` : null,
    targetDate: n % 4 ? `2025-1${n % 3}-2${n % 8}` : null,
    estimatePoint: n % 3 === 0 ? d.E.small : n % 3 === 1 ? d.E.big : null,
    createdBy: n % 6 === 5 ? guest.userId : admin.userId,
    // sub-second and microsecond timestamps
    createdAtOffset: 100 + n * 1.234567,
    updatedAtOffset: 200 + n * 7.000001,
    completedAt: n % 4 === 3 ? new Date(Date.UTC(2025, 5, 1, 12, 30, n, n * 7)) : null,
    links: n % 3,
    attachments: n % 2,
    isEpic: n === 5,
    archivedAt: n === 6 ? "2025-02-02" : null,
  }));
  const ids = await insertIssues(c, specs);
  // the odd doubles, set as PostgreSQL reads their text (the same double JavaScript reads)
  for (const [n, v] of ODD_SORT_ORDERS.entries()) {
    await t.app.sql`UPDATE issues SET sort_order = ${v}::float8 WHERE id = ${ids[specs[n].name]}`;
  }
});
afterAll(async () => {
  await t?.close();
});

function request(query: Record<string, string>, timezone: string, context?: ListContext, ownOnly = false): ListRequest {
  const parsed = parseListQuery(query, { timezone });
  return {
    context: context ?? { kind: "project", workspaceId: ws.id, projectId: pr.id },
    viewer: { userId: ownOnly ? ws.guest.userId : ws.admin.userId, timezone, ownOnly },
    ...parsed,
    shape: "list",
  };
}

/** Both bodies of one request: from the items as objects (the reference) and from their JSON texts. */
async function bodies(req: ListRequest) {
  const reference = JSON.stringify(presentList(req.page, await listWorkItems(t.app, req)));
  const spliced = presentListText(req.page, await listWorkItemsJson(t.app, req));
  return { reference, spliced, diff: firstDifference(spliced, reference) };
}

/** Where two texts first differ, with some context (null when equal). */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 80), i + 60)} ≠ …${b.slice(Math.max(0, i - 80), i + 60)}`;
}

const ORDERS = ORDER_BY_FIELDS.flatMap((f) => [f, `-${f}`]);
const ZONES = ["UTC", "Asia/Kolkata", "America/St_Johns"];

describe("list bodies from the items' JSON texts", () => {
  it("equal the objects' JSON for every order_by, in three time zones", async () => {
    let compared = 0;
    for (const timezone of ZONES) {
      for (const order_by of ORDERS) {
        const { reference, spliced, diff } = await bodies(request({ order_by, per_page: "1000" }, timezone));
        expect(diff, `${order_by} ${timezone}`).toBeNull();
        expect(spliced).toBe(reference);
        compared++;
      }
    }
    expect(compared).toBe(ZONES.length * ORDERS.length);
  });

  it("equal the objects' JSON grouped and sub-grouped, paged, in every grouping", async () => {
    const pairs: [string, string | null][] = GROUP_BY_FIELDS.map((g) => [g, null]);
    pairs.push(
      ["state_id", "priority"],
      ["labels__id", "assignees__id"],
      ["issue_module__module_id", "labels__id"],
      ["priority", "labels__id"],
      ["target_date", "cycle_id"],
      ["assignees__id", "state__group"],
      ["created_by", "issue_module__module_id"],
      ["state__group", "target_date"],
    );
    for (const [group_by, sub_group_by] of pairs) {
      for (const [per_page, cursor, order_by] of [
        ["50", "50:0:0", "sort_order"],
        ["2", "2:1:0", "-created_at"],
        ["3", "3:0:0", "labels__name"],
      ]) {
        const q: Record<string, string> = { group_by, per_page, cursor, order_by };
        if (sub_group_by) q.sub_group_by = sub_group_by;
        for (const timezone of ["UTC", "America/St_Johns"]) {
          const { reference, spliced, diff } = await bodies(request(q, timezone));
          expect(diff, JSON.stringify(q)).toBeNull();
          expect(spliced).toBe(reference);
        }
      }
    }
  });

  it("equal the objects' JSON with filters (spreadsheet, kanban and calendar layouts' requests), sub_issue=false and pages", async () => {
    const queries: Record<string, string>[] = [
      { layout: "spreadsheet", order_by: "-created_at", per_page: "100", cursor: "100:0:0" },
      { layout: "spreadsheet", order_by: "name", per_page: "5", cursor: "5:2:0", sub_issue: "false" },
      {
        layout: "kanban",
        group_by: "state_id",
        sub_group_by: "priority",
        order_by: "sort_order",
        per_page: "50",
        cursor: "50:0:0",
      },
      { layout: "kanban", group_by: "priority", order_by: "-target_date", per_page: "50", labels: d.L.bug },
      {
        layout: "calendar",
        order_by: "target_date",
        target_date: "2025-10-01;after,2025-12-31;before",
        per_page: "1000",
      },
      { layout: "list", order_by: "-created_at", assignees: ws.admin.userId, priority: "urgent,high,none" },
      {
        order_by: "sort_order",
        filters: JSON.stringify({ and: [{ state_group__in: "backlog,unstarted,started" }, { name__icontains: "ü" }] }),
      },
      { order_by: "-created_at", per_page: "1000", cursor: "1000:1:0" },
    ];
    for (const q of queries) {
      for (const timezone of ZONES) {
        const { reference, spliced, diff } = await bodies(request(q, timezone));
        expect(diff, JSON.stringify(q)).toBeNull();
        expect(spliced).toBe(reference);
      }
    }
  });

  it("equal the objects' JSON in the epics, archived, cycle and module lists and for a guest who sees own items only", async () => {
    const contexts: [ListContext, boolean][] = [
      [{ kind: "project", workspaceId: ws.id, projectId: pr.id, epics: true }, false],
      [{ kind: "archived", workspaceId: ws.id, projectId: pr.id }, false],
      [{ kind: "cycle", workspaceId: ws.id, projectId: pr.id, cycleId: d.C.sprint2 }, false],
      [{ kind: "module", workspaceId: ws.id, projectId: pr.id, moduleId: d.M.core }, false],
      [{ kind: "project", workspaceId: ws.id, projectId: pr.id }, true],
    ];
    for (const [context, ownOnly] of contexts) {
      const queries: Record<string, string>[] = [
        { order_by: "-created_at" },
        { group_by: "labels__id", order_by: "sort_order", per_page: "50" },
      ];
      for (const q of queries) {
        const { reference, spliced, diff } = await bodies(request(q, "Asia/Kolkata", context, ownOnly));
        expect(diff, `${context.kind} ${JSON.stringify(q)}`).toBeNull();
        expect(spliced).toBe(reference);
      }
    }
  });

  it("keep numbers as numbers and the odd doubles as JavaScript reads them", async () => {
    const { spliced } = await bodies(request({ order_by: "sort_order", per_page: "1000" }, "UTC"));
    const items = JSON.parse(spliced).results as Record<string, unknown>[];
    const sortOrders = items.map((i) => i.sort_order);
    for (const v of [1e-7, 1e21, 1e20, 1.5e300, 5e-324, -0.5, 123456789012345680, 0])
      expect(sortOrders).toContainEqual(v);
    expect(sortOrders).toContain("Infinity");
    expect(sortOrders).toContain("NaN");
    expect(sortOrders).toContain("-Infinity");
    expect(spliced).toContain('"sort_order":1e-7,');
    expect(spliced).toContain('"sort_order":1e+21,');
    expect(spliced).toContain('"sort_order":123456789012345680,');
    for (const it of items) {
      for (const k of ["sequence_id", "sub_issues_count", "attachment_count", "link_count"])
        expect(typeof it[k]).toBe("number");
      for (const k of ["assignee_ids", "label_ids", "module_ids"]) expect(Array.isArray(it[k])).toBe(true);
      expect(typeof it.is_draft).toBe("boolean");
    }
  });

  it("are what P/issues/ answers, with the list cache off and on (a hit sends the same bytes)", async () => {
    const cache = listCacheOf(t.app);
    const queries = [
      "?order_by=-created_at&layout=list&per_page=1000",
      "?group_by=labels__id&sub_group_by=priority&order_by=sort_order&per_page=2",
    ];
    for (const qs of queries) {
      const req = request(Object.fromEntries(new URLSearchParams(qs.slice(1))), "UTC");
      const { reference } = await bodies(req);
      for (const enabled of [false, true, true]) {
        cache.enabled = enabled;
        try {
          const res = await ws.admin.get(`${pr.base}/issues/${qs}`);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
          expect(firstDifference(res.text, reference), `${qs} cache ${enabled}`).toBeNull();
        } finally {
          cache.enabled = true;
        }
      }
    }
  });
});
