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
--> statement-breakpoint
-- The search dictionary (schema search.ts `search_words`; routes/search/commands.ts `correctWords`): the distinct
-- words of each workspace's work items, with a trigram index, so a misspelled query word is corrected to the nearest
-- known words (a lookup among a few thousand rows) and the item is then found by the full-text index instead of by
-- a trigram similarity per item. A word is what `search_vector` holds (lexemes of the 'simple' configuration: the
-- name and description text lower-cased), 3–32 characters (shorter ones have too few trigrams to be near anything,
-- longer ones are links and hashes), not all digits. The triggers only add words (a nightly job, routes/search/jobs.ts,
-- prunes those no item holds any more): ON CONFLICT DO NOTHING takes no row lock
-- on a word already known, so writers in one workspace never wait on each other here (only two transactions
-- adding the same new word do, briefly), and words are added in order.
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of(v tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(v)) w WHERE length(w) BETWEEN 3 AND 32 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- created items (one statement for a bulk insert: its rows' words at once)
CREATE OR REPLACE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (workspace, word)
  SELECT DISTINCT n.workspace, w FROM search_words_new n, search_words_of(n.search_vector) w
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_search_words_insert ON issues;
--> statement-breakpoint
CREATE TRIGGER issues_search_words_insert AFTER INSERT ON issues REFERENCING NEW TABLE AS search_words_new
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
-- a renamed item or a changed description: only the words it did not have before (an update of anything else does
-- not call this at all)
CREATE OR REPLACE FUNCTION search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (workspace, word)
  SELECT NEW.workspace, x.w FROM (SELECT search_words_of(NEW.search_vector) EXCEPT SELECT search_words_of(OLD.search_vector)) x(w)
  ORDER BY 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_search_words_update ON issues;
--> statement-breakpoint
CREATE TRIGGER issues_search_words_update AFTER UPDATE OF name, description_stripped ON issues
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION search_words_updated();
--> statement-breakpoint
-- every item's words at once (a database that had items before the dictionary; the bench seed, which writes with
-- triggers off)
CREATE OR REPLACE FUNCTION search_words_rebuild() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (workspace, word)
  SELECT DISTINCT i.workspace, w FROM issues i, search_words_of(i.search_vector) w WHERE i.deleted_at IS NULL
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
SELECT search_words_rebuild();
