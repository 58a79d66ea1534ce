import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type postgres from "postgres";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/**
 * The list engine reads two kinds of derived data kept by triggers (db/sql/issue-list-counts.sql,
 * issue-list-attrs.sql): per-(project, state, priority, epic, sub-item) counters of listable items, and the
 * relation values kept on each `issues` row (assignee, label and module ids, cycle, link, attachment and sub-item
 * counts). Both must equal what a full recount gives, after any mix of writes. A seeded random walk of writes
 * (single and bulk statements, several per transaction, rolled-back transactions and savepoints, moves between
 * projects, state deletions, module archiving …) is checked against the recount after every transaction, and
 * concurrent transactions on the same item are checked to both land.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let a: ProjectFixture;
let b: ProjectFixture;
let sql: postgres.Sql;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  a = await projectFixture(t, ws);
  b = await projectFixture(t, ws);
  sql = t.app.sql;
});
afterAll(async () => {
  await t?.close();
});

/** mulberry32 */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    some: <T>(xs: readonly T[], max: number): T[] => {
      const n = 1 + Math.floor(next() * max);
      return [...new Set(Array.from({ length: n }, () => xs[Math.floor(next() * xs.length)]))];
    },
    chance: (p: number) => next() < p,
  };
}

/** Counters that differ from a recount of the items (empty when exact). */
async function countMismatches(): Promise<readonly unknown[]> {
  return sql`
    WITH truth AS (
      SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, count(*)::int AS n
      FROM issues WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft GROUP BY 1, 2, 3, 4, 5
    ), kept AS (SELECT project, state, priority, is_epic, is_sub, n FROM issue_list_counts WHERE n <> 0)
    SELECT coalesce(t.project, k.project) AS project, coalesce(t.state, k.state) AS state, coalesce(t.priority, k.priority) AS priority,
      t.n AS truth, k.n AS kept
    FROM truth t FULL JOIN kept k USING (project, state, priority, is_epic, is_sub)
    WHERE t.n IS DISTINCT FROM k.n`;
}

/**
 * The cycles' and modules' counters (db/sql/plan-counts.sql) that differ from a recount from the link tables
 * (empty when exact): per cycle and state, per cycle and assignee, per module (in use) × state × estimate point ×
 * sub-item or not.
 */
async function planMismatches(): Promise<readonly unknown[]> {
  return sql`
    WITH live AS (SELECT * FROM issues WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft),
    truth AS (
      SELECT 'c' AS kind, ci.cycle AS owner, coalesce(i.state, '00000000-0000-0000-0000-000000000000') AS k1, NULL::uuid AS k2, NULL::boolean AS is_sub, count(*)::int AS n
      FROM cycle_issues ci JOIN live i ON i.id = ci.issue AND NOT i.is_epic GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT 'a', ci.cycle, ia.assignee, NULL::uuid, NULL::boolean, count(*)::int
      FROM cycle_issues ci JOIN live i ON i.id = ci.issue AND NOT i.is_epic JOIN issue_assignees ia ON ia.issue = i.id GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT 'm', mi.module, coalesce(i.state, '00000000-0000-0000-0000-000000000000'), coalesce(i.estimate_point, '00000000-0000-0000-0000-000000000000'), i.parent IS NOT NULL, count(*)::int
      FROM module_issues mi JOIN modules m ON m.id = mi.module AND m.archived_at IS NULL JOIN live i ON i.id = mi.issue GROUP BY 1, 2, 3, 4, 5
    ), kept AS (
      SELECT 'c' AS kind, cycle AS owner, state AS k1, NULL::uuid AS k2, NULL::boolean AS is_sub, n FROM cycle_item_counts WHERE n <> 0
      UNION ALL SELECT 'a', cycle, assignee, NULL, NULL, n FROM cycle_assignee_counts WHERE n <> 0
      UNION ALL SELECT 'm', module, state, estimate_point, is_sub, n FROM module_item_counts WHERE n <> 0
    )
    SELECT coalesce(t.kind, k.kind) AS kind, coalesce(t.owner, k.owner) AS owner, coalesce(t.k1, k.k1) AS k1, t.n AS truth, k.n AS kept
    FROM truth t FULL JOIN kept k ON (t.kind, t.owner, t.k1) = (k.kind, k.owner, k.k1)
      AND t.k2 IS NOT DISTINCT FROM k.k2 AND t.is_sub IS NOT DISTINCT FROM k.is_sub
    WHERE t.n IS DISTINCT FROM k.n`;
}

/** Items whose kept relation values differ from a recount (empty when exact). */
async function attrMismatches(): Promise<readonly unknown[]> {
  return sql`
    SELECT i.id, i.assignee_ids, i.label_ids, i.module_ids, i.cycle_id, i.link_count, i.attachment_count, i.sub_issues_count, r.*
    FROM issues i CROSS JOIN LATERAL (SELECT
      coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = i.id), '{}') AS r_assignees,
      coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = i.id), '{}') AS r_labels,
      coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = i.id), '{}') AS r_modules,
      (SELECT x.cycle FROM cycle_issues x WHERE x.issue = i.id) AS r_cycle,
      (SELECT count(*)::int FROM issue_links x WHERE x.issue = i.id) AS r_links,
      (SELECT count(*)::int FROM file_assets x WHERE x.issue = i.id AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL) AS r_attachments,
      (SELECT count(*)::int FROM issues c WHERE c.parent = i.id AND c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft) AS r_subs) r
    WHERE (i.assignee_ids, i.label_ids, i.module_ids, i.cycle_id, i.link_count, i.attachment_count, i.sub_issues_count)
      IS DISTINCT FROM (r.r_assignees, r.r_labels, r.r_modules, r.r_cycle, r.r_links, r.r_attachments, r.r_subs)`;
}

describe("trigger-kept list data", () => {
  it("counters and kept relation values equal a full recount after a seeded random walk of writes", async () => {
    const r = rng(13);
    const projects = [a, b];
    const users = [ws.admin.userId, ws.member.userId, ws.guest.userId];
    // a triage state and more labels, modules and cycles per project
    const triage: Record<string, string> = {};
    const labels: Record<string, string[]> = {};
    const modules: Record<string, string[]> = {};
    const cycles: Record<string, string[]> = {};
    for (const p of projects) {
      await sql`INSERT INTO states (workspace, project, name, color, "group", is_triage) VALUES (${ws.id}, ${p.id}, 'Triage', '#000', 'triage', true) ON CONFLICT DO NOTHING`;
      const [tr] = await sql<
        { id: string }[]
      >`SELECT id FROM states WHERE project = ${p.id} AND "group" = 'triage' LIMIT 1`;
      triage[p.id] = tr.id;
      labels[p.id] = (
        await sql<
          { id: string }[]
        >`INSERT INTO labels (workspace, project, name, color) SELECT ${ws.id}, ${p.id}, 'L' || g, '#111' FROM generate_series(1, 5) g RETURNING id`
      ).map((x) => x.id);
      modules[p.id] = (
        await sql<
          { id: string }[]
        >`INSERT INTO modules (workspace, project, name) SELECT ${ws.id}, ${p.id}, 'M' || g FROM generate_series(1, 3) g RETURNING id`
      ).map((x) => x.id);
      cycles[p.id] = (
        await sql<
          { id: string }[]
        >`INSERT INTO cycles (workspace, project, name, owned_by) SELECT ${ws.id}, ${p.id}, 'C' || g, ${ws.admin.userId} FROM generate_series(1, 3) g RETURNING id`
      ).map((x) => x.id);
    }
    const points: Record<string, (string | null)[]> = {};
    for (const p of projects) {
      const [est] = await sql<
        { id: string }[]
      >`INSERT INTO estimates (workspace, project, name, type) VALUES (${ws.id}, ${p.id}, 'Points', 'points') RETURNING id`;
      points[p.id] = [
        null,
        ...(
          await sql<{ id: string }[]>`
        INSERT INTO estimate_points (workspace, project, estimate, key, value) SELECT ${ws.id}, ${p.id}, ${est.id}, g, (g * 2)::text FROM generate_series(1, 3) g RETURNING id`
        ).map((x) => x.id),
      ];
    }
    const statesOf = (p: ProjectFixture) => [...Object.values(p.states), triage[p.id], null];
    let seq = 1000;
    const items = async (tx: postgres.TransactionSql, n: number) =>
      await tx<{ id: string; project: string }[]>`SELECT id, project FROM issues ORDER BY random() LIMIT ${n}`;

    type Op = (tx: postgres.TransactionSql) => Promise<unknown>;
    const ops: Op[] = [
      // create items (sometimes several in one statement), sometimes sub-items, epics, drafts
      async (tx) => {
        const p = r.pick(projects);
        const parents = await items(tx, 3);
        const rows = Array.from({ length: 1 + r.int(4) }, () => ({
          workspace: ws.id,
          project: p.id,
          name: "Item " + seq,
          sequence_id: ++seq,
          state: r.pick(statesOf(p)),
          priority: r.pick(["urgent", "high", "medium", "low", "none"]),
          is_epic: r.chance(0.1),
          is_draft: r.chance(0.1),
          parent: r.chance(0.4) && parents.length ? r.pick(parents).id : null,
          created_by: r.pick(users),
        }));
        return tx`INSERT INTO issues ${tx(rows)}`;
      },
      // bulk state / priority changes
      async (tx) => {
        const p = r.pick(projects);
        const ids = (
          await tx<
            { id: string }[]
          >`SELECT id FROM issues WHERE project = ${p.id} ORDER BY random() LIMIT ${1 + r.int(6)}`
        ).map((x) => x.id);
        return r.chance(0.5)
          ? tx`UPDATE issues SET state = ${r.pick(statesOf(p))} WHERE id = ANY(${ids}::uuid[])`
          : tx`UPDATE issues SET priority = ${r.pick(["urgent", "high", "medium", "low", "none"])} WHERE id = ANY(${ids}::uuid[])`;
      },
      // estimate points (a point deleted leaves its items without one: ON DELETE SET NULL), with an assignee and a module
      async (tx) => {
        const p = r.pick(projects);
        if (r.chance(0.1)) {
          const [est] = await tx<
            { id: string }[]
          >`SELECT estimate AS id FROM estimate_points WHERE project = ${p.id} LIMIT 1`;
          const [pt] = await tx<
            { id: string }[]
          >`INSERT INTO estimate_points (workspace, project, estimate, key, value) VALUES (${ws.id}, ${p.id}, ${est.id}, 9, '9') RETURNING id`;
          await tx`UPDATE issues SET estimate_point = ${pt.id} WHERE id IN (SELECT id FROM issues WHERE project = ${p.id} ORDER BY random() LIMIT 3)`;
          return tx`DELETE FROM estimate_points WHERE id = ${pt.id}`;
        }
        // mostly items in a module or a cycle, whose counters it moves
        const ids = (
          await tx<{ id: string }[]>`
          SELECT id FROM issues WHERE project = ${p.id} ORDER BY (module_ids <> '{}' OR cycle_id IS NOT NULL) AND random() < 0.8 DESC, random() LIMIT ${1 + r.int(4)}`
        ).map((x) => x.id);
        if (ids.length && r.chance(0.5)) {
          await tx`INSERT INTO issue_assignees (issue, project, workspace, assignee) VALUES (${ids[0]}, ${p.id}, ${ws.id}, ${r.pick(users)}) ON CONFLICT DO NOTHING`;
          await tx`INSERT INTO module_issues (issue, project, workspace, module) VALUES (${ids[0]}, ${p.id}, ${ws.id}, ${r.pick(modules[p.id])}) ON CONFLICT DO NOTHING`;
        }
        return tx`UPDATE issues SET estimate_point = ${r.pick(points[p.id])} WHERE id = ANY(${ids}::uuid[])`;
      },
      // archive / restore, delete / undelete, draft toggle, epic toggle
      async (tx) => {
        const ids = (await items(tx, 1 + r.int(4))).map((x) => x.id);
        const which = r.int(4);
        if (which === 0)
          return tx`UPDATE issues SET archived_at = CASE WHEN archived_at IS NULL THEN current_date ELSE NULL END WHERE id = ANY(${ids}::uuid[])`;
        if (which === 1)
          return tx`UPDATE issues SET deleted_at = CASE WHEN deleted_at IS NULL THEN now() ELSE NULL END WHERE id = ANY(${ids}::uuid[])`;
        if (which === 2) return tx`UPDATE issues SET is_draft = NOT is_draft WHERE id = ANY(${ids}::uuid[])`;
        return tx`UPDATE issues SET is_epic = NOT is_epic WHERE id = ANY(${ids}::uuid[])`;
      },
      // move items to the other project (with one of its states)
      async (tx) => {
        const [it] = await items(tx, 1);
        if (!it) return;
        const to = projects.find((p) => p.id !== it.project)!;
        return tx`UPDATE issues SET project = ${to.id}, state = ${r.pick(statesOf(to))}, sequence_id = ${++seq} WHERE id = ${it.id}`;
      },
      // reparent or detach
      async (tx) => {
        const [it, parent] = await items(tx, 2);
        if (!it) return;
        return tx`UPDATE issues SET parent = ${r.chance(0.7) && parent ? parent.id : null} WHERE id = ${it.id}`;
      },
      // hard delete (cascades to its relations; children keep a dangling parent id)
      async (tx) => {
        const [it] = await items(tx, 1);
        if (it && r.chance(0.3)) return tx`DELETE FROM issues WHERE id = ${it.id}`;
      },
      // labels and assignees: add several, remove some
      async (tx) => {
        const its = await items(tx, 1 + r.int(3));
        for (const it of its) {
          if (r.chance(0.6)) {
            const ls = r.some(labels[it.project], 3);
            await tx`INSERT INTO issue_labels (issue, project, workspace, label) SELECT ${it.id}, ${it.project}, ${ws.id}, unnest(${ls}::uuid[]) ON CONFLICT DO NOTHING`;
          } else await tx`DELETE FROM issue_labels WHERE issue = ${it.id} AND label = ${r.pick(labels[it.project])}`;
          if (r.chance(0.6)) {
            await tx`INSERT INTO issue_assignees (issue, project, workspace, assignee) SELECT ${it.id}, ${it.project}, ${ws.id}, unnest(${r.some(users, 2)}::uuid[]) ON CONFLICT DO NOTHING`;
          } else await tx`DELETE FROM issue_assignees WHERE issue = ${it.id} AND assignee = ${r.pick(users)}`;
        }
      },
      // modules: membership, and archiving a module
      async (tx) => {
        const [it] = await items(tx, 1);
        if (!it) return;
        if (r.chance(0.25))
          return tx`UPDATE modules SET archived_at = CASE WHEN archived_at IS NULL THEN now() ELSE NULL END WHERE id = ${r.pick(modules[it.project])}`;
        if (r.chance(0.6))
          return tx`INSERT INTO module_issues (issue, project, workspace, module) VALUES (${it.id}, ${it.project}, ${ws.id}, ${r.pick(modules[it.project])}) ON CONFLICT DO NOTHING`;
        return tx`DELETE FROM module_issues WHERE issue = ${it.id}`;
      },
      // cycle: add, move, remove
      async (tx) => {
        const [it] = await items(tx, 1);
        if (!it) return;
        const c = r.pick(cycles[it.project]);
        if (r.chance(0.3)) return tx`DELETE FROM cycle_issues WHERE issue = ${it.id}`;
        return tx`INSERT INTO cycle_issues (issue, project, workspace, cycle) VALUES (${it.id}, ${it.project}, ${ws.id}, ${c}) ON CONFLICT (issue) DO UPDATE SET cycle = EXCLUDED.cycle`;
      },
      // links and attachments (uploaded or not, marked uploaded later, soft-deleted)
      async (tx) => {
        const [it] = await items(tx, 1);
        if (!it) return;
        const w = r.int(5);
        if (w === 0)
          return tx`INSERT INTO issue_links (issue, project, workspace, url) VALUES (${it.id}, ${it.project}, ${ws.id}, 'https://example.com')`;
        if (w === 1)
          return tx`DELETE FROM issue_links WHERE id IN (SELECT id FROM issue_links WHERE issue = ${it.id} LIMIT 1)`;
        if (w === 2) {
          return tx`INSERT INTO file_assets (asset, workspace, project, issue, entity_type, is_uploaded)
            VALUES ('x/' || gen_random_uuid(), ${ws.id}, ${it.project}, ${it.id}, ${r.pick(["ISSUE_ATTACHMENT", "ISSUE_DESCRIPTION"])}, ${r.chance(0.5)})`;
        }
        if (w === 3) return tx`UPDATE file_assets SET is_uploaded = true WHERE issue = ${it.id}`;
        return tx`UPDATE file_assets SET is_deleted = NOT is_deleted WHERE id IN (SELECT id FROM file_assets WHERE issue = ${it.id} LIMIT 1)`;
      },
      // deleting a state leaves its items without one (ON DELETE SET NULL)
      async (tx) => {
        if (!r.chance(0.15)) return;
        const p = r.pick(projects);
        const [st] = await tx<
          { id: string }[]
        >`INSERT INTO states (workspace, project, name, color, "group") VALUES (${ws.id}, ${p.id}, ${"Temp " + ++seq}, '#222', 'started') RETURNING id`;
        await tx`UPDATE issues SET state = ${st.id} WHERE id IN (SELECT id FROM issues WHERE project = ${p.id} ORDER BY random() LIMIT 3)`;
        return tx`DELETE FROM states WHERE id = ${st.id}`;
      },
    ];

    const rollback = new Error("rolled back on purpose");
    const planRows = { c: 0, a: 0, m: 0 };
    for (let round = 0; round < 120; round++) {
      const kind = r.int(10);
      try {
        await sql.begin(async (tx) => {
          for (let n = 1 + r.int(3); n > 0; n--) await r.pick(ops)(tx);
          if (kind === 0) {
            // a savepoint whose writes are undone, then more writes
            await tx
              .savepoint(async (sp) => {
                await r.pick(ops)(sp as unknown as postgres.TransactionSql);
                throw rollback;
              })
              .catch((e) => {
                if (e !== rollback) throw e;
              });
            await r.pick(ops)(tx);
          }
          if (kind === 1) throw rollback;
        });
      } catch (e) {
        if (e !== rollback) throw e;
      }
      expect(await countMismatches(), `round ${round}`).toEqual([]);
      expect(await attrMismatches(), `round ${round}`).toEqual([]);
      expect(await planMismatches(), `round ${round}`).toEqual([]);
      const [kept] = await sql<{ c: number; a: number; m: number }[]>`
        SELECT (SELECT count(*)::int FROM cycle_item_counts WHERE n > 0) AS c, (SELECT count(*)::int FROM cycle_assignee_counts WHERE n > 0) AS a,
          (SELECT count(*)::int FROM module_item_counts WHERE n > 0 AND estimate_point <> '00000000-0000-0000-0000-000000000000') AS m`;
      for (const k of ["c", "a", "m"] as const) planRows[k] = Math.max(planRows[k], kept[k]);
    }
    // the walk really moved things: items in both projects, with labels, sub-items and counters
    const [{ n, subs, labelled }] = await sql<{ n: number; subs: number; labelled: number }[]>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE sub_issues_count > 0)::int AS subs, count(*) FILTER (WHERE cardinality(label_ids) > 0)::int AS labelled FROM issues`;
    expect(n).toBeGreaterThan(50);
    expect(subs).toBeGreaterThan(3);
    expect(labelled).toBeGreaterThan(10);
    expect((await sql`SELECT 1 FROM issue_list_counts WHERE n > 0`).length).toBeGreaterThan(10);
    // … and the cycles' and modules' counters held items by state, assignee and estimate point along the way
    expect(planRows.c, JSON.stringify(planRows)).toBeGreaterThan(0);
    expect(planRows.a, JSON.stringify(planRows)).toBeGreaterThan(0);
    expect(planRows.m, JSON.stringify(planRows)).toBeGreaterThan(0);
    // nothing is left pending after the commits
    expect(await sql`SELECT * FROM issue_list_counts_pending`).toEqual([]);
    expect(await sql`SELECT * FROM issue_list_attrs_pending`).toEqual([]);
    expect(await sql`SELECT * FROM tx_flush_pending`).toEqual([]);
    expect(await sql`SELECT * FROM plan_counts_pending`).toEqual([]);
  });

  it("two transactions adding labels to one item at the same time both land in its label_ids", async () => {
    const [label1, label2] = (
      await sql<
        { id: string }[]
      >`INSERT INTO labels (workspace, project, name, color) VALUES (${ws.id}, ${a.id}, 'Race 1', '#1'), (${ws.id}, ${a.id}, 'Race 2', '#2') RETURNING id`
    ).map((x) => x.id);
    const [item] = await sql<
      { id: string }[]
    >`INSERT INTO issues (workspace, project, name, sequence_id, state) VALUES (${ws.id}, ${a.id}, 'Race', 900001, ${a.states.Backlog}) RETURNING id`;
    const gate = () => {
      let open!: () => void;
      const p = new Promise<void>((res) => {
        open = res;
      });
      return { p, open };
    };
    // T2 adds label 2 and holds the item's row lock; T1 adds label 1 and commits: its recompute must wait for T2
    // and then see label 2, not overwrite it with what T1 saw before.
    const t2Labelled = gate();
    const t2Commit = gate();
    const t2 = sql.begin(async (tx) => {
      await tx`INSERT INTO issue_labels (issue, project, workspace, label) VALUES (${item.id}, ${a.id}, ${ws.id}, ${label2})`;
      await tx`UPDATE issues SET name = 'Race (edited)' WHERE id = ${item.id}`;
      t2Labelled.open();
      await t2Commit.p;
    });
    await t2Labelled.p;
    const t1 = sql.begin(async (tx) => {
      await tx`INSERT INTO issue_labels (issue, project, workspace, label) VALUES (${item.id}, ${a.id}, ${ws.id}, ${label1})`;
    });
    // T1's commit is now waiting on T2's row lock
    await new Promise((res) => setTimeout(res, 300));
    const waiting =
      await sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    expect(waiting.length).toBeGreaterThan(0);
    t2Commit.open();
    await Promise.all([t1, t2]);
    const [row] = await sql<
      { label_ids: string[]; name: string }[]
    >`SELECT label_ids, name FROM issues WHERE id = ${item.id}`;
    expect(new Set(row.label_ids)).toEqual(new Set([label1, label2]));
    expect(row.name).toBe("Race (edited)");
    expect(await attrMismatches()).toEqual([]);
  });

  it("grouped and ungrouped pages read their totals from the counters, and the numbers match the items", async () => {
    const res = await ws.admin.get(`${a.base}/issues/?group_by=state_id&per_page=2&cursor=2:0:0&order_by=-created_at`);
    expect(res.status).toBe(200);
    const [{ n }] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM issues i WHERE project = ${a.id} AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AND NOT is_epic
        AND (state IS NULL OR state NOT IN (SELECT id FROM states WHERE "group" = 'triage'))`;
    expect(res.body.total_count).toBe(n);
    const flat = await ws.admin.get(`${a.base}/issues/?per_page=1`);
    expect(flat.body.total_count).toBe(n);
    const byState = await sql<{ state: string | null; n: number }[]>`
      SELECT state, count(*)::int AS n FROM issues WHERE project = ${a.id} AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AND NOT is_epic
        AND (state IS NULL OR state NOT IN (SELECT id FROM states WHERE "group" = 'triage')) GROUP BY state`;
    for (const s of byState) expect(res.body.results[s.state ?? "None"].total_results).toBe(s.n);
    // a guest who sees only their own items is counted from the items
    const [{ own }] = await sql<{ own: number }[]>`
      SELECT count(*)::int AS own FROM issues WHERE project = ${a.id} AND created_by = ${ws.guest.userId} AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AND NOT is_epic
        AND (state IS NULL OR state NOT IN (SELECT id FROM states WHERE "group" = 'triage'))`;
    await sql`UPDATE projects SET guest_view_all_features = false WHERE id = ${a.id}`;
    const guest = await ws.guest.get(`${a.base}/issues/?per_page=1`);
    expect(guest.status).toBe(200);
    expect(guest.body.total_count).toBe(own);
  });
});
