CREATE TABLE "workflow_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"state" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workflow_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workflow_state" uuid NOT NULL,
	"transition_state" uuid NOT NULL,
	"roles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_state_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_workflow_state_workflow_states_id_fk" FOREIGN KEY ("workflow_state") REFERENCES "public"."workflow_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_transition_state_states_id_fk" FOREIGN KEY ("transition_state") REFERENCES "public"."states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_states_state_uq" ON "workflow_states" USING btree ("state");--> statement-breakpoint
CREATE INDEX "workflow_states_project_idx" ON "workflow_states" USING btree ("project");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_transitions_uq" ON "workflow_transitions" USING btree ("workflow_state","transition_state");--> statement-breakpoint
CREATE INDEX "workflow_transitions_project_idx" ON "workflow_transitions" USING btree ("project");--> statement-breakpoint
-- Realtime: the live_capture row trigger every table with a workspace column carries (db/sql/live-events.sql).
CREATE TRIGGER "workflow_states_live" AFTER INSERT OR UPDATE OR DELETE ON "workflow_states" FOR EACH ROW EXECUTE FUNCTION live_capture();--> statement-breakpoint
CREATE TRIGGER "workflow_transitions_live" AFTER INSERT OR UPDATE OR DELETE ON "workflow_transitions" FOR EACH ROW EXECUTE FUNCTION live_capture();
