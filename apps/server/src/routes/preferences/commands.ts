import { and, desc, eq, inArray } from "drizzle-orm";
import { HOME_WIDGETS, SIDEBAR_PREFERENCE_KEYS, sidebarPreferenceDefaults } from "@stride/shared";
import type { HomePreferencePatchBody, SidebarPreferencePatchBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { silently } from "../../core/silent.ts";

const H = schema.workspaceHomePreferences;
const S = schema.workspaceSidebarPreferences;
type HomeRow = typeof H.$inferSelect;
type SidebarRow = typeof S.$inferSelect;

export const preferenceNotFound = () => errors.body(404, { detail: "Preference not found" });

interface Who {
  workspaceId: string;
  userId: string;
}

/**
 * The person's home widgets, created with their defaults on first read (wire-facts §9, §15), highest first. The
 * defaults a read creates publish nothing live (core/silent.ts).
 */
export async function homePreferences(db: DbOrTx, who: Who): Promise<HomeRow[]> {
  const read = () =>
    db
      .select()
      .from(H)
      .where(
        and(
          eq(H.workspaceId, who.workspaceId),
          eq(H.userId, who.userId),
          inArray(
            H.key,
            HOME_WIDGETS.map((w) => w.key),
          ),
        ),
      )
      .orderBy(desc(H.sortOrder), H.key);
  const rows = await read();
  const missing = HOME_WIDGETS.filter((w) => !rows.some((r) => r.key === w.key));
  if (!missing.length) return rows;
  await silently(db, (tx) =>
    tx
      .insert(H)
      .values(
        missing.map((w) => ({
          ...who,
          key: w.key,
          sortOrder: w.sort_order,
          createdById: who.userId,
          updatedById: who.userId,
        })),
      )
      .onConflictDoNothing(),
  );
  return read();
}

export async function patchHomePreference(
  db: DbOrTx,
  who: Who,
  key: string,
  body: HomePreferencePatchBody,
): Promise<HomeRow> {
  if (!HOME_WIDGETS.some((w) => w.key === key)) throw preferenceNotFound();
  return db.transaction(async (tx) => {
    const rows = await homePreferences(tx, who);
    const row = rows.find((r) => r.key === key)!;
    const set: Partial<typeof H.$inferInsert> = {};
    if (body.is_enabled !== undefined) set.isEnabled = body.is_enabled;
    if (body.sort_order !== undefined) set.sortOrder = body.sort_order;
    if (body.config !== undefined) set.config = body.config;
    if (!Object.keys(set).length) return row;
    const [updated] = await tx
      .update(H)
      .set({ ...set, updatedAt: new Date(), updatedById: who.userId })
      .where(eq(H.id, row.id))
      .returning();
    return updated;
  });
}

/**
 * The person's sidebar entries, created with their defaults on first read (silently, core/silent.ts), in key order
 * of the defaults.
 */
export async function sidebarPreferences(db: DbOrTx, who: Who): Promise<SidebarRow[]> {
  const read = () =>
    db
      .select()
      .from(S)
      .where(
        and(eq(S.workspaceId, who.workspaceId), eq(S.userId, who.userId), inArray(S.key, [...SIDEBAR_PREFERENCE_KEYS])),
      );
  let rows = await read();
  const missing = sidebarPreferenceDefaults().filter((d) => !rows.some((r) => r.key === d.key));
  if (missing.length) {
    await silently(db, (tx) =>
      tx
        .insert(S)
        .values(
          missing.map((d) => ({
            ...who,
            key: d.key,
            isPinned: d.is_pinned,
            sortOrder: d.sort_order,
            createdById: who.userId,
            updatedById: who.userId,
          })),
        )
        .onConflictDoNothing(),
    );
    rows = await read();
  }
  return SIDEBAR_PREFERENCE_KEYS.map((k) => rows.find((r) => r.key === k)!);
}

/** Change some sidebar entries in one transaction (both PATCH forms); answers the changed rows. */
export async function patchSidebarPreferences(
  db: DbOrTx,
  who: Who,
  changes: (SidebarPreferencePatchBody & { key: string })[],
): Promise<SidebarRow[]> {
  for (const c of changes)
    if (!(SIDEBAR_PREFERENCE_KEYS as readonly string[]).includes(c.key)) throw preferenceNotFound();
  return db.transaction(async (tx) => {
    const rows = await sidebarPreferences(tx, who);
    const out: SidebarRow[] = [];
    for (const c of changes) {
      const row = rows.find((r) => r.key === c.key)!;
      const set: Partial<typeof S.$inferInsert> = {};
      if (c.is_pinned !== undefined) set.isPinned = c.is_pinned;
      if (c.sort_order !== undefined) set.sortOrder = c.sort_order;
      if (!Object.keys(set).length) {
        out.push(row);
        continue;
      }
      const [updated] = await tx
        .update(S)
        .set({ ...set, updatedAt: new Date(), updatedById: who.userId })
        .where(eq(S.id, row.id))
        .returning();
      out.push(updated);
    }
    return out;
  });
}
