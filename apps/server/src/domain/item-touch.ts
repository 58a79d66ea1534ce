import { inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../db/client.ts";

/**
 * Mark work items changed when what they show moves without their own row being written: joining or leaving a cycle
 * or a module (`cycle_id`, `module_ids`). Their `updated_at` moves, so "Last updated" orders them and the local
 * database's catch-up (`updated_at__gt`) reads them again. Call it after any version-checked update of the same rows
 * in the transaction. Returns the time written (null: no items).
 */
export async function touchItems(tx: DbOrTx, ids: readonly string[], actorId: string): Promise<Date | null> {
  const unique = [...new Set(ids)];
  if (!unique.length) return null;
  const at = new Date();
  await tx.update(schema.issues).set({ updatedAt: at, updatedById: actorId }).where(inArray(schema.issues.id, unique));
  return at;
}
