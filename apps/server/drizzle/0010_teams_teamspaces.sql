CREATE TABLE "teamspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"teamspace" uuid NOT NULL,
	"member" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "teamspace_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"teamspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "teamspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text DEFAULT '' NOT NULL,
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lead" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issue_views" ADD COLUMN "teamspace" uuid;--> statement-breakpoint
ALTER TABLE "teamspace_members" ADD CONSTRAINT "teamspace_members_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspace_members" ADD CONSTRAINT "teamspace_members_teamspace_teamspaces_id_fk" FOREIGN KEY ("teamspace") REFERENCES "public"."teamspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspace_members" ADD CONSTRAINT "teamspace_members_member_users_id_fk" FOREIGN KEY ("member") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspace_projects" ADD CONSTRAINT "teamspace_projects_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspace_projects" ADD CONSTRAINT "teamspace_projects_teamspace_teamspaces_id_fk" FOREIGN KEY ("teamspace") REFERENCES "public"."teamspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspace_projects" ADD CONSTRAINT "teamspace_projects_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspaces" ADD CONSTRAINT "teamspaces_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teamspaces" ADD CONSTRAINT "teamspaces_lead_users_id_fk" FOREIGN KEY ("lead") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teamspace_members_uq" ON "teamspace_members" USING btree ("teamspace","member");--> statement-breakpoint
CREATE INDEX "teamspace_members_member_idx" ON "teamspace_members" USING btree ("member");--> statement-breakpoint
CREATE UNIQUE INDEX "teamspace_projects_uq" ON "teamspace_projects" USING btree ("teamspace","project");--> statement-breakpoint
CREATE INDEX "teamspace_projects_project_idx" ON "teamspace_projects" USING btree ("project");--> statement-breakpoint
CREATE INDEX "teamspaces_workspace_idx" ON "teamspaces" USING btree ("workspace");--> statement-breakpoint
ALTER TABLE "issue_views" ADD CONSTRAINT "issue_views_teamspace_teamspaces_id_fk" FOREIGN KEY ("teamspace") REFERENCES "public"."teamspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_views_teamspace_idx" ON "issue_views" USING btree ("teamspace");--> statement-breakpoint
-- Teamspaces publish their changes like every table with a workspace column (db/sql/live-events.sql installs
-- live_capture on those; these tables are newer than its loop): teamspaces and their members on the workspace's
-- stream, a teamspace's projects on each project's stream.
CREATE TRIGGER teamspaces_live AFTER INSERT OR UPDATE OR DELETE ON teamspaces FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
CREATE TRIGGER teamspace_members_live AFTER INSERT OR UPDATE OR DELETE ON teamspace_members FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_live AFTER INSERT OR UPDATE OR DELETE ON teamspace_projects FOR EACH ROW EXECUTE FUNCTION live_capture();
--> statement-breakpoint
-- The team list context reads teamspace_projects (core/issue-list/context.ts): its rows bump their project's
-- list_version like every table a list reads (db/sql/list-version-triggers.sql).
DROP TRIGGER IF EXISTS teamspace_projects_list_version_ins ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_ins AFTER INSERT ON teamspace_projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teamspace_projects_list_version_upd ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_upd AFTER UPDATE ON teamspace_projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS teamspace_projects_list_version_del ON teamspace_projects;
--> statement-breakpoint
CREATE TRIGGER teamspace_projects_list_version_del AFTER DELETE ON teamspace_projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_version_touch();
