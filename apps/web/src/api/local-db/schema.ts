/**
 * The local database's tables (platform.md §3) and their migrations. The schema's version is SQLite's
 * `user_version`; each migration moves it by one, in one transaction, so a database written by an older app is
 * brought up to date when it opens. A database newer than this app (the person went back to an older version)
 * is deleted and synced again: it is only a copy of the server's data.
 *
 * Issue columns are the spec's (state_id … is_local_update) and the rest of a list item's fields; id lists are JSON
 * arrays, and `issue_meta` gives one row per label, assignee and module of an item (for SQL lookups by value): a table
 * written with every item up to version 5, a view over the items' id lists since 6.
 */
export const MIGRATIONS: string[][] = [
  // 1: the spec's tables
  [
    `CREATE TABLE issues (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      name TEXT NOT NULL,
      state_id TEXT,
      sort_order REAL,
      priority TEXT NOT NULL DEFAULT 'none',
      priority_proxy INTEGER NOT NULL DEFAULT 0,
      start_date TEXT,
      target_date TEXT,
      sequence_id INTEGER,
      parent_id TEXT,
      is_draft INTEGER NOT NULL DEFAULT 0,
      archived_at TEXT,
      cycle_id TEXT,
      type_id TEXT,
      label_ids TEXT NOT NULL DEFAULT '[]',
      assignee_ids TEXT NOT NULL DEFAULT '[]',
      module_ids TEXT NOT NULL DEFAULT '[]',
      description_html TEXT,
      is_local_update INTEGER NOT NULL DEFAULT 0,
      estimate_point TEXT,
      completed_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      created_by TEXT,
      updated_by TEXT,
      sub_issues_count INTEGER,
      attachment_count INTEGER,
      link_count INTEGER
    )`,
    `CREATE INDEX issues_project ON issues (project_id, sort_order)`,
    `CREATE TABLE issue_meta (issue_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL)`,
    `CREATE INDEX issue_meta_issue ON issue_meta (issue_id)`,
    `CREATE INDEX issue_meta_value ON issue_meta (key, value)`,
    `CREATE TABLE modules (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, name TEXT NOT NULL, archived_at TEXT)`,
    `CREATE TABLE labels (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, name TEXT NOT NULL, color TEXT, parent TEXT, sort_order REAL)`,
    `CREATE TABLE states (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, name TEXT NOT NULL, color TEXT, "group" TEXT NOT NULL, "default" INTEGER NOT NULL DEFAULT 0, sequence REAL NOT NULL DEFAULT 0)`,
    `CREATE TABLE cycles (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, name TEXT NOT NULL, start_date TEXT, end_date TEXT, created_at TEXT NOT NULL, archived_at TEXT)`,
    `CREATE TABLE estimate_points (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, key INTEGER NOT NULL, value TEXT)`,
    `CREATE TABLE members (id TEXT NOT NULL, workspace TEXT NOT NULL, first_name TEXT, last_name TEXT, avatar TEXT, is_bot INTEGER NOT NULL DEFAULT 0, display_name TEXT, email TEXT, PRIMARY KEY (id, workspace))`,
    // per project (`project:<id>`): slug, name, max_updated_at, complete; and `version`, `user_id`, `timezone`
    `CREATE TABLE options (key TEXT PRIMARY KEY, value TEXT)`,
  ],
  // 2: the outbox — edits made here, kept until the server has them (replayed in order, oldest first); `body` is the
  // PATCH's fields, `base` each field's value when the edit was made (a field the server changed since keeps the
  // server's value)
  [
    `CREATE TABLE outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      workspace TEXT NOT NULL,
      project_id TEXT NOT NULL,
      issue_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      body TEXT NOT NULL,
      base TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
  ],
  // 3: each item as the server sent it (its list item's JSON, description left out): a list answered here is the
  // server's to the letter (the columns above are what SQL reads); projects synced before are synced again
  [`ALTER TABLE issues ADD COLUMN item TEXT`, `DELETE FROM options WHERE key LIKE 'project:%:complete'`],
  // 4: the outbox keeps new items and comments too (outbox.ts): `op` says which; the edits already kept are updates.
  // A new item's `issue_id` is its temporary id (`local-…`) until the server gives its own
  [`ALTER TABLE outbox ADD COLUMN op TEXT NOT NULL DEFAULT 'update'`],
  // 5: a new item's or a comment's `Idempotency-Key` (the one its first, direct send carried, if any): sent again, the
  // server replays its first answer instead of making it twice. Older writes have none
  [`ALTER TABLE outbox ADD COLUMN request_key TEXT`],
  // 6: `issue_meta` (platform.md §3: issue_id, key, value) becomes a view over the items' id lists: as a table it was
  // written with every sync page (≈ 55 % of a page's write time, docs/benchmarks.md local-db) and read nowhere; the
  // view writes nothing and is never out of step with the items (docs/decisions.md)
  [
    `DROP TABLE issue_meta`,
    `CREATE VIEW issue_meta (issue_id, key, value) AS
      SELECT i.id, 'label_id', j.value FROM issues i, json_each(i.label_ids) j
      UNION ALL SELECT i.id, 'assignee_id', j.value FROM issues i, json_each(i.assignee_ids) j
      UNION ALL SELECT i.id, 'module_id', j.value FROM issues i, json_each(i.module_ids) j`,
  ],
  // 7: the work items the signed-in person subscribes to, per project (sync.ts `syncSubscriptions`: the v2 sync's
  // items filtered by `subscriber`, read again at each catch-up and for the items a subscription event names), so the
  // Subscribed view and tab answer here; a project's are held once its `project:<id>:subscriptions` option is set
  [
    `CREATE TABLE subscriptions (issue_id TEXT PRIMARY KEY, project_id TEXT NOT NULL)`,
    `CREATE INDEX subscriptions_project ON subscriptions (project_id)`,
  ],
  // 8: the signed-in person's workspace drafts (W/draft-issues/: their own table on the server, not work items), each
  // as the server presents it, per workspace (sync.ts `syncDrafts`: read whole, again at each catch-up and draft
  // event), so the drafts list answers here; a workspace's are held once its `drafts:<slug>` option is set
  [
    `CREATE TABLE drafts (id TEXT PRIMARY KEY, workspace TEXT NOT NULL, item TEXT NOT NULL)`,
    `CREATE INDEX drafts_workspace ON drafts (workspace)`,
  ],
  // 9: the comments of the synced projects' items (issue #28 point 5: readable offline), each as the server presents it
  // (`comment`: the history's `issue-comment` entry's JSON), per project (sync.ts `syncComments`: GET v2/…/comments/,
  // then those changed since the newest held, and an item's again when a realtime event names it); a project's are
  // held once its `project:<id>:comments_updated_at` option is set
  [
    `CREATE TABLE comments (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      issue_id TEXT NOT NULL,
      comment TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX comments_issue ON comments (issue_id, created_at)`,
    `CREATE INDEX comments_project ON comments (project_id)`,
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** What a migration needs of a database (SQLite's `oo1.DB`, on OPFS in the worker, in memory in tests). */
export interface MigratableDb {
  selectValue(sql: string): unknown;
  selectValues(sql: string): unknown[];
  exec(sql: string): unknown;
  transaction(fn: () => void): unknown;
}

/**
 * Bring a database to SCHEMA_VERSION, one migration per transaction, keeping its rows (the outbox above all: edits
 * not yet on the server). A database newer than this app is emptied and started again. Returns the version it had.
 */
export function migrate(db: MigratableDb): number {
  let version = Number(db.selectValue("PRAGMA user_version") ?? 0);
  const found = version;
  if (version > SCHEMA_VERSION) {
    // written by a newer app: a copy of the server's data, started again (its views first: they name its tables)
    for (const v of db.selectValues("SELECT name FROM sqlite_master WHERE type = 'view'") as string[])
      db.exec(`DROP VIEW IF EXISTS "${v}"`);
    for (const t of db.selectValues(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    ) as string[])
      db.exec(`DROP TABLE IF EXISTS "${t}"`);
    db.exec("PRAGMA user_version = 0");
    version = 0;
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      for (const sql of MIGRATIONS[v]) db.exec(sql);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    });
  }
  return found;
}

/**
 * The file's page size: 64 KiB. Writing the file through `opfs-sahpool` costs a fixed ≈ 0.3 ms per write call
 * whatever its size (4 bytes or 64 KiB, measured in chromium on the bench machine), and a commit writes every page it
 * touched about four times (the journal's three records, then the file); the indexes on random ids (the issues'
 * primary key; issue_meta's issue_id up to version 5) touch most of their pages in any sync page, so fewer, larger pages cut the calls
 * (docs/benchmarks.md, local-db). SQLite's page size is fixed when the file is made; an older file is rewritten
 * (VACUUM, every row kept) only while its outbox is empty, so that unsent writes never go through a rewrite.
 */
export const PAGE_SIZE = 65536;

/** Give a new or an older file PAGE_SIZE pages (see above); returns the page size the file has after. */
export function applyPageSize(db: MigratableDb): number {
  const current = () => Number(db.selectValue("PRAGMA page_size"));
  if (current() === PAGE_SIZE) return PAGE_SIZE;
  const tables = Number(db.selectValue("SELECT count(*) FROM sqlite_master WHERE type = 'table'"));
  const outbox = Number(db.selectValue("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'outbox'"));
  if (outbox && Number(db.selectValue("SELECT count(*) FROM outbox"))) return current();
  try {
    db.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
    // a file with tables takes a new page size only when rewritten
    if (tables) db.exec("VACUUM");
  } catch {
    // no room for the rewrite (quota): the file keeps its pages, only slower to write
  }
  return current();
}
