-- Issue #24 point 14: concurrent writes to one project failed with "deadlock detected" at commit, in the transaction's
-- flush (list_version_flush, list-version-triggers.sql of 0.1.0). It is the baseline's function with the project rows
-- locked by one statement and bumped by the next. Idempotent.
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
