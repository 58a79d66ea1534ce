import { z } from "zod";
import { stickyBodies } from "@stride/shared/contract";
import { htmlField } from "../../core/sanitize.ts";
import { idParam, slugParams } from "../../http/fields.ts";

export const { create: stickyCreateBody, patch: stickyPatchBody } = stickyBodies(htmlField);
export const stickyParams = slugParams.extend({ stickyId: idParam() });
/** GET W/stickies/: `query` searches the text; `per_page` / `cursor` page through (default 20 a page). */
export const stickyListQuery = z.object({
  query: z.string().max(255).optional(),
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
