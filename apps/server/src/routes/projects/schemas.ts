import { z } from "zod";
import { PROJECT_IDENTIFIER_MAX, PROJECT_NAME_MAX, PROJECT_NETWORK } from "@stride/shared";
import { bool, choice, integerIn, jsonObject, number, optionalText, requiredText, uuidField, uuidParam } from "./fields.ts";
import { htmlField } from "../../core/sanitize.ts";

function isTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const slugParams = z.object({ slug: z.string() });
export const projectParams = z.object({ slug: z.string(), projectId: uuidParam });

/** Upper-cased identifier; letters and digits only (checked in the command so the error code is the spec's). */
const identifier = z
  .string({ error: (iss) => (iss.input === undefined ? "This field is required." : iss.input === null ? "This field may not be null." : "Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(PROJECT_IDENTIFIER_MAX, `Ensure this field has no more than ${PROJECT_IDENTIFIER_MAX} characters.`)
  .transform((s) => s.toUpperCase());

/**
 * A cover image URL: absolute http(s), or a path on our own origin (stock covers, static assets). Anything else
 * (`javascript:`, `data:`, protocol-relative `//host`, backslashes, whitespace) is refused.
 */
function isCoverImageUrl(value: string): boolean {
  if (value === "") return true;
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** Writable project columns (create and update). */
const writable = {
  description: optionalText(10000),
  description_text: z.unknown(),
  description_html: htmlField(1_000_000).nullable(),
  network: choice([PROJECT_NETWORK.SECRET, PROJECT_NETWORK.PUBLIC] as const),
  project_lead: uuidField().nullable(),
  default_assignee: uuidField().nullable(),
  emoji: optionalText(255).nullable(),
  icon_prop: jsonObject().nullable(),
  logo_props: jsonObject(),
  cover_image: optionalText(800).refine(isCoverImageUrl, "Enter a valid URL.").nullable(),
  cover_image_asset: uuidField().nullable(),
  module_view: bool(),
  cycle_view: bool(),
  issue_views_view: bool(),
  page_view: bool(),
  intake_view: bool(),
  inbox_view: bool(),
  is_time_tracking_enabled: bool(),
  is_issue_type_enabled: bool(),
  is_project_updates_enabled: bool(),
  is_epic_enabled: bool(),
  is_workflow_enabled: bool(),
  guest_view_all_features: bool(),
  archive_in: integerIn(0, 12),
  close_in: integerIn(0, 12),
  timezone: optionalText(255).refine(isTimeZone, "Enter a valid time zone, e.g. Europe/Berlin."),
  external_source: optionalText(255).nullable(),
  external_id: optionalText(255).nullable(),
};

export const createProjectBody = z.object({
  name: requiredText(PROJECT_NAME_MAX),
  identifier,
  ...Object.fromEntries(Object.entries(writable).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodType<CreateProjectInput>;

export const updateProjectBody = z.object({
  name: requiredText(PROJECT_NAME_MAX).optional(),
  identifier: identifier.optional(),
  default_state: uuidField().nullable().optional(),
  estimate: uuidField().nullable().optional(),
  ...Object.fromEntries(Object.entries(writable).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodType<UpdateProjectInput>;

export interface WritableProjectInput {
  description?: string;
  description_text?: unknown;
  description_html?: string | null;
  network?: 0 | 2;
  project_lead?: string | null;
  default_assignee?: string | null;
  emoji?: string | null;
  icon_prop?: Record<string, unknown> | null;
  logo_props?: Record<string, unknown>;
  cover_image?: string | null;
  cover_image_asset?: string | null;
  module_view?: boolean;
  cycle_view?: boolean;
  issue_views_view?: boolean;
  page_view?: boolean;
  intake_view?: boolean;
  inbox_view?: boolean;
  is_time_tracking_enabled?: boolean;
  is_issue_type_enabled?: boolean;
  is_project_updates_enabled?: boolean;
  is_epic_enabled?: boolean;
  is_workflow_enabled?: boolean;
  guest_view_all_features?: boolean;
  archive_in?: number;
  close_in?: number;
  timezone?: string;
  external_source?: string | null;
  external_id?: string | null;
}
export interface CreateProjectInput extends WritableProjectInput {
  name: string;
  identifier: string;
}
export interface UpdateProjectInput extends WritableProjectInput {
  name?: string;
  identifier?: string;
  default_state?: string | null;
  estimate?: string | null;
}

export const detailsQuery = z.object({
  per_page: z.string().optional(),
  cursor: z.string().optional(),
  order_by: z.string().optional(),
});

export const identifierQuery = z.object({ name: z.string().optional() });
export const identifierDeleteBody = z.object({ name: z.string({ error: "Not a valid string." }).optional() });

export const statsQuery = z.object({ fields: z.string().optional(), project_ids: z.string().optional() });

export const favoriteBody = z.object({ project: uuidField() });

export const projectViewsBody = z.object({
  view_props: jsonObject().optional(),
  default_props: jsonObject().optional(),
  preferences: jsonObject().optional(),
  sort_order: number().optional(),
});
