import { z } from "zod";
import { MSG, requiredText, text } from "./fields.ts";
import { SECRET_MSG, SECRET_NAME_MAX, SECRET_NAME_RE, SECRET_VALUE_MAX } from "../agent-settings.ts";

/** A person's own secrets (`/api/users/me/secrets/`): write-only values, shown masked. */
export { SECRET_MSG };

const secretName = () => requiredText(SECRET_NAME_MAX).regex(SECRET_NAME_RE, SECRET_MSG.nameChars);
/** The value is kept exactly as typed (not trimmed), but may not be blank. */
const secretValue = () => text(SECRET_VALUE_MAX).refine((s) => s.trim() !== "", MSG.blank);

export const createSecretBody = z.object({
  name: secretName(),
  value: secretValue(),
  description: text(1000).optional(),
});
export type CreateSecretBody = z.infer<typeof createSecretBody>;

export const updateSecretBody = z.object({
  name: secretName().optional(),
  value: secretValue().optional(),
  description: text(1000).optional(),
});
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
