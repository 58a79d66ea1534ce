import { z } from "zod";
import { MSG, requiredText, text } from "./fields.ts";

/** A person's own secrets (`/api/users/me/secrets/`): write-only values, shown masked. */
export const SECRET_NAME_MAX = 100;
export const SECRET_VALUE_MAX = 10000;
export const SECRET_MSG = {
  nameChars: "Use letters, digits and underscores, not starting with a digit.",
  nameTaken: "A secret with this name already exists.",
  notFound: "Secret not found.",
} as const;

const secretName = () => requiredText(SECRET_NAME_MAX).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, SECRET_MSG.nameChars);
/** The value is kept exactly as typed (not trimmed), but may not be blank. */
const secretValue = () => text(SECRET_VALUE_MAX).refine((s) => s.trim() !== "", MSG.blank);

export const createSecretBody = z.object({ name: secretName(), value: secretValue(), description: text(1000).optional() });
export type CreateSecretBody = z.infer<typeof createSecretBody>;

export const updateSecretBody = z.object({ name: secretName().optional(), value: secretValue().optional(), description: text(1000).optional() });
export type UpdateSecretBody = z.infer<typeof updateSecretBody>;

export interface UserSecret {
  id: string;
  name: string;
  description: string;
  /** The value masked, e.g. `••••••••3f9a`; the value itself is never returned. */
  value_hint: string;
  created_at: string;
  updated_at: string;
}
