-- The realtime channel's events (docs/ARCHITECTURE.md, "Realtime"): every committed write publishes a small
-- event (table, id, op, project, work item, its creator, changed field names, updated_at) to its streams
-- (`workspace:<id>`, `project:<id>`, `user:<id>`), generated here by triggers so that every write path
-- publishes without the command remembering to.
-- - live_capture (row trigger on every table with a workspace column, installed by the DO block at the end, so
--   tables added later get it when the migration is regenerated) records the change in live_pending, merged
--   per transaction and row (fields united, one event per row and stream);
-- - the publish step (at commit, inside the transaction's one deferred flush, list_version_flush, after the list
--   bookkeeping) numbers each stream's events with a gapless per-stream sequence in commit order (the stream row
--   stays locked until commit), stores them in live_events (bounded retention, read for catch-up) and NOTIFYs
--   `stride_live` (delivered only on commit).
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
CREATE TABLE IF NOT EXISTS live_streams (
  stream text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS live_events (
  stream text NOT NULL,
  seq bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  event jsonb NOT NULL,
  PRIMARY KEY (stream, seq)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS live_events_at_idx ON live_events (at);
--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS live_pending (
  txid bigint NOT NULL,
  tbl text NOT NULL,
  id text NOT NULL,
  n bigserial,
  op text NOT NULL,
  streams text[] NOT NULL,
  project uuid,
  issue uuid,
  creator uuid,
  fields text[],
  ts timestamptz,
  PRIMARY KEY (txid, tbl, id)
);
--> statement-breakpoint
-- The streams a row belongs to. Per-user rows (favourites, user properties of any kind, workspace drafts, notifications,
-- the home's stickies, quick links, preferences and recent visits) go to
-- their owner's stream only; a project row to its workspace's and its own; anything else with a project to the
-- project's stream, else to the workspace's.
CREATE OR REPLACE FUNCTION live_streams_of(tbl text, r jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  w text := coalesce(r->>'workspace', r->>'workspace_id');
  p text := coalesce(r->>'project', r->>'project_id');
  u text := coalesce(r->>'user_id', r->>'user');
BEGIN
  IF tbl = 'workspaces' THEN RETURN ARRAY['workspace:' || (r->>'id')]; END IF;
  IF tbl = 'projects' THEN RETURN ARRAY['workspace:' || w, 'project:' || (r->>'id')]; END IF;
  IF tbl = 'draft_issues' THEN u := r->>'created_by'; END IF;
  IF tbl = 'notifications' THEN u := r->>'receiver'; END IF;
  IF tbl IN ('stickies', 'workspace_user_links') THEN u := r->>'owner'; END IF;
  IF tbl = 'draft_issues' OR tbl = 'notifications' OR tbl LIKE '%user_favorites' OR tbl LIKE '%user_properties'
    OR tbl IN ('stickies', 'workspace_user_links', 'workspace_home_preferences', 'workspace_sidebar_preferences', 'user_recent_visits') THEN
    RETURN CASE WHEN u IS NULL THEN ARRAY[]::text[] ELSE ARRAY['user:' || u] END;
  END IF;
  -- a membership is news to its member too (added, removed, role changed), who may not read the project's stream
  IF tbl = 'project_members' AND p IS NOT NULL AND r->>'member' IS NOT NULL THEN RETURN ARRAY['project:' || p, 'user:' || (r->>'member')]; END IF;
  IF p IS NOT NULL THEN RETURN ARRAY['project:' || p]; END IF;
  IF w IS NOT NULL THEN RETURN ARRAY['workspace:' || w]; END IF;
  RETURN ARRAY[]::text[];
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n jsonb;
  o jsonb;
  r jsonb;
  s text[];
  iss uuid;
BEGIN
  -- writes a read makes (defaults created on first read, recent visits; core/silent.ts) publish nothing
  IF current_setting('stride.silent', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  r := coalesce(n, o);
  IF TG_OP = 'UPDATE' THEN
    -- bookkeeping columns alone are no change anyone sees (a plain expression: no statement runs for it)
    IF n - ARRAY['updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector'] = o - ARRAY['updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector'] THEN
      RETURN NULL;
    END IF;
    s := live_streams_of(TG_TABLE_NAME, n);
    IF s IS DISTINCT FROM live_streams_of(TG_TABLE_NAME, o) THEN
      s := ARRAY(SELECT DISTINCT x FROM unnest(s || live_streams_of(TG_TABLE_NAME, o)) x ORDER BY x);
    END IF;
  ELSE
    s := live_streams_of(TG_TABLE_NAME, r);
  END IF;
  IF cardinality(s) = 0 THEN RETURN NULL; END IF;
  -- the work item the row belongs to and that item's creator (a guest who sees only their own items gets only those)
  IF TG_TABLE_NAME = 'issues' THEN
    iss := (r->>'id')::uuid;
  ELSE
    iss := (r->>'issue')::uuid;
    IF iss IS NULL AND r ? 'comment' AND r->>'comment' IS NOT NULL THEN
      SELECT c.issue INTO iss FROM issue_comments c WHERE c.id = (r->>'comment')::uuid;
    END IF;
  END IF;
  -- ONE statement: the event (the changed columns' names and the item's creator looked up in it) and, the first time,
  -- the transaction's flush row (list_version_flush publishes at commit: list-version-triggers.sql)
  WITH e AS (
    INSERT INTO live_pending AS lp (txid, tbl, id, op, streams, project, issue, creator, fields, ts)
    VALUES (txid_current(), TG_TABLE_NAME, r->>'id', lower(TG_OP), s, coalesce(r->>'project', r->>'project_id')::uuid, iss,
      CASE WHEN TG_TABLE_NAME = 'issues' THEN (r->>'created_by')::uuid WHEN iss IS NOT NULL THEN (SELECT i.created_by FROM issues i WHERE i.id = iss) END,
      CASE WHEN TG_OP = 'UPDATE' THEN (SELECT array_agg(k ORDER BY k) FROM jsonb_each(n) e(k, v)
        WHERE v IS DISTINCT FROM o->k AND k NOT IN ('updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector')) END,
      coalesce((r->>'updated_at')::timestamptz, now()))
    ON CONFLICT (txid, tbl, id) DO UPDATE SET
      -- several writes of one row in one transaction: one event (created wins, then deleted; fields united)
      op = CASE WHEN lp.op = 'insert' AND EXCLUDED.op <> 'delete' THEN 'insert' WHEN EXCLUDED.op = 'delete' THEN 'delete' ELSE lp.op END,
      streams = ARRAY(SELECT DISTINCT x FROM unnest(lp.streams || EXCLUDED.streams) x ORDER BY x),
      project = EXCLUDED.project,
      fields = CASE WHEN lp.op = 'update' AND EXCLUDED.op = 'update'
        THEN ARRAY(SELECT DISTINCT x FROM unnest(lp.fields || EXCLUDED.fields) x ORDER BY x) ELSE NULL END,
      ts = greatest(lp.ts, EXCLUDED.ts)
    RETURNING 1
  ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() FROM e ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit (called by list_version_flush, after the list bookkeeping, so every transaction locks `projects` rows
-- before `live_streams` rows): number, store and announce the transaction's events, in ONE statement. Each stream's
-- counter moves once by its number of events (streams locked in name order), the events take the numbers in the
-- order they were recorded, and each is NOTIFYed on `stride_live` (delivered only on commit) in stream and number order.
DROP TRIGGER IF EXISTS live_flush ON live_pending;
--> statement-breakpoint
DROP FUNCTION IF EXISTS live_flush();
--> statement-breakpoint
-- The publish step runs inside list_version_flush (list-version-triggers.sql), written out there (issue #13).
DROP FUNCTION IF EXISTS live_publish(bigint);
--> statement-breakpoint
-- Every table with a workspace column publishes (and `workspaces` itself), except the bookkeeping tables below.
-- test/live-coverage.test.ts insists that every table either has the trigger or is named there as private.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND (c.column_name IN ('workspace', 'workspace_id') OR c.table_name = 'workspaces')
      AND c.table_name NOT IN ('live_streams', 'live_events', 'live_pending', 'list_version_pending', 'issue_list_counts', 'search_words')
    GROUP BY c.table_name
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_live', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION live_capture()', t || '_live', t);
  END LOOP;
END $$;
