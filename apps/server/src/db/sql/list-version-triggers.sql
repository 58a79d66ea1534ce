-- projects.list_version: a per-project change counter of work-item lists (docs/ARCHITECTURE.md, "List cache").
-- Every statement that writes a row a list response can depend on marks the affected projects; the mark is
-- turned into ONE `list_version + 1` per project per transaction by a deferred trigger just before commit,
-- so the bump is atomic with the data, bulk statements bump each project once, and the project row is locked
-- only for the instant before commit (no lock held across the rest of the transaction, no lock-order deadlock
-- with the writes' own row locks).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE UNLOGGED TABLE IF NOT EXISTS list_version_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  PRIMARY KEY (txid, project)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_version_mark(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_version_pending (txid, project)
  SELECT txid_current(), p FROM (SELECT DISTINCT unnest(ids) AS p) d WHERE p IS NOT NULL ORDER BY p
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- First the transaction's pending list columns of its items are recomputed (issue-list-attrs.sql: item rows
-- locked, in id order), then the project row is locked, then the project's work-item counts move
-- (issue-list-counts.sql), then its cycles' and modules' (plan-counts.sql), so two transactions touching the same
-- items or counters always lock in the same order.
CREATE OR REPLACE FUNCTION list_version_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM issue_list_attrs_apply(NEW.txid);
  UPDATE projects SET list_version = list_version + 1 WHERE id = NEW.project;
  PERFORM issue_list_counts_flush(NEW.txid, NEW.project);
  PERFORM plan_counts_flush(NEW.txid, NEW.project);
  DELETE FROM list_version_pending WHERE txid = NEW.txid AND project = NEW.project;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_version_flush ON list_version_pending;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_version_flush AFTER INSERT ON list_version_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_version_flush();
--> statement-breakpoint
-- Tables with a `project` column: the projects of the inserted / changed (old and new) / deleted rows.
CREATE OR REPLACE FUNCTION list_version_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_version_mark(ARRAY(SELECT DISTINCT project FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM list_version_mark(ARRAY(SELECT project FROM new_rows UNION SELECT project FROM old_rows));
  ELSE
    PERFORM list_version_mark(ARRAY(SELECT DISTINCT project FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issues: also the projects of the rows' parents (a parent's sub_issues_count may live in another project) and,
-- on update and delete, of the items related to the rows (the detail list shows each relation's other item:
-- its name, state, priority, and whether it is deleted; that item may live in another project).
CREATE OR REPLACE FUNCTION list_version_touch_issues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM new_rows WHERE parent IS NOT NULL)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows UNION SELECT project FROM old_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (
        SELECT parent FROM new_rows WHERE parent IS NOT NULL UNION SELECT parent FROM old_rows WHERE parent IS NOT NULL)
      UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
      UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)));
  ELSE
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM old_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM old_rows WHERE parent IS NOT NULL)
      UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
      UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issue_relations: the projects of both items of each row (a relation shows in the detail list on both sides,
-- and the two items may live in different projects).
CREATE OR REPLACE FUNCTION list_version_touch_relations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows UNION SELECT project FROM old_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (
        SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows UNION SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)));
  ELSE
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM old_rows
      UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- labels: a workspace-level label (project NULL) can appear in every project of its workspace.
CREATE OR REPLACE FUNCTION list_version_touch_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows
      UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM new_rows WHERE project IS NULL)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM new_rows UNION SELECT project FROM old_rows
      UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (
        SELECT workspace FROM new_rows WHERE project IS NULL UNION SELECT workspace FROM old_rows WHERE project IS NULL)));
  ELSE
    PERFORM list_version_mark(ARRAY(
      SELECT project FROM old_rows
      UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM old_rows WHERE project IS NULL)));
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
