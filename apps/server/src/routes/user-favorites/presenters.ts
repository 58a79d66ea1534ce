import type { FavoriteEntityKind, UserFavorite } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import type { ResolvedEntity } from "./entities.ts";

export type FavoriteRow = typeof schema.userFavorites.$inferSelect;

/** `{id, entity_type, entity_identifier, entity_data, name, is_folder, sequence, parent, workspace_id, project_id}` (wire-facts §7). */
export function presentFavorite(row: FavoriteRow, entity: ResolvedEntity | undefined): UserFavorite {
  return {
    id: row.id,
    entity_type: row.entityType as FavoriteEntityKind,
    entity_identifier: row.entityIdentifier,
    entity_data: entity?.data ?? null,
    name: row.name,
    is_folder: row.isFolder,
    sequence: row.sequence,
    parent: row.parentId,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
  };
}
