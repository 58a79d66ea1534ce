import type { InferSelectModel } from "drizzle-orm";
import type { Label } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";

export type LabelRow = InferSelectModel<typeof schema.labels>;

/** Label (wire-facts §5): `{id, parent, name, color, project_id, workspace_id, sort_order}`. */
export function presentLabel(l: LabelRow): Label {
  return {
    id: l.id,
    parent: l.parentId,
    name: l.name,
    color: l.color,
    project_id: l.projectId,
    workspace_id: l.workspaceId,
    sort_order: l.sortOrder,
  };
}
