import { and, eq, inArray } from "drizzle-orm";
import { SUBSCRIPTION_TOKEN_TTL_S } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { signLiveToken } from "../../http/live-token.ts";
import type { SubscriptionTokenBody } from "./schemas.ts";

const { projectMembers } = schema;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  projectIds: string[];
}

/**
 * A subscription token for the realtime channel (agents.md §4): signed, short-lived, scoped to the workspace and
 * to those of `project_ids` the caller is an active member of there (others are left out, not refused: the
 * client asks for the projects it shows, and a socket opened with the token is refused their documents).
 */
export async function issueSubscriptionToken(
  app: AppContext,
  workspaceId: string,
  userId: string,
  body: SubscriptionTokenBody,
  now = Date.now(),
): Promise<IssuedToken> {
  const asked = [...new Set(body.project_ids.map((id) => id.toLowerCase()))];
  const rows = await app.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.workspaceId, workspaceId),
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
        inArray(projectMembers.projectId, asked),
      ),
    );
  const projectIds = asked.filter((id) => rows.some((r) => r.id === id));
  const token = signLiveToken(
    app.secretKey,
    { u: userId, w: workspaceId, p: projectIds },
    SUBSCRIPTION_TOKEN_TTL_S,
    now,
  );
  return { token, expiresAt: new Date((Math.floor(now / 1000) + SUBSCRIPTION_TOKEN_TTL_S) * 1000), projectIds };
}
