import { and, eq } from "drizzle-orm";
import { applyDisplayRules, defaultDisplayFilters, defaultDisplayProperties, defaultFilters } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { UserPropertiesPatch } from "./schemas.ts";

/** Project lists (`issues`, `epics`) and per-entity lists (`cycle:<id>`, `module:<id>`) keep their own row. */
export type PropsKind = "issues" | "epics" | `cycle:${string}` | `module:${string}`;
export type PropsRow = typeof schema.projectUserProperties.$inferSelect;

const T = schema.projectUserProperties;

/** Load the caller's list preferences for a project, creating them with the defaults (wire-facts §7). */
export async function getOrCreateProps(db: DbOrTx, ids: { workspaceId: string; projectId: string; userId: string }, kind: PropsKind): Promise<PropsRow> {
  const where = and(eq(T.projectId, ids.projectId), eq(T.userId, ids.userId), eq(T.kind, kind));
  const [found] = await db.select().from(T).where(where).limit(1);
  if (found) return found;
  await db
    .insert(T)
    .values({
      workspaceId: ids.workspaceId,
      projectId: ids.projectId,
      userId: ids.userId,
      kind,
      filters: defaultFilters(),
      displayFilters: defaultDisplayFilters(),
      displayProperties: defaultDisplayProperties(),
      richFilters: {},
      preferences: {},
      createdById: ids.userId,
      updatedById: ids.userId,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(T).where(where).limit(1);
  return row;
}

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Apply a partial update: object-valued keys merge one level (a key not sent keeps its value),
 * rich_filters and sort_order are replaced. Display filters follow the rules of work-tracking.md §4.
 */
export async function patchProps(db: DbOrTx, row: PropsRow, patch: UserPropertiesPatch, userId: string): Promise<PropsRow> {
  const set: Partial<typeof T.$inferInsert> = { updatedAt: new Date(), updatedById: userId };
  if (patch.filters) set.filters = { ...asObject(row.filters), ...patch.filters };
  if (patch.display_filters) {
    set.displayFilters = applyDisplayRules({ ...asObject(row.displayFilters), ...patch.display_filters }, { kind: row.kind === "epics" ? "epics" : row.kind.startsWith("cycle:") ? "cycle" : row.kind.startsWith("module:") ? "module" : "project" });
  }
  if (patch.display_properties) set.displayProperties = { ...asObject(row.displayProperties), ...patch.display_properties };
  if (patch.rich_filters) set.richFilters = patch.rich_filters;
  if (patch.preferences) set.preferences = { ...asObject(row.preferences), ...patch.preferences };
  if (patch.sort_order !== undefined) set.sortOrder = patch.sort_order;
  const [updated] = await db.update(T).set(set).where(eq(T.id, row.id)).returning();
  return updated;
}
