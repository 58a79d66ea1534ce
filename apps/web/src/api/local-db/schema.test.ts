import { beforeAll, describe, expect, it } from "vitest";
import { loadSqlite } from "./test-sqlite.ts";
import { MIGRATIONS, PAGE_SIZE, SCHEMA_VERSION, migrate, applyPageSize, type MigratableDb } from "./schema.ts";

/**
 * The local database's schema upgrades (issue #28 point 1): a database written by an older app is brought up to
 * date when it opens, keeping its rows — above all the outbox, edits the server does not have yet. Run on the real
 * SQLite (the same WebAssembly build as the browser's worker), in memory.
 */
type Sqlite = { oo1: { DB: new (name: string) => MigratableDb & { close(): void } } };
let sqlite3: Sqlite;

beforeAll(async () => {
  sqlite3 = await loadSqlite<Sqlite>();
});

/** A database as an app of schema version `v` left it. */
function databaseAt(v: number) {
  const db = new sqlite3.oo1.DB(":memory:");
  for (let i = 0; i < v; i++) {
    for (const sql of MIGRATIONS[i]) db.exec(sql);
    db.exec(`PRAGMA user_version = ${i + 1}`);
  }
  return db;
}

const count = (db: MigratableDb, table: string) => Number(db.selectValue(`SELECT count(*) FROM ${table}`));
const columns = (db: MigratableDb, table: string) =>
  db.selectValues(`SELECT name FROM pragma_table_info('${table}')`) as string[];

const ISSUE = `INSERT INTO issues (id, project_id, name, created_at, updated_at, label_ids) VALUES
  ('i1', 'p1', 'Kept title', '2026-01-01', '2026-01-02', '["l1"]')`;
const OUTBOX = `INSERT INTO outbox (workspace, project_id, issue_id, kind, body, base, created_at) VALUES
  ('acme', 'p1', 'i1', 'update', '{"name":"Offline edit"}', '{"name":"Kept title"}', '2026-01-03')`;

describe("the local database's schema upgrades", () => {
  it("brings a new database to the latest version with every table", () => {
    const db = databaseAt(0);
    expect(migrate(db)).toBe(0);
    expect(Number(db.selectValue("PRAGMA user_version"))).toBe(SCHEMA_VERSION);
    for (const t of ["issues", "issue_meta", "modules", "labels", "states", "cycles", "estimate_points", "members"])
      expect(count(db, t)).toBe(0);
    expect(columns(db, "issues")).toEqual(expect.arrayContaining(["is_local_update", "item", "sort_order"]));
  });

  it("upgrades a version-2 database: its items and queued edits are kept, its projects are synced again", () => {
    const db = databaseAt(2);
    db.exec(ISSUE);
    db.exec(OUTBOX);
    db.exec(`INSERT INTO options (key, value) VALUES ('project:p1:complete', '1'), ('project:p1:slug', 'acme')`);
    expect(migrate(db)).toBe(2);
    expect(Number(db.selectValue("PRAGMA user_version"))).toBe(SCHEMA_VERSION);
    expect(db.selectValue(`SELECT name FROM issues WHERE id = 'i1'`)).toBe("Kept title");
    expect(db.selectValue(`SELECT item FROM issues WHERE id = 'i1'`)).toBeNull();
    expect(db.selectValue(`SELECT body FROM outbox`)).toBe('{"name":"Offline edit"}');
    expect(db.selectValues(`SELECT key FROM options ORDER BY key`)).toEqual(["project:p1:slug"]);
  });

  it("keeps the outbox through every migration after the one that made it", () => {
    const madeAt = MIGRATIONS.findIndex((m) => m.some((sql) => /CREATE TABLE outbox/.test(sql))) + 1;
    expect(madeAt).toBeGreaterThan(0);
    for (let v = madeAt; v < SCHEMA_VERSION; v++) {
      const db = databaseAt(v);
      db.exec(ISSUE);
      db.exec(OUTBOX);
      migrate(db);
      expect([v, count(db, "outbox"), count(db, "issues")]).toEqual([v, 1, 1]);
    }
  });

  it("upgrades a version-3 database: its queued edits are kept as updates, and creates and comments can be queued", () => {
    const db = databaseAt(3);
    db.exec(ISSUE);
    db.exec(OUTBOX);
    expect(migrate(db)).toBe(3);
    expect(db.selectValues(`SELECT op || ':' || body FROM outbox`)).toEqual(['update:{"name":"Offline edit"}']);
    db.exec(`INSERT INTO outbox (workspace, project_id, issue_id, kind, op, body, base, created_at) VALUES
      ('acme', 'p1', 'local-1', 'issues', 'create', '{"name":"New"}', '{}', '2026-01-04'),
      ('acme', 'p1', 'i1', 'issues', 'comment', '{"comment_html":"<p>hi</p>"}', '{}', '2026-01-05')`);
    expect(db.selectValues(`SELECT op FROM outbox ORDER BY seq`)).toEqual(["update", "create", "comment"]);
  });

  it("upgrades a version-4 database: its queued creates keep no request key, new ones keep theirs", () => {
    const db = databaseAt(4);
    db.exec(`INSERT INTO outbox (workspace, project_id, issue_id, kind, op, body, base, created_at) VALUES
      ('acme', 'p1', 'local-1', 'issues', 'create', '{"name":"Old"}', '{}', '2026-01-04')`);
    expect(migrate(db)).toBe(4);
    expect(db.selectValues(`SELECT request_key FROM outbox`)).toEqual([null]);
    db.exec(`INSERT INTO outbox (workspace, project_id, issue_id, kind, op, body, base, created_at, request_key) VALUES
      ('acme', 'p1', 'local-2', 'issues', 'create', '{"name":"New"}', '{}', '2026-01-05', 'k-2')`);
    expect(db.selectValues(`SELECT coalesce(request_key, '-') FROM outbox ORDER BY seq`)).toEqual(["-", "k-2"]);
  });

  it("upgrades a version-5 database: issue_meta, a table written with every item, becomes a view of the items' ids", () => {
    const db = databaseAt(5);
    db.exec(`INSERT INTO issues (id, project_id, name, created_at, updated_at, label_ids, assignee_ids, module_ids)
      VALUES ('i1', 'p1', 'One', '2026-01-01', '2026-01-02', '["l1","l2"]', '["u1"]', '[]')`);
    db.exec(`INSERT INTO issue_meta (issue_id, key, value) VALUES ('i1', 'label_id', 'stale')`);
    db.exec(OUTBOX);
    expect(migrate(db)).toBe(5);
    expect(db.selectValue(`SELECT type FROM sqlite_master WHERE name = 'issue_meta'`)).toBe("view");
    const meta = () => db.selectValues(`SELECT issue_id || ':' || key || ':' || value FROM issue_meta ORDER BY 1`);
    expect(meta()).toEqual(["i1:assignee_id:u1", "i1:label_id:l1", "i1:label_id:l2"]);
    // an item's ids change: the view says so with nothing written to it
    db.exec(`UPDATE issues SET label_ids = '[]', module_ids = '["m1"]' WHERE id = 'i1'`);
    expect(meta()).toEqual(["i1:assignee_id:u1", "i1:module_id:m1"]);
    expect(count(db, "outbox")).toBe(1);
  });

  it("starts again from empty when a newer app wrote the database, and opens an up-to-date one unchanged", () => {
    const newer = databaseAt(SCHEMA_VERSION);
    newer.exec(ISSUE);
    newer.exec("CREATE TABLE from_the_future (x)");
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(migrate(newer)).toBe(SCHEMA_VERSION + 1);
    expect(Number(newer.selectValue("PRAGMA user_version"))).toBe(SCHEMA_VERSION);
    expect(count(newer, "issues")).toBe(0);
    expect(newer.selectValue(`SELECT count(*) FROM sqlite_master WHERE name = 'from_the_future'`)).toBe(0);

    const current = databaseAt(SCHEMA_VERSION);
    current.exec(ISSUE);
    expect(migrate(current)).toBe(SCHEMA_VERSION);
    expect(count(current, "issues")).toBe(1);
  });
});

/** What a database was asked to run (exec), the rest passed through. */
function watched(db: MigratableDb) {
  const ran: string[] = [];
  const w: MigratableDb = {
    selectValue: (sql) => db.selectValue(sql),
    selectValues: (sql) => db.selectValues(sql),
    exec: (sql) => (ran.push(String(sql)), db.exec(sql)),
    transaction: (fn) => db.transaction(fn),
  };
  return { db: w, ran };
}

describe("the local database file's page size (fewer, larger writes)", () => {
  it("gives a new file 64 KiB pages before its tables are made", () => {
    const db = new sqlite3.oo1.DB(":memory:");
    expect(applyPageSize(db)).toBe(PAGE_SIZE);
    migrate(db);
    expect(Number(db.selectValue("PRAGMA page_size"))).toBe(PAGE_SIZE);
  });

  it("rewrites an older file with an empty outbox (VACUUM keeps every row)", () => {
    const old = databaseAt(SCHEMA_VERSION);
    old.exec(ISSUE);
    const { db, ran } = watched(old);
    applyPageSize(db);
    expect(ran).toEqual([`PRAGMA page_size = ${PAGE_SIZE}`, "VACUUM"]);
    expect(count(old, "issues")).toBe(1);
  });

  it("leaves an older file as it is while its outbox holds writes not yet sent", () => {
    const old = databaseAt(SCHEMA_VERSION);
    old.exec(ISSUE);
    old.exec(OUTBOX);
    const before = Number(old.selectValue("PRAGMA page_size"));
    const { db, ran } = watched(old);
    expect(applyPageSize(db)).toBe(before);
    expect(ran).toEqual([]);
    expect(old.selectValue("SELECT body FROM outbox")).toBe('{"name":"Offline edit"}');
  });
});
