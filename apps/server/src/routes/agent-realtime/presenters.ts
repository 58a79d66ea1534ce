import type { SubscriptionToken } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { IssuedToken } from "./commands.ts";

/** `{token, expires_at}` (agents.md §4) and the projects it covers. */
export function presentSubscriptionToken(t: IssuedToken): SubscriptionToken {
  return { token: t.token, expires_at: iso(t.expiresAt), project_ids: t.projectIds };
}
