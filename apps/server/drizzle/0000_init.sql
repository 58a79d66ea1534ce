CREATE TABLE "instance_admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"role" integer DEFAULT 20 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "instance_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" text,
	"category" text NOT NULL,
	"is_encrypted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "instance_configurations_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_name" text DEFAULT 'Stride' NOT NULL,
	"whitelist_emails" text,
	"instance_id" text NOT NULL,
	"current_version" text NOT NULL,
	"latest_version" text,
	"edition" text DEFAULT 'PLANE_COMMUNITY' NOT NULL,
	"domain" text,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"namespace" text,
	"is_telemetry_enabled" boolean DEFAULT false NOT NULL,
	"is_support_required" boolean DEFAULT false NOT NULL,
	"is_setup_done" boolean DEFAULT false NOT NULL,
	"is_signup_screen_visited" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"access_token_expired_at" timestamp with time zone,
	"refresh_token" text DEFAULT '' NOT NULL,
	"refresh_token_expired_at" timestamp with time zone,
	"id_token" text DEFAULT '' NOT NULL,
	"last_connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"generations" integer DEFAULT 1 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_app_rail_docked" boolean DEFAULT true NOT NULL,
	"is_tour_completed" boolean DEFAULT false NOT NULL,
	"onboarding_step" jsonb DEFAULT '{"workspace_join":false,"profile_complete":false,"workspace_create":false,"workspace_invite":false}'::jsonb NOT NULL,
	"use_case" text,
	"role" text,
	"is_onboarded" boolean DEFAULT false NOT NULL,
	"last_workspace_id" uuid,
	"billing_address_country" text DEFAULT 'INDIA' NOT NULL,
	"billing_address" jsonb,
	"has_billing_address" boolean DEFAULT false NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"notification_view_mode" text DEFAULT 'full' NOT NULL,
	"is_smooth_cursor_enabled" boolean DEFAULT false NOT NULL,
	"is_mobile_onboarded" boolean DEFAULT false NOT NULL,
	"mobile_onboarding_step" jsonb DEFAULT '{"profile_complete":false,"workspace_create":false,"workspace_join":false}'::jsonb NOT NULL,
	"mobile_timezone_auto_set" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"start_of_the_week" integer DEFAULT 0 NOT NULL,
	"time_format" text DEFAULT '24-hour' NOT NULL,
	"goals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"background_color" text,
	"is_navigation_tour_completed" boolean DEFAULT false NOT NULL,
	"has_marketing_email_consent" boolean DEFAULT false NOT NULL,
	"is_subscribed_to_changelog" boolean DEFAULT false NOT NULL,
	"product_tour" jsonb DEFAULT '{"work_items":false,"cycles":false,"modules":false,"intake":false,"pages":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'app' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notification_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_change" boolean DEFAULT true NOT NULL,
	"state_change" boolean DEFAULT true NOT NULL,
	"comment" boolean DEFAULT true NOT NULL,
	"mention" boolean DEFAULT true NOT NULL,
	"issue_completed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notification_preferences_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"password" text,
	"avatar" text DEFAULT '' NOT NULL,
	"avatar_asset" uuid,
	"cover_image" text,
	"cover_image_asset" uuid,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_password_autoset" boolean DEFAULT false NOT NULL,
	"user_timezone" text DEFAULT 'UTC' NOT NULL,
	"last_login_medium" text DEFAULT 'email' NOT NULL,
	"last_login_time" timestamp with time zone,
	"last_login_ip" text,
	"last_logout_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"entity_type" text NOT NULL,
	"entity_identifier" uuid,
	"name" text,
	"is_folder" boolean DEFAULT false NOT NULL,
	"sequence" double precision DEFAULT 65535 NOT NULL,
	"parent" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"email" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"message" text,
	"responded_at" timestamp with time zone,
	"role" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"member" uuid NOT NULL,
	"role" integer DEFAULT 5 NOT NULL,
	"company_role" text,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issue_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"getting_started_checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tips" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"explored_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"user" uuid NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"navigation_project_limit" integer DEFAULT 10 NOT NULL,
	"navigation_control_preference" text DEFAULT 'ACCORDION' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"logo_asset" uuid,
	"owner" uuid NOT NULL,
	"organization_size" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"background_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "workspaces_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "estimate_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"estimate" uuid NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"value" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'categories' NOT NULL,
	"last_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"parent" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"member" uuid NOT NULL,
	"role" integer DEFAULT 5 NOT NULL,
	"comment" text,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{"pages":{"block_display":true},"navigation":{"default_tab":"work_items","hide_in_more_menu":[]}}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"user" uuid NOT NULL,
	"kind" text DEFAULT 'issues' NOT NULL,
	"entity" uuid,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "project_user_properties_uq" UNIQUE NULLS NOT DISTINCT("project","user","kind","entity")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_text" jsonb,
	"description_html" text,
	"network" integer DEFAULT 2 NOT NULL,
	"identifier" text NOT NULL,
	"default_assignee" uuid,
	"project_lead" uuid,
	"emoji" text,
	"icon_prop" jsonb,
	"module_view" boolean DEFAULT true NOT NULL,
	"cycle_view" boolean DEFAULT true NOT NULL,
	"issue_views_view" boolean DEFAULT true NOT NULL,
	"page_view" boolean DEFAULT true NOT NULL,
	"intake_view" boolean DEFAULT false NOT NULL,
	"is_time_tracking_enabled" boolean DEFAULT false NOT NULL,
	"is_issue_type_enabled" boolean DEFAULT false NOT NULL,
	"is_project_updates_enabled" boolean DEFAULT false NOT NULL,
	"is_epic_enabled" boolean DEFAULT false NOT NULL,
	"is_workflow_enabled" boolean DEFAULT false NOT NULL,
	"guest_view_all_features" boolean DEFAULT false NOT NULL,
	"cover_image" text,
	"cover_image_asset" uuid,
	"estimate" uuid,
	"archive_in" integer DEFAULT 0 NOT NULL,
	"close_in" integer DEFAULT 0 NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_state" uuid,
	"archived_at" timestamp with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"external_source" text,
	"external_id" text,
	"issue_sequence" integer DEFAULT 0 NOT NULL,
	"list_version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"sequence" double precision DEFAULT 65535 NOT NULL,
	"group" text NOT NULL,
	"is_triage" boolean DEFAULT false NOT NULL,
	"default" boolean DEFAULT false NOT NULL,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "comment_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment" uuid NOT NULL,
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
CREATE TABLE "cycle_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"cycle" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"owned_by" uuid NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"progress_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "draft_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"name" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_binary" "bytea",
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description_stripped" text,
	"priority" text DEFAULT 'none' NOT NULL,
	"state" uuid,
	"parent" uuid,
	"estimate_point" uuid,
	"start_date" date,
	"target_date" date,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"completed_at" timestamp with time zone,
	"type" uuid,
	"cycle" uuid,
	"label_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"module_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "file_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"asset" text NOT NULL,
	"user" uuid,
	"workspace" uuid,
	"project" uuid,
	"issue" uuid,
	"comment" uuid,
	"page" uuid,
	"draft_issue" uuid,
	"entity_type" text,
	"entity_identifier" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"external_source" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"is_uploaded" boolean DEFAULT false NOT NULL,
	"storage_metadata" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"verb" text DEFAULT 'updated' NOT NULL,
	"field" text,
	"old_value" text,
	"new_value" text,
	"comment" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issue_comment" uuid,
	"old_identifier" uuid,
	"new_identifier" uuid,
	"epoch" double precision,
	"actor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_agent_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"execution_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_assignees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"assignee" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"comment_stripped" text DEFAULT '' NOT NULL,
	"comment_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment_html" text DEFAULT '<p></p>' NOT NULL,
	"access" text DEFAULT 'INTERNAL' NOT NULL,
	"external_source" text,
	"external_id" text,
	"edited_at" timestamp with time zone,
	"parent" uuid,
	"actor" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_description_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text,
	"description_binary" "bytea",
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owned_by" uuid NOT NULL,
	"last_saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"label" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"title" text,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"mention" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"actor" uuid NOT NULL,
	"reaction" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"related_issue" uuid NOT NULL,
	"relation_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"subscriber" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"assignee" uuid,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_binary" "bytea",
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description_stripped" text,
	"priority" text DEFAULT 'none' NOT NULL,
	"state" uuid,
	"parent" uuid,
	"estimate_point" uuid,
	"point" integer,
	"start_date" date,
	"target_date" date,
	"sequence_id" integer NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"completed_at" timestamp with time zone,
	"archived_at" date,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_epic" boolean DEFAULT false NOT NULL,
	"type" uuid,
	"external_source" text,
	"external_id" text,
	"deleted_at" timestamp with time zone,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"label_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"module_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cycle_id" uuid,
	"link_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"sub_issues_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "module_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"module" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" uuid NOT NULL,
	"project" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"title" text,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "module_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" uuid NOT NULL,
	"member" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_text" jsonb,
	"description_html" text,
	"start_date" date,
	"target_date" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"lead" uuid,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"archived_at" timestamp with time zone,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access" integer DEFAULT 1 NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owned_by" uuid NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid,
	"entity_identifier" uuid,
	"issue_activity" uuid,
	"entity_name" text DEFAULT 'issue' NOT NULL,
	"receiver" uuid NOT NULL,
	"triggered_by" uuid,
	"sender" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" jsonb,
	"message_html" text DEFAULT '<p></p>' NOT NULL,
	"message_stripped" text,
	"read_at" timestamp with time zone,
	"snoozed_till" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"is_inbox_issue" boolean DEFAULT false NOT NULL,
	"is_mentioned_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "page_collab_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"payload" "bytea" NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" uuid NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text DEFAULT '' NOT NULL,
	"description_binary" "bytea",
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owned_by" uuid NOT NULL,
	"last_saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text DEFAULT '' NOT NULL,
	"description_binary" "bytea",
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owned_by" uuid NOT NULL,
	"access" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"parent" uuid,
	"is_locked" boolean DEFAULT false NOT NULL,
	"archived_at" date,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"config" jsonb DEFAULT '{"agent_presets":{}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "environment_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"cluster" uuid NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sandboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"cluster" uuid NOT NULL,
	"template" uuid,
	"status" text DEFAULT 'starting' NOT NULL,
	"status_reason" text,
	"config" jsonb NOT NULL,
	"base_commits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "model_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"model" text NOT NULL,
	"api_key_sealed" text DEFAULT '' NOT NULL,
	"max_output_tokens" integer,
	"temperature" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "user_secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value_sealed" text NOT NULL,
	"value_hint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"webhook" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"action" text NOT NULL,
	"request_method" text DEFAULT 'POST' NOT NULL,
	"request_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"error" text,
	"duration_ms" integer NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret_key" text NOT NULL,
	"on_project" boolean DEFAULT false NOT NULL,
	"on_issue" boolean DEFAULT false NOT NULL,
	"on_module" boolean DEFAULT false NOT NULL,
	"on_cycle" boolean DEFAULT false NOT NULL,
	"on_issue_comment" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"version" text DEFAULT 'v1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "intake_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"intake" uuid NOT NULL,
	"issue" uuid NOT NULL,
	"status" integer DEFAULT -2 NOT NULL,
	"snoozed_till" timestamp with time zone,
	"duplicate_to" uuid,
	"source" text DEFAULT 'IN_APP' NOT NULL,
	"source_email" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_in_app_enabled" boolean DEFAULT true NOT NULL,
	"is_form_enabled" boolean DEFAULT false NOT NULL,
	"is_email_enabled" boolean DEFAULT false NOT NULL,
	"anchor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dashboard" uuid NOT NULL,
	"key" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owned_by" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"identifier" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"type_identifier" text DEFAULT 'home' NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "stickies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"name" text,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color" text,
	"background_color" text,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "user_recent_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"user" uuid NOT NULL,
	"project" uuid,
	"entity_name" text NOT NULL,
	"entity_identifier" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_home_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"user" uuid NOT NULL,
	"key" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_sidebar_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"user" uuid NOT NULL,
	"key" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_user_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"project" uuid,
	"title" text,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" integer DEFAULT 0 NOT NULL,
	"workspace_id" uuid,
	"expired_at" timestamp with time zone,
	"last_used" timestamp with time zone,
	"is_service" boolean DEFAULT false NOT NULL,
	"allowed_rate_limit" text DEFAULT '60/min' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "deploy_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"entity_name" text DEFAULT 'project' NOT NULL,
	"entity_identifier" uuid NOT NULL,
	"anchor" text NOT NULL,
	"is_comments_enabled" boolean DEFAULT false NOT NULL,
	"is_reactions_enabled" boolean DEFAULT false NOT NULL,
	"is_votes_enabled" boolean DEFAULT false NOT NULL,
	"intake" uuid,
	"view_props" jsonb DEFAULT '{"list":true,"kanban":true,"calendar":true,"gantt":true,"spreadsheet":true}'::jsonb NOT NULL,
	"is_activity_enabled" boolean DEFAULT true NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "issue_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"issue" uuid NOT NULL,
	"actor" uuid NOT NULL,
	"vote" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_public_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"member" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exporters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"key" text,
	"initiated_by" uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "importers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"service" text NOT NULL,
	"status" text NOT NULL,
	"source_label" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_sealed" text,
	"items" jsonb,
	"discovered" jsonb,
	"mapping" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_artifacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"execution" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_execution_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"execution" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"tool_name" text,
	"tool_call_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"cluster" uuid NOT NULL,
	"issue" uuid,
	"agent_template" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_config" jsonb NOT NULL,
	"execution_config" jsonb NOT NULL,
	"sandbox_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consumed_seq" integer DEFAULT 0 NOT NULL,
	"resumes" integer DEFAULT 0 NOT NULL,
	"summary" text,
	"status_reason" text,
	"steps" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"run_seq" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "agent_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" uuid NOT NULL,
	"project" uuid NOT NULL,
	"cluster" uuid NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"workspace" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_workspace_word_pk" PRIMARY KEY("workspace","word")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_preferences" ADD CONSTRAINT "user_notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_member_users_id_fk" FOREIGN KEY ("member") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_estimate_estimates_id_fk" FOREIGN KEY ("estimate") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_member_users_id_fk" FOREIGN KEY ("member") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_issue_comments_id_fk" FOREIGN KEY ("comment") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_cycle_cycles_id_fk" FOREIGN KEY ("cycle") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_state_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_parent_issues_id_fk" FOREIGN KEY ("parent") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_estimate_point_estimate_points_id_fk" FOREIGN KEY ("estimate_point") REFERENCES "public"."estimate_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_issues" ADD CONSTRAINT "draft_issues_cycle_cycles_id_fk" FOREIGN KEY ("cycle") REFERENCES "public"."cycles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_agent_executions" ADD CONSTRAINT "issue_agent_executions_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_assignee_users_id_fk" FOREIGN KEY ("assignee") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_description_versions" ADD CONSTRAINT "issue_description_versions_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_description_versions" ADD CONSTRAINT "issue_description_versions_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_description_versions" ADD CONSTRAINT "issue_description_versions_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_description_versions" ADD CONSTRAINT "issue_description_versions_owned_by_users_id_fk" FOREIGN KEY ("owned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_label_labels_id_fk" FOREIGN KEY ("label") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_mention_users_id_fk" FOREIGN KEY ("mention") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_related_issue_issues_id_fk" FOREIGN KEY ("related_issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_subscriber_users_id_fk" FOREIGN KEY ("subscriber") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tasks" ADD CONSTRAINT "issue_tasks_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_state_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_estimate_point_estimate_points_id_fk" FOREIGN KEY ("estimate_point") REFERENCES "public"."estimate_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_module_modules_id_fk" FOREIGN KEY ("module") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_module_modules_id_fk" FOREIGN KEY ("module") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_module_modules_id_fk" FOREIGN KEY ("module") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_member_users_id_fk" FOREIGN KEY ("member") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_views" ADD CONSTRAINT "issue_views_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_views" ADD CONSTRAINT "issue_views_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_identifier_issues_id_fk" FOREIGN KEY ("entity_identifier") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_issue_activity_issue_activities_id_fk" FOREIGN KEY ("issue_activity") REFERENCES "public"."issue_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_users_id_fk" FOREIGN KEY ("receiver") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_collab_updates" ADD CONSTRAINT "page_collab_updates_page_pages_id_fk" FOREIGN KEY ("page") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_pages_id_fk" FOREIGN KEY ("page") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_owned_by_users_id_fk" FOREIGN KEY ("owned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_owned_by_users_id_fk" FOREIGN KEY ("owned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_pages_id_fk" FOREIGN KEY ("parent") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clusters" ADD CONSTRAINT "agent_clusters_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clusters" ADD CONSTRAINT "agent_clusters_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_templates" ADD CONSTRAINT "environment_templates_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_templates" ADD CONSTRAINT "environment_templates_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_templates" ADD CONSTRAINT "environment_templates_cluster_agent_clusters_id_fk" FOREIGN KEY ("cluster") REFERENCES "public"."agent_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_cluster_agent_clusters_id_fk" FOREIGN KEY ("cluster") REFERENCES "public"."agent_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_template_environment_templates_id_fk" FOREIGN KEY ("template") REFERENCES "public"."environment_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_configs" ADD CONSTRAINT "model_configs_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_configs" ADD CONSTRAINT "model_configs_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_secrets" ADD CONSTRAINT "user_secrets_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_webhook_webhooks_id_fk" FOREIGN KEY ("webhook") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_intake_intakes_id_fk" FOREIGN KEY ("intake") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_duplicate_to_issues_id_fk" FOREIGN KEY ("duplicate_to") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_dashboard_dashboards_id_fk" FOREIGN KEY ("dashboard") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owned_by_users_id_fk" FOREIGN KEY ("owned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickies" ADD CONSTRAINT "stickies_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recent_visits" ADD CONSTRAINT "user_recent_visits_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recent_visits" ADD CONSTRAINT "user_recent_visits_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recent_visits" ADD CONSTRAINT "user_recent_visits_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_home_preferences" ADD CONSTRAINT "workspace_home_preferences_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_home_preferences" ADD CONSTRAINT "workspace_home_preferences_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_sidebar_preferences" ADD CONSTRAINT "workspace_sidebar_preferences_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_sidebar_preferences" ADD CONSTRAINT "workspace_sidebar_preferences_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_links" ADD CONSTRAINT "workspace_user_links_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_links" ADD CONSTRAINT "workspace_user_links_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_links" ADD CONSTRAINT "workspace_user_links_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_votes" ADD CONSTRAINT "issue_votes_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_votes" ADD CONSTRAINT "issue_votes_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_votes" ADD CONSTRAINT "issue_votes_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_votes" ADD CONSTRAINT "issue_votes_actor_users_id_fk" FOREIGN KEY ("actor") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_public_members" ADD CONSTRAINT "project_public_members_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_public_members" ADD CONSTRAINT "project_public_members_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_public_members" ADD CONSTRAINT "project_public_members_member_users_id_fk" FOREIGN KEY ("member") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporters" ADD CONSTRAINT "exporters_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporters" ADD CONSTRAINT "exporters_initiated_by_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importers" ADD CONSTRAINT "importers_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importers" ADD CONSTRAINT "importers_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_execution_agent_executions_id_fk" FOREIGN KEY ("execution") REFERENCES "public"."agent_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_execution_records" ADD CONSTRAINT "agent_execution_records_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_execution_records" ADD CONSTRAINT "agent_execution_records_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_execution_records" ADD CONSTRAINT "agent_execution_records_execution_agent_executions_id_fk" FOREIGN KEY ("execution") REFERENCES "public"."agent_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_cluster_agent_clusters_id_fk" FOREIGN KEY ("cluster") REFERENCES "public"."agent_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_issue_issues_id_fk" FOREIGN KEY ("issue") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_agent_template_agent_templates_id_fk" FOREIGN KEY ("agent_template") REFERENCES "public"."agent_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_templates" ADD CONSTRAINT "agent_templates_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_templates" ADD CONSTRAINT "agent_templates_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_templates" ADD CONSTRAINT "agent_templates_cluster_agent_clusters_id_fk" FOREIGN KEY ("cluster") REFERENCES "public"."agent_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_workspace_workspaces_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_admins_user_uq" ON "instance_admins" USING btree ("user_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_uq" ON "accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_favorites_user_idx" ON "user_favorites" USING btree ("user_id","workspace_id");--> statement-breakpoint
CREATE INDEX "user_favorites_entity_idx" ON "user_favorites" USING btree ("entity_type","entity_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_uq" ON "workspace_invitations" USING btree ("workspace","email");--> statement-breakpoint
CREATE INDEX "workspace_invitations_email_idx" ON "workspace_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_uq" ON "workspace_members" USING btree ("workspace","member");--> statement-breakpoint
CREATE INDEX "workspace_members_member_idx" ON "workspace_members" USING btree ("member");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_user_properties_uq" ON "workspace_user_properties" USING btree ("workspace","user");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_name_uq" ON "labels" USING btree ("project","name");--> statement-breakpoint
CREATE INDEX "labels_project_idx" ON "labels" USING btree ("project","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_uq" ON "project_members" USING btree ("project","member");--> statement-breakpoint
CREATE INDEX "project_members_member_idx" ON "project_members" USING btree ("member","workspace");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_identifier_uq" ON "projects" USING btree ("workspace","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_uq" ON "projects" USING btree ("workspace","name");--> statement-breakpoint
CREATE UNIQUE INDEX "states_name_uq" ON "states" USING btree ("project","name");--> statement-breakpoint
CREATE INDEX "states_project_idx" ON "states" USING btree ("project","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reactions_uq" ON "comment_reactions" USING btree ("comment","actor","reaction");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_issues_issue_uq" ON "cycle_issues" USING btree ("issue");--> statement-breakpoint
CREATE INDEX "cycle_issues_cycle_idx" ON "cycle_issues" USING btree ("cycle","issue");--> statement-breakpoint
CREATE INDEX "cycles_project_idx" ON "cycles" USING btree ("project");--> statement-breakpoint
CREATE INDEX "draft_issues_owner_idx" ON "draft_issues" USING btree ("workspace","created_by","created_at");--> statement-breakpoint
CREATE INDEX "file_assets_issue_idx" ON "file_assets" USING btree ("issue");--> statement-breakpoint
CREATE INDEX "file_assets_workspace_idx" ON "file_assets" USING btree ("workspace");--> statement-breakpoint
CREATE INDEX "issue_activities_issue_idx" ON "issue_activities" USING btree ("issue","created_at");--> statement-breakpoint
CREATE INDEX "issue_activities_actor_idx" ON "issue_activities" USING btree ("workspace","actor","created_at");--> statement-breakpoint
CREATE INDEX "issue_agent_executions_issue_idx" ON "issue_agent_executions" USING btree ("issue","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_assignees_uq" ON "issue_assignees" USING btree ("issue","assignee");--> statement-breakpoint
CREATE INDEX "issue_assignees_user_idx" ON "issue_assignees" USING btree ("assignee","issue");--> statement-breakpoint
CREATE INDEX "issue_comments_issue_idx" ON "issue_comments" USING btree ("issue","created_at");--> statement-breakpoint
CREATE INDEX "issue_description_versions_issue_idx" ON "issue_description_versions" USING btree ("issue","last_saved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_labels_uq" ON "issue_labels" USING btree ("issue","label");--> statement-breakpoint
CREATE INDEX "issue_labels_label_idx" ON "issue_labels" USING btree ("label","issue");--> statement-breakpoint
CREATE INDEX "issue_links_issue_idx" ON "issue_links" USING btree ("issue");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_mentions_uq" ON "issue_mentions" USING btree ("issue","mention");--> statement-breakpoint
CREATE INDEX "issue_mentions_user_idx" ON "issue_mentions" USING btree ("mention","issue");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_reactions_uq" ON "issue_reactions" USING btree ("issue","actor","reaction");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_relations_uq" ON "issue_relations" USING btree ("issue","related_issue");--> statement-breakpoint
CREATE INDEX "issue_relations_related_idx" ON "issue_relations" USING btree ("related_issue");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_subscribers_uq" ON "issue_subscribers" USING btree ("issue","subscriber");--> statement-breakpoint
CREATE INDEX "issue_subscribers_user_idx" ON "issue_subscribers" USING btree ("subscriber","issue");--> statement-breakpoint
CREATE INDEX "issue_tasks_issue_idx" ON "issue_tasks" USING btree ("issue","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_sequence_uq" ON "issues" USING btree ("project","sequence_id");--> statement-breakpoint
CREATE INDEX "issues_list_idx" ON "issues" USING btree ("project","created_at") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false;--> statement-breakpoint
CREATE INDEX "issues_state_sort_idx" ON "issues" USING btree ("project","state","sort_order") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "issues_parent_idx" ON "issues" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "issues_updated_idx" ON "issues" USING btree ("project","updated_at");--> statement-breakpoint
CREATE INDEX "issues_draft_author_idx" ON "issues" USING btree ("workspace","created_by") WHERE is_draft AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "issues_live_state_sort_idx" ON "issues" USING btree ("project","state","sort_order") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;--> statement-breakpoint
CREATE INDEX "issues_live_state_created_idx" ON "issues" USING btree ("project","state","created_at") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;--> statement-breakpoint
CREATE INDEX "issues_live_priority_sort_idx" ON "issues" USING btree ("project","priority","sort_order") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;--> statement-breakpoint
CREATE INDEX "issues_live_created_idx" ON "issues" USING btree ("project","created_at","id") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;--> statement-breakpoint
CREATE INDEX "issues_live_sort_idx" ON "issues" USING btree ("project","sort_order") WHERE deleted_at IS NULL AND archived_at IS NULL AND is_draft = false AND is_epic = false;--> statement-breakpoint
CREATE UNIQUE INDEX "module_issues_uq" ON "module_issues" USING btree ("issue","module");--> statement-breakpoint
CREATE INDEX "module_issues_module_idx" ON "module_issues" USING btree ("module","issue");--> statement-breakpoint
CREATE INDEX "module_links_module_idx" ON "module_links" USING btree ("module","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "module_members_uq" ON "module_members" USING btree ("module","member");--> statement-breakpoint
CREATE INDEX "modules_project_idx" ON "modules" USING btree ("project");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_name_uq" ON "modules" USING btree ("project","name");--> statement-breakpoint
CREATE INDEX "issue_views_project_idx" ON "issue_views" USING btree ("project");--> statement-breakpoint
CREATE INDEX "issue_views_workspace_idx" ON "issue_views" USING btree ("workspace");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_activity_receiver_uq" ON "notifications" USING btree ("issue_activity","receiver");--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("receiver","workspace","created_at");--> statement-breakpoint
CREATE INDEX "page_collab_updates_page_idx" ON "page_collab_updates" USING btree ("page","id");--> statement-breakpoint
CREATE INDEX "page_collab_updates_created_idx" ON "page_collab_updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_versions_page_idx" ON "page_versions" USING btree ("page","last_saved_at");--> statement-breakpoint
CREATE INDEX "pages_project_idx" ON "pages" USING btree ("project","updated_at");--> statement-breakpoint
CREATE INDEX "pages_parent_idx" ON "pages" USING btree ("parent");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_clusters_project_uq" ON "agent_clusters" USING btree ("project");--> statement-breakpoint
CREATE INDEX "environment_templates_project_idx" ON "environment_templates" USING btree ("project");--> statement-breakpoint
CREATE INDEX "sandboxes_project_idx" ON "sandboxes" USING btree ("project");--> statement-breakpoint
CREATE INDEX "sandboxes_live_idx" ON "sandboxes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_configs_name_uq" ON "model_configs" USING btree ("project","name");--> statement-breakpoint
CREATE INDEX "model_configs_project_idx" ON "model_configs" USING btree ("project");--> statement-breakpoint
CREATE UNIQUE INDEX "user_secrets_name_uq" ON "user_secrets" USING btree ("user","name");--> statement-breakpoint
CREATE INDEX "webhook_logs_webhook_idx" ON "webhook_logs" USING btree ("webhook","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_workspace_url_uq" ON "webhooks" USING btree ("workspace","url");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_issues_issue_uq" ON "intake_issues" USING btree ("issue");--> statement-breakpoint
CREATE INDEX "intake_issues_intake_idx" ON "intake_issues" USING btree ("intake","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "intakes_project_uq" ON "intakes" USING btree ("project");--> statement-breakpoint
CREATE UNIQUE INDEX "intakes_anchor_uq" ON "intakes" USING btree ("anchor");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_widgets_uq" ON "dashboard_widgets" USING btree ("dashboard","key");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_default_uq" ON "dashboards" USING btree ("owned_by","type_identifier","is_default");--> statement-breakpoint
CREATE INDEX "stickies_owner_idx" ON "stickies" USING btree ("workspace","owner","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "user_recent_visits_uq" ON "user_recent_visits" USING btree ("workspace","user","entity_name","entity_identifier");--> statement-breakpoint
CREATE INDEX "user_recent_visits_user_idx" ON "user_recent_visits" USING btree ("user","workspace","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_home_preferences_uq" ON "workspace_home_preferences" USING btree ("workspace","user","key");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_sidebar_preferences_uq" ON "workspace_sidebar_preferences" USING btree ("workspace","user","key");--> statement-breakpoint
CREATE INDEX "workspace_user_links_owner_idx" ON "workspace_user_links" USING btree ("workspace","owner");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_tokens_workspace_idx" ON "api_tokens" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_boards_anchor_uq" ON "deploy_boards" USING btree ("anchor");--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_boards_entity_uq" ON "deploy_boards" USING btree ("entity_name","entity_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_votes_uq" ON "issue_votes" USING btree ("issue","actor");--> statement-breakpoint
CREATE INDEX "issue_votes_issue_idx" ON "issue_votes" USING btree ("issue");--> statement-breakpoint
CREATE UNIQUE INDEX "project_public_members_uq" ON "project_public_members" USING btree ("project","member");--> statement-breakpoint
CREATE INDEX "exporters_workspace_idx" ON "exporters" USING btree ("workspace","created_at");--> statement-breakpoint
CREATE INDEX "importers_workspace_idx" ON "importers" USING btree ("workspace","created_at");--> statement-breakpoint
CREATE INDEX "agent_artifacts_execution_idx" ON "agent_artifacts" USING btree ("execution");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_execution_records_seq_uq" ON "agent_execution_records" USING btree ("execution","seq");--> statement-breakpoint
CREATE INDEX "agent_executions_project_idx" ON "agent_executions" USING btree ("project","created_at");--> statement-breakpoint
CREATE INDEX "agent_executions_issue_idx" ON "agent_executions" USING btree ("issue","status");--> statement-breakpoint
CREATE INDEX "agent_executions_live_idx" ON "agent_executions" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "agent_templates_project_idx" ON "agent_templates" USING btree ("project");
--> statement-breakpoint
-- issue-sequences.sql (appended by scripts/db-generate.mjs)
-- Work-item numbers (`sequence_id`, the 12 of "WEB-12"): one PostgreSQL sequence per project, `issue_seq_<project id
-- without dashes>` (issue #13). `nextval` takes no row lock and is never rolled back, so creates in one project no
-- longer wait for each other's COMMIT on the project row (the old `UPDATE projects SET issue_sequence = …` held that
-- row's lock through the rest of the create and its commit-time flush: creates of one project ran one at a time).
-- The price is a rare gap after a create that rolls back once it has its number (docs/decisions.md); a create whose
-- checks fail takes no number (routes/issues/create-statement.ts calls nextval only when they pass).
-- `projects.issue_sequence` stays the project's last number for readers (`next_work_item_sequence`): the commit-time
-- flush (list-version-triggers.sql) raises it from the sequence, on the project row it locks anyway.
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE OR REPLACE FUNCTION issue_sequence_name(p uuid) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 'issue_seq_' || replace(p::text, '-', '') $$;
--> statement-breakpoint
-- The next number of a project (for scripts and test fixtures; the create statement spells the same expression
-- out, so a custom plan folds the name instead of running this function as a statement of its own).
CREATE OR REPLACE FUNCTION issue_sequence_next(p uuid) RETURNS integer LANGUAGE sql
  AS $$ SELECT nextval(('issue_seq_' || replace(p::text, '-', ''))::regclass)::integer $$;
--> statement-breakpoint
-- A project's sequence continues after `last` (its issue_sequence, or for a database numbered before the sequences
-- existed, the greatest number already used); created with the project, dropped with it.
CREATE OR REPLACE FUNCTION issue_sequence_ensure(p uuid, last bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS integer MINVALUE 1', issue_sequence_name(p));
  IF last > 0 THEN
    PERFORM setval(issue_sequence_name(p)::regclass, GREATEST(last, COALESCE(pg_sequence_last_value(issue_sequence_name(p)::regclass), 0)));
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issue_sequence_project_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM issue_sequence_ensure(NEW.id, NEW.issue_sequence);
  ELSE
    EXECUTE format('DROP SEQUENCE IF EXISTS %I', issue_sequence_name(OLD.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_issue_sequence_ins ON projects;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_issue_sequence_del ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_issue_sequence_ins AFTER INSERT ON projects FOR EACH ROW EXECUTE FUNCTION issue_sequence_project_row();
--> statement-breakpoint
CREATE TRIGGER projects_issue_sequence_del AFTER DELETE ON projects FOR EACH ROW EXECUTE FUNCTION issue_sequence_project_row();
--> statement-breakpoint
-- Projects that predate their sequence (a database migrated from before): numbering continues after the greatest of
-- the counter and the numbers already used (deleted items keep theirs: a number is never reused, wire-facts §15).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT pr.id, GREATEST(pr.issue_sequence, COALESCE((SELECT max(i.sequence_id) FROM issues i WHERE i.project = pr.id), 0)) AS last
    FROM projects pr WHERE to_regclass(issue_sequence_name(pr.id)) IS NULL
  LOOP
    PERFORM issue_sequence_ensure(r.id, r.last);
  END LOOP;
END $$;

--> statement-breakpoint
-- plan-counts.sql (appended by scripts/db-generate.mjs)
-- cycle_item_counts, cycle_assignee_counts, module_item_counts: what the cycle and module lists count (P/cycles/,
-- P/modules/, their details, the v1 lists, webhooks), kept per cycle or module so a list reads a few rows per cycle
-- or module instead of joining its links with the work items (on a 100,000-item project: every item, 290–850 ms).
--   cycle_item_counts (cycle, state): the cycle's listable items that are not epics, per state (the nil uuid for
--     none); the state's group is read at query time, so moving a state to another group needs no recount.
--   cycle_assignee_counts (cycle, assignee): how many of those items each person is assigned to (the list's
--     assignee_ids are the people with n > 0).
--   module_item_counts (module, state, estimate_point, is_sub): the module's listable items (epics too) per state,
--     estimate point (nil for none) and sub-item or not; triage, the groups and the points' values are joined at
--     query time, so renaming a point's value or changing the estimate's type needs no recount.
-- "Listable": not deleted, archived or draft. Kept from the issues row alone (its cycle_id, module_ids and
-- assignee_ids, which issue-list-attrs.sql keeps from cycle_issues, module_issues of modules not archived, and
-- issue_assignees), like issue_list_counts (issue-list-counts.sql): statement-level triggers on issues turn each
-- statement's transition tables into net deltas per key in an unlogged pending table, and list_version_flush
-- (list-version-triggers.sql) applies them at commit right after the project's issue_list_counts, after the items'
-- kept columns were recomputed. An archived module has no counts here (it left its items' module_ids): its rows are
-- counted from its links when read (rare: the archived list). A cycle or module deleted in the same transaction
-- gets nothing (its rows went with it, ON DELETE CASCADE).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE TABLE IF NOT EXISTS cycle_item_counts (
  cycle uuid NOT NULL REFERENCES cycles (id) ON DELETE CASCADE,
  state uuid NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (cycle, state)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS cycle_assignee_counts (
  cycle uuid NOT NULL REFERENCES cycles (id) ON DELETE CASCADE,
  assignee uuid NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (cycle, assignee)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS module_item_counts (
  module uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  state uuid NOT NULL,
  estimate_point uuid NOT NULL,
  is_sub boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (module, state, estimate_point, is_sub)
);
--> statement-breakpoint
-- kind: 'c' cycle × state (k1), 'a' cycle × assignee (k1), 'm' module × state (k1) × estimate point (k2) × is_sub.
CREATE UNLOGGED TABLE IF NOT EXISTS plan_counts_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  kind "char" NOT NULL,
  owner uuid NOT NULL,
  k1 uuid NOT NULL,
  k2 uuid NOT NULL,
  is_sub boolean NOT NULL,
  delta integer NOT NULL,
  PRIMARY KEY (txid, project, kind, owner, k1, k2, is_sub)
);
--> statement-breakpoint
-- The net change of one statement on issues (+1 per key of a listable new row in a cycle or a module, -1 per key of a
-- listable old row, summed per key) is recorded by the issues' one bookkeeping trigger (list_version_touch_issues in
-- list-version-triggers.sql), in the same statement as its other marks: no trigger of its own.
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['ins', 'upd', 'del'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON issues', 'issues_plan_counts_' || ev);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS plan_counts_collect();
--> statement-breakpoint
-- The keys one listable item counts under (see plan_counts_pending): inlined into the queries that call it.
CREATE OR REPLACE FUNCTION plan_counts_keys(cycle_id uuid, is_epic boolean, state uuid, estimate_point uuid, parent uuid, assignee_ids uuid[], module_ids uuid[])
RETURNS TABLE (kind "char", owner uuid, k1 uuid, k2 uuid, is_sub boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'c'::"char", cycle_id, coalesce(state, '00000000-0000-0000-0000-000000000000'), '00000000-0000-0000-0000-000000000000'::uuid, false
  WHERE cycle_id IS NOT NULL AND NOT is_epic
  UNION ALL
  SELECT 'a'::"char", cycle_id, a, '00000000-0000-0000-0000-000000000000'::uuid, false
  FROM unnest(assignee_ids) a WHERE cycle_id IS NOT NULL AND NOT is_epic
  UNION ALL
  SELECT 'm'::"char", m, coalesce(state, '00000000-0000-0000-0000-000000000000'), coalesce(estimate_point, '00000000-0000-0000-0000-000000000000'), parent IS NOT NULL
  FROM unnest(module_ids) m
$$;
--> statement-breakpoint
-- Called by list_version_flush (deferred, at commit) for one transaction, after its projects' rows are locked and
-- their work-item counts moved: apply the pending deltas in key order to the cycles and modules that still exist.
-- PL/pgSQL, so the statement's plan is cached for the session; list_version_flush calls it only when a count moved.
DROP FUNCTION IF EXISTS plan_counts_flush(bigint, uuid);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_counts_flush(tx bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    DELETE FROM plan_counts_pending WHERE txid = tx
    RETURNING kind, owner, k1, k2, is_sub, delta
  ), s AS (
    SELECT kind, owner, k1, k2, is_sub, sum(delta)::integer AS delta FROM d GROUP BY 1, 2, 3, 4, 5
  ), c AS (
    INSERT INTO cycle_item_counts AS t (cycle, state, n)
    SELECT owner, k1, delta FROM s WHERE kind = 'c' AND delta <> 0 AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = s.owner)
    ORDER BY owner, k1
    ON CONFLICT (cycle, state) DO UPDATE SET n = t.n + EXCLUDED.n
  ), a AS (
    INSERT INTO cycle_assignee_counts AS t (cycle, assignee, n)
    SELECT owner, k1, delta FROM s WHERE kind = 'a' AND delta <> 0 AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = s.owner)
    ORDER BY owner, k1
    ON CONFLICT (cycle, assignee) DO UPDATE SET n = t.n + EXCLUDED.n
  )
  INSERT INTO module_item_counts AS t (module, state, estimate_point, is_sub, n)
  SELECT owner, k1, k2, is_sub, delta FROM s WHERE kind = 'm' AND delta <> 0 AND EXISTS (SELECT 1 FROM modules x WHERE x.id = s.owner)
  ORDER BY owner, k1, k2, is_sub
  ON CONFLICT (module, state, estimate_point, is_sub) DO UPDATE SET n = t.n + EXCLUDED.n;
END $$;
--> statement-breakpoint
-- Every count from the items at once: for a database that already has work items (this file run on an existing one),
-- and for data loaded with the triggers off (bench/seed.ts). Idempotent.
CREATE OR REPLACE FUNCTION plan_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM cycle_item_counts;
  DELETE FROM cycle_assignee_counts;
  DELETE FROM module_item_counts;
  INSERT INTO cycle_item_counts (cycle, state, n)
  SELECT k.owner, k.k1, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.cycle_id IS NOT NULL AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'c'
    AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = k.owner)
  GROUP BY 1, 2;
  INSERT INTO cycle_assignee_counts (cycle, assignee, n)
  SELECT k.owner, k.k1, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.cycle_id IS NOT NULL AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'a'
    AND EXISTS (SELECT 1 FROM cycles x WHERE x.id = k.owner)
  GROUP BY 1, 2;
  INSERT INTO module_item_counts (module, state, estimate_point, is_sub, n)
  SELECT k.owner, k.k1, k.k2, k.is_sub, count(*)
  FROM issues i CROSS JOIN LATERAL plan_counts_keys(i.cycle_id, i.is_epic, i.state, i.estimate_point, i.parent, i.assignee_ids, i.module_ids) k
  WHERE i.module_ids <> '{}' AND i.deleted_at IS NULL AND i.archived_at IS NULL AND NOT i.is_draft AND k.kind = 'm'
    AND EXISTS (SELECT 1 FROM modules x WHERE x.id = k.owner)
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT plan_counts_rebuild();

--> statement-breakpoint
-- list-version-triggers.sql (appended by scripts/db-generate.mjs)
-- projects.list_version: a per-project change counter of work-item lists (docs/ARCHITECTURE.md, "List cache").
-- Every statement that writes a row a list response can depend on marks the affected projects; the mark is
-- turned into ONE `list_version + 1` per project per transaction by the transaction's deferred flush just before commit,
-- so the bump is atomic with the data, bulk statements bump each project once, and the project row is locked
-- only for the instant before commit (no lock held across the rest of the transaction, no lock-order deadlock
-- with the writes' own row locks).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE UNLOGGED TABLE IF NOT EXISTS list_version_pending (
  txid bigint NOT NULL,
  project uuid NOT NULL,
  PRIMARY KEY (txid, project)
);
--> statement-breakpoint
-- One row per transaction with commit-time work (list_version bumps, counts, kept list columns, live events): its
-- ONE deferred trigger does all of it, in a fixed order, once per transaction (issue #13: the bookkeeping used to
-- queue a deferred trigger per project and per live event, each with its own checks). Every trigger that leaves
-- pending work inserts this row in the same statement that records the work.
CREATE UNLOGGED TABLE IF NOT EXISTS tx_flush_pending (
  txid bigint PRIMARY KEY
);
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_version_mark(uuid[]);
--> statement-breakpoint
-- At commit, for one transaction: (1) the pending kept list columns of its items (issue-list-attrs.sql: items locked
-- in id order; their UPDATE may mark projects, counts and live events, recorded here before the next steps read them),
-- (2) the projects' list_version, rows locked in id order, (3) the projects' work-item counts (issue-list-counts.sql),
-- (3b) the cycles' and modules' counts (plan-counts.sql), (4) the live events (live-events.sql: streams locked in name order). So two transactions always lock items, then
-- projects, then counters, then streams: no lock-order deadlock, and each lock is held only for the instant of commit.
CREATE OR REPLACE FUNCTION list_version_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := NEW.txid;
  done bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM issue_list_attrs_pending WHERE txid = tx) THEN
    PERFORM issue_list_attrs_apply(tx);
  END IF;
  WITH d AS (
    DELETE FROM list_version_pending WHERE txid = tx RETURNING project
  ), l AS (
    SELECT pr.id FROM projects pr WHERE pr.id IN (SELECT project FROM d) ORDER BY pr.id FOR NO KEY UPDATE
  )
  -- issue_sequence follows the project's number sequence (issue-sequences.sql) for its readers
  UPDATE projects p SET list_version = p.list_version + 1,
    issue_sequence = GREATEST(p.issue_sequence, COALESCE(pg_sequence_last_value(to_regclass('issue_seq_' || replace(p.id::text, '-', ''))), 0))
  FROM l WHERE p.id = l.id;
  -- the projects' work-item counts (issue-list-counts.sql), written out here rather than called: a function call
  -- is a statement of its own besides the one it runs (issue #13)
  WITH d AS (
    DELETE FROM issue_list_counts_pending WHERE txid = tx
    RETURNING project, state, priority, is_epic, is_sub, delta
  )
  INSERT INTO issue_list_counts AS c (project, state, priority, is_epic, is_sub, n)
  SELECT project, state, priority, is_epic, is_sub, sum(delta) FROM d
  WHERE EXISTS (SELECT 1 FROM projects pr WHERE pr.id = d.project)
  GROUP BY project, state, priority, is_epic, is_sub HAVING sum(delta) <> 0
  ORDER BY project, state, priority, is_epic, is_sub
  ON CONFLICT (project, state, priority, is_epic, is_sub) DO UPDATE SET n = c.n + EXCLUDED.n;
  IF EXISTS (SELECT 1 FROM plan_counts_pending WHERE txid = tx) THEN
    PERFORM plan_counts_flush(tx);
  END IF;
  -- the live events (live-events.sql), written out for the same reason: each stream's counter moves once by its
  -- number of events, the events are numbered in the order recorded, stored, and NOTIFYed in stream and number order
  WITH mine AS (
    DELETE FROM live_pending WHERE txid = tx RETURNING *
  ), e AS (
    SELECT unnest(streams) AS stream, tbl, id, op, project, issue, creator, fields, ts, n FROM mine
  ), k AS (
    SELECT stream, count(*) AS c FROM e GROUP BY stream
  ), bump AS (
    INSERT INTO live_streams AS ls (stream, seq) SELECT stream, c FROM k ORDER BY stream
    ON CONFLICT (stream) DO UPDATE SET seq = ls.seq + EXCLUDED.seq
    RETURNING stream, seq
  ), numbered AS (
    SELECT e.stream, b.seq - k.c + row_number() OVER (PARTITION BY e.stream ORDER BY e.n) AS q,
      jsonb_strip_nulls(jsonb_build_object('t', e.tbl, 'id', e.id, 'op', e.op, 'p', e.project, 'i', e.issue, 'c', e.creator,
        'f', to_jsonb(e.fields), 'v', to_char(e.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))) AS ev
    FROM e JOIN k ON k.stream = e.stream JOIN bump b ON b.stream = e.stream
  ), stored AS (
    INSERT INTO live_events (stream, seq, event) SELECT stream, q, ev FROM numbered RETURNING stream, seq, event
  ), msgs AS (
    SELECT stream, seq, jsonb_build_object('s', stream, 'q', seq, 'e', event)::text AS msg FROM stored ORDER BY stream, seq OFFSET 0
  )
  -- NOTIFY payloads must stay under 8000 bytes: a larger event is announced by its number and read from live_events
  SELECT count(pg_notify('stride_live', CASE WHEN octet_length(msg) > 7900 THEN jsonb_build_object('s', stream, 'q', seq)::text ELSE msg END))
  INTO done FROM msgs;
  DELETE FROM tx_flush_pending WHERE txid = tx;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_version_flush ON list_version_pending;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_version_flush ON tx_flush_pending;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_version_flush AFTER INSERT ON tx_flush_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_version_flush();
--> statement-breakpoint
-- The marks: each statement-level trigger records the projects it touched in ONE statement (the pending rows and,
-- when a row is new, the transaction's flush row), so a statement that touches a project already marked in this
-- transaction only probes the pending table's key.
-- Tables with a `project` column: the projects of the inserted / changed (old and new) / deleted rows.
CREATE OR REPLACE FUNCTION list_version_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT DISTINCT txid_current(), project FROM new_rows WHERE project IS NOT NULL
      ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (SELECT project FROM new_rows UNION SELECT project FROM old_rows) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT DISTINCT txid_current(), project FROM old_rows WHERE project IS NOT NULL
      ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issues: ONE statement per write statement records all three kinds of list bookkeeping of its rows:
-- - list_version: the rows' projects, also the projects of their parents (a parent's sub_issues_count may live in
--   another project) and, on update and delete, of the items related to the rows (the detail list shows each
--   relation's other item: its name, state, priority, and whether it is deleted; that item may live in another project);
-- - the work-item counts (issue-list-counts.sql): +1 per listable new row, -1 per listable old row, net per key;
-- - the cycles' and modules' counts (plan-counts.sql): the same, per cycle, assignee and module key;
-- - the kept sub-item counts (issue-list-attrs.sql, bit 32): the parents whose counted children change (a child
--   added, removed, moved, or becoming (not) listable). On update, set differences of the transition tables, not a
--   join of them (whose cached plan may be a nested loop: quadratic in bulk).
CREATE OR REPLACE FUNCTION list_version_touch_issues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM new_rows WHERE parent IS NOT NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, 1 AS d FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM new_rows WHERE parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, 1 AS d FROM new_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (
          SELECT parent FROM new_rows WHERE parent IS NOT NULL UNION SELECT parent FROM old_rows WHERE parent IS NOT NULL)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, 1 AS d FROM new_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft UNION ALL SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, -1 AS d FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM (
        (SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft AS counted FROM old_rows EXCEPT SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM new_rows)
        UNION ALL
        (SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM new_rows EXCEPT SELECT id, parent, deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft FROM old_rows)
      ) y WHERE parent IS NOT NULL) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, 1 AS d FROM new_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
        UNION ALL
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, -1 AS d FROM old_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  ELSE
    WITH lv AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT parent FROM old_rows WHERE parent IS NOT NULL)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.related_issue WHERE r.issue IN (SELECT id FROM old_rows)
        UNION SELECT p.project FROM issue_relations r JOIN issues p ON p.id = r.issue WHERE r.related_issue IN (SELECT id FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ), cn AS (
      INSERT INTO issue_list_counts_pending AS p (txid, project, state, priority, is_epic, is_sub, delta)
      SELECT txid_current(), project, state, priority, is_epic, is_sub, sum(d)
      FROM (SELECT project, coalesce(state, '00000000-0000-0000-0000-000000000000') AS state, priority, is_epic, parent IS NOT NULL AS is_sub, -1 AS d FROM old_rows WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) x
      GROUP BY 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 2, 3, 4, 5, 6
      ON CONFLICT (txid, project, state, priority, is_epic, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    ), at AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 32 FROM (SELECT parent FROM old_rows WHERE parent IS NOT NULL AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ), pc AS (
      INSERT INTO plan_counts_pending AS p (txid, project, kind, owner, k1, k2, is_sub, delta)
      SELECT txid_current(), x.project, k.kind, k.owner, k.k1, k.k2, k.is_sub, sum(x.d)
      FROM (
        SELECT project, cycle_id, is_epic, state, estimate_point, parent, assignee_ids, module_ids, -1 AS d FROM old_rows
        WHERE (cycle_id IS NOT NULL OR module_ids <> '{}') AND deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
      ) x CROSS JOIN LATERAL plan_counts_keys(x.cycle_id, x.is_epic, x.state, x.estimate_point, x.parent, x.assignee_ids, x.module_ids) k
      GROUP BY 2, 3, 4, 5, 6, 7 HAVING sum(x.d) <> 0 ORDER BY 2, 3, 4, 5, 6, 7
      ON CONFLICT (txid, project, kind, owner, k1, k2, is_sub) DO UPDATE SET delta = p.delta + EXCLUDED.delta RETURNING 1
    )
    INSERT INTO tx_flush_pending (txid) SELECT txid_current()
    WHERE EXISTS (SELECT 1 FROM lv) OR EXISTS (SELECT 1 FROM cn) OR EXISTS (SELECT 1 FROM at) OR EXISTS (SELECT 1 FROM pc) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issue_relations: the projects of both items of each row (a relation shows in the detail list on both sides,
-- and the two items may live in different projects).
CREATE OR REPLACE FUNCTION list_version_touch_relations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (
          SELECT issue FROM new_rows UNION SELECT related_issue FROM new_rows UNION SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT p.project FROM issues p WHERE p.id IN (SELECT issue FROM old_rows UNION SELECT related_issue FROM old_rows)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- labels: a workspace-level label (project NULL) can appear in every project of its workspace.
CREATE OR REPLACE FUNCTION list_version_touch_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM new_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM new_rows UNION SELECT project FROM old_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (
          SELECT workspace FROM new_rows WHERE project IS NULL UNION SELECT workspace FROM old_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO list_version_pending (txid, project) SELECT txid_current(), p FROM (
        SELECT project FROM old_rows
        UNION SELECT pr.id FROM projects pr WHERE pr.workspace IN (SELECT workspace FROM old_rows WHERE project IS NULL)) x(p)
      WHERE p IS NOT NULL ORDER BY 2 ON CONFLICT DO NOTHING RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per table and event (PostgreSQL allows transition tables only on single-event triggers).
DO $$
DECLARE
  t text;
  fn text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issues', 'issue_labels', 'issue_assignees', 'issue_subscribers', 'issue_mentions', 'cycle_issues',
    'module_issues', 'issue_links', 'issue_relations', 'file_assets', 'states', 'labels', 'cycles', 'modules', 'project_members', 'estimate_points'] LOOP
    fn := CASE t WHEN 'issues' THEN 'list_version_touch_issues' WHEN 'labels' THEN 'list_version_touch_labels'
      WHEN 'issue_relations' THEN 'list_version_touch_relations' ELSE 'list_version_touch' END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_ins', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_upd', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_list_version_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_ins', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_upd', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_list_version_del', t, fn);
  END LOOP;
END $$;
--> statement-breakpoint
-- projects: a change of the project row itself (name, archived_at, guest_view_all_features, …) bumps it in place;
-- the counter's own bumps and the sequence counter of work-item creation do not.
CREATE OR REPLACE FUNCTION list_version_project_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'list_version' - 'issue_sequence' - 'updated_at' - 'updated_by')
     IS DISTINCT FROM (to_jsonb(OLD) - 'list_version' - 'issue_sequence' - 'updated_at' - 'updated_by') THEN
    NEW.list_version := OLD.list_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_list_version_row ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_list_version_row BEFORE UPDATE ON projects
  FOR EACH ROW WHEN (OLD.list_version = NEW.list_version) EXECUTE FUNCTION list_version_project_row();

--> statement-breakpoint
-- issue-list-counts.sql (appended by scripts/db-generate.mjs)
-- issue_list_counts: exact numbers of listable work items (not deleted, archived or draft) per project, state,
-- priority, epic or not, and sub-item or not, so the unfiltered grouped pages of a project (grouped by state,
-- priority or state group, and their totals) read a few rows instead of counting every item (core/issue-list).
-- Kept like list_version (list-version-triggers.sql): the statement-level list_version triggers on issues turn each statement's
-- transition tables into net deltas per key in an unlogged pending table, and the deferred list_version flush
-- of the transaction applies them just before commit, in key order, right after it locked the project rows. So the
-- counts change atomically with the rows they count, a bulk statement costs one pending row per key it moves,
-- and the counter rows are locked only for the instant of commit, behind the project row (no deadlock between
-- two transactions moving items across the same states).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
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

--> statement-breakpoint
-- issue-list-attrs.sql (appended by scripts/db-generate.mjs)
-- What a list row shows of an item's relations, kept on the issues row (issues.assignee_ids, label_ids,
-- module_ids, cycle_id, link_count, attachment_count, sub_issues_count), so a list page reads one row per item
-- instead of probing six other tables per item (core/issue-list).
--
-- Exact by construction: statement-level triggers on the tables those values come from mark the affected items
-- (with a bit per value) in an unlogged pending table; a deferred trigger recomputes the marked values just before
-- commit. It first locks the marked items (FOR NO KEY UPDATE, in id order: compatible with the foreign-key share
-- locks that inserting a label or an assignee takes), which waits for any other transaction still changing the
-- same items, and only then recomputes them in a new statement, whose snapshot therefore includes what those
-- transactions committed. So two transactions adding labels to one item at the same time both end up in its
-- label_ids, whichever commits first. A recomputed value that did not change is not written.
--
-- Bits: 1 assignees, 2 labels, 4 modules (a module's archiving too), 8 links, 16 attachments, 32 sub-items
-- (children that are not deleted, archived or drafts), 64 cycle.
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE UNLOGGED TABLE IF NOT EXISTS issue_list_attrs_pending (
  txid bigint NOT NULL,
  issue uuid NOT NULL,
  dirty integer NOT NULL,
  PRIMARY KEY (txid, issue)
);
--> statement-breakpoint
-- (The transaction's commit-time work runs in list_version_flush, list-version-triggers.sql: every mark below also
-- records the transaction in tx_flush_pending, in the same statement.)
DROP TABLE IF EXISTS issue_list_attrs_tx CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_flush();
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_mark(uuid[], integer);
--> statement-breakpoint
-- Recompute what transaction `tx` marked. Called first by list_version_flush (list-version-triggers.sql), so the
-- items are locked before the project rows (a transaction already holds its written items, and takes the project
-- rows last), and the UPDATE of issues below marks projects before their list_version is bumped: one bump per project.
CREATE OR REPLACE FUNCTION issue_list_attrs_apply(tx bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM issues i WHERE i.id IN (SELECT p.issue FROM issue_list_attrs_pending p WHERE p.txid = tx)
    ORDER BY i.id FOR NO KEY UPDATE OF i;
  WITH d AS (
    DELETE FROM issue_list_attrs_pending WHERE txid = tx RETURNING issue, dirty
  ), n AS MATERIALIZED (
    -- each value computed once (the UPDATE below reads it twice), by index lookups on the item's id
    SELECT i.id,
      CASE WHEN d.dirty & 1 <> 0 THEN coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = d.issue), '{}') ELSE i.assignee_ids END AS assignee_ids,
      CASE WHEN d.dirty & 2 <> 0 THEN coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = d.issue), '{}') ELSE i.label_ids END AS label_ids,
      CASE WHEN d.dirty & 4 <> 0 THEN coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = d.issue), '{}') ELSE i.module_ids END AS module_ids,
      CASE WHEN d.dirty & 8 <> 0 THEN (SELECT count(*)::int FROM issue_links x WHERE x.issue = d.issue) ELSE i.link_count END AS link_count,
      CASE WHEN d.dirty & 16 <> 0 THEN (SELECT count(*)::int FROM file_assets x WHERE x.issue = d.issue AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL) ELSE i.attachment_count END AS attachment_count,
      -- (the listable test as a FILTER: the lookup is by parent whatever the planner thinks of the table's size)
      CASE WHEN d.dirty & 32 <> 0 THEN (SELECT count(*) FILTER (WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft)::int FROM issues c WHERE c.parent = d.issue) ELSE i.sub_issues_count END AS sub_issues_count,
      CASE WHEN d.dirty & 64 <> 0 THEN (SELECT x.cycle FROM cycle_issues x WHERE x.issue = d.issue LIMIT 1) ELSE i.cycle_id END AS cycle_id
    FROM d JOIN issues i ON i.id = d.issue
  )
  UPDATE issues i SET assignee_ids = n.assignee_ids, label_ids = n.label_ids, module_ids = n.module_ids, link_count = n.link_count,
    attachment_count = n.attachment_count, sub_issues_count = n.sub_issues_count, cycle_id = n.cycle_id
  FROM n
  WHERE i.id = n.id
    AND (i.assignee_ids, i.label_ids, i.module_ids, i.link_count, i.attachment_count, i.sub_issues_count, i.cycle_id)
      IS DISTINCT FROM (n.assignee_ids, n.label_ids, n.module_ids, n.link_count, n.attachment_count, n.sub_issues_count, n.cycle_id);
END $$;
--> statement-breakpoint
-- Join tables of one item each (`issue` column): the items of the inserted / changed (old and new) / deleted rows.
-- Each mark is ONE statement: the pending bits (a bit already pending is not written again) and, for a new one, the
-- transaction's flush row.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mask integer := TG_ARGV[0]::integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM new_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM new_rows UNION SELECT issue FROM old_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, mask FROM (SELECT issue FROM old_rows) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- file_assets: only work-item attachments count.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch_assets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM new_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM new_rows WHERE entity_type = 'ISSUE_ATTACHMENT' UNION SELECT issue FROM old_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  ELSE
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 16 FROM (SELECT issue FROM old_rows WHERE entity_type = 'ISSUE_ATTACHMENT') d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- modules: archiving or restoring a module adds it to or removes it from its items' module_ids.
CREATE OR REPLACE FUNCTION issue_list_attrs_touch_modules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH m AS (
      INSERT INTO issue_list_attrs_pending AS p (txid, issue, dirty)
      SELECT DISTINCT txid_current(), x, 4 FROM (SELECT x.issue FROM module_issues x WHERE x.module IN (SELECT id FROM (SELECT id, archived_at IS NULL FROM new_rows EXCEPT SELECT id, archived_at IS NULL FROM old_rows) c)) d(x) WHERE x IS NOT NULL ORDER BY 2
      ON CONFLICT (txid, issue) DO UPDATE SET dirty = p.dirty | EXCLUDED.dirty WHERE p.dirty & EXCLUDED.dirty = 0 RETURNING 1
    ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() WHERE EXISTS (SELECT 1 FROM m) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- issues: the parents whose counted children change are marked by the list_version trigger of issues
-- (list_version_touch_issues, list-version-triggers.sql), in the same statement as its other list bookkeeping.
DROP TRIGGER IF EXISTS issues_attrs_ins ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_attrs_upd ON issues;
--> statement-breakpoint
DROP TRIGGER IF EXISTS issues_attrs_del ON issues;
--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_attrs_touch_issues();
--> statement-breakpoint
DO $$
DECLARE
  t text;
  fn text;
  arg text;
BEGIN
  FOREACH t IN ARRAY ARRAY['issue_assignees', 'issue_labels', 'module_issues', 'issue_links', 'file_assets', 'cycle_issues'] LOOP
    fn := CASE t WHEN 'file_assets' THEN 'issue_list_attrs_touch_assets' ELSE 'issue_list_attrs_touch' END;
    arg := CASE t WHEN 'issue_assignees' THEN '1' WHEN 'issue_labels' THEN '2' WHEN 'module_issues' THEN '4' WHEN 'issue_links' THEN '8' WHEN 'cycle_issues' THEN '64' ELSE '' END;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_ins', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_upd', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_attrs_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_ins', t, fn, arg);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_upd', t, fn, arg);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t || '_attrs_del', t, fn, arg);
  END LOOP;
  DROP TRIGGER IF EXISTS modules_attrs_upd ON modules;
  CREATE TRIGGER modules_attrs_upd AFTER UPDATE ON modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_list_attrs_touch_modules();
END $$;
--> statement-breakpoint
-- A database that already has work items (this file run on an existing one): compute every item's values once.
UPDATE issues i SET
  assignee_ids = coalesce((SELECT array_agg(x.assignee ORDER BY x.created_at, x.assignee) FROM issue_assignees x WHERE x.issue = i.id), '{}'),
  label_ids = coalesce((SELECT array_agg(x.label ORDER BY x.created_at, x.label) FROM issue_labels x WHERE x.issue = i.id), '{}'),
  module_ids = coalesce((SELECT array_agg(x.module ORDER BY x.created_at, x.module) FROM module_issues x JOIN modules m ON m.id = x.module AND m.archived_at IS NULL WHERE x.issue = i.id), '{}'),
  link_count = (SELECT count(*)::int FROM issue_links x WHERE x.issue = i.id),
  attachment_count = (SELECT count(*)::int FROM file_assets x WHERE x.issue = i.id AND x.entity_type = 'ISSUE_ATTACHMENT' AND x.is_uploaded AND NOT x.is_deleted AND x.deleted_at IS NULL),
  sub_issues_count = (SELECT count(*)::int FROM issues c WHERE c.parent = i.id AND c.deleted_at IS NULL AND c.archived_at IS NULL AND NOT c.is_draft),
  cycle_id = (SELECT x.cycle FROM cycle_issues x WHERE x.issue = i.id LIMIT 1)
WHERE EXISTS (SELECT 1 FROM issue_assignees x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issue_labels x WHERE x.issue = i.id)
  OR EXISTS (SELECT 1 FROM module_issues x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issue_links x WHERE x.issue = i.id)
  OR EXISTS (SELECT 1 FROM file_assets x WHERE x.issue = i.id) OR EXISTS (SELECT 1 FROM issues c WHERE c.parent = i.id)
  OR EXISTS (SELECT 1 FROM cycle_issues x WHERE x.issue = i.id);

--> statement-breakpoint
-- live-events.sql (appended by scripts/db-generate.mjs)
-- The realtime channel's events (docs/ARCHITECTURE.md, "Realtime"): every committed write publishes a small
-- event (table, id, op, project, work item, its creator, changed field names, updated_at) to its streams
-- (`workspace:<id>`, `project:<id>`, `user:<id>`), generated here by triggers so that every write path
-- publishes without the command remembering to.
-- - live_capture (row trigger on every table with a workspace column, installed by the DO block at the end, so
--   tables added later get it when the migration is regenerated) records the change in live_pending, merged
--   per transaction and row (fields united, one event per row and stream);
-- - the publish step (at commit, inside the transaction's one deferred flush, list_version_flush, after the list
--   bookkeeping) numbers each stream's events with a gapless per-stream sequence in commit order (the stream row
--   stays locked until commit), stores them in live_events (bounded retention, read for catch-up) and NOTIFYs
--   `stride_live` (delivered only on commit).
-- Appended to the generated migration by scripts/db-generate.mjs; idempotent (safe to run twice).
CREATE TABLE IF NOT EXISTS live_streams (
  stream text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS live_events (
  stream text NOT NULL,
  seq bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  event jsonb NOT NULL,
  PRIMARY KEY (stream, seq)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS live_events_at_idx ON live_events (at);
--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS live_pending (
  txid bigint NOT NULL,
  tbl text NOT NULL,
  id text NOT NULL,
  n bigserial,
  op text NOT NULL,
  streams text[] NOT NULL,
  project uuid,
  issue uuid,
  creator uuid,
  fields text[],
  ts timestamptz,
  PRIMARY KEY (txid, tbl, id)
);
--> statement-breakpoint
-- The streams a row belongs to. Per-user rows (favourites, user properties of any kind, workspace drafts, notifications,
-- the home's stickies, quick links, preferences and recent visits) go to
-- their owner's stream only; a project row to its workspace's and its own; anything else with a project to the
-- project's stream, else to the workspace's.
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
  IF p IS NOT NULL THEN RETURN ARRAY['project:' || p]; END IF;
  IF w IS NOT NULL THEN RETURN ARRAY['workspace:' || w]; END IF;
  RETURN ARRAY[]::text[];
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n jsonb;
  o jsonb;
  r jsonb;
  s text[];
  iss uuid;
BEGIN
  -- writes a read makes (defaults created on first read, recent visits; core/silent.ts) publish nothing
  IF current_setting('stride.silent', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  r := coalesce(n, o);
  IF TG_OP = 'UPDATE' THEN
    -- bookkeeping columns alone are no change anyone sees (a plain expression: no statement runs for it)
    IF n - ARRAY['updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector'] = o - ARRAY['updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector'] THEN
      RETURN NULL;
    END IF;
    s := live_streams_of(TG_TABLE_NAME, n);
    IF s IS DISTINCT FROM live_streams_of(TG_TABLE_NAME, o) THEN
      s := ARRAY(SELECT DISTINCT x FROM unnest(s || live_streams_of(TG_TABLE_NAME, o)) x ORDER BY x);
    END IF;
  ELSE
    s := live_streams_of(TG_TABLE_NAME, r);
  END IF;
  IF cardinality(s) = 0 THEN RETURN NULL; END IF;
  -- the work item the row belongs to and that item's creator (a guest who sees only their own items gets only those)
  IF TG_TABLE_NAME = 'issues' THEN
    iss := (r->>'id')::uuid;
  ELSE
    iss := (r->>'issue')::uuid;
    IF iss IS NULL AND r ? 'comment' AND r->>'comment' IS NOT NULL THEN
      SELECT c.issue INTO iss FROM issue_comments c WHERE c.id = (r->>'comment')::uuid;
    END IF;
  END IF;
  -- ONE statement: the event (the changed columns' names and the item's creator looked up in it) and, the first time,
  -- the transaction's flush row (list_version_flush publishes at commit: list-version-triggers.sql)
  WITH e AS (
    INSERT INTO live_pending AS lp (txid, tbl, id, op, streams, project, issue, creator, fields, ts)
    VALUES (txid_current(), TG_TABLE_NAME, r->>'id', lower(TG_OP), s, coalesce(r->>'project', r->>'project_id')::uuid, iss,
      CASE WHEN TG_TABLE_NAME = 'issues' THEN (r->>'created_by')::uuid WHEN iss IS NOT NULL THEN (SELECT i.created_by FROM issues i WHERE i.id = iss) END,
      CASE WHEN TG_OP = 'UPDATE' THEN (SELECT array_agg(k ORDER BY k) FROM jsonb_each(n) e(k, v)
        WHERE v IS DISTINCT FROM o->k AND k NOT IN ('updated_at', 'updated_by', 'list_version', 'issue_sequence', 'search_vector')) END,
      coalesce((r->>'updated_at')::timestamptz, now()))
    ON CONFLICT (txid, tbl, id) DO UPDATE SET
      -- several writes of one row in one transaction: one event (created wins, then deleted; fields united)
      op = CASE WHEN lp.op = 'insert' AND EXCLUDED.op <> 'delete' THEN 'insert' WHEN EXCLUDED.op = 'delete' THEN 'delete' ELSE lp.op END,
      streams = ARRAY(SELECT DISTINCT x FROM unnest(lp.streams || EXCLUDED.streams) x ORDER BY x),
      project = EXCLUDED.project,
      fields = CASE WHEN lp.op = 'update' AND EXCLUDED.op = 'update'
        THEN ARRAY(SELECT DISTINCT x FROM unnest(lp.fields || EXCLUDED.fields) x ORDER BY x) ELSE NULL END,
      ts = greatest(lp.ts, EXCLUDED.ts)
    RETURNING 1
  ) INSERT INTO tx_flush_pending (txid) SELECT txid_current() FROM e ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit (called by list_version_flush, after the list bookkeeping, so every transaction locks `projects` rows
-- before `live_streams` rows): number, store and announce the transaction's events, in ONE statement. Each stream's
-- counter moves once by its number of events (streams locked in name order), the events take the numbers in the
-- order they were recorded, and each is NOTIFYed on `stride_live` (delivered only on commit) in stream and number order.
DROP TRIGGER IF EXISTS live_flush ON live_pending;
--> statement-breakpoint
DROP FUNCTION IF EXISTS live_flush();
--> statement-breakpoint
-- The publish step runs inside list_version_flush (list-version-triggers.sql), written out there (issue #13).
DROP FUNCTION IF EXISTS live_publish(bigint);
--> statement-breakpoint
-- Every table with a workspace column publishes (and `workspaces` itself), except the bookkeeping tables below.
-- test/live-coverage.test.ts insists that every table either has the trigger or is named there as private.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND (c.column_name IN ('workspace', 'workspace_id') OR c.table_name = 'workspaces')
      AND c.table_name NOT IN ('live_streams', 'live_events', 'live_pending', 'list_version_pending', 'issue_list_counts', 'search_words')
    GROUP BY c.table_name
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_live', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION live_capture()', t || '_live', t);
  END LOOP;
END $$;

--> statement-breakpoint
-- search.sql (appended by scripts/db-generate.mjs)
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

--> statement-breakpoint
-- collab-access.sql (appended by scripts/db-generate.mjs)
-- Access changes for the collaboration server (apps/server/src/collab/server.ts): whatever write path deletes a page
-- or takes someone's access to pages away announces it on the relay's NOTIFY channel (`page_collab`, delivered on
-- commit to every instance), so open editors are closed or reconnected read-only at once rather than at the next
-- periodic check. Payload `access:<scope>:<id>`: `page` (that page's editors), `project` / `workspace` (the editors of
-- its pages), `user` (that person's editors). collab/content.ts `pagesAccessChanged` sends the `page` form for page
-- changes made by commands (lock, access, archive, move). Appended to the generated migration by
-- scripts/db-generate.mjs; idempotent.
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
