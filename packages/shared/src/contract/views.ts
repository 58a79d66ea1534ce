import { z } from "zod";
import { FilterError } from "../issue-filters/errors.ts";
import { savedViewFilter } from "../issue-filters/saved.ts";

export { VIEW_ACCESS } from "../issue-filters/saved.ts";
import { bool, choice, dict, number, requiredText, text } from "./fields.ts";
import { displayFiltersBody, displayPropertiesBody, filterValue, richFiltersBody } from "./user-properties.ts";
import type { AuditFields } from "./common.ts";
import type { DisplayFilters, DisplayProperties } from "../issue-filters/display.ts";

// ---------------------------------------------------------------- request bodies

export const VIEW_NAME_MAX = 255;
/** Orders a view list accepts (work-tracking.md §3: views sort by name, created_at, updated_at). */
export const VIEW_ORDERS = ["name", "-name", "created_at", "-created_at", "updated_at", "-updated_at"] as const;
export type ViewOrder = (typeof VIEW_ORDERS)[number];

/** A view's flat filters: lists per filter key (null = not applied), refused when a list would refuse them. */
const viewFilters = z.record(z.string().max(255), filterValue).superRefine((v, ctx) => {
  try {
    savedViewFilter(v, null, "2000-01-01");
  } catch (e) {
    ctx.addIssue({ code: "custom", message: e instanceof FilterError ? e.message : "Invalid filters." });
  }
});

const viewFields = {
  description: text(10000).optional(),
  filters: viewFilters.optional(),
  display_filters: displayFiltersBody.optional(),
  display_properties: displayPropertiesBody.optional(),
  rich_filters: richFiltersBody.optional(),
  access: choice([0, 1] as const).optional(),
  sort_order: number().optional(),
  logo_props: dict({ maxChars: 10000 }).optional(),
  is_locked: bool().optional(),
};

/** POST P/views/ and W/views/. */
export const createViewBody = z.object({ name: requiredText(VIEW_NAME_MAX), ...viewFields });
export type CreateViewBody = z.infer<typeof createViewBody>;

/** PATCH P/views/{id}/ and W/views/{id}/. */
export const updateViewBody = z.object({ name: requiredText(VIEW_NAME_MAX).optional(), ...viewFields });
export type UpdateViewBody = z.infer<typeof updateViewBody>;

/** POST P/user-favorite-views/ `{view}`. */
export const favoriteViewBody = z.object({
  view: z.uuid({ error: (i) => (i.input === undefined ? "This field is required." : "Must be a valid UUID.") }),
});

/** POST W/workspace-views/ `{view_props}`: the caller's workspace-wide view choices. */
export const workspaceViewPropsBody = z.object({ view_props: dict({ maxChars: 100_000 }) });

// ---------------------------------------------------------------- responses

/** IssueView (wire-facts §7): project views carry their project, workspace (global) views `project: null`. */
export interface IssueView extends AuditFields {
  id: string;
  name: string;
  description: string;
  query: Record<string, unknown>;
  filters: Record<string, string[] | null>;
  display_filters: Partial<DisplayFilters>;
  display_properties: Partial<DisplayProperties>;
  rich_filters: Record<string, unknown>;
  access: number;
  sort_order: number;
  logo_props: Record<string, unknown>;
  owned_by: string;
  is_locked: boolean;
  archived_at: string | null;
  workspace: string;
  project: string | null;
  /** A team view's teamspace (the key is absent on project and global views). */
  teamspace?: string;
  is_favorite: boolean;
}
