import { z } from "zod";

/** Entity types a favourite can point at, and `folder` (wire-facts §7). */
export const FAVORITE_ENTITY_TYPES = ["project", "cycle", "module", "view", "page", "issue", "folder"] as const;
export type FavoriteEntityKind = (typeof FAVORITE_ENTITY_TYPES)[number];

const uuid = () => z.uuid({ message: "Must be a valid UUID." });
const folderName = z.string().trim().min(1, "This field may not be blank.").max(255);

/** POST W/user-favorites/: an entity favourite, or a folder (`is_folder: true` or `entity_type: "folder"`, with a name). */
export const createFavoriteBody = z.object({
  entity_type: z.enum(FAVORITE_ENTITY_TYPES),
  entity_identifier: uuid().nullish(),
  project_id: uuid().nullish(),
  name: z.string().max(255).nullish(),
  is_folder: z.boolean().optional(),
  parent: uuid().nullish(),
});
export type CreateFavoriteBody = z.infer<typeof createFavoriteBody>;

/** PATCH W/user-favorites/{id}/: rename a folder, move into / out of a folder (`parent`), reorder (`sequence`). */
export const updateFavoriteBody = z.object({
  name: folderName.optional(),
  parent: uuid().nullable().optional(),
  sequence: z.number().finite().optional(),
});
export type UpdateFavoriteBody = z.infer<typeof updateFavoriteBody>;

/** What a favourite points at: `{id, name, logo_props}` plus `project_id` for entities inside a project. */
export interface FavoriteEntityData {
  id: string;
  name: string;
  logo_props: Record<string, unknown>;
  project_id?: string;
}

/** A favourite as W/user-favorites/ answers it (wire-facts §7). */
export interface UserFavorite {
  id: string;
  entity_type: FavoriteEntityKind;
  entity_identifier: string | null;
  entity_data: FavoriteEntityData | null;
  name: string | null;
  is_folder: boolean;
  sequence: number;
  parent: string | null;
  workspace_id: string;
  project_id: string | null;
}
