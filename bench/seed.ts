import crypto from "node:crypto";
import type postgres from "postgres";
import { copyRows, FIRST, LAST, prng } from "./seed-rows.ts";
import { seedProject, type SeedEnv } from "./seed-project.ts";

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

  const users = await seedUsers(sql, r, t0);
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

/** The 40 users and their profiles. */
async function seedUsers(sql: postgres.Sql, r: ReturnType<typeof prng>, t0: number) {
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
  return users;
}

export function fileHash(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
}
