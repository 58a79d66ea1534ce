import type { HomePreference, SidebarPreference, SidebarPreferences } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";

type HomeRow = typeof schema.workspaceHomePreferences.$inferSelect;
type SidebarRow = typeof schema.workspaceSidebarPreferences.$inferSelect;

export function presentHomePreference(r: HomeRow): HomePreference {
  return { key: r.key, is_enabled: r.isEnabled, config: r.config as Record<string, unknown>, sort_order: r.sortOrder };
}

/** PATCH W/home-preferences/{key}/ answers without `config` (wire-facts §9). */
export function presentHomePreferenceUpdate(r: HomeRow): Omit<HomePreference, "config"> {
  return { key: r.key, is_enabled: r.isEnabled, sort_order: r.sortOrder };
}

export function presentSidebarPreference(r: SidebarRow): SidebarPreference {
  return { key: r.key, is_pinned: r.isPinned, sort_order: r.sortOrder };
}

/** GET W/sidebar-preferences/: `{<key>: {is_pinned, sort_order}}`. */
export function presentSidebarPreferences(rows: SidebarRow[]): SidebarPreferences {
  return Object.fromEntries(rows.map((r) => [r.key, { is_pinned: r.isPinned, sort_order: r.sortOrder }]));
}
