/**
 * Per-user list preferences kept on the server (wire-facts §7), one row per (project, user, context):
 * a project's work items (`issues`), its epics (`epics`), one cycle (`cycle` + the cycle's id) or one module
 * (`module` + the module's id). Every `.../user-properties/` route reads and writes them through these three
 * functions: GET → `getOrCreateProps` + `presentUserProperties`; PATCH → `getOrCreateProps` + `patchProps` in a
 * transaction. The workspace's own preferences (`W/user-properties/`) are a different row, below.
 */
import { and, eq, isNull } from "drizzle-orm";
import { applyDisplayRules, defaultDisplayFilters, defaultDisplayProperties, defaultFilters } from "@stride/shared";
import type {
  UserProperties,
  UserPropertiesPatch,
  WorkspaceUserProperties,
  WorkspaceUserPropertiesPatch,
} from "@stride/shared/contract";
import { schema, type DbOrTx } from "../db/client.ts";
import { silently } from "../core/silent.ts";

export type PropsKind = "issues" | "epics" | "cycle" | "module";
export type PropsRow = typeof schema.projectUserProperties.$inferSelect;

/** Whose preferences, for which project, and for `cycle` / `module` which one (`entityId`). */
export interface PropsKey {
  workspaceId: string;
  projectId: string;
  userId: string;
  entityId?: string | null;
}

const T = schema.projectUserProperties;
const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Load the caller's preferences for a context, creating them with the defaults (wire-facts §7). */
export async function getOrCreateProps(db: DbOrTx, key: PropsKey, kind: PropsKind): Promise<PropsRow> {
  const entityId = key.entityId ?? null;
  const where = and(
    eq(T.projectId, key.projectId),
    eq(T.userId, key.userId),
    eq(T.kind, kind),
    entityId === null ? isNull(T.entityId) : eq(T.entityId, entityId),
  );
  const [found] = await db.select().from(T).where(where).limit(1);
  if (found) return found;
  // the defaults a read creates publish nothing live (core/silent.ts); a PATCH's change of them does
  await silently(db, (tx) =>
    tx
      .insert(T)
      .values({
        workspaceId: key.workspaceId,
        projectId: key.projectId,
        userId: key.userId,
        kind,
        entityId,
        filters: defaultFilters(),
        displayFilters: defaultDisplayFilters(),
        displayProperties: defaultDisplayProperties(),
        richFilters: {},
        preferences: {},
        createdById: key.userId,
        updatedById: key.userId,
      })
      .onConflictDoNothing(),
  );
  const [row] = await db.select().from(T).where(where).limit(1);
  return row;
}

/**
 * Apply a partial update: object-valued keys merge one level (a key not sent keeps its value),
 * rich_filters and sort_order are replaced. Display filters follow the rules of work-tracking.md §4.
 */
export async function patchProps(
  db: DbOrTx,
  row: PropsRow,
  patch: UserPropertiesPatch,
  userId: string,
): Promise<PropsRow> {
  const set: Partial<typeof T.$inferInsert> = { updatedAt: new Date(), updatedById: userId };
  if (patch.filters) set.filters = { ...asObject(row.filters), ...patch.filters };
  if (patch.display_filters) {
    set.displayFilters = applyDisplayRules(
      { ...asObject(row.displayFilters), ...patch.display_filters },
      { kind: row.kind === "epics" ? "epics" : "project" },
    );
  }
  if (patch.display_properties)
    set.displayProperties = { ...asObject(row.displayProperties), ...patch.display_properties };
  if (patch.rich_filters) set.richFilters = patch.rich_filters;
  if (patch.preferences) set.preferences = { ...asObject(row.preferences), ...patch.preferences };
  if (patch.sort_order !== undefined) set.sortOrder = patch.sort_order;
  const [updated] = await db.update(T).set(set).where(eq(T.id, row.id)).returning();
  return updated;
}

/**
 * `{id, filters, display_filters, display_properties, rich_filters, preferences, sort_order, user, project,
 * workspace}` (wire-facts §7). Stored values are laid over the defaults, so keys added later still appear.
 */
export function presentUserProperties(row: PropsRow): UserProperties {
  return {
    id: row.id,
    filters: { ...defaultFilters(), ...asObject(row.filters) },
    display_filters: { ...defaultDisplayFilters(), ...asObject(row.displayFilters) },
    display_properties: { ...defaultDisplayProperties(), ...asObject(row.displayProperties) },
    rich_filters: asObject(row.richFilters),
    preferences: asObject(row.preferences),
    sort_order: row.sortOrder,
    user: row.userId,
    project: row.projectId,
    workspace: row.workspaceId,
  };
}

/* ---- W/user-properties/ ---- */

const WT = schema.workspaceUserProperties;
export type WorkspacePropsRow = typeof WT.$inferSelect;

/**
 * The workspace row's first values: Plane's workspace defaults wrap each object one level
 * (`{"filters": {...}}`, `{"display_filters": {...}}`, `{"display_properties": {...}}`), and clients read them so.
 */
function workspaceDefaults() {
  return {
    filters: { filters: defaultFilters() },
    // the workspace's lists are global views, which have no manual order (work-tracking §4)
    displayFilters: { display_filters: applyDisplayRules(defaultDisplayFilters(), { kind: "global_view" }) },
    displayProperties: { display_properties: defaultDisplayProperties() },
  };
}

export async function getOrCreateWorkspaceProps(
  db: DbOrTx,
  key: { workspaceId: string; userId: string },
): Promise<WorkspacePropsRow> {
  const where = and(eq(WT.workspaceId, key.workspaceId), eq(WT.userId, key.userId));
  const [found] = await db.select().from(WT).where(where).limit(1);
  if (found) return found;
  await silently(db, (tx) =>
    tx
      .insert(WT)
      .values({
        workspaceId: key.workspaceId,
        userId: key.userId,
        ...workspaceDefaults(),
        richFilters: {},
        createdById: key.userId,
        updatedById: key.userId,
      })
      .onConflictDoNothing(),
  );
  const [row] = await db.select().from(WT).where(where).limit(1);
  return row;
}

/** Partial update: filters, display_filters and display_properties merge one level; the rest is replaced. */
export async function patchWorkspaceProps(
  db: DbOrTx,
  row: WorkspacePropsRow,
  patch: WorkspaceUserPropertiesPatch,
  userId: string,
): Promise<WorkspacePropsRow> {
  const set: Partial<typeof WT.$inferInsert> = { updatedAt: new Date(), updatedById: userId };
  if (patch.filters) set.filters = { ...asObject(row.filters), ...patch.filters };
  if (patch.display_filters) set.displayFilters = { ...asObject(row.displayFilters), ...patch.display_filters };
  if (patch.display_properties)
    set.displayProperties = { ...asObject(row.displayProperties), ...patch.display_properties };
  if (patch.rich_filters) set.richFilters = patch.rich_filters;
  if (patch.navigation_project_limit !== undefined) set.navigationProjectLimit = patch.navigation_project_limit;
  if (patch.navigation_control_preference) set.navigationControlPreference = patch.navigation_control_preference;
  const [updated] = await db.update(WT).set(set).where(eq(WT.id, row.id)).returning();
  return updated;
}

export function presentWorkspaceUserProperties(row: WorkspacePropsRow): WorkspaceUserProperties {
  return {
    id: row.id,
    filters: asObject(row.filters),
    display_filters: asObject(row.displayFilters),
    display_properties: asObject(row.displayProperties),
    rich_filters: asObject(row.richFilters),
    navigation_project_limit: row.navigationProjectLimit,
    navigation_control_preference: row.navigationControlPreference === "TABBED" ? "TABBED" : "ACCORDION",
    user: row.userId,
    workspace: row.workspaceId,
  };
}
