CREATE TABLE "issue_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"issue_type" uuid NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"default_value" text[] DEFAULT '{}'::text[] NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_property_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"property" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_property_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"issue" uuid NOT NULL,
	"property" uuid NOT NULL,
	"option" uuid,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_epic" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "property_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_properties" ADD CONSTRAINT "issue_properties_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_properties" ADD CONSTRAINT "issue_properties_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_properties" ADD CONSTRAINT "issue_properties_issue_type_issue_types_id_fk" FOREIGN KEY ("issue_type") REFERENCES "public"."issue_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_options" ADD CONSTRAINT "issue_property_options_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_options" ADD CONSTRAINT "issue_property_options_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_options" ADD CONSTRAINT "issue_property_options_property_issue_properties_id_fk" FOREIGN KEY ("property") REFERENCES "public"."issue_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_values" ADD CONSTRAINT "issue_property_values_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_values" ADD CONSTRAINT "issue_property_values_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_values" ADD CONSTRAINT "issue_property_values_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_values" ADD CONSTRAINT "issue_property_values_property_issue_properties_id_fk" FOREIGN KEY ("property") REFERENCES "public"."issue_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_property_values" ADD CONSTRAINT "issue_property_values_option_issue_property_options_id_fk" FOREIGN KEY ("option") REFERENCES "public"."issue_property_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_types" ADD CONSTRAINT "issue_types_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_types" ADD CONSTRAINT "issue_types_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_properties_type_idx" ON "issue_properties" USING btree ("issue_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_properties_name_uq" ON "issue_properties" USING btree ("issue_type","name");--> statement-breakpoint
CREATE INDEX "issue_property_options_property_idx" ON "issue_property_options" USING btree ("property","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_property_values_uq" ON "issue_property_values" USING btree ("issue","property","value");--> statement-breakpoint
CREATE INDEX "issue_property_values_property_idx" ON "issue_property_values" USING btree ("property","value");--> statement-breakpoint
CREATE INDEX "issue_types_project_idx" ON "issue_types" USING btree ("project","sort_order");--> statement-breakpoint
CREATE INDEX "issue_types_workspace_idx" ON "issue_types" USING btree ("workspace");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_types_default_uq" ON "issue_types" USING btree ("project") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_types_epic_uq" ON "issue_types" USING btree ("project") WHERE is_epic;