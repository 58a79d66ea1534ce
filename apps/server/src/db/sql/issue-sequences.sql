-- Work-item numbers (`sequence_id`, the 12 of "WEB-12"): one PostgreSQL sequence per project, `issue_seq_<project id
-- without dashes>` (issue #13). `nextval` takes no row lock and is never rolled back, so creates in one project no
-- longer wait for each other's COMMIT on the project row (the old `UPDATE projects SET issue_sequence = …` held that
-- row's lock through the rest of the create and its commit-time flush: creates of one project ran one at a time).
-- The price is a rare gap after a create that rolls back once it has its number (docs/decisions.md); a create whose
-- checks fail takes no number (routes/issues/create-statement.ts calls nextval only when they pass).
-- `projects.issue_sequence` stays the project's last number for readers (`next_work_item_sequence`): the commit-time
-- flush (list-version-triggers.sql) raises it from the sequence, on the project row it locks anyway.
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
CREATE OR REPLACE FUNCTION issue_sequence_name(p uuid) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 'issue_seq_' || replace(p::text, '-', '') $$;
--> statement-breakpoint
-- The next number of a project (for scripts and test fixtures; the create statement spells the same expression
-- out, so a custom plan folds the name instead of running this function as a statement of its own).
CREATE OR REPLACE FUNCTION issue_sequence_next(p uuid) RETURNS integer LANGUAGE sql
  AS $$ SELECT nextval(('issue_seq_' || replace(p::text, '-', ''))::regclass)::integer $$;
--> statement-breakpoint
-- A project's sequence continues after `last` (its issue_sequence, or for a database numbered before the sequences
-- existed, the greatest number already used); created with the project, dropped with it.
CREATE OR REPLACE FUNCTION issue_sequence_ensure(p uuid, last bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS integer MINVALUE 1', issue_sequence_name(p));
  IF last > 0 THEN
    PERFORM setval(issue_sequence_name(p)::regclass, GREATEST(last, COALESCE(pg_sequence_last_value(issue_sequence_name(p)::regclass), 0)));
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issue_sequence_project_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM issue_sequence_ensure(NEW.id, NEW.issue_sequence);
  ELSE
    EXECUTE format('DROP SEQUENCE IF EXISTS %I', issue_sequence_name(OLD.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_issue_sequence_ins ON projects;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_issue_sequence_del ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_issue_sequence_ins AFTER INSERT ON projects FOR EACH ROW EXECUTE FUNCTION issue_sequence_project_row();
--> statement-breakpoint
CREATE TRIGGER projects_issue_sequence_del AFTER DELETE ON projects FOR EACH ROW EXECUTE FUNCTION issue_sequence_project_row();
--> statement-breakpoint
-- Projects that predate their sequence (a database migrated from before): numbering continues after the greatest of
-- the counter and the numbers already used (deleted items keep theirs: a number is never reused, wire-facts §15).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT pr.id, GREATEST(pr.issue_sequence, COALESCE((SELECT max(i.sequence_id) FROM issues i WHERE i.project = pr.id), 0)) AS last
    FROM projects pr WHERE to_regclass(issue_sequence_name(pr.id)) IS NULL
  LOOP
    PERFORM issue_sequence_ensure(r.id, r.last);
  END LOOP;
END $$;
