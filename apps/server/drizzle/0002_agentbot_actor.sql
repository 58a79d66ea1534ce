ALTER TABLE "users" ADD COLUMN "bot_type" text;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "agent_templates" ADD COLUMN "bot_user" uuid;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_templates" ADD CONSTRAINT "agent_templates_bot_user_users_id_fk" FOREIGN KEY ("bot_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_templates_bot_user_uq" ON "agent_templates" USING btree ("bot_user");--> statement-breakpoint
-- Agent templates made before this migration get their bot now, as routes/agents/bots.ts makes it for a new one: a
-- bot user named after the agent (username and email from the template's id; it never signs in), an active member
-- of the template's project, linked from the template.
WITH t AS (
  SELECT id, workspace, project, left(coalesce(nullif(btrim(config->>'name'), ''), 'Agent'), 255) AS name
  FROM agent_templates WHERE bot_user IS NULL
), u AS (
  INSERT INTO users (username, email, first_name, display_name, is_bot, bot_type, is_active)
  SELECT 'agent-' || t.id, 'agent-' || t.id || '@agents.stride.invalid', t.name, t.name, true, 'AGENT', true FROM t
  RETURNING id, username
), m AS (
  INSERT INTO project_members (workspace, project, member, role, is_active)
  SELECT t.workspace, t.project, u.id, 15, true FROM t JOIN u ON u.username = 'agent-' || t.id
  ON CONFLICT (project, member) DO NOTHING
  RETURNING 1
)
UPDATE agent_templates a SET bot_user = u.id FROM u WHERE u.username = 'agent-' || a.id;
