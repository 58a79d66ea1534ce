CREATE TABLE "issue_worklogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"logged_by" uuid NOT NULL,
	"duration" integer NOT NULL,
	"logged_on" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_update_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_update" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"comment_html" text DEFAULT '<p></p>' NOT NULL,
	"comment_stripped" text DEFAULT '' NOT NULL,
	"actor" uuid,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_update_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_update" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"actor" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"status" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text DEFAULT '' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issue_worklogs" ADD CONSTRAINT "issue_worklogs_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_worklogs" ADD CONSTRAINT "issue_worklogs_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_worklogs" ADD CONSTRAINT "issue_worklogs_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_worklogs" ADD CONSTRAINT "issue_worklogs_logged_by_users_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_comments" ADD CONSTRAINT "project_update_comments_project_update_project_updates_id_fk" FOREIGN KEY ("project_update") REFERENCES "public"."project_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_comments" ADD CONSTRAINT "project_update_comments_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_comments" ADD CONSTRAINT "project_update_comments_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_comments" ADD CONSTRAINT "project_update_comments_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_reactions" ADD CONSTRAINT "project_update_reactions_project_update_project_updates_id_fk" FOREIGN KEY ("project_update") REFERENCES "public"."project_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_reactions" ADD CONSTRAINT "project_update_reactions_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_reactions" ADD CONSTRAINT "project_update_reactions_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_reactions" ADD CONSTRAINT "project_update_reactions_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_worklogs_issue_idx" ON "issue_worklogs" USING btree ("issue","logged_on");--> statement-breakpoint
CREATE INDEX "issue_worklogs_project_idx" ON "issue_worklogs" USING btree ("project","logged_on");--> statement-breakpoint
CREATE INDEX "issue_worklogs_member_idx" ON "issue_worklogs" USING btree ("logged_by","logged_on");--> statement-breakpoint
CREATE INDEX "project_update_comments_update_idx" ON "project_update_comments" USING btree ("project_update","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_update_reactions_uq" ON "project_update_reactions" USING btree ("project_update","actor","reaction");--> statement-breakpoint
CREATE INDEX "project_updates_project_idx" ON "project_updates" USING btree ("project","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_project_update_receiver_uq" ON "notifications" USING btree (("data" #>> '{project_update,key}'),"receiver") WHERE "notifications"."entity_name" = 'project_update';