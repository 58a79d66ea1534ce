import { z } from "zod";
import { DISPLAY_PROPERTY_KEYS, ISSUE_LAYOUTS } from "../issue-filters/display.ts";
import { FilterError } from "../issue-filters/errors.ts";
import { parseGroupBy } from "../issue-filters/group.ts";
import { parseOrderBy } from "../issue-filters/order.ts";
import { parseRichFilters } from "../issue-filters/rich.ts";

const shortText = z.string().max(255);

/** A filter value: a list of strings (ids, values, date terms) or null (not applied). */
export const filterValue = z.union([z.array(shortText).max(1000), z.null()]);

const groupByValue = z.union([shortText, z.null()]).refine((v) => {
  if (v === null) return true;
  try {
    parseGroupBy(v);
    return true;
  } catch {
    return false;
  }
}, "Invalid group_by value.");

const orderByValue = shortText.refine((v) => {
  try {
    parseOrderBy(v);
    return true;
  } catch {
    return false;
  }
}, "Invalid order_by value.");

/** display_filters: known keys are checked; other keys (client-side extras) are kept as they are. */
export const displayFiltersBody = z
  .object({
    layout: z.enum(ISSUE_LAYOUTS).optional(),
    group_by: groupByValue.optional(),
    sub_group_by: groupByValue.optional(),
    order_by: orderByValue.optional(),
    type: z.union([z.enum(["active", "backlog", "all"]), z.null()]).optional(),
    sub_issue: z.boolean().optional(),
    show_empty_groups: z.boolean().optional(),
    show_hierarchy: z.boolean().optional(),
    calendar_date_range: z.string().max(64).optional(),
  })
  .catchall(z.json());

export const displayPropertiesBody = z
  .record(z.string().max(64), z.boolean())
  .refine(
    (v) => Object.keys(v).every((k) => (DISPLAY_PROPERTY_KEYS as readonly string[]).includes(k)),
    "Unknown display property.",
  );

export const richFiltersBody = z.record(z.string(), z.json()).superRefine((v, ctx) => {
  try {
    parseRichFilters(v);
  } catch (e) {
    ctx.addIssue({ code: "custom", message: e instanceof FilterError ? e.message : "Invalid filters." });
  }
});

/** PATCH body: every key optional; unknown keys are ignored. */
export const userPropertiesPatch = z.object({
  filters: z.record(shortText, filterValue).optional(),
  display_filters: displayFiltersBody.optional(),
  display_properties: displayPropertiesBody.optional(),
  rich_filters: richFiltersBody.optional(),
  preferences: z.record(z.string().max(64), z.json()).optional(),
  sort_order: z.number().finite().optional(),
});
export type UserPropertiesPatch = z.infer<typeof userPropertiesPatch>;

/** POST P/issue-display-properties/ `{properties}` (the display properties toggles). */
export const displayPropertiesPost = z.object({ properties: displayPropertiesBody });

/** Workspace navigation choices of W/user-properties/ (wire-facts §7). */
export const NAVIGATION_CONTROL_PREFERENCES = ["ACCORDION", "TABBED"] as const;
export type NavigationControlPreference = (typeof NAVIGATION_CONTROL_PREFERENCES)[number];

/**
 * PATCH W/user-properties/: the workspace's list preferences (kept as the client sends them, merged one level)
 * and the sidebar's navigation settings.
 */
export const workspaceUserPropertiesPatch = z.object({
  filters: z.record(z.string().max(255), z.json()).optional(),
  display_filters: z.record(z.string().max(255), z.json()).optional(),
  display_properties: z.record(z.string().max(255), z.json()).optional(),
  rich_filters: richFiltersBody.optional(),
  navigation_project_limit: z.number().int().min(0).max(1000).optional(),
  navigation_control_preference: z.enum(NAVIGATION_CONTROL_PREFERENCES).optional(),
});
export type WorkspaceUserPropertiesPatch = z.infer<typeof workspaceUserPropertiesPatch>;

/** W/user-properties/: the defaults of filters, display_filters and display_properties are wrapped one level. */
export interface WorkspaceUserProperties {
  id: string;
  filters: Record<string, unknown>;
  display_filters: Record<string, unknown>;
  display_properties: Record<string, unknown>;
  rich_filters: Record<string, unknown>;
  navigation_project_limit: number;
  navigation_control_preference: NavigationControlPreference;
  user: string;
  workspace: string;
}
