import type { UserSecret } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";

export type UserSecretRow = typeof schema.userSecrets.$inferSelect;

/** Never the value: only its mask. */
export function presentSecret(r: UserSecretRow): UserSecret {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    value_hint: r.valueHint,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
