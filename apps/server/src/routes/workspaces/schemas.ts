import { z } from "zod";

export { createWorkspaceBody, updateWorkspaceBody, type CreateWorkspaceBody } from "@stride/shared/contract";

export const slugCheckQuery = z.object({ slug: z.string().optional() });
