-- What a list row shows of an item's relations, kept on the issues row (issues.assignee_ids, label_ids,
-- module_ids, cycle_id, link_count, attachment_count, sub_issues_count), so a list page reads one row per item
-- instead of probing six other tables per item (core/issue-list).
--
-- Exact by construction: statement-level triggers on the tables those values come from mark the affected items
-- (with a bit per value) in an unlogged pending table; a deferred trigger recomputes the marked values just before
-- commit. It first locks the marked items (FOR NO KEY UPDATE, in id order: compatible with the foreign-key share
-- locks that inserting a label or an assignee takes), which waits for any other transaction still changing the
-- same items, and only then recomputes them in a new statement, whose snapshot therefore includes what those
-- transactions committed. So two transactions adding labels to one item at the same time both end up in its
-- label_ids, whichever commits first. A recomputed value that did not change is not written.
--
-- Bits: 1 assignees, 2 labels, 4 modules (a module's archiving too), 8 links, 16 attachments, 32 sub-items
-- (children that are not deleted, archived or drafts), 64 cycle.
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
CREATE UNLOGGED TABLE IF NOT EXISTS issue_list_attrs_pending (
  txid bigint NOT NULL,
  issue uuid NOT NULL,
  dirty integer NOT NULL,
  PRIMARY KEY (txid, issue)
);
--> statement-breakpoint
-- (The transaction's commit-time work runs in list_version_flush, list-version-triggers.sql: every mark below also
-- records the transaction in tx_flush_pending, in the same statement.)
DROP TABLE IF EXISTS issue_list_attrs_tx CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_flush();
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_mark(uuid[], integer);
--> statement-breakpoint
-- Recompute what transaction `tx` marked. Called first by list_version_flush (list-version-triggers.sql), so the
-- items are locked before the project rows (a transaction already holds its written items, and takes the project
-- rows last), and the UPDATE of issues below marks projects before their list_version is bumped: one bump per project.
CREATE OR REPLACE FUNCTION issue_list_attrs_apply(tx bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM issues i WHERE i.id IN (SELECT p.issue FROM issue_list_attrs_pending p WHERE p.txid = tx)
    ORDER BY i.id FOR NO KEY UPDATE OF i;
  WITH d AS (
    DELETE FROM issue_list_attrs_pending WHERE txid = tx RETURNING issue, dirty
  ), n AS MATERIALIZED (
    -- each value computed once (the UPDATE below reads it twice), by index lookups on the item's id
    SELECT i.id,
      CASE WHEN d.dirty & 1 <> 0 THEN coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = d.issue), '{}') ELSE i.assignee_ids END AS assignee_ids,
      CASE WHEN d.dirty & 2 <> 0 THEN coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = d.issue), '{}') ELSE i.label_ids END AS label_ids,
      CASE WHEN d.dirty & 4 <> 0 THEN coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = d.issue), '{}') ELSE i.module_ids END AS module_ids,
      CASE WHEN d.dirty & 8 <> 0 THEN (SELECT count(*)::int FROM issue_links x WHERE x.issue = d.issue) ELSE i.link_count END AS link_count,
      CASE WHEN d.dirty & 16 <> 0 THEN (SELECT count(*)::int FROM file_assets x WHERE x.issue = d.issue AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL) ELSE i.attachment_count END AS attachment_count,
      -- (the listable test as a FILTER: the lookup is by parent whatever the planner thinks of the table's size)
      CASE WHEN d.dirty & 32 <> 0 THEN (SELECT count(*) FILTER (WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft)::int FROM issues c WHERE c.parent = d.issue) ELSE i.sub_issues_count END AS sub_issues_count,
      CASE WHEN d.dirty & 64 <> 0 THEN (SELECT x.cycle FROM cycle_issues x WHERE x.issue = d.issue LIMIT 1) ELSE i.cycle_id END AS cycle_id
    FROM d JOIN issues i ON i.id = d.issue
  )
  UPDATE issues i SET assignee_ids = n.assignee_ids, label_ids = n.label_ids, module_ids = n.module_ids, link_count = n.link_count,
    attachment_count = n.attachment_count, sub_issues_count = n.sub_issues_count, cycle_id = n.cycle_id
  FROM n
  WHERE i.id = n.id
    AND (i.assignee_ids, i.label_ids, i.module_ids, i.link_count, i.attachment_count, i.sub_issues_count, i.cycle_id)
      IS DISTINCT FROM (n.assignee_ids, n.label_ids, n.module_ids, n.link_count, n.attachment_count, n.sub_issues_count, n.cycle_id);
END $$;
--> statement-breakpoint
-- Join tables of one item each (`issue` column): the items of the inserted / changed (old and new) / deleted rows.
-- Each mark is ONE statement: the pending bits (a bit already pending is not written again) and, for a new one, the
-- transaction's flush row.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mask integer := TG_ARGV[0]::integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM new_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM new_rows UNION SELECT issue FROM old_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM old_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- file_assets: only work-item attachments count.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch_assets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM new_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM new_rows WHERE entity_type = 'ISSUE_ATTACHMENT' UNION SELECT issue FROM old_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM old_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- modules: archiving or restoring a module adds it to or removes it from its items' module_ids.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch_modules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 4 FROM (SELECT x.issue FROM module_issues x WHERE x.module IN (SELECT id FROM (SELECT id, archived_at IS NULL FROM new_rows EXCEPT SELECT id, archived_at IS NULL FROM old_rows) c)) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issues: the parents whose counted children change are marked by the list_version trigger of issues
-- (list_version_touch_issues, list-version-triggers.sql), in the same statement as its other list bookkeeping.
DROP TRIGGER IF EXISTS issues_attrs_ins ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_attrs_upd ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_attrs_del ON issues;
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_touch_issues();
--> statement-breakpoint
DO $$
DECLARE
  t text;
  fn text;
  arg text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issue_assignees', 'issue_labels', 'module_issues', 'issue_links', 'file_assets', 'cycle_issues'] LOOP
    fn := CASE t WHEN 'file_assets' THEN 'issue_list_attrs_touch_assets' ELSE 'issue_list_attrs_touch' END;
    arg := CASE t WHEN 'issue_assignees' THEN '1' WHEN 'issue_labels' THEN '2' WHEN 'module_issues' THEN '4' WHEN 'issue_links' THEN '8' WHEN 'cycle_issues' THEN '64' ELSE '' END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_ins', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_upd', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_ins', t, fn, arg);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_upd', t, fn, arg);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_del', t, fn, arg);
  END LOOP;
  DROP TRIGGER IF EXISTS modules_attrs_upd ON modules;
  CREATE TRIGGER modules_attrs_upd AFTER UPDATE ON modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_list_attrs_touch_modules();
END $$;
--> statement-breakpoint
-- A database that already has work items (this file run on an existing one): compute every item's values once.
UPDATE issues i SET
  assignee_ids = coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = i.id), '{}'),
  label_ids = coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = i.id), '{}'),
  module_ids = coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = i.id), '{}'),
  link_count = (SELECT count(*)::int FROM issue_links x WHERE x.issue = i.id),
  attachment_count = (SELECT count(*)::int FROM file_assets x WHERE x.issue = i.id AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL),
  sub_issues_count = (SELECT count(*)::int FROM issues c WHERE c.parent = i.id AND c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft),
  cycle_id = (SELECT x.cycle FROM cycle_issues x WHERE x.issue = i.id LIMIT 1)
WHERE EXISTS (SELECT 1 FROM issue_assignees x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issue_labels x WHERE x.issue = i.id)
  OR EXISTS (SELECT 1 FROM module_issues x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issue_links x WHERE x.issue = i.id)
  OR EXISTS (SELECT 1 FROM file_assets x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issues c WHERE c.parent = i.id)
  OR EXISTS (SELECT 1 FROM cycle_issues x WHERE x.issue = i.id);
