import { z } from "zod";
import { PROPERTY_KINDS, PROPERTY_MULTI_MAX, type PlanePropertyShape, type PropertyKind } from "../issue-properties.ts";
import { bool, dict, fieldError, MSG, number, requiredText, text, uuid } from "./fields.ts";
import type { Timestamp } from "./common.ts";
import type { LogoProps } from "./projects.ts";

// ---------------------------------------------------------------- request bodies

export const ISSUE_TYPE_NAME_MAX = 255;
export const PROPERTY_OPTIONS_MAX = 500;

/** POST P/issue-types/ (and W/issue-types/ for a type shared across the workspace). */
export const createIssueTypeBody = z.object({
  name: requiredText(ISSUE_TYPE_NAME_MAX),
  description: text(10000).optional(),
  logo_props: dict({ maxChars: 2000 }).optional(),
  is_active: bool().optional(),
  /** Make it the project's default type (the previous default stops being one). */
  is_default: bool().optional(),
});
export type CreateIssueTypeBody = z.infer<typeof createIssueTypeBody>;
export const updateIssueTypeBody = createIssueTypeBody.partial();
export type UpdateIssueTypeBody = z.infer<typeof updateIssueTypeBody>;

/** One value as sent: the canonical list of strings, or a scalar. */
export const rawPropertyValue = () =>
  z.union(
    [
      z.string().max(10_000),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(z.union([z.string().max(10_000), z.number(), z.boolean()])).max(PROPERTY_MULTI_MAX),
    ],
    {
      error: fieldError("Expected a string, a number, a boolean or a list of them."),
    },
  );

/** `property_values` of a work item write: `{[property id]: value}` (only the named properties change). */
export const propertyValuesField = () =>
  z
    .record(uuid(), rawPropertyValue(), { error: fieldError(MSG.dict) })
    .refine((o) => Object.keys(o).length <= 200, "Too many properties.");

const optionInput = z.object({
  name: requiredText(255),
  description: text(10000).optional(),
  is_default: bool().optional(),
  sort_order: number().optional(),
  logo_props: dict({ maxChars: 2000 }).optional(),
});

const propertySettings = z
  .object({ min: number().nullable().optional(), max: number().nullable().optional() }, { error: fieldError(MSG.dict) })
  .nullable();

/** POST P/issue-types/{id}/issue-properties/. `options`: the first options of an option property. */
export const createIssuePropertyBody = z.object({
  display_name: requiredText(255),
  description: text(10000).optional(),
  kind: z.enum(PROPERTY_KINDS, { error: fieldError(MSG.choice) }),
  is_required: bool().optional(),
  is_active: bool().optional(),
  default_value: z
    .array(z.string().max(10_000), { error: fieldError(MSG.list) })
    .max(PROPERTY_MULTI_MAX)
    .optional(),
  settings: propertySettings.optional(),
  sort_order: number().optional(),
  logo_props: dict({ maxChars: 2000 }).optional(),
  options: z
    .array(optionInput, { error: fieldError(MSG.list) })
    .max(PROPERTY_OPTIONS_MAX)
    .optional(),
});
export type CreateIssuePropertyBody = z.infer<typeof createIssuePropertyBody>;
/** PATCH: the kind never changes (values would lose their meaning). */
export const updateIssuePropertyBody = createIssuePropertyBody.omit({ kind: true, options: true }).partial();
export type UpdateIssuePropertyBody = z.infer<typeof updateIssuePropertyBody>;

export const createPropertyOptionBody = optionInput;
export type CreatePropertyOptionBody = z.infer<typeof createPropertyOptionBody>;
export const updatePropertyOptionBody = optionInput.partial();
export type UpdatePropertyOptionBody = z.infer<typeof updatePropertyOptionBody>;

/** PUT/POST P/issues/{id}/issue-properties/{property}/values/ `{values: [...]}` (replaces the item's value). */
export const propertyValueBody = z.object({ values: rawPropertyValue() });
export type PropertyValueBody = z.infer<typeof propertyValueBody>;

// ---------------------------------------------------------------- responses

export interface IssueType {
  id: string;
  name: string;
  description: string;
  logo_props: LogoProps;
  is_default: boolean;
  /** The project's epic type: its items are the project's epics. */
  is_epic: boolean;
  is_active: boolean;
  /** null: a type shared across the workspace. */
  project_id: string | null;
  workspace_id: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IssuePropertyOption {
  id: string;
  name: string;
  description: string;
  property: string;
  is_default: boolean;
  is_active: boolean;
  sort_order: number;
  logo_props: LogoProps;
}

export interface IssueProperty extends Omit<PlanePropertyShape, "display_format"> {
  id: string;
  /** Machine name (Plane): the display name lower-cased with underscores. */
  name: string;
  display_name: string;
  description: string;
  kind: PropertyKind;
  issue_type: string;
  project_id: string | null;
  workspace_id: string;
  is_required: boolean;
  is_active: boolean;
  default_value: string[];
  settings: { display_format?: "single-line" | "multi-line"; min?: number | null; max?: number | null };
  sort_order: number;
  logo_props: LogoProps;
  /** Option kinds: their options in order. */
  options: IssuePropertyOption[];
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A work item's values (`property_values` on every item answer): property id → its values as strings. */
export type PropertyValues = Record<string, string[]>;
