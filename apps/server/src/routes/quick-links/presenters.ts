import type { QuickLink } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { auditFields } from "../../http/present.ts";

type LinkRow = typeof schema.workspaceUserLinks.$inferSelect;

/** A quick link (wire-facts §9). */
export function presentQuickLink(l: LinkRow): QuickLink {
  return {
    id: l.id,
    title: l.title,
    url: l.url,
    metadata: l.metadata as Record<string, unknown>,
    owner: l.ownerId,
    workspace: l.workspaceId,
    project: l.projectId,
    ...auditFields(l),
  };
}
