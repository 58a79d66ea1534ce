import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * API tokens of the public API v1 (wire-facts §9, §12). The token itself (`plane_api_` + 32 hex) is shown once, on
 * create; only its SHA-256 is kept. A token with a workspace acts only in that workspace; one without (created at
 * `/api/users/api-tokens/`) acts in every workspace its user belongs to, always with the user's current roles.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: pk(),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label").notNull().default(""),
    description: text("description").notNull().default(""),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 0 human, 1 bot (Plane's `user_type`). */
    userType: integer("user_type").notNull().default(0),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    expiredAt: ts("expired_at"),
    lastUsed: ts("last_used"),
    isService: boolean("is_service").notNull().default(false),
    /** Requests per minute, written like Plane's `"60/min"`. */
    allowedRateLimit: text("allowed_rate_limit").notNull().default("60/min"),
    ...audit(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId), index("api_tokens_workspace_idx").on(t.workspaceId)],
);
