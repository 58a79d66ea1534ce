-- Time tracking and project updates publish their changes live (db/sql/live-events.sql's live_capture, the trigger every
-- table with a workspace column carries): work logs on their project's stream with their work item (a guest who
-- sees only their own items hears only of those), project updates, their comments and reactions on the project's.
CREATE TRIGGER "issue_worklogs_live" AFTER INSERT OR UPDATE OR DELETE ON "issue_worklogs" FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
CREATE TRIGGER "project_updates_live" AFTER INSERT OR UPDATE OR DELETE ON "project_updates" FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
CREATE TRIGGER "project_update_comments_live" AFTER INSERT OR UPDATE OR DELETE ON "project_update_comments" FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
CREATE TRIGGER "project_update_reactions_live" AFTER INSERT OR UPDATE OR DELETE ON "project_update_reactions" FOR EACH ROW EXECUTE FUNCTION live_capture();
