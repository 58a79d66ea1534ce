import { z } from "zod";
import { projectBodies } from "@stride/shared/contract";
import { htmlField } from "../../core/sanitize.ts";

export { favoriteProjectBody, identifierDeleteBody, projectViewsBody } from "@stride/shared/contract";

/** POST W/projects/ and PATCH W/projects/{id}/ (the contract's bodies, description sanitised on write). */
export const { create: createProjectBody, update: updateProjectBody } = projectBodies(htmlField);

export const detailsQuery = z.object({
  per_page: z.string().optional(),
  cursor: z.string().optional(),
  order_by: z.string().optional(),
});

export const identifierQuery = z.object({ name: z.string().optional() });

export const statsQuery = z.object({ fields: z.string().optional(), project_ids: z.string().optional() });
