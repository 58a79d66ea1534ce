import type { ApiToken, CreatedApiToken } from "@stride/shared/contract";
import { auditFields, iso } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";

export type ApiTokenRow = typeof schema.apiTokens.$inferSelect;

/** Active while not expired (wire-facts §9: `is_active` = not expired). */
export function tokenIsActive(t: Pick<ApiTokenRow, "expiredAt">, now = new Date()): boolean {
  return !t.expiredAt || t.expiredAt > now;
}

/** An API token as listed: never the token itself. */
export function presentApiToken(t: ApiTokenRow): ApiToken {
  return {
    id: t.id,
    label: t.label,
    description: t.description,
    is_active: tokenIsActive(t),
    last_used: iso(t.lastUsed),
    user: t.userId,
    user_type: t.userType,
    workspace: t.workspaceId,
    expired_at: iso(t.expiredAt),
    is_service: t.isService,
    allowed_rate_limit: t.allowedRateLimit,
    ...auditFields(t),
  };
}

/** The answer to a creation: the only time the token is shown. */
export function presentCreatedApiToken(t: ApiTokenRow, token: string): CreatedApiToken {
  return { ...presentApiToken(t), token };
}
