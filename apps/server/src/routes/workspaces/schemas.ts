import { z } from "zod";
import { ORGANIZATION_SIZES } from "@stride/shared";
import { isTimezone, text } from "../users/schemas.ts";

export const organizationSize = z.enum(ORGANIZATION_SIZES, { error: `Must be one of: ${ORGANIZATION_SIZES.join(", ")}.` });

const timezone = z.string({ error: "Not a valid string." }).refine(isTimezone, "Not a valid timezone.");

/** Name and slug are checked in the handler so missing/too-long values get the wire-facts `{error}` bodies. */
export const createWorkspaceBody = z.object({
  name: z.string({ error: "Not a valid string." }).optional(),
  slug: z.string({ error: "Not a valid string." }).optional(),
  organization_size: organizationSize.nullable().optional(),
  company_role: text(255).nullable().optional(),
  timezone: timezone.optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBody>;

export const updateWorkspaceBody = z.object({
  name: z.string({ error: "Not a valid string." }).optional(),
  organization_size: organizationSize.nullable().optional(),
  timezone: timezone.optional(),
  logo: z
    .string({ error: "Not a valid string." })
    .max(2000, "Ensure this field has no more than 2000 characters.")
    .refine((s) => s === "" || /^https?:\/\/\S+$/i.test(s) || /^\/[^/\s]\S*$/.test(s), "Enter a valid URL.")
    .nullable()
    .optional(),
  logo_asset: z.null({ error: "Only null is accepted here; upload a logo through the assets endpoint." }).optional(),
  background_color: text(255).nullable().optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBody>;

export const slugCheckQuery = z.object({ slug: z.string().optional() });
