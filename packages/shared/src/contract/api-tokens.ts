import { z } from "zod";
import { fieldError, text } from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

export const API_TOKEN_LABEL_MAX = 255;
export const API_TOKEN_DESCRIPTION_MAX = 10000;
export const EXPIRY_MESSAGE =
  "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";
export const EXPIRY_PAST_MESSAGE = "The expiry must be in the future.";

/** An expiry: an ISO date or date-time in the future, or null for a token that never expires. */
const expiry = () =>
  z
    .string({ error: fieldError(EXPIRY_MESSAGE) })
    .refine(
      (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
      EXPIRY_MESSAGE,
    )
    .refine((s) => Date.parse(s) > Date.now(), EXPIRY_PAST_MESSAGE)
    .nullable();

/** POST /api/users/api-tokens/ and W/api-tokens/ `{label?, description?, expired_at?}`. */
export const createApiTokenBody = z.object({
  label: text(API_TOKEN_LABEL_MAX).optional(),
  description: text(API_TOKEN_DESCRIPTION_MAX).optional(),
  expired_at: expiry().optional(),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** PATCH /api/users/api-tokens/{id}/: label and description (the token and its expiry stay). */
export const updateApiTokenBody = z.object({
  label: text(API_TOKEN_LABEL_MAX).optional(),
  description: text(API_TOKEN_DESCRIPTION_MAX).optional(),
});
export type UpdateApiTokenBody = z.infer<typeof updateApiTokenBody>;

// ---------------------------------------------------------------- responses

/** API token (wire-facts §9); `token` only in the answer to its creation. `is_active` = not expired. */
export interface ApiToken extends AuditFields {
  id: string;
  label: string;
  description: string;
  is_active: boolean;
  last_used: Timestamp | null;
  user: string;
  user_type: number;
  workspace: string | null;
  expired_at: Timestamp | null;
  is_service: boolean;
  allowed_rate_limit: string;
}
export interface CreatedApiToken extends ApiToken {
  token: string;
}
