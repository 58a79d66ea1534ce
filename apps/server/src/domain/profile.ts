import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db/client.ts";

/**
 * A user's profile row, created with its defaults when missing. Signing in, joining a workspace and the
 * profile endpoints all need it, so it lives outside any one resource.
 */
export type ProfileRow = typeof schema.profiles.$inferSelect;

export async function ensureProfile(db: DbOrTx, userId: string): Promise<ProfileRow> {
  const { profiles } = schema;
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (existing) return existing;
  await db.insert(profiles).values({ userId }).onConflictDoNothing({ target: profiles.userId });
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}
