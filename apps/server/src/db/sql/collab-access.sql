-- Access changes for the collaboration server (apps/server/src/collab/server.ts): whatever write path deletes a page
-- or takes someone's access to pages away announces it on the relay's NOTIFY channel (`page_collab`, delivered on
-- commit to every instance), so open editors are closed or reconnected read-only at once rather than at the next
-- periodic check. Payload `access:<scope>:<id>`: `page` (that page's editors), `project` / `workspace` (the editors of
-- its pages), `user` (that person's editors). collab/content.ts `pagesAccessChanged` sends the `page` form for page
-- changes made by commands (lock, access, archive, move). Installed by 0.1.0's baseline migration
-- (0000_init.sql); idempotent. A change is a new custom migration carrying the changed statements, made in this
-- file too (db/sql-files.test.ts holds them together).
CREATE OR REPLACE FUNCTION collab_access_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  msg text;
BEGIN
  IF TG_TABLE_NAME = 'pages' THEN
    msg := 'page:' || OLD.id;
  ELSIF TG_TABLE_NAME = 'projects' THEN
    IF TG_OP = 'UPDATE' AND OLD.archived_at IS NOT DISTINCT FROM NEW.archived_at AND OLD.network = NEW.network THEN RETURN NULL; END IF;
    msg := 'project:' || OLD.id;
  ELSIF TG_TABLE_NAME = 'workspaces' THEN
    msg := 'workspace:' || OLD.id;
  ELSIF TG_TABLE_NAME IN ('project_members', 'workspace_members') THEN
    IF TG_OP = 'UPDATE' AND OLD.role = NEW.role AND OLD.is_active = NEW.is_active THEN RETURN NULL; END IF;
    msg := 'user:' || OLD.member;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF OLD.is_active = NEW.is_active THEN RETURN NULL; END IF;
    msg := 'user:' || OLD.id;
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    msg := 'user:' || OLD.user_id;
  END IF;
  -- delivered on commit, once per distinct payload and transaction
  IF msg IS NOT NULL THEN PERFORM pg_notify('page_collab', 'access:' || msg); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pages_collab_access ON pages;
--> statement-breakpoint
CREATE TRIGGER pages_collab_access AFTER DELETE ON pages FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_collab_access ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_collab_access AFTER UPDATE OF archived_at, network OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS workspaces_collab_access ON workspaces;
--> statement-breakpoint
CREATE TRIGGER workspaces_collab_access AFTER DELETE ON workspaces FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS project_members_collab_access ON project_members;
--> statement-breakpoint
CREATE TRIGGER project_members_collab_access AFTER UPDATE OF role, is_active OR DELETE ON project_members FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS workspace_members_collab_access ON workspace_members;
--> statement-breakpoint
CREATE TRIGGER workspace_members_collab_access AFTER UPDATE OF role, is_active OR DELETE ON workspace_members FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_collab_access ON users;
--> statement-breakpoint
CREATE TRIGGER users_collab_access AFTER UPDATE OF is_active ON users FOR EACH ROW EXECUTE FUNCTION collab_access_notify();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_collab_access ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_collab_access AFTER DELETE ON sessions FOR EACH ROW WHEN (OLD.kind = 'app') EXECUTE FUNCTION collab_access_notify();
