import { and, eq } from "drizzle-orm";
import { ROLE } from "@stride/shared";
import type { AgentTemplateConfig } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";

/**
 * An agent acts as itself (issue #24 point 9): every agent template has a bot user, the author of what its runs write
 * (comments, tasks, work-item changes; core/activity.ts records the person who started the run as "on behalf of").
 * The bot is an active member of the template's project (not of the workspace: it is no seat and in no workspace
 * list; project lists leave `is_bot` users out), never signs in (core/session.ts, routes/auth), is renamed with its
 * template and deactivated when the template is removed, so the history it wrote stays readable. Templates made
 * before bots existed got theirs in migration 0001_agentbot_actor (the same identity as `agentBotIdentity`).
 */
export const AGENT_BOT_TYPE = "AGENT";
/** The bot's project role: a run acts with its starter's rights, and only while its bot is an active member. */
export const AGENT_BOT_ROLE = ROLE.MEMBER;

const { users, projectMembers, agentTemplates } = schema;

/** The bot's unique username and its undeliverable address (RFC 2606 `.invalid`), from the template's id. */
export const agentBotIdentity = (templateId: string) => ({
  username: `agent-${templateId}`,
  email: `agent-${templateId}@agents.stride.invalid`,
});

const botName = (config: unknown) =>
  ((config as Partial<AgentTemplateConfig> | null)?.name ?? "").trim().slice(0, 255) || "Agent";

interface TemplateLike {
  id: string;
  workspaceId: string;
  projectId: string;
  config: unknown;
  botUserId: string | null;
}

/** Make the template's bot (a template without one: just made, or made before bots existed); returns its id. */
export async function makeAgentBot(tx: DbOrTx, t: TemplateLike): Promise<string> {
  const name = botName(t.config);
  const [u] = await tx
    .insert(users)
    .values({ ...agentBotIdentity(t.id), firstName: name, displayName: name, isBot: true, botType: AGENT_BOT_TYPE })
    .returning({ id: users.id });
  await tx
    .insert(projectMembers)
    .values({ workspaceId: t.workspaceId, projectId: t.projectId, memberId: u.id, role: AGENT_BOT_ROLE })
    .onConflictDoNothing();
  await tx.update(agentTemplates).set({ botUserId: u.id }).where(eq(agentTemplates.id, t.id));
  return u.id;
}

/** The template's config changed: its bot takes the agent's name (or is made, for a template without one). */
export async function syncAgentBot(tx: DbOrTx, t: TemplateLike): Promise<string> {
  if (!t.botUserId) return makeAgentBot(tx, t);
  const name = botName(t.config);
  await tx
    .update(users)
    .set({ firstName: name, displayName: name, updatedAt: new Date() })
    .where(and(eq(users.id, t.botUserId), eq(users.isBot, true)));
  return t.botUserId;
}

/** The template is removed: its bot leaves the project and is deactivated; the user stays, so its history reads as before. */
export async function retireAgentBot(tx: DbOrTx, t: TemplateLike): Promise<void> {
  if (!t.botUserId) return;
  await tx
    .update(projectMembers)
    .set({ isActive: false, updatedAt: new Date() })
    .where(eq(projectMembers.memberId, t.botUserId));
  await tx
    .update(users)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(users.id, t.botUserId), eq(users.isBot, true)));
}
