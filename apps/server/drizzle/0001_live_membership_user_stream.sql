-- A project membership's events also go to its member's own stream (user:<id>): the person added to a project, or
-- removed from it, hears of it live although they could not (or can no longer) read the project's stream.
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
