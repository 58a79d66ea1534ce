-- projects.list_version: a per-project change counter of work-item lists (docs/ARCHITECTURE.md, "List cache").
-- Every statement that writes a row a list response can depend on marks the affected projects; the mark is
-- turned into ONE `list_version + 1` per project per transaction by the transaction's deferred flush just before commit,
-- so the bump is atomic with the data, bulk statements bump each project once, and the project row is locked
-- only for the instant before commit (no lock held across the rest of the transaction, no lock-order deadlock
-- with the writes' own row locks).
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
CREATE UNLOGGED TABLE IF NOT EXISTS list_version_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  PRIMARY KEY (txid, project)
);
--> statement-breakpoint
-- One row per transaction with commit-time work (list_version bumps, counts, kept list columns, live events): its
-- ONE deferred trigger does all of it, in a fixed order, once per transaction (issue #13: the bookkeeping used to
-- queue a deferred trigger per project and per live event, each with its own checks). Every trigger that leaves
-- pending work inserts this row in the same statement that records the work.
CREATE UNLOGGED TABLE IF NOT EXISTS tx_flush_pending (
  txid bigint PRIMARY KEY
);
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_version_mark(uuid[]);
--> statement-breakpoint
-- At commit, for one transaction: (1) the pending kept list columns of its items (issue-list-attrs.sql: items locked
-- in id order; their UPDATE may mark projects, counts and live events, recorded here before the next steps read them),
-- (2) the projects' list_version, rows locked in id order, (3) the projects' work-item counts (issue-list-counts.sql),
-- (3b) the cycles' and modules' counts (plan-counts.sql), (4) the live events (live-events.sql: streams locked in name order). So two transactions always lock items, then
-- projects, then counters, then streams: no lock-order deadlock, and each lock is held only for the instant of commit.
CREATE OR REPLACE FUNCTION list_version_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := NEW.txid;
  done bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM issue_list_attrs_pending WHERE txid = tx) THEN
    PERFORM issue_list_attrs_apply(tx);
  END IF;
  -- the projects' rows are locked in id order by a statement of their own, and bumped by the next one: its snapshot is
  -- taken once the locks are held, so it updates the row versions it locked. (Locked and updated in one statement,
  -- the UPDATE re-locked, from the statement's older snapshot, the row version another transaction had updated since,
  -- and PostgreSQL found a deadlock with a transaction waiting for that same row: issue #24 point 14.)
  PERFORM 1 FROM projects pr WHERE pr.id IN (SELECT project FROM list_version_pending WHERE txid = tx) ORDER BY pr.id FOR NO KEY UPDATE OF pr;
  WITH d AS (
    DELETE FROM list_version_pending WHERE txid = tx RETURNING project
  )
  -- issue_sequence follows the project's number sequence (issue-sequences.sql) for its readers
  UPDATE projects p SET list_version = p.list_version + 1,
    issue_sequence = GREATEST(p.issue_sequence, COALESCE(pg_sequence_last_value(to_regclass('issue_seq_' || replace(p.id::text, '-', ''))), 0))
  WHERE p.id IN (SELECT project FROM d);
  -- the projects' work-item counts (issue-list-counts.sql), written out here rather than called: a function call
  -- is a statement of its own besides the one it runs (issue #13)
  WITH d AS (
    DELETE FROM issue_list_counts_pending WHERE txid = tx
    RETURNING project, state, priority, is_epic, is_sub, delta
  )
  INSERT INTO issue_list_counts AS c (project, state, priority, is_epic, is_sub, n)
  SELECT project, state, priority, is_epic, is_sub, sum(delta) FROM d
  WHERE EXISTS (SELECT 1 FROM projects pr WHERE pr.id = d.project)
  GROUP BY project, state, priority, is_epic, is_sub HAVING sum(delta) <> 0
  ORDER BY project, state, priority, is_epic, is_sub
  ON CONFLICT (project, state, priority, is_epic, is_sub) DO UPDATE SET n = c.n + EXCLUDED.n;
  IF EXISTS (SELECT 1 FROM plan_counts_pending WHERE txid = tx) THEN
    PERFORM plan_counts_flush(tx);
  END IF;
  -- the live events (live-events.sql), written out for the same reason: each stream's counter moves once by its
  -- number of events, the events are numbered in the order recorded, stored, and NOTIFYed in stream and number order
  WITH mine AS (
    DELETE FROM live_pending WHERE txid = tx RETURNING *
  ), e AS (
    SELECT unnest(streams) AS stream, tbl, id, op, project, issue, creator, fields, ts, n FROM mine
  ), k AS (
    SELECT stream, count(*) AS c FROM e GROUP BY stream
  ), bump AS (
    INSERT INTO live_streams AS ls (stream, seq) SELECT stream, c FROM k ORDER BY stream
    ON CONFLICT (stream) DO UPDATE SET seq = ls.seq + EXCLUDED.seq
    RETURNING stream, seq
  ), numbered AS (
    SELECT e.stream, b.seq - k.c + row_number() OVER (PARTITION BY e.stream ORDER BY e.n) AS q,
      jsonb_strip_nulls(jsonb_build_object('t', e.tbl, 'id', e.id, 'op', e.op, 'p', e.project, 'i', e.issue, 'c', e.creator,
        'f', to_jsonb(e.fields), 'v', to_char(e.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))) AS ev
    FROM e JOIN k ON k.stream = e.stream JOIN bump b ON b.stream = e.stream
  ), stored AS (
    INSERT INTO live_events (stream, seq, event) SELECT stream, q, ev FROM numbered RETURNING stream, seq, event
  ), msgs AS (
    SELECT stream, seq, jsonb_build_object('s', stream, 'q', seq, 'e', event)::text AS msg FROM stored ORDER BY stream, seq OFFSET 0
  )
  -- NOTIFY payloads must stay under 8000 bytes: a larger event is announced by its number and read from live_events
  SELECT count(pg_notify('stride_live', CASE WHEN octet_length(msg) > 7900 THEN jsonb_build_object('s', stream, 'q', seq)::text ELSE msg END))
  INTO done FROM msgs;
  DELETE FROM tx_flush_pending WHERE txid = tx;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_version_flush ON list_version_pending;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_version_flush ON tx_flush_pending;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_version_flush AFTER INSERT ON tx_flush_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_version_flush();
--> statement-breakpoint
-- The marks: each statement-level trigger records the projects it touched in ONE statement (the pending rows and,
-- when a row is new, the transaction's flush row), so a statement that touches a project already marked in this
-- transaction only probes the pending table's key.
-- Tables with a `project` column: the projects of the inserted / changed (old and new) / deleted rows.
CREATE OR REPLACE FUNCTION list_version_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT DISTINCT txid_current(), project FROM new_rows WHERE project IS NOT NULL
      ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (SELECT project FROM new_rows UNION SELECT project FROM old_rows) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT DISTINCT txid_current(), project FROM old_rows WHERE project IS NOT NULL
      ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issues: ONE statement per write statement records all three kinds of list bookkeeping of its rows:
-- - list_version: the rows' projects, also the projects of their parents (a parent's sub_issues_count may live in
--   another project) and, on update and delete, of the items related to the rows (the detail list shows each
--   relation's other item: its name, state, priority, and whether it is deleted; that item may live in another project);
-- - the work-item counts (issue-list-counts.sql): +1 per listable new row, -1 per listable old row, net per key;
-- - the cycles' and modules' counts (plan-counts.sql): the same, per cycle, assignee and module key;
-- - the kept sub-item counts (issue-list-attrs.sql, bit 32): the parents whose counted children change (a child
--   added, removed, moved, or becoming (not) listable). On update, set differences of the transition tables, not a
--   join of them (whose cached plan may be a nested loop: quadratic in bulk).
CREATE OR REPLACE FUNCTION list_version_touch_issues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM new_rows WHERE parent IS NOT NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, 1 AS d FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM new_rows WHERE parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, 1 AS d FROM new_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (
          SELECT parent FROM new_rows WHERE parent IS NOT NULL UNION SELECT parent FROM old_rows WHERE parent IS NOT NULL)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, 1 AS d FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft UNION ALL SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, -1 AS d FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM (
        (SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AS counted FROM old_rows EXCEPT SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM new_rows)
        UNION ALL
        (SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM new_rows EXCEPT SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM old_rows)
      ) y WHERE parent IS NOT NULL) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, 1 AS d FROM new_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
        UNION ALL
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, -1 AS d FROM old_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  ELSE
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM old_rows WHERE parent IS NOT NULL)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, -1 AS d FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM old_rows WHERE parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, -1 AS d FROM old_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issue_relations: the projects of both items of each row (a relation shows in the detail list on both sides,
-- and the two items may live in different projects).
CREATE OR REPLACE FUNCTION list_version_touch_relations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (
          SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows UNION SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- labels: a workspace-level label (project NULL) can appear in every project of its workspace.
CREATE OR REPLACE FUNCTION list_version_touch_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM new_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (
          SELECT workspace FROM new_rows WHERE project IS NULL UNION SELECT workspace FROM old_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM old_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per table and event (PostgreSQL allows transition tables only on single-event triggers).
DO $$
DECLARE
  t text;
  fn text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issues', 'issue_labels', 'issue_assignees', 'issue_subscribers', 'issue_mentions', 'cycle_issues',
    'module_issues', 'issue_links', 'issue_relations', 'file_assets', 'states', 'labels', 'cycles', 'modules', 'project_members', 'estimate_points'] LOOP
    fn := CASE t WHEN 'issues' THEN 'list_version_touch_issues' WHEN 'labels' THEN 'list_version_touch_labels'
      WHEN 'issue_relations' THEN 'list_version_touch_relations' ELSE 'list_version_touch' END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_ins', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_upd', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_ins', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_upd', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_del', t, fn);
  END LOOP;
END $$;
--> statement-breakpoint
-- projects: a change of the project row itself (name, archived_at, guest_view_all_features, …) bumps it in place;
-- the counter's own bumps and the sequence counter of work-item creation do not.
CREATE OR REPLACE FUNCTION list_version_project_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'list_version' - 'issue_sequence' - 'updated_at' - 'updated_by')
     IS DISTINCT FROM (to_jsonb(OLD) - 'list_version' - 'issue_sequence' - 'updated_at' - 'updated_by') THEN
    NEW.list_version := OLD.list_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_list_version_row ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_list_version_row BEFORE UPDATE ON projects
  FOR EACH ROW WHEN (OLD.list_version = NEW.list_version) EXECUTE FUNCTION list_version_project_row();
--> statement-breakpoint
-- Tables added after 0.1.0 whose rows a list reads, with the same three triggers as the loop above gives the others
-- (each installed by the migration that made its table).
-- teamspace_projects: the team list context spans a teamspace's projects (drizzle 0004_teams_teamspaces).
DROP TRIGGER IF EXISTS teamspace_projects_list_version_ins ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_ins AFTER INSERT ON teamspace_projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teamspace_projects_list_version_upd ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_upd AFTER UPDATE ON teamspace_projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teamspace_projects_list_version_del ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_del AFTER DELETE ON teamspace_projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
