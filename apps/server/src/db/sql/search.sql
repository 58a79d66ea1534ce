-- Search (W/search/, W/entity-search/, P/search-issues/; routes/search/): full-text plus trigram similarity, so a
-- misspelled word still finds its item. The expressions here must match routes/search/commands.ts exactly for the
-- indexes to be used.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS issues_search_trgm_idx ON issues USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The work item's full-text vector, kept by PostgreSQL (a stored generated column: parsed once per write, not per
-- search; not in the Drizzle schema, so no ORM read carries it).
ALTER TABLE issues ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', name || ' ' || coalesce(description_stripped, ''))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS issues_search_fts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS issues_search_vector_idx ON issues USING gin (search_vector) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS projects_search_trgm_idx ON projects USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cycles_search_trgm_idx ON cycles USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS modules_search_trgm_idx ON modules USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS issue_views_search_trgm_idx ON issue_views USING gin (name gin_trgm_ops);
--> statement-breakpoint
-- The work-item search's tiers take the newest matches of each kind (routes/search/commands.ts `issueTiers`): for a
-- common word, walking a workspace's live items newest first stops after a few thousand; a project's search walks
-- issues_live_created_idx the same way.
CREATE INDEX IF NOT EXISTS issues_search_recent_idx ON issues (workspace, created_at)
  WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;
