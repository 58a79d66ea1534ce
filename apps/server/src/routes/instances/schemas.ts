import { z } from "zod";
import { idParam } from "../../http/fields.ts";

export {
  adminWorkspaceCreateBody,
  configPatchBody,
  instanceAdminCreateBody,
  instancePatchBody,
} from "@stride/shared/contract";

export const instanceAdminParams = z.object({ id: idParam() });
export const adminWorkspacesQuery = z.object({
  cursor: z.string().optional(),
  per_page: z.string().optional(),
  search: z.string().max(255).optional(),
});
export const slugCheckQuery = z.object({ slug: z.string().optional() });
