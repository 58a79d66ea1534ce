import { beforeAll, describe, expect, it, vi } from "vitest";
import { localListEnvelope, sortLocalRows, type LocalItem } from "@stride/shared";
import { Store } from "./store.ts";
import { answerList } from "./lists.ts";
import { completeKey, draftsKey } from "./sync.ts";
import { loadSqlite } from "./test-sqlite.ts";

/**
 * The local database's writes (issue #28: a first sync of 10,000 items within 15 s): a sync page is written in one
 * transaction, batches of 50 rows per statement, on the real SQLite build (in memory).
 */
// the package's Node entry is not shipped; the store's own loader (OPFS) is not used here
vi.mock("@sqlite.org/sqlite-wasm", () => ({ default: () => Promise.reject(new Error("not in Node")) }));

// the list engine, counted (Store.warm evaluates one list to compile its code before a person asks)
vi.mock("@stride/shared", async (load) => {
  const shared = await load<typeof import("@stride/shared")>();
  return {
    ...shared,
    localListEnvelope: vi.fn(shared.localListEnvelope),
    sortLocalRows: vi.fn(shared.sortLocalRows),
  };
});

type Db = Parameters<typeof Store.over>[0];
let sqlite3: { oo1: { DB: new (name: string) => Db } };

beforeAll(async () => {
  sqlite3 = await loadSqlite();
});

/** The fields a sync page's item leaves empty here. */
const EMPTY = Object.fromEntries(
  [
    "completed_at",
    "estimate_point",
    "start_date",
    "target_date",
    "parent_id",
    "cycle_id",
    "created_by",
    "updated_by",
    "archived_at",
    "type_id",
  ].map((k) => [k, null]),
);

const item = (n: number, extra: Partial<LocalItem & { description_html?: string }> = {}) =>
  ({
    ...EMPTY,
    id: `i${n}`,
    name: `Item ${n}`,
    project_id: "p1",
    sequence_id: n,
    sort_order: n,
    state_id: "s1",
    priority: "none",
    label_ids: [`l${n % 3}`],
    assignee_ids: [],
    module_ids: [],
    sub_issues_count: 0,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    created_at: "2026-01-01T00:00:00.000000+00:00",
    updated_at: "2026-01-02T00:00:00.000000+00:00",
    ...extra,
  }) as LocalItem & { description_html?: string };

function open() {
  const db = new sqlite3.oo1.DB(":memory:");
  return { db, store: Store.over(db) };
}

describe("Store.upsertItems (a sync page written)", () => {
  it("writes a page of 500 items in one transaction", () => {
    const { db, store } = open();
    const transaction = vi.spyOn(db, "transaction");
    store.upsertItems(Array.from({ length: 500 }, (_, n) => item(n, { description_html: `<p>${n}</p>` })));
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(store.count("p1")).toBe(500);
    expect(db.selectValue("SELECT count(*) FROM issue_meta")).toBe(500);
    expect(store.item("i499")?.description_html).toBe("<p>499</p>");
  });

  it("keeps a held description when the item comes without one, and replaces an item's labels", () => {
    const { db, store } = open();
    store.upsertItems([item(1, { description_html: "<p>kept</p>", label_ids: ["a", "b"] }), item(2)]);
    store.upsertItems([item(1, { name: "Renamed", label_ids: ["c"] }), item(2, { description_html: "<p>new</p>" })]);
    expect(store.item("i1")).toMatchObject({ name: "Renamed", description_html: "<p>kept</p>", label_ids: ["c"] });
    expect(store.item("i2")?.description_html).toBe("<p>new</p>");
    expect(db.selectValues("SELECT issue_id || ':' || value FROM issue_meta ORDER BY 1")).toEqual(["i1:c", "i2:l2"]);
  });

  it("writes only the issues table (issue_meta is a view of the items' ids), its rows found there by value", () => {
    const { db, store } = open();
    const exec = vi.spyOn(db, "exec");
    store.upsertItems(Array.from({ length: 120 }, (_, n) => item(n, { assignee_ids: [`u${n % 2}`] })));
    const written = exec.mock.calls.map(([q]) => (typeof q === "string" ? q : (q as { sql: string }).sql));
    expect(written.filter((q) => /^\s*(INSERT|UPDATE|DELETE)/i.test(q) && !/INTO issues /.test(q))).toEqual([]);
    expect(db.selectValue(`SELECT count(*) FROM issue_meta WHERE key = 'assignee_id' AND value = 'u1'`)).toBe(60);
    store.deleteItems("p1", ["i1"]);
    expect(db.selectValue(`SELECT count(*) FROM issue_meta WHERE key = 'assignee_id' AND value = 'u1'`)).toBe(59);
  });

  it("writes an item given twice in a page once, as its last copy", () => {
    const { db, store } = open();
    store.upsertItems([item(1, { label_ids: ["a"] }), item(1, { name: "Last", label_ids: ["b"] })]);
    expect(store.item("i1")?.name).toBe("Last");
    expect(db.selectValues("SELECT value FROM issue_meta")).toEqual(["b"]);
  });
});

describe("Store.itemAt (an item opened by its key offline)", () => {
  it("finds a project's item by its number, with its description; another project's or an unknown number: none", () => {
    const { store } = open();
    store.upsertItems([item(1, { description_html: "<p>one</p>" }), item(2, { project_id: "p2", sequence_id: 1 })]);
    expect(store.itemAt("p1", 1)).toMatchObject({ id: "i1", description_html: "<p>one</p>" });
    expect(store.itemAt("p2", 1)).toMatchObject({ id: "i2", project_id: "p2" });
    expect(store.itemAt("p1", 7)).toBeNull();
  });
});

describe("Store.warm (after a sync or a catch-up)", () => {
  it("reads a project's rows and evaluates one list over them, once per project", () => {
    const { store } = open();
    store.upsertItems([item(1), item(2)]);
    vi.mocked(localListEnvelope).mockClear();
    store.warm("p1", "acme", "UTC");
    store.warm("p1", "acme", "UTC");
    expect(localListEnvelope).toHaveBeenCalledTimes(1);
    expect(vi.mocked(localListEnvelope).mock.results[0].value).toMatchObject({ total_count: 2 });
  });

  it("evaluates nothing for a project with work item types on (its lists are the server's)", () => {
    const { store } = open();
    store.upsertItems([item(1)]);
    store.setOption("project:p1:types", "1");
    vi.mocked(localListEnvelope).mockClear();
    store.warm("p1", "acme", "UTC");
    expect(localListEnvelope).not.toHaveBeenCalled();
  });
});

describe("a project's rows kept sorted per list order (a switch sorts nothing)", () => {
  const REFS = {
    project: { id: "p1", name: "P" },
    states: [{ id: "s1", name: "Todo", group: "unstarted", sequence: 1 }],
    labels: [],
    members: [],
    cycles: [],
    modules: [],
    estimatePoints: [],
  };
  const synced = () => {
    const { store } = open();
    store.replaceRefs("p1", "acme", REFS);
    store.upsertItems([1, 2, 3].map((n) => item(n, { priority: n === 3 ? "urgent" : "low" })));
    store.setOption(completeKey("p1"), "1");
    return store;
  };
  const ask = async (store: Store, params: Record<string, string>) => {
    const answer = (await answerList(
      store,
      { op: "query", slug: "acme", pid: "p1", params, timezone: "UTC" },
      { settled: async () => undefined, current: () => store },
    )) as { results: { id: string }[] };
    return answer.results.map((r) => r.id);
  };

  it("sorts once per order: another filter of the same order reads the same sorted rows", async () => {
    const store = synced();
    const order = { field: "priority", desc: true } as const;
    expect(await ask(store, { order_by: "-priority" })).toEqual(["i3", "i2", "i1"]);
    const first = store.sortedRows(["p1"], store.refs("p1", "acme"), order);
    expect(await ask(store, { order_by: "-priority", priority: "low" })).toEqual(["i2", "i1"]);
    expect(store.sortedRows(["p1"], store.refs("p1", "acme"), order)).toBe(first);
  });

  it("sorts again after any write to the project's rows: an edit, a deletion", async () => {
    const store = synced();
    expect(await ask(store, { order_by: "-priority" })).toEqual(["i3", "i2", "i1"]);
    store.upsertItems([item(1, { priority: "urgent", created_at: "2026-01-03T00:00:00.000000+00:00" })]);
    expect(await ask(store, { order_by: "-priority" })).toEqual(["i1", "i3", "i2"]);
    store.deleteItems("p1", ["i3"]);
    expect(await ask(store, { order_by: "-priority" })).toEqual(["i1", "i2"]);
  });

  it("sorts again after the project's refs change (an order by state name)", async () => {
    const store = synced();
    store.upsertItems([item(4, { state_id: "s2" })]);
    expect((await ask(store, { order_by: "state__name" }))[0]).toBe("i3");
    store.replaceRefs("p1", "acme", {
      ...REFS,
      states: [...REFS.states, { id: "s2", name: "Backlog", group: "backlog", sequence: 0 }],
    });
    expect((await ask(store, { order_by: "state__name" }))[0]).toBe("i4");
  });

  it("sorts the orders asked lately again when the project is warmed after a write", async () => {
    const store = synced();
    await ask(store, { order_by: "-priority" });
    store.upsertItems([item(2, { priority: "high" })]);
    store.warm("p1", "acme", "UTC");
    vi.mocked(sortLocalRows).mockClear();
    const warmed = store.sortedRows(["p1"], store.refs("p1", "acme"), { field: "priority", desc: true });
    expect(warmed.map((r) => r.item.id)).toEqual(["i3", "i2", "i1"]);
    expect(sortLocalRows).not.toHaveBeenCalled();
  });

  it("keeps a project's orders asked lately: the next page's worker sorts them when it warms the project", async () => {
    const { db, store } = open();
    store.replaceRefs("p1", "acme", REFS);
    store.upsertItems([1, 2, 3].map((n) => item(n, { priority: n === 2 ? "urgent" : "low" })));
    store.setOption(completeKey("p1"), "1");
    expect(await ask(store, { order_by: "-priority" })).toEqual(["i2", "i3", "i1"]);
    // kept once the answer is on its way
    await new Promise((r) => setTimeout(r, 0));
    const next = Store.over(db);
    next.warm("p1", "acme", "UTC");
    vi.mocked(sortLocalRows).mockClear();
    expect(await ask(next, { order_by: "-priority" })).toEqual(["i2", "i3", "i1"]);
    expect(sortLocalRows).not.toHaveBeenCalled();
  });
});

describe("the signed-in person's subscriptions (schema 7)", () => {
  it("are replaced per project, updated for the items named, and dropped with a project forgotten", () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    s.setSubscriptions("p1", ["a", "b"], null);
    s.setSubscriptions("p2", ["x"], null);
    expect([...s.subscriptions(["p1", "p2"])].sort()).toEqual(["a", "b", "x"]);
    // read whole again: what is no longer answered is dropped
    s.setSubscriptions("p1", ["b", "c"], null);
    expect([...s.subscriptions(["p1"])].sort()).toEqual(["b", "c"]);
    // the items an event named: those answered subscribed, the others not, the rest untouched
    s.setSubscriptions("p1", ["d"], ["b", "d"]);
    expect([...s.subscriptions(["p1"])].sort()).toEqual(["c", "d"]);
    s.setOption("project:p1:subscriptions", "1");
    s.forget("p1", ["project:p1:subscriptions"]);
    expect([...s.subscriptions(["p1", "p2"])]).toEqual(["x"]);
    expect(s.option("project:p1:subscriptions")).toBeNull();
    s.clearData();
    expect(s.subscriptions(["p2"]).size).toBe(0);
  });
});

describe("the signed-in person's workspace drafts (schema 8)", () => {
  const draft = (n: number, extra: Partial<LocalItem> = {}) =>
    item(n, {
      id: `d${n}`,
      name: `Draft ${n}`,
      is_draft: true,
      created_at: `2026-01-0${n}T00:00:00.000000+00:00`,
      description_html: `<p>${n}</p>`,
      ...extra,
    });
  const ask = (store: Store, params: Record<string, string>) =>
    answerList(
      store,
      { op: "query", slug: "acme", pid: "p1", pids: ["p1"], params, timezone: "UTC", context: { kind: "drafts" } },
      { settled: async () => undefined, current: () => store },
    ) as Promise<{ results: { id: string; description_html?: string }[]; total_count: number } | null>;

  it("are replaced whole per workspace and dropped with the local data", () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    s.replaceDrafts("acme", [draft(1), draft(2)]);
    s.replaceDrafts("other", [draft(3)]);
    s.replaceDrafts("acme", [draft(2, { name: "Renamed" })]);
    expect(s.drafts("acme").map((d) => [d.id, d.name])).toEqual([["d2", "Renamed"]]);
    expect(s.drafts("other").map((d) => d.id)).toEqual(["d3"]);
    s.clearData();
    expect(s.drafts("other")).toEqual([]);
  });

  it("answer the drafts list once held (newest first, as presented), and leave to the server what it refuses", async () => {
    const { store } = open();
    store.setOption(completeKey("p1"), "1");
    store.replaceDrafts("acme", [draft(1, { priority: "high" }), draft(2), draft(3, { priority: "high" })]);
    // not held yet: the server's
    expect(await ask(store, {})).toBeNull();
    store.setOption(draftsKey("acme"), "1");
    const all = await ask(store, {});
    expect(all?.results.map((r) => r.id)).toEqual(["d3", "d2", "d1"]);
    expect(all?.results[0].description_html).toBe("<p>3</p>");
    expect((await ask(store, { priority: "high", order_by: "created_at" }))?.results.map((r) => r.id)).toEqual([
      "d1",
      "d3",
    ]);
    // what a draft cannot be listed by: the server says why
    expect(await ask(store, { order_by: "sequence_id" })).toBeNull();
    expect(await ask(store, { group_by: "created_by" })).toBeNull();
    expect(await ask(store, { mentions: "u1" })).toBeNull();
  });
});
