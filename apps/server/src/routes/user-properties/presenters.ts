import { defaultDisplayFilters, defaultDisplayProperties, defaultFilters } from "@stride/shared";
import type { UserProperties } from "@stride/shared/contract";
import type { PropsRow } from "./commands.ts";

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

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
