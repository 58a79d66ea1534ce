-- issue_list_counts: exact numbers of listable work items (not deleted, archived or draft) per project, state,
-- priority, epic or not, and sub-item or not, so the unfiltered grouped pages of a project (grouped by state,
-- priority or state group, and their totals) read a few rows instead of counting every item (core/issue-list).
-- Kept like list_version (list-version-triggers.sql): statement-level triggers on issues turn each statement's
-- transition tables into net deltas per key in an unlogged pending table, and the deferred list_version flush
-- of the transaction applies them just before commit, in key order, right after it locked the project rows. So the
-- counts change atomically with the rows they count, a bulk statement costs one pending row per key it moves,
-- and the counter rows are locked only for the instant of commit, behind the project row (no deadlock between
-- two transactions moving items across the same states).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE TABLE IF NOT EXISTS issue_list_counts (
  project uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  -- issues.state, or the nil uuid for an item without a state (a plain primary key, no NULLs)
  state uuid NOT NULL,
  priority text NOT NULL,
  is_epic boolean NOT NULL,
  is_sub boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (project, state, priority, is_epic, is_sub)
);
--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS issue_list_counts_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  state uuid NOT NULL,
  priority text NOT NULL,
  is_epic boolean NOT NULL,
  is_sub boolean NOT NULL,
  delta integer NOT NULL,
  PRIMARY KEY (txid, project, state, priority, is_epic, is_sub)
);
--> statement-breakpoint
-- The net change of one statement on issues: +1 per listable new row, -1 per listable old row, summed per key.
CREATE OR REPLACE FUNCTION issue_list_counts_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, count(*)
      FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      GROUP BY 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (
        SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, 1 AS d
        FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
        UNION ALL
        SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, -1
        FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, -count(*)
      FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      GROUP BY 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Called by list_version_flush (deferred, at commit) for one transaction, after it locked the projects' rows: apply
-- the pending deltas of every project in key order. A project deleted by the same transaction has no counts left.
DROP FUNCTION IF EXISTS issue_list_counts_flush(bigint, uuid);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issue_list_counts_flush(tx bigint) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    DELETE FROM issue_list_counts_pending WHERE txid = tx
    RETURNING project, state, priority, is_epic, is_sub, delta
  )
  INSERT INTO issue_list_counts AS c (project, state, priority, is_epic, is_sub, n)
  SELECT project, state, priority, is_epic, is_sub, sum(delta) FROM d
  WHERE EXISTS (SELECT 1 FROM projects pr WHERE pr.id = d.project)
  GROUP BY project, state, priority, is_epic, is_sub HAVING sum(delta) <> 0
  ORDER BY project, state, priority, is_epic, is_sub
  ON CONFLICT (project, state, priority, is_epic, is_sub) DO UPDATE SET n = c.n + EXCLUDED.n
$$;
--> statement-breakpoint
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['ins', 'upd', 'del'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON issues', 'issues_list_counts_' || ev);
  END LOOP;
  CREATE TRIGGER issues_list_counts_ins AFTER INSERT ON issues REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_list_counts_collect();
  CREATE TRIGGER issues_list_counts_upd AFTER UPDATE ON issues REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_list_counts_collect();
  CREATE TRIGGER issues_list_counts_del AFTER DELETE ON issues REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_list_counts_collect();
END $$;
--> statement-breakpoint
-- A database that already has work items (this file run on an existing one): count them once.
INSERT INTO issue_list_counts (project, state, priority, is_epic, is_sub, n)
SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, count(*)
FROM issues WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
  AND NOT EXISTS (SELECT 1 FROM issue_list_counts)
GROUP BY 1, 2, 3, 4, 5;
