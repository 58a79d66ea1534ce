import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOOL_FILTER_FIELDS,
  DATE_FILTER_FIELDS,
  DATETIME_FILTER_FIELDS,
  ENUM_FILTER_FIELDS,
  GROUP_BY_FIELDS,
  ID_FILTER_FIELDS,
  ORDER_BY_FIELDS,
  type FilterNode,
} from "@stride/shared";
import {
  buildListQuery,
  ListCache,
  type ItemShape,
  type ListContext,
  type ListRequest,
} from "../src/domain/work-item-list/index.ts";
import { parsePage } from "../src/http/pagination.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

/**
 * The list cache is exact only if every table a cached list response reads bumps `projects.list_version`
 * when written (apps/server/src/db/sql/list-version-triggers.sql). This test does not trust a hand-kept
 * list: it builds the engine's SQL for every context, viewer kind, ordering, grouping pair, filter field,
 * item shape and option, extracts the tables each statement reads (FROM/JOIN targets of the SQL text, and
 * the relations of the plan from EXPLAIN), and checks each has list-version triggers in the database.
 * Requests the cache refuses to store (ListCache.cacheable) are left out: nothing cached depends on them.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const W = "22222222-2222-4222-8222-222222222222";
const P = "11111111-1111-4111-8111-111111111111";
const U = "33333333-3333-4333-8333-333333333333";
const X = "44444444-4444-4444-8444-444444444444";

/** One or more contexts of every kind (the Record makes a new kind a type error here until it is listed). */
const CONTEXTS: Record<ListContext["kind"], ListContext[]> = {
  project: [
    { kind: "project", workspaceId: W, projectId: P },
    { kind: "project", workspaceId: W, projectId: P, epics: true },
    { kind: "project", workspaceId: W, projectId: P, projectArchived: true },
  ],
  archived: [{ kind: "archived", workspaceId: W, projectId: P }],
  drafts: [{ kind: "drafts", workspaceId: W, projectId: P }],
  cycle: [{ kind: "cycle", workspaceId: W, projectId: P, cycleId: X }],
  module: [{ kind: "module", workspaceId: W, projectId: P, moduleId: X }],
  ids: [{ kind: "ids", workspaceId: W, projectId: P, ids: [X] }],
  workspace: [{ kind: "workspace", workspaceId: W }],
  profile: [{ kind: "profile", workspaceId: W, userId: X }],
  team: [{ kind: "team", workspaceId: W, teamspaceId: X }],
  // never cached (ListCache.cacheable): left out below, listed so that a new kind is still a type error here
  workspace_drafts: [{ kind: "workspace_drafts", workspaceId: W }],
};
const SHAPES: Record<ItemShape, true> = { list: true, detail: true, create: true, sync: true, ids: true };

/** One leaf per filter field (ids with the "None" value too, dates both as days and instants), and the combinators. */
function filterLeaves(): FilterNode[] {
  const leaves: FilterNode[] = [];
  for (const field of [...ID_FILTER_FIELDS, ...ENUM_FILTER_FIELDS]) {
    const value = field === "state_group" ? "started" : field === "priority" ? "high" : X;
    leaves.push({ field, op: "in", values: [value] }, { field, op: "in", values: [value, X, null] });
  }
  for (const field of [...DATE_FILTER_FIELDS, ...DATETIME_FILTER_FIELDS]) {
    leaves.push({ field, op: "range", gte: "2025-01-01", lte: "2025-02-01", isNull: false });
    leaves.push({ field, op: "range", gt: "2025-01-01T10:00:00Z", isNull: true });
  }
  for (const field of BOOL_FILTER_FIELDS) leaves.push({ field, op: "bool", value: true });
  leaves.push({ field: "name", op: "icontains", value: "x" });
  return [...leaves, { and: leaves }, { or: leaves }, { not: { or: leaves } }];
}

function allRequests(): ListRequest[] {
  const base: ListRequest = {
    context: CONTEXTS.project[0],
    viewer: { userId: U, timezone: "UTC" },
    filter: null,
    order: { field: "created_at", desc: true },
    page: parsePage({ per_page: "50" }),
  };
  const out: ListRequest[] = [];
  for (const context of Object.values(CONTEXTS).flat()) {
    for (const ownOnly of [false, true]) out.push({ ...base, context, viewer: { ...base.viewer, ownOnly } });
  }
  for (const field of ORDER_BY_FIELDS) for (const desc of [false, true]) out.push({ ...base, order: { field, desc } });
  for (const groupBy of GROUP_BY_FIELDS) {
    out.push({ ...base, groupBy });
    for (const subGroupBy of GROUP_BY_FIELDS) if (subGroupBy !== groupBy) out.push({ ...base, groupBy, subGroupBy });
  }
  for (const filter of filterLeaves()) out.push({ ...base, filter });
  for (const shape of Object.keys(SHAPES) as ItemShape[]) {
    out.push({ ...base, shape }, { ...base, shape, description: true }, { ...base, shape, parentless: true });
  }
  out.push({
    ...base,
    viewer: { ...base.viewer, timezone: "Europe/Paris" },
    page: parsePage({ per_page: "10", cursor: "10:3:0" }),
  });
  // every context again with each of the others varied, so a context's own joins meet grouping, order and filters
  const richer: ListRequest[] = [];
  for (const r of out) for (const context of Object.values(CONTEXTS).flat()) richer.push({ ...r, context });
  return richer;
}

/** Identifiers after FROM / JOIN [LATERAL] in SQL text (CTE names and keywords included; the caller keeps real tables). */
function fromTargets(sql: string): Set<string> {
  const names = new Set<string>();
  for (const m of sql.matchAll(/\b(?:from|join)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi)) names.add(m[1].toLowerCase());
  return names;
}

/** "Relation Name" of every node of an EXPLAIN (FORMAT JSON) plan. */
function planRelations(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) planRelations(n, into);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "Relation Name" && typeof v === "string") into.add(v);
      else planRelations(v, into);
    }
  }
  return into;
}

describe("list-version coverage of the list engine's tables", () => {
  it("every table a cacheable list query reads has list_version triggers", async () => {
    const tables = new Set(
      (
        await t.app.sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`
      ).map((r) => r.name),
    );
    const cache = new ListCache();
    const requests = allRequests().filter((r) => cache.cacheable(r));
    expect(requests.length).toBeGreaterThan(1000);

    const read = new Set<string>();
    const texts = new Map<string, unknown[]>();
    for (const req of requests) {
      const built = buildListQuery(req);
      texts.set(built.text, built.values);
      for (const name of fromTargets(built.text)) if (tables.has(name)) read.add(name);
    }
    // The planner's view of the same statements: any relation it reads that the text scan missed counts too.
    const planned = new Set<string>();
    for (const [text, values] of texts) {
      const [row] = await t.app.sql.unsafe(`EXPLAIN (FORMAT JSON) ${text}`, values as never[]);
      planRelations(Object.values(row)[0], planned);
    }
    for (const name of planned) read.add(name);
    expect([...planned].filter((n) => !read.has(n))).toEqual([]);
    // Derived data: what a list row shows of an item's relations is kept on its `issues` row, and the counters
    // (issue_list_counts) are kept from `issues`, both by triggers on their source tables in the writing
    // transaction (db/sql/issue-list-attrs.sql, issue-list-counts.sql). Reading them reads those sources.
    // The counters themselves are written only at commit by list_version_flush, right after it bumps the version.
    // (On `issues` the counts and the sub-item marks are recorded by its list_version trigger, list_version_touch_issues.)
    const feeders = (
      await t.app.sql<{ name: string }[]>`
      SELECT DISTINCT c.relname AS name FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE NOT tg.tgisinternal AND (p.proname LIKE 'issue_list_attrs_touch%' OR p.proname = 'list_version_touch_issues')`
    ).map((r) => r.name);
    expect(feeders).toEqual(
      expect.arrayContaining([
        "issues",
        "issue_assignees",
        "issue_labels",
        "module_issues",
        "modules",
        "issue_links",
        "file_assets",
        "cycle_issues",
      ]),
    );
    expect(read).toContain("issue_list_counts");
    read.delete("issue_list_counts");
    if (read.has("issues")) for (const name of feeders) read.add(name);
    // the scan found the engine's known reads (guards the extraction itself)
    for (const name of [
      "issues",
      "states",
      "issue_assignees",
      "issue_labels",
      "module_issues",
      "cycle_issues",
      "issue_relations",
      "file_assets",
      "issue_links",
      "teamspace_projects",
    ]) {
      expect(read).toContain(name);
    }

    const triggers = await t.app.sql<{ table: string; tgtype: number }[]>`
      SELECT c.relname AS table, tg.tgtype::int AS tgtype
      FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE NOT tg.tgisinternal AND p.proname LIKE 'list_version%'`;
    // pg_trigger.tgtype event bits: INSERT 4, DELETE 8, UPDATE 16
    const events = new Map<string, Set<string>>();
    for (const { table, tgtype } of triggers) {
      const set = events.get(table) ?? new Set<string>();
      if (tgtype & 4) set.add("insert");
      if (tgtype & 8) set.add("delete");
      if (tgtype & 16) set.add("update");
      events.set(table, set);
    }
    const missing: string[] = [];
    for (const table of [...read].sort()) {
      // the projects row carries the version itself: its own updates bump it in place (a project's creation and
      // deletion begin and end its lists, so they need no bump)
      const needed = table === "projects" ? ["update"] : ["insert", "update", "delete"];
      const have = events.get(table) ?? new Set<string>();
      for (const ev of needed) if (!have.has(ev)) missing.push(`${table} (${ev})`);
    }
    expect(missing).toEqual([]);
  }, 180_000); // hundreds of EXPLAINs: slow on a busy 2-core machine
});
