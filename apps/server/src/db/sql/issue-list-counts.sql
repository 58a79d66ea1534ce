-- issue_list_counts: exact numbers of listable work items (not deleted, archived or draft) per project, state,
-- priority, epic or not, and sub-item or not, so the unfiltered grouped pages of a project (grouped by state,
-- priority or state group, and their totals) read a few rows instead of counting every item (core/issue-list).
-- Kept like list_version (list-version-triggers.sql): the statement-level list_version triggers on issues turn each statement's
-- transition tables into net deltas per key in an unlogged pending table, and the deferred list_version flush
-- of the transaction applies them just before commit, in key order, right after it locked the project rows. So the
-- counts change atomically with the rows they count, a bulk statement costs one pending row per key it moves,
-- and the counter rows are locked only for the instant of commit, behind the project row (no deadlock between
-- two transactions moving items across the same states).
-- Installed by 0.1.0's baseline migration (0000_init.sql); idempotent (safe to run twice). A change is a new custom
-- migration carrying the changed statements, made in this file too (db/sql-files.test.ts holds them together).
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
-- The net change of each statement on issues is recorded by its list_version trigger (list_version_touch_issues,
-- list-version-triggers.sql), in the same statement as its other list bookkeeping.
DROP TRIGGER IF EXISTS issues_list_counts_ins ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_list_counts_upd ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_list_counts_del ON issues;
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_counts_collect();
--> statement-breakpoint
-- list_version_flush (deferred, at commit) applies one transaction's pending deltas, after it locked the projects'
-- rows, every project in key order (written out in that function: issue #13). A project deleted by the same
-- transaction has no counts left.
DROP FUNCTION IF EXISTS issue_list_counts_flush(bigint, uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_counts_flush(bigint);
--> statement-breakpoint
-- A database that already has work items (this file run on an existing one): count them once.
INSERT INTO issue_list_counts (project, state, priority, is_epic, is_sub, n)
SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000'), priority, is_epic, parent IS NOT NULL, count(*)
FROM issues WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
  AND NOT EXISTS (SELECT 1 FROM issue_list_counts)
GROUP BY 1, 2, 3, 4, 5;
