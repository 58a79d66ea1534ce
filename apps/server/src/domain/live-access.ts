import { ROLE, canSeeWorkItem, parseLiveTopic, seesOnlyOwnWorkItems } from "@stride/shared";
import type postgres from "postgres";
import type { LiveScope } from "./live-filter.ts";

/**
 * Who may read which topic — the same rules as the HTTP reads of the same data:
 * - `workspace:<id>`: an active member of the workspace;
 * - `project:<id>`: an active member (guest or above) of the project, inside an active workspace membership;
 *   a guest who sees only their own work items gets only those items' events;
 * - `issue:<id>`: whoever can see the work item (canSeeWorkItem), on its project's stream;
 * - `user:<id>`: that user only.
 * Returns the scope of the subscription, or null when the caller may not read the topic (or it does not exist:
 * the two are not told apart).
 */
export async function topicScope(sql: postgres.Sql, userId: string, topic: string): Promise<LiveScope | null> {
  const t = parseLiveTopic(topic);
  if (!t) return null;
  if (t.kind === "user") return t.id === userId ? { stream: topic } : null;
  if (t.kind === "workspace") {
    const [m] = await sql<{ role: number }[]>`
      SELECT role FROM workspace_members WHERE workspace = ${t.id} AND member = ${userId} AND is_active LIMIT 1`;
    if (!m) return null;
    return { stream: `workspace:${t.id}`, ...(m.role < ROLE.ADMIN ? { checkProjects: true } : {}) };
  }
  let projectId = t.id;
  let creator: string | null = null;
  if (t.kind === "issue") {
    const [i] = await sql<{ project: string; created_by: string | null }[]>`
      SELECT project, created_by FROM issues WHERE id = ${t.id} AND deleted_at IS NULL LIMIT 1`;
    if (!i) return null;
    projectId = i.project;
    creator = i.created_by;
  }
  const [p] = await sql<{ role: number; guest_view_all_features: boolean }[]>`
    SELECT pm.role, p.guest_view_all_features FROM projects p
    JOIN project_members pm ON pm.project = p.id AND pm.member = ${userId} AND pm.is_active
    JOIN workspace_members wm ON wm.workspace = p.workspace AND wm.member = ${userId} AND wm.is_active
    WHERE p.id = ${projectId} LIMIT 1`;
  if (!p || p.role < ROLE.GUEST) return null;
  const who = { userId, projectRole: p.role, guestViewAllFeatures: p.guest_view_all_features };
  if (t.kind === "issue") {
    if (!canSeeWorkItem({ ...who, creatorId: creator })) return null;
    return { stream: `project:${projectId}`, issue: t.id };
  }
  return { stream: `project:${projectId}`, ...(seesOnlyOwnWorkItems(who) ? { ownOnly: true } : {}) };
}

/** Whether the caller can see the project in the workspace's project list (routes/projects/queries.ts's rule). */
export async function projectVisible(sql: postgres.Sql, userId: string, projectId: string): Promise<boolean> {
  const [r] = await sql<{ ok: boolean }[]>`
    SELECT (wm.role >= ${ROLE.ADMIN} OR (wm.role >= ${ROLE.MEMBER} AND p.network = 2)
      OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project = p.id AND pm.member = ${userId} AND pm.is_active)) AS ok
    FROM projects p JOIN workspace_members wm ON wm.workspace = p.workspace AND wm.member = ${userId} AND wm.is_active
    WHERE p.id = ${projectId} LIMIT 1`;
  return !!r?.ok;
}

/** Whether the session (cookie) or the user (token) may still use the channel. */
export async function stillSignedIn(sql: postgres.Sql, userId: string, sessionId: string | null): Promise<boolean> {
  const rows = sessionId
    ? await sql`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ${sessionId} AND s.kind = 'app' AND s.expires_at > now() AND u.is_active LIMIT 1`
    : await sql`SELECT 1 FROM users WHERE id = ${userId} AND is_active LIMIT 1`;
  return rows.length > 0;
}

/**
 * Where the live streams a signed-in page may subscribe to stand now (stream → last sequence number): the
 * caller's own stream, the workspace of `slug` and the caller's projects in it. The page's embedded data
 * (core/screen-data.ts) is read after this, so a subscription that starts from these numbers replays exactly
 * the writes the data may miss: sequences are given in commit order.
 */
export async function liveHeads(
  sql: postgres.Sql,
  userId: string,
  slug: string | null,
): Promise<Record<string, number>> {
  const rows = await sql<{ stream: string; seq: string }[]>`
    WITH wanted AS (
      SELECT 'user:' || ${userId}::text AS stream
      UNION ALL
      SELECT 'workspace:' || w.id FROM workspaces w
        JOIN workspace_members wm ON wm.workspace = w.id AND wm.member = ${userId} AND wm.is_active
        WHERE w.slug = ${slug ?? ""}
      UNION ALL
      SELECT 'project:' || p.id FROM workspaces w
        JOIN projects p ON p.workspace = w.id
        JOIN project_members pm ON pm.project = p.id AND pm.member = ${userId} AND pm.is_active
        WHERE w.slug = ${slug ?? ""}
    )
    SELECT wanted.stream, coalesce(ls.seq, 0) AS seq FROM wanted LEFT JOIN live_streams ls ON ls.stream = wanted.stream`;
  return Object.fromEntries(rows.map((r) => [r.stream, Number(r.seq)]));
}
