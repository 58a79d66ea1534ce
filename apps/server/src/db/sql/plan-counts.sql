-- cycle_item_counts, cycle_assignee_counts, module_item_counts: what the cycle and module lists count (P/cycles/,
-- P/modules/, their details, the v1 lists, webhooks), kept per cycle or module so a list reads a few rows per cycle
-- or module instead of joining its links with the work items (on a 100,000-item project: every item, 290–850 ms).
--   cycle_item_counts (cycle, state): the cycle's listable items that are not epics, per state (the nil uuid for
--     none); the state's group is read at query time, so moving a state to another group needs no recount.
--   cycle_assignee_counts (cycle, assignee): how many of those items each person is assigned to (the list's
--     assignee_ids are the people with n > 0).
--   module_item_counts (module, state, estimate_point, is_sub): the module's listable items (epics too) per state,
--     estimate point (nil for none) and sub-item or not; triage, the groups and the points' values are joined at
--     query time, so renaming a point's value or changing the estimate's type needs no recount.
-- "Listable": not deleted, archived or draft. Kept from the issues row alone (its cycle_id, module_ids and
-- assignee_ids, which issue-list-attrs.sql keeps from cycle_issues, module_issues of modules not archived, and
-- issue_assignees), like issue_list_counts (issue-list-counts.sql): statement-level triggers on issues turn each
-- statement's transition tables into net deltas per key in an unlogged pending table, and list_version_flush
-- (list-version-triggers.sql) applies them at commit right after the project's issue_list_counts, after the items'
-- kept columns were recomputed. An archived module has no counts here (it left its items' module_ids): its rows are
-- counted from its links when read (rare: the archived list). A cycle or module deleted in the same transaction
-- gets nothing (its rows went with it, ON DELETE CASCADE).
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
CREATE TABLE IF NOT EXISTS cycle_item_counts (
  cycle uuid NOT NULL REFERENCES cycles (id) ON DELETE CASCADE,
  state uuid NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (cycle, state)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS cycle_assignee_counts (
  cycle uuid NOT NULL REFERENCES cycles (id) ON DELETE CASCADE,
  assignee uuid NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (cycle, assignee)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS module_item_counts (
  module uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  state uuid NOT NULL,
  estimate_point uuid NOT NULL,
  is_sub boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (module, state, estimate_point, is_sub)
);
--> statement-breakpoint
-- kind: 'c' cycle × state (k1), 'a' cycle × assignee (k1), 'm' module × state (k1) × estimate point (k2) × is_sub.
CREATE UNLOGGED TABLE IF NOT EXISTS plan_counts_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  kind "char" NOT NULL,
  owner uuid NOT NULL,
  k1 uuid NOT NULL,
  k2 uuid NOT NULL,
  is_sub boolean NOT NULL,
  delta integer NOT NULL,
  PRIMARY KEY (txid, project, kind, owner, k1, k2, is_sub)
);
--> statement-breakpoint
-- The net change of one statement on issues (+1 per key of a listable new row in a cycle or a module, -1 per key of a
-- listable old row, summed per key) is recorded by the issues' one bookkeeping trigger (list_version_touch_issues in
-- list-version-triggers.sql), in the same statement as its other marks: no trigger of its own.
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['ins', 'upd', 'del'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON issues', 'issues_plan_counts_' || ev);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS plan_counts_collect();
--> statement-breakpoint
-- The keys one listable item counts under (see plan_counts_pending): inlined into the queries that call it.
CREATE OR REPLACE FUNCTION plan_counts_keys(cycle_id uuid, is_epic boolean, state uuid, estimate_point uuid, parent uuid, assignee_ids uuid[], module_ids uuid[])
RETURNS TABLE (kind "char", owner uuid, k1 uuid, k2 uuid, is_sub boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'c'::"char", cycle_id, coalesce(state, '00000000-0000-0000-0000-000000000000'), '00000000-0000-0000-0000-000000000000'::uuid, false
  WHERE cycle_id IS NOT NULL AND NOT is_epic
  UNION ALL
  SELECT 'a'::"char", cycle_id, a, '00000000-0000-0000-0000-000000000000'::uuid, false
  FROM unnest(assignee_ids) a WHERE cycle_id IS NOT NULL AND NOT is_epic
  UNION ALL
  SELECT 'm'::"char", m, coalesce(state, '00000000-0000-0000-0000-000000000000'), coalesce(estimate_point, '00000000-0000-0000-0000-000000000000'), parent IS NOT NULL
  FROM unnest(module_ids) m
$$;
--> statement-breakpoint
-- Called by list_version_flush (deferred, at commit) for one transaction, after its projects' rows are locked and
-- their work-item counts moved: apply the pending deltas in key order to the cycles and modules that still exist.
-- PL/pgSQL, so the statement's plan is cached for the session; list_version_flush calls it only when a count moved.
DROP FUNCTION IF EXISTS plan_counts_flush(bigint, uuid);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_counts_flush(tx bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    DELETE FROM plan_counts_pending WHERE txid = tx
    RETURNING kind, owner, k1, k2, is_sub, delta
  ), s AS (
    SELECT kind, owner, k1, k2, is_sub, sum(delta)::integer AS delta FROM d GROUP BY 1, 2, 3, 4, 5
  ), c AS (
    INSERT INTO cycle_item_counts AS t (cycle, state, n)
    SELECT owner, k1, delta FROM s WHERE kind = 'c' AND delta <> 0 AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = s.owner)
    ORDER BY owner, k1
    ON CONFLICT (cycle, state) DO UPDATE SET n = t.n + EXCLUDED.n
  ), a AS (
    INSERT INTO cycle_assignee_counts AS t (cycle, assignee, n)
    SELECT owner, k1, delta FROM s WHERE kind = 'a' AND delta <> 0 AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = s.owner)
    ORDER BY owner, k1
    ON CONFLICT (cycle, assignee) DO UPDATE SET n = t.n + EXCLUDED.n
  )
  INSERT INTO module_item_counts AS t (module, state, estimate_point, is_sub, n)
  SELECT owner, k1, k2, is_sub, delta FROM s WHERE kind = 'm' AND delta <> 0 AND EXISTS (SELECT 1 FROM modules x WHERE x.id = s.owner)
  ORDER BY owner, k1, k2, is_sub
  ON CONFLICT (module, state, estimate_point, is_sub) DO UPDATE SET n = t.n + EXCLUDED.n;
END $$;
--> statement-breakpoint
-- Every count from the items at once: for a database that already has work items (this file run on an existing one),
-- and for data loaded with the triggers off (bench/seed.ts). Idempotent.
CREATE OR REPLACE FUNCTION plan_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM cycle_item_counts;
  DELETE FROM cycle_assignee_counts;
  DELETE FROM module_item_counts;
  INSERT INTO cycle_item_counts (cycle, state, n)
  SELECT k.owner, k.k1, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.cycle_id IS NOT NULL AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'c'
    AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = k.owner)
  GROUP BY 1, 2;
  INSERT INTO cycle_assignee_counts (cycle, assignee, n)
  SELECT k.owner, k.k1, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.cycle_id IS NOT NULL AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'a'
    AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = k.owner)
  GROUP BY 1, 2;
  INSERT INTO module_item_counts (module, state, estimate_point, is_sub, n)
  SELECT k.owner, k.k1, k.k2, k.is_sub, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.module_ids <> '{}' AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'm'
    AND EXISTS (SELECT 1 FROM modules x WHERE x.id = k.owner)
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT plan_counts_rebuild();
