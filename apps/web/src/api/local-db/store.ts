/**
 * The local database's storage, inside the writing tab's worker: SQLite compiled to WebAssembly, its file in the
 * origin private file system through the `opfs-sahpool` VFS (no cross-origin isolation needed; one tab at a time
 * holds the pool, which is why one tab writes: api/local-db/worker.ts). Lists are evaluated over a project's rows
 * held in memory after their first read (kept in step with every write), so a change of filter, grouping or order
 * reads no table.
 */
import sqlite3InitModule from "@sqlite.org/sqlite-wasm";
import {
  localListEnvelope,
  parseLocalListQuery,
  toLocalRow,
  type OrderBy,
  type LocalItem,
  type LocalRefs,
  type LocalRow,
} from "@stride/shared";
import { migrate, applyPageSize } from "./schema.ts";
import { SortedRows } from "./sorted-rows.ts";
import { ITEM_COLS, itemBind, marks, upsertSql, type Bind } from "./items-table.ts";
import { LOCAL_DB } from "./protocol.ts";
import { CommentsTable } from "./comments-table.ts";
import { isLocalId, type OutboxEntry, type PendingWrite, type Settlement } from "./outbox.ts";

type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;
type PoolUtil = Awaited<ReturnType<Sqlite3["installOpfsSAHPoolVfs"]>>;
type Db = InstanceType<PoolUtil["OpfsSAHPoolDb"]>;

const DB_FILE = "/stride.sqlite3";
/** Every table (schema.ts), emptied by `clearData`. */
const TABLES =
  "issues modules labels states cycles estimate_points members options outbox subscriptions drafts comments";
const POOL = { name: "stride-sahpool", directory: ".stride-local-db", initialCapacity: 6 };

/** A project's refs as the web reads them from the server (LocalRefs' sources), stored with the project. */
export interface RefsPayload {
  project: { id: string; name: string; is_issue_type_enabled?: boolean };
  states: { id: string; name: string; color?: string; group: string; default?: boolean; sequence: number }[];
  labels: { id: string; name: string; color?: string; parent?: string | null; sort_order?: number }[];
  members: {
    id: string;
    first_name?: string | null;
    last_name?: string | null;
    avatar_url?: string | null;
    avatar?: string | null;
    is_bot?: boolean;
    display_name?: string | null;
    email?: string | null;
  }[];
  cycles: {
    id: string;
    name: string;
    start_date?: string | null;
    end_date?: string | null;
    created_at: string;
    archived_at?: string | null;
  }[];
  modules: { id: string; name: string; archived_at?: string | null }[];
  estimatePoints: { id: string; key: number; value?: string | null }[];
}

export type { OutboxEntry, PendingWrite };

/** A stored row → the list item it was (without its description: lists do not show it). */
function itemOf(r: Record<string, unknown>): LocalItem {
  // the item as the server sent it (schema 3), else rebuilt from the columns
  if (typeof r.item === "string") return JSON.parse(r.item) as LocalItem;
  return {
    id: r.id as string,
    name: r.name as string,
    state_id: (r.state_id as string | null) ?? null,
    sort_order: r.sort_order as number,
    completed_at: (r.completed_at as string | null) ?? null,
    estimate_point: (r.estimate_point as string | null) ?? null,
    priority: r.priority as string,
    start_date: (r.start_date as string | null) ?? null,
    target_date: (r.target_date as string | null) ?? null,
    sequence_id: r.sequence_id as number,
    project_id: r.project_id as string,
    parent_id: (r.parent_id as string | null) ?? null,
    cycle_id: (r.cycle_id as string | null) ?? null,
    sub_issues_count: r.sub_issues_count as number,
    created_at: r.created_at as string,
    updated_at: r.updated_at as string,
    created_by: (r.created_by as string | null) ?? null,
    updated_by: (r.updated_by as string | null) ?? null,
    attachment_count: r.attachment_count as number,
    link_count: r.link_count as number,
    is_draft: !!r.is_draft,
    archived_at: (r.archived_at as string | null) ?? null,
    type_id: (r.type_id as string | null) ?? null,
    assignee_ids: JSON.parse(r.assignee_ids as string) as string[],
    label_ids: JSON.parse(r.label_ids as string) as string[],
    module_ids: JSON.parse(r.module_ids as string) as string[],
  };
}

export class Store {
  private rowsOf = new Map<string, Map<string, LocalRow>>();
  private refsOf = new Map<string, LocalRefs>();
  /** The synced projects' comments (comments-table.ts). */
  readonly comments = new CommentsTable(() => this.db);
  /** Projects whose lists were evaluated once (`warm`). */
  private evaluated = new Set<string>();
  /** The rows sorted per list order (sorted-rows.ts), dropped by any write to their projects' rows or refs. */
  private sorts = new SortedRows(
    (pid) => this.rows(pid),
    (key) => this.option(key),
    (key, value) => this.setOption(key, value),
  );

  private constructor(
    private pool: PoolUtil,
    private db: Db,
  ) {}

  /** Start SQLite, take the pool (retrying while a closing tab still holds it, up to the write-lock delay), open and migrate. */
  static async open(): Promise<Store> {
    if (typeof navigator === "undefined" || !navigator.storage?.getDirectory)
      throw new Error("This browser has no origin private file system");
    const sqlite3 = await sqlite3InitModule({ print: () => undefined, printErr: () => undefined } as never);
    const deadline = Date.now() + LOCAL_DB.writeLockMs;
    let pool: PoolUtil | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        pool = await sqlite3.installOpfsSAHPoolVfs(POOL);
        break;
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, Math.min(500, 50 * 2 ** attempt)));
      }
    }
    const db = new pool.OpfsSAHPoolDb(DB_FILE);
    const store = new Store(pool, db);
    try {
      store.prepare();
    } catch (e) {
      db.close();
      throw e;
    }
    return store;
  }

  /** A store over a database opened elsewhere (the unit tests': in memory, without the pool). */
  static over(db: Db): Store {
    const store = new Store(null as never, db);
    store.prepare();
    return store;
  }

  private prepare() {
    const check = this.db.selectValue("PRAGMA quick_check");
    if (check !== "ok") throw new Error(`The local database file is damaged (${String(check)})`);
    applyPageSize(this.db);
    // the page cache: 256 pages of 64 KiB (SQLite's default, 2 MiB, is smaller than what one sync page touches)
    this.db.exec("PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384;");
    migrate(this.db);
    if (this.option("version") !== String(LOCAL_DB.version)) {
      this.clearData();
      this.setOption("version", String(LOCAL_DB.version));
    }
  }

  /** Every row of every table, the schema kept. */
  clearData() {
    this.db.transaction(() => {
      for (const t of TABLES.split(" ")) this.db.exec(`DELETE FROM ${t}`);
    });
    this.rowsOf.clear();
    this.refsOf.clear();
    this.sorts.clear();
  }

  option(key: string): string | null {
    return (this.db.selectValue("SELECT value FROM options WHERE key = ?", [key]) as string | undefined) ?? null;
  }

  setOption(key: string, value: string | null) {
    if (value === null) this.db.exec({ sql: "DELETE FROM options WHERE key = ?", bind: [key] });
    else
      this.db.exec({
        sql: "INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        bind: [key, value],
      });
  }

  optionsLike(prefix: string): { key: string; value: string }[] {
    return this.db.selectObjects("SELECT key, value FROM options WHERE key LIKE ?", [`${prefix}%`]) as {
      key: string;
      value: string;
    }[];
  }

  /**
   * Write items (a sync page of 500 at most) in one transaction, LOCAL_DB.insertBatch rows per statement; a row's
   * description is kept when the item comes without one. An item with edits still in the outbox keeps them over the
   * server's values until they are sent. One transaction per call, not per batch: every page of the file a commit
   * touches is written to the journal and the file again, and the index on random ids (the issues' primary key) has
   * most of its pages touched by any 50 rows (docs/benchmarks.md, local-db: 10 commits per page took ≈ 4× as long).
   * `issue_meta` is a view over the id lists (schema.ts, version 6): nothing else is written.
   */
  upsertItems(incoming: (LocalItem & { description_html?: string })[]) {
    if (!incoming.length) return;
    const pending = this.pendingPatches();
    // an id given twice: its last copy (one statement holds each row once)
    const items = [...new Map(incoming.map((it) => [it.id, it])).values()].map((it) =>
      pending.has(it.id) ? { ...it, ...pending.get(it.id) } : it,
    );
    const local = ITEM_COLS.indexOf("is_local_update");
    this.db.transaction(() => {
      for (let at = 0; at < items.length; at += LOCAL_DB.insertBatch) {
        const batch = items.slice(at, at + LOCAL_DB.insertBatch);
        const kept = this.descriptionsOf(batch.filter((it) => it.description_html === undefined).map((it) => it.id));
        const binds = batch.map((it) => {
          const bind = itemBind(it, kept.get(it.id) ?? null);
          if (pending.has(it.id) || isLocalId(it.id)) bind[local] = 1;
          return bind;
        });
        this.db.exec({ sql: upsertSql(batch.length), bind: binds.flat() });
      }
    });
    for (const it of items) {
      const { description_html: _d, ...item } = it;
      this.rowsOf.get(it.project_id)?.set(it.id, toLocalRow(item as LocalItem));
    }
    for (const pid of new Set(items.map((it) => it.project_id))) this.sorts.unsort(pid);
  }

  /** The stored descriptions of these items (those held with one). */
  private descriptionsOf(ids: string[]): Map<string, string> {
    if (!ids.length) return new Map();
    const rows = this.db.selectObjects(
      `SELECT id, description_html FROM issues WHERE id IN (${marks(ids.length)}) AND description_html IS NOT NULL`,
      ids,
    ) as { id: string; description_html: string }[];
    return new Map(rows.map((r) => [r.id, r.description_html]));
  }

  deleteItems(pid: string, ids: string[]) {
    if (!ids.length) return;
    this.db.transaction(() => {
      for (const id of ids) this.db.exec({ sql: "DELETE FROM issues WHERE id = ?", bind: [id] });
    });
    const rows = this.rowsOf.get(pid);
    for (const id of ids) rows?.delete(id);
    this.sorts.unsort(pid);
  }

  /**
   * The items of these projects in a list's order (`refs`: theirs, merged when several), sorted once per order and
   * kept until their rows or refs change.
   */
  sortedRows(pids: string[], refs: LocalRefs, order: OrderBy): LocalRow[] {
    return this.sorts.get(pids, refs, order);
  }

  /**
   * The signed-in person's subscriptions in a project: `ids` the items `checked` were read for (those of `ids`
   * subscribed, the others not), or every item of the project when `checked` is null (all the project's replaced).
   */
  setSubscriptions(pid: string, ids: string[], checked: string[] | null) {
    this.db.transaction(() => {
      if (checked === null) this.db.exec({ sql: "DELETE FROM subscriptions WHERE project_id = ?", bind: [pid] });
      else for (const id of checked) this.db.exec({ sql: "DELETE FROM subscriptions WHERE issue_id = ?", bind: [id] });
      for (const id of ids)
        this.db.exec({
          sql: "INSERT INTO subscriptions (issue_id, project_id) VALUES (?, ?) ON CONFLICT (issue_id) DO NOTHING",
          bind: [id, pid],
        });
    });
  }

  /** A project the person may no longer read: its items, subscriptions and comments dropped, its `options` unset. */
  forget(pid: string, options: string[]) {
    this.deleteItems(pid, this.ids(pid));
    this.setSubscriptions(pid, [], null);
    this.comments.forget(pid);
    for (const key of options) this.setOption(key, null);
  }

  /** The signed-in person's workspace drafts in a workspace, replaced whole (as W/draft-issues/ presents them). */
  replaceDrafts(workspace: string, drafts: LocalItem[]) {
    this.db.transaction(() => {
      this.db.exec({ sql: "DELETE FROM drafts WHERE workspace = ?", bind: [workspace] });
      for (const d of drafts)
        this.db.exec({
          sql: "INSERT INTO drafts (id, workspace, item) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET workspace = excluded.workspace, item = excluded.item",
          bind: [d.id, workspace, JSON.stringify(d)],
        });
    });
  }

  /** The signed-in person's workspace drafts held for a workspace. */
  drafts(workspace: string): LocalItem[] {
    return (this.db.selectValues("SELECT item FROM drafts WHERE workspace = ?", [workspace]) as string[]).map(
      (j) => JSON.parse(j) as LocalItem,
    );
  }

  /** The items the signed-in person subscribes to in these projects. */
  subscriptions(pids: string[]): Set<string> {
    const ids = new Set<string>();
    for (const pid of pids)
      for (const id of this.db.selectValues("SELECT issue_id FROM subscriptions WHERE project_id = ?", [pid]))
        ids.add(id as string);
    return ids;
  }

  /** Every item of a project (as rows the list evaluation reads), read from the table once. */
  rows(pid: string): LocalRow[] {
    return [...this.rowMap(pid).values()];
  }

  /**
   * Read a project's rows and refs now (once), and evaluate one list over them once (then dropped), so that the first
   * list answered after a page load pays neither for reading and parsing every item (the bench's first local query
   * of a 10,000-item project: ≈ 590 ms) nor for compiling the list engine's code (≈ 40 → 15 ms in the worker).
   */
  warm(pid: string, workspace: string, timezone: string): void {
    this.rowMap(pid);
    if (this.option(`project:${pid}:types`) === "1") return;
    // the orders its lists asked for lately, sorted again now (a write dropped them), not at the person's next switch
    for (const order of this.sorts.askedOrders(pid)) this.sortedRows([pid], this.refs(pid, workspace), order);
    if (this.evaluated.has(pid)) return;
    this.evaluated.add(pid);
    try {
      const req = { group_by: "state_id", order_by: "-created_at", per_page: "50", cursor: "50:0:0" };
      const parsed = parseLocalListQuery(req, timezone);
      const refs = this.refs(pid, workspace);
      localListEnvelope(this.sortedRows([pid], refs, parsed.order), refs, parsed, { sorted: true });
    } catch {
      // only a warm-up: the person's own query says what fails
    }
  }

  private rowMap(pid: string): Map<string, LocalRow> {
    let rows = this.rowsOf.get(pid);
    if (!rows) {
      rows = new Map();
      const stored = this.db.selectObjects(
        `SELECT ${ITEM_COLS.filter((c) => c !== "description_html").join(", ")} FROM issues WHERE project_id = ?`,
        [pid],
      );
      for (const r of stored) {
        const it = itemOf(r);
        rows.set(it.id, toLocalRow(it));
      }
      this.rowsOf.set(pid, rows);
    }
    return rows;
  }

  ids(pid: string): string[] {
    return this.db.selectValues("SELECT id FROM issues WHERE project_id = ?", [pid]) as string[];
  }

  count(pid: string): number {
    return Number(this.db.selectValue("SELECT count(*) FROM issues WHERE project_id = ?", [pid]) ?? 0);
  }

  /** Replace a project's states, labels, cycles, modules, estimate points and its workspace's members. */
  replaceRefs(pid: string, workspace: string, r: RefsPayload) {
    this.db.transaction(() => {
      for (const t of ["states", "labels", "cycles", "modules", "estimate_points"])
        this.db.exec({ sql: `DELETE FROM ${t} WHERE project_id = ?`, bind: [pid] });
      this.db.exec({ sql: "DELETE FROM members WHERE workspace = ?", bind: [workspace] });
      for (const s of r.states)
        this.db.exec({
          sql: `INSERT OR REPLACE INTO states (id, project_id, name, color, "group", "default", sequence) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          bind: [s.id, pid, s.name, s.color ?? null, s.group, s.default ? 1 : 0, Number(s.sequence)],
        });
      for (const l of r.labels)
        this.db.exec({
          sql: "INSERT OR REPLACE INTO labels (id, project_id, name, color, parent, sort_order) VALUES (?, ?, ?, ?, ?, ?)",
          bind: [l.id, pid, l.name, l.color ?? null, l.parent ?? null, l.sort_order ?? null],
        });
      for (const c of r.cycles)
        this.db.exec({
          sql: "INSERT OR REPLACE INTO cycles (id, project_id, name, start_date, end_date, created_at, archived_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          bind: [c.id, pid, c.name, c.start_date ?? null, c.end_date ?? null, c.created_at, c.archived_at ?? null],
        });
      for (const m of r.modules)
        this.db.exec({
          sql: "INSERT OR REPLACE INTO modules (id, project_id, name, archived_at) VALUES (?, ?, ?, ?)",
          bind: [m.id, pid, m.name, m.archived_at ?? null],
        });
      for (const p of r.estimatePoints)
        this.db.exec({
          sql: "INSERT OR REPLACE INTO estimate_points (id, project_id, key, value) VALUES (?, ?, ?, ?)",
          bind: [p.id, pid, Number(p.key), p.value ?? null],
        });
      for (const m of r.members)
        this.db.exec({
          sql: "INSERT OR REPLACE INTO members (id, workspace, first_name, last_name, avatar, is_bot, display_name, email) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          bind: [
            m.id,
            workspace,
            m.first_name ?? null,
            m.last_name ?? null,
            m.avatar_url ?? m.avatar ?? null,
            m.is_bot ? 1 : 0,
            m.display_name ?? null,
            m.email ?? null,
          ],
        });
      this.setOption(`project:${pid}:name`, r.project.name);
      // work item types on: its lists show custom property values, which are not kept here (worker.ts declines them)
      this.setOption(`project:${pid}:types`, r.project.is_issue_type_enabled ? "1" : null);
    });
    this.refsOf.delete(pid);
    this.sorts.unsort(pid);
  }

  /** What a project's list shows ids by. */
  refs(pid: string, workspace: string): LocalRefs {
    let refs = this.refsOf.get(pid);
    if (!refs) {
      const q = (sql: string, bind: Bind) => this.db.selectObjects(sql, bind) as Record<string, unknown>[];
      refs = {
        projects: [{ id: pid, name: this.option(`project:${pid}:name`) ?? "" }],
        states: q(`SELECT id, name, "group", sequence FROM states WHERE project_id = ?`, [pid]).map((s) => ({
          id: s.id as string,
          name: s.name as string,
          group: s.group as string,
          sequence: Number(s.sequence),
        })),
        labels: q("SELECT id, name FROM labels WHERE project_id = ?", [pid]).map((l) => ({
          id: l.id as string,
          name: l.name as string,
        })),
        members: q("SELECT id, first_name FROM members WHERE workspace = ?", [workspace]).map((m) => ({
          id: m.id as string,
          first_name: (m.first_name as string | null) ?? null,
        })),
        cycles: q("SELECT id, name, created_at, archived_at FROM cycles WHERE project_id = ?", [pid]).map((c) => ({
          id: c.id as string,
          name: c.name as string,
          created_at: c.created_at as string,
          archived_at: (c.archived_at as string | null) ?? null,
        })),
        modules: q("SELECT id, name, archived_at FROM modules WHERE project_id = ?", [pid]).map((m) => ({
          id: m.id as string,
          name: m.name as string,
          archived_at: (m.archived_at as string | null) ?? null,
        })),
        estimatePoints: q("SELECT id, key FROM estimate_points WHERE project_id = ?", [pid]).map((p) => ({
          id: p.id as string,
          key: Number(p.key),
        })),
      };
      this.refsOf.set(pid, refs);
    }
    return refs;
  }

  /* ---------------------------------------------------------------- the outbox (edits made here, not yet sent) */

  /** A stored item (its description included), or null. */
  item(id: string): (LocalItem & { description_html?: string }) | null {
    const r = this.db.selectObject(`SELECT ${ITEM_COLS.join(", ")} FROM issues WHERE id = ?`, [id]);
    return r ? { ...itemOf(r), description_html: (r.description_html as string | null) ?? undefined } : null;
  }

  /** A project's stored item by its number (archived ones too, as the server's lookup by key), or null. */
  itemAt(pid: string, seq: number): (LocalItem & { description_html?: string }) | null {
    const id = this.db.selectValue("SELECT id FROM issues WHERE project_id = ? AND sequence_id = ?", [pid, seq]);
    return typeof id === "string" ? this.item(id) : null;
  }

  /** Keep a write (and show it at once: an edited item's row takes the edited fields); returns its place in order. */
  addEdit(e: Omit<OutboxEntry, "seq">): number {
    this.db.exec({
      sql: "INSERT INTO outbox (workspace, project_id, issue_id, kind, op, body, base, created_at, request_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      bind: [
        e.workspace,
        e.project_id,
        e.issue_id,
        e.kind,
        e.op,
        JSON.stringify(e.body),
        JSON.stringify(e.base),
        new Date().toISOString(),
        e.key ?? null,
      ],
    });
    const seq = Number(this.db.selectValue("SELECT last_insert_rowid()"));
    const current = e.op === "update" ? this.item(e.issue_id) : null;
    if (current) this.upsertItems([current]);
    return seq;
  }

  /** Every write not yet sent, oldest first (`limit`: only the first ones). */
  outbox(limit = -1): OutboxEntry[] {
    return (
      this.db.selectObjects(
        "SELECT seq, workspace, project_id, issue_id, kind, op, body, base, request_key FROM outbox ORDER BY seq LIMIT ?",
        [limit],
      ) as Record<string, unknown>[]
    ).map((r) => ({
      seq: Number(r.seq),
      workspace: r.workspace as string,
      project_id: r.project_id as string,
      issue_id: r.issue_id as string,
      kind: r.kind as string,
      op: r.op as OutboxEntry["op"],
      body: JSON.parse(r.body as string) as Record<string, unknown>,
      base: JSON.parse(r.base as string) as Record<string, unknown>,
      key: (r.request_key as string | null) ?? null,
    }));
  }

  /** The oldest write not yet sent. */
  firstEdit(): OutboxEntry | null {
    return this.outbox(1)[0] ?? null;
  }

  /** What the server's answer settled (outbox.ts `settle`): writes dropped, later ones pointed at server ids. */
  applySettlement(s: Settlement) {
    this.db.transaction(() => {
      for (const seq of s.drop) this.db.exec({ sql: "DELETE FROM outbox WHERE seq = ?", bind: [seq] });
      for (const w of s.rewrite)
        this.db.exec({
          sql: "UPDATE outbox SET issue_id = ?, body = ? WHERE seq = ?",
          bind: [w.issue_id, JSON.stringify(w.body), w.seq],
        });
    });
  }

  /** Writes not yet sent, per project. */
  pendingCounts(): Record<string, number> {
    const rows = this.db.selectObjects("SELECT project_id, count(*) AS n FROM outbox GROUP BY project_id") as {
      project_id: string;
      n: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.project_id, Number(r.n)]));
  }

  /** New items and comments not yet sent, oldest first. */
  pendingWrites(): PendingWrite[] {
    return (
      this.db.selectObjects(
        "SELECT seq, op, project_id, issue_id, body, created_at FROM outbox WHERE op IN ('create', 'comment') ORDER BY seq",
      ) as Record<string, unknown>[]
    ).map((r) => {
      const body = JSON.parse(r.body as string) as { name?: string; comment_html?: string };
      return {
        seq: Number(r.seq),
        op: r.op as PendingWrite["op"],
        project_id: r.project_id as string,
        issue_id: r.issue_id as string,
        text: String((r.op === "create" ? body.name : body.comment_html) ?? ""),
        created_at: r.created_at as string,
      };
    });
  }

  /** The project's default state (a new item's when it names none), else its first (never the hidden triage state). */
  defaultState(pid: string): string | null {
    return (
      (this.db.selectValue(
        `SELECT id FROM states WHERE project_id = ? AND "group" <> 'triage' ORDER BY "default" DESC, sequence LIMIT 1`,
        [pid],
      ) as string | undefined) ?? null
    );
  }

  /** The highest manual order of a project's items (a new item goes after them). */
  maxSortOrder(pid: string): number {
    return Number(this.db.selectValue("SELECT max(sort_order) FROM issues WHERE project_id = ?", [pid]) ?? 0);
  }

  /** Each item's unsent edits, merged oldest first. */
  private pendingPatches(): Map<string, Record<string, unknown>> {
    const out = new Map<string, Record<string, unknown>>();
    for (const r of this.db.selectObjects("SELECT issue_id, body FROM outbox WHERE op = 'update' ORDER BY seq") as {
      issue_id: string;
      body: string;
    }[]) {
      out.set(r.issue_id, { ...out.get(r.issue_id), ...(JSON.parse(r.body) as Record<string, unknown>) });
    }
    return out;
  }

  /** Close the file and delete every file of the pool (the profile's "Delete local data"). */
  async wipe() {
    this.rowsOf.clear();
    this.refsOf.clear();
    this.sorts.clear();
    try {
      this.db.close();
    } finally {
      await this.pool.wipeFiles();
    }
  }

  close() {
    this.db.close();
  }
}
