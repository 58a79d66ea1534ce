import crypto from "node:crypto";
import type postgres from "postgres";
import { DEFAULT_STATES } from "@stride/shared";

/**
 * Deterministic benchmark data: one workspace, one project with 100,000 work items (and one with 2,000, one with 10,000) and realistic
 * labels, assignees, states, cycles, modules, sub-items, relations, links, attachments and
 * subscribers. Everything derives from a fixed PRNG seed, so two runs produce identical data.
 * Rows go in with COPY for speed, on one connection with the triggers off (`session_replication_role = replica`:
 * no live events, list versions or per-statement bookkeeping for 100,000 rows); what the triggers keep — the
 * items' list columns, issue_list_counts and the cycles' and modules' counters — is computed once afterwards (`rebuildKept`).
 */
export const SEED_VERSION = 6;
export const ITEM_COUNT = 100_000;
/** The small project (issue #13: the list of all its items in one go). */
export const SMALL_COUNT = 2_000;
/** The project the local-database bench syncs into the browser (issue #28: bench/local-db.ts). */
export const LOCAL_COUNT = 10_000;

export interface BenchInfo {
  seedVersion: number;
  workspaceSlug: string;
  workspaceId: string;
  projectId: string;
  /** The 2,000-item project. */
  smallProjectId: string;
  /** The 10,000-item project (issue #28's local database). */
  localProjectId: string;
  adminId: string;
  stateIds: Record<string, string>;
  /** A label and an assignee used by the filtered-page benchmark. */
  filterLabelId: string;
  filterAssigneeId: string;
  counts: Record<string, number>;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    uuid: () => {
      const b = Buffer.alloc(16);
      for (let i = 0; i < 16; i++) b[i] = Math.floor(next() * 256);
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      const h = b.toString("hex");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}

type Cell = string | number | boolean | null | Date;

function copyEscape(v: Cell): string {
  if (v === null || v === undefined) return "\\N";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "boolean") return v ? "t" : "f";
  return String(v).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

/** COPY rows into a table (text format). */
async function copyRows(sql: postgres.Sql, table: string, cols: string[], rows: Cell[][]): Promise<void> {
  if (!rows.length) return;
  const stream = await sql.unsafe(`COPY ${table} (${cols.map((c) => `"${c}"`).join(", ")}) FROM STDIN`).writable();
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", () => resolve());
    let i = 0;
    const write = () => {
      let ok = true;
      while (i < rows.length && ok) {
        const chunk: string[] = [];
        for (let j = 0; j < 1000 && i < rows.length; j++, i++) chunk.push(rows[i].map(copyEscape).join("\t"));
        ok = stream.write(chunk.join("\n") + "\n");
      }
      if (i < rows.length) stream.once("drain", write);
      else stream.end();
    };
    write();
  });
}

const FIRST = [
  "Ada",
  "Ben",
  "Cleo",
  "Dev",
  "Eli",
  "Fay",
  "Gus",
  "Hana",
  "Ivo",
  "Jia",
  "Kai",
  "Lea",
  "Mo",
  "Nia",
  "Oren",
  "Pia",
  "Quin",
  "Ravi",
  "Sol",
  "Tess",
];
const LAST = ["Admin", "Baker", "Chen", "Diaz", "Evans", "Fox", "Garcia", "Hill", "Ito", "Jones"];
const LABELS = [
  "bug",
  "feature",
  "improvement",
  "docs",
  "design",
  "backend",
  "frontend",
  "api",
  "database",
  "performance",
  "security",
  "ux",
  "mobile",
  "infra",
  "ci",
  "tests",
  "refactor",
  "tech-debt",
  "customer",
  "support",
  "billing",
  "search",
  "auth",
  "analytics",
];
const VERBS = [
  "Fix",
  "Add",
  "Improve",
  "Refactor",
  "Investigate",
  "Document",
  "Remove",
  "Migrate",
  "Speed up",
  "Support",
];
const NOUNS = [
  "login flow",
  "search results",
  "export to CSV",
  "kanban drag",
  "invoice PDF",
  "webhook retries",
  "user avatars",
  "rate limiter",
  "dark theme",
  "date picker",
  "email digest",
  "import from Jira",
  "API pagination",
  "audit log",
  "2FA setup",
];

export async function seedBench(pool: postgres.Sql): Promise<BenchInfo> {
  const sql = await pool.reserve();
  try {
    await sql`SET session_replication_role = replica`;
    const info = await seedAll(sql);
    await rebuildKept(sql);
    // each project's work-item number sequence (db/sql/issue-sequences.sql), which the projects' insert trigger makes
    await sql`SELECT issue_sequence_ensure(id, issue_sequence) FROM projects`;
    await sql`SET session_replication_role = DEFAULT`;
    await sql.unsafe("VACUUM (ANALYZE)");
    return info;
  } finally {
    sql.release();
  }
}

/**
 * What the triggers keep, computed for every item at once (the expressions of db/sql/issue-list-attrs.sql and
 * issue-list-counts.sql; plan-counts.sql's own rebuild).
 */
async function rebuildKept(sql: postgres.Sql): Promise<void> {
  await sql`
    UPDATE issues i SET
      assignee_ids = coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = i.id), '{}'),
      label_ids = coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = i.id), '{}'),
      module_ids = coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = i.id), '{}'),
      link_count = (SELECT count(*)::int FROM issue_links x WHERE x.issue = i.id),
      attachment_count = (SELECT count(*)::int FROM file_assets x WHERE x.issue = i.id AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL),
      sub_issues_count = (SELECT count(*) FILTER (WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft)::int FROM issues c WHERE c.parent = i.id),
      cycle_id = (SELECT x.cycle FROM cycle_issues x WHERE x.issue = i.id LIMIT 1)`;
  await sql`
    INSERT INTO issue_list_counts (project, state, priority, is_epic, is_sub, n)
    SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, count(*)
    FROM issues WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
    GROUP BY 1, 2, 3, 4, 5`;
  // the search dictionary (db/sql/search.sql)
  await sql`SELECT search_words_rebuild()`;
  await sql`SELECT plan_counts_rebuild()`;
}

async function seedAll(sql: postgres.Sql): Promise<BenchInfo> {
  const r = prng(20250101);
  const now = Date.parse("2025-06-01T12:00:00Z");
  const t0 = now - 730 * 86400_000;

  // users
  const users = Array.from({ length: 40 }, (_, i) => ({
    id: r.uuid(),
    first: FIRST[i % FIRST.length],
    last: LAST[Math.floor(i / 4) % LAST.length],
    email: `bench${i}@example.com`,
  }));
  await copyRows(
    sql,
    "users",
    [
      "id",
      "username",
      "email",
      "first_name",
      "last_name",
      "display_name",
      "is_active",
      "is_password_autoset",
      "created_at",
      "updated_at",
      "date_joined",
    ],
    users.map((u, i) => [
      u.id,
      `bench${i}`,
      u.email,
      u.first,
      u.last,
      `${u.first.toLowerCase()}${i}`,
      true,
      false,
      new Date(t0),
      new Date(t0),
      new Date(t0),
    ]),
  );
  await copyRows(
    sql,
    "profiles",
    ["id", "user_id", "is_onboarded"],
    users.map((u) => [r.uuid(), u.id, true]),
  );
  const admin = users[0];

  const workspaceId = r.uuid();
  const slug = "bench";
  await copyRows(
    sql,
    "workspaces",
    ["id", "name", "slug", "owner", "created_by", "updated_by", "created_at", "updated_at"],
    [[workspaceId, "Bench", slug, admin.id, admin.id, admin.id, new Date(t0), new Date(t0)]],
  );
  await copyRows(
    sql,
    "workspace_members",
    ["id", "workspace", "member", "role", "created_at", "updated_at"],
    users.map((u, i) => [r.uuid(), workspaceId, u.id, i === 0 ? 20 : i < 30 ? 15 : 5, new Date(t0), new Date(t0)]),
  );

  const env: SeedEnv = { r, users, admin, workspaceId, now, t0 };
  const big = await seedProject(sql, env, { name: "Bench", identifier: "BEN", count: ITEM_COUNT });
  // the 2,000-item project of issue #13's "list of all items" and the 10,000-item one of the local-database bench, each
  // with its own PRNG (so the big project stays as it was)
  const more = (seed: number, name: string, identifier: string, count: number) =>
    seedProject(sql, { ...env, r: prng(seed) }, { name, identifier, count });
  const small = await more(20250202, "Small", "SML", SMALL_COUNT);
  const local = await more(20250303, "Local", "LOC", LOCAL_COUNT);
  const { projectId, stateIds, counts } = big;

  // the filtered page: the most used label and a busy member
  const [{ label }] = await sql<
    { label: string }[]
  >`SELECT label FROM issue_labels WHERE project = ${projectId} GROUP BY label ORDER BY count(*) DESC, label LIMIT 1`;
  const filterAssigneeId = users[5].id;
  return {
    seedVersion: SEED_VERSION,
    workspaceSlug: slug,
    workspaceId,
    projectId,
    smallProjectId: small.projectId,
    localProjectId: local.projectId,
    adminId: admin.id,
    stateIds,
    filterLabelId: label,
    filterAssigneeId,
    counts,
  };
}

interface SeedEnv {
  r: ReturnType<typeof prng>;
  users: { id: string; first: string; last: string; email: string }[];
  admin: { id: string };
  workspaceId: string;
  now: number;
  t0: number;
}

/** One project with `count` work items and their labels, assignees, cycles, modules, links, attachments, relations. */
async function seedProject(sql: postgres.Sql, env: SeedEnv, spec: { name: string; identifier: string; count: number }) {
  const { r, users, admin, workspaceId, now, t0 } = env;
  const projectId = r.uuid();
  await copyRows(
    sql,
    "projects",
    [
      "id",
      "workspace",
      "name",
      "identifier",
      "network",
      "project_lead",
      "created_by",
      "updated_by",
      "created_at",
      "updated_at",
      "issue_sequence",
    ],
    [
      [
        projectId,
        workspaceId,
        spec.name,
        spec.identifier,
        2,
        admin.id,
        admin.id,
        admin.id,
        new Date(t0),
        new Date(t0),
        spec.count,
      ],
    ],
  );
  await copyRows(
    sql,
    "project_members",
    ["id", "workspace", "project", "member", "role", "created_at", "updated_at"],
    users.map((u, i) => [
      r.uuid(),
      workspaceId,
      projectId,
      u.id,
      i === 0 ? 20 : i < 30 ? 15 : 5,
      new Date(t0),
      new Date(t0),
    ]),
  );

  const stateIds: Record<string, string> = {};
  await copyRows(
    sql,
    "states",
    [
      "id",
      "workspace",
      "project",
      "name",
      "color",
      "sequence",
      "group",
      "default",
      "is_triage",
      "created_at",
      "updated_at",
    ],
    DEFAULT_STATES.map((s) => {
      const id = r.uuid();
      stateIds[s.name] = id;
      return [
        id,
        workspaceId,
        projectId,
        s.name,
        s.color,
        s.sequence,
        s.group,
        "default" in s ? !!s.default : false,
        s.group === "triage",
        new Date(t0),
        new Date(t0),
      ];
    }),
  );
  await sql`UPDATE projects SET default_state = ${stateIds.Backlog} WHERE id = ${projectId}`;

  const labelIds = LABELS.map(() => r.uuid());
  await copyRows(
    sql,
    "labels",
    ["id", "workspace", "project", "name", "color", "sort_order", "created_at", "updated_at"],
    LABELS.map((name, i) => [
      labelIds[i],
      workspaceId,
      projectId,
      name,
      "#4455ee",
      65535 + i * 10000,
      new Date(t0),
      new Date(t0),
    ]),
  );

  const cycleIds = Array.from({ length: 12 }, () => r.uuid());
  await copyRows(
    sql,
    "cycles",
    ["id", "workspace", "project", "name", "owned_by", "start_date", "end_date", "created_at", "updated_at"],
    cycleIds.map((id, i) => [
      id,
      workspaceId,
      projectId,
      `Sprint ${i + 1}`,
      admin.id,
      new Date(t0 + i * 14 * 86400_000),
      new Date(t0 + (i + 1) * 14 * 86400_000 - 1000),
      new Date(t0 + i * 86400_000),
      new Date(t0),
    ]),
  );

  const moduleIds = Array.from({ length: 10 }, () => r.uuid());
  await copyRows(
    sql,
    "modules",
    ["id", "workspace", "project", "name", "status", "created_at", "updated_at"],
    moduleIds.map((id, i) => [
      id,
      workspaceId,
      projectId,
      `Module ${String.fromCharCode(65 + i)}`,
      "in-progress",
      new Date(t0),
      new Date(t0),
    ]),
  );

  const estimateId = r.uuid();
  await copyRows(
    sql,
    "estimates",
    ["id", "workspace", "project", "name", "type", "created_at", "updated_at"],
    [[estimateId, workspaceId, projectId, "Fibonacci", "points", new Date(t0), new Date(t0)]],
  );
  const pointIds = [1, 2, 3, 5, 8, 13].map(() => r.uuid());
  await copyRows(
    sql,
    "estimate_points",
    ["id", "workspace", "project", "estimate", "key", "value", "created_at", "updated_at"],
    [1, 2, 3, 5, 8, 13].map((v, i) => [
      pointIds[i],
      workspaceId,
      projectId,
      estimateId,
      i,
      String(v),
      new Date(t0),
      new Date(t0),
    ]),
  );
  await sql`UPDATE projects SET estimate = ${estimateId} WHERE id = ${projectId}`;

  // work items
  const stateRoll = (): string => {
    const x = r.next();
    if (x < 0.24) return "Backlog";
    if (x < 0.44) return "Todo";
    if (x < 0.58) return "In Progress";
    if (x < 0.9) return "Done";
    if (x < 0.995) return "Cancelled";
    return "Triage";
  };
  const priorities = ["urgent", "high", "medium", "low", "none"] as const;
  const sortInState: Record<string, number> = {};
  const issueRows: Cell[][] = [];
  const ids: string[] = [];
  const rel: {
    labels: Cell[][];
    assignees: Cell[][];
    subscribers: Cell[][];
    cycles: Cell[][];
    modules: Cell[][];
    links: Cell[][];
    assets: Cell[][];
    relations: Cell[][];
  } = {
    labels: [],
    assignees: [],
    subscribers: [],
    cycles: [],
    modules: [],
    links: [],
    assets: [],
    relations: [],
  };
  const span = now - t0;
  for (let n = 1; n <= spec.count; n++) {
    const id = r.uuid();
    ids.push(id);
    const state = stateRoll();
    sortInState[state] = (sortInState[state] ?? 55535) + 10000;
    const createdAt = new Date(t0 + Math.floor((n / spec.count) * span) + r.int(60_000));
    const updatedAt = new Date(createdAt.getTime() + r.int(30 * 86400_000));
    const creator = users[r.int(30)];
    const hasDates = r.chance(0.4);
    const start = hasDates ? new Date(createdAt.getTime() + r.int(20) * 86400_000) : null;
    const target = hasDates ? new Date((start as Date).getTime() + (1 + r.int(30)) * 86400_000) : null;
    const parent = n > 1000 && r.chance(0.2) ? ids[r.int(n - 1)] : null;
    const group = DEFAULT_STATES.find((s) => s.name === state)!.group;
    const completed = group === "completed" ? updatedAt : null;
    const archived = group === "completed" && r.chance(0.03) ? updatedAt.toISOString().slice(0, 10) : null;
    const draft = !archived && r.chance(0.005);
    const deleted = !archived && !draft && r.chance(0.005) ? updatedAt : null;
    const epic = r.chance(0.002);
    issueRows.push([
      id,
      workspaceId,
      projectId,
      `${r.pick(VERBS)} ${r.pick(NOUNS)} #${n}`,
      `<p>Work item ${n}</p>`,
      r.pick(priorities),
      stateIds[state],
      parent,
      r.chance(0.5) ? r.pick(pointIds) : null,
      start ? start.toISOString().slice(0, 10) : null,
      target ? target.toISOString().slice(0, 10) : null,
      n,
      sortInState[state],
      completed,
      archived,
      draft,
      epic,
      deleted,
      createdAt,
      updatedAt,
      creator.id,
      creator.id,
    ]);
    const link = (extra: Cell[]) => [r.uuid(), id, projectId, workspaceId, createdAt, createdAt, creator.id, ...extra];
    const nLabels = ((x) => (x < 0.3 ? 0 : x < 0.7 ? 1 : x < 0.9 ? 2 : 3))(r.next());
    const chosenLabels = new Set<string>();
    while (chosenLabels.size < nLabels)
      chosenLabels.add(labelIds[Math.min(LABELS.length - 1, Math.floor(Math.pow(r.next(), 1.6) * LABELS.length))]);
    for (const l of chosenLabels) rel.labels.push(link([l]));
    const nAssignees = ((x) => (x < 0.25 ? 0 : x < 0.8 ? 1 : 2))(r.next());
    const chosenUsers = new Set<string>();
    while (chosenUsers.size < nAssignees) chosenUsers.add(users[r.int(30)].id);
    for (const u of chosenUsers) rel.assignees.push(link([u]));
    const subs = new Set<string>([creator.id, ...chosenUsers]);
    for (const u of subs) rel.subscribers.push(link([u]));
    if (r.chance(0.35)) rel.cycles.push(link([r.pick(cycleIds)]));
    if (r.chance(0.25)) {
      const ms = new Set<string>([r.pick(moduleIds)]);
      if (r.chance(0.3)) ms.add(r.pick(moduleIds));
      for (const m of ms) rel.modules.push(link([m]));
    }
    if (r.chance(0.08))
      for (let k = 0; k < 1 + r.int(2); k++)
        rel.links.push(link([`https://example.com/${n}/${k}`, `Reference ${k + 1}`]));
    if (r.chance(0.04)) {
      rel.assets.push([
        r.uuid(),
        `${workspaceId}/${id}/spec.pdf`,
        JSON.stringify({ name: "spec.pdf", type: "application/pdf", size: 1024 }),
        workspaceId,
        projectId,
        id,
        "ISSUE_ATTACHMENT",
        id,
        1024,
        true,
        creator.id,
        createdAt,
        createdAt,
      ]);
    }
    if (n > 100 && r.chance(0.08)) {
      const other = ids[r.int(n - 1)];
      rel.relations.push(link([other, r.pick(["blocked_by", "relates_to", "duplicate"])]));
    }
  }
  await copyRows(
    sql,
    "issues",
    [
      "id",
      "workspace",
      "project",
      "name",
      "description_html",
      "priority",
      "state",
      "parent",
      "estimate_point",
      "start_date",
      "target_date",
      "sequence_id",
      "sort_order",
      "completed_at",
      "archived_at",
      "is_draft",
      "is_epic",
      "deleted_at",
      "created_at",
      "updated_at",
      "created_by",
      "updated_by",
    ],
    issueRows,
  );
  const linkCols = ["id", "issue", "project", "workspace", "created_at", "updated_at", "created_by"];
  await copyRows(sql, "issue_labels", [...linkCols, "label"], rel.labels);
  await copyRows(sql, "issue_assignees", [...linkCols, "assignee"], rel.assignees);
  await copyRows(sql, "issue_subscribers", [...linkCols, "subscriber"], rel.subscribers);
  await copyRows(sql, "cycle_issues", [...linkCols, "cycle"], rel.cycles);
  await copyRows(sql, "module_issues", [...linkCols, "module"], rel.modules);
  await copyRows(sql, "issue_links", [...linkCols, "url", "title"], rel.links);
  await copyRows(
    sql,
    "issue_relations",
    [...linkCols, "related_issue", "relation_type"],
    dedupeRelations(rel.relations),
  );
  await copyRows(
    sql,
    "file_assets",
    [
      "id",
      "asset",
      "attributes",
      "workspace",
      "project",
      "issue",
      "entity_type",
      "entity_identifier",
      "size",
      "is_uploaded",
      "user",
      "created_at",
      "updated_at",
    ],
    rel.assets,
  );
  const counts: Record<string, number> = {};
  counts.issues = issueRows.length;
  counts.issue_labels = rel.labels.length;
  counts.issue_assignees = rel.assignees.length;
  counts.issue_subscribers = rel.subscribers.length;
  counts.cycle_issues = rel.cycles.length;
  counts.module_issues = rel.modules.length;
  counts.issue_links = rel.links.length;
  counts.issue_relations = rel.relations.length;
  counts.attachments = rel.assets.length;
  return { projectId, stateIds, counts };
}

/** One relation per pair of items (the unique index on issue, related_issue). */
function dedupeRelations(rows: Cell[][]): Cell[][] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row[1]}:${row[7]}`;
    if (seen.has(key) || row[1] === row[7]) return false;
    seen.add(key);
    return true;
  });
}

export function fileHash(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
}
