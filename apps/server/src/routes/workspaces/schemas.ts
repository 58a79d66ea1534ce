import { z } from "zod";

export { createWorkspaceBody, updateWorkspaceBody, organizationSize, type CreateWorkspaceBody, type UpdateWorkspaceBody } from "@stride/shared/contract";

export const slugCheckQuery = z.object({ slug: z.string().optional() });
