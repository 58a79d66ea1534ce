import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export {
  createFavoriteBody,
  updateFavoriteBody,
  type CreateFavoriteBody,
  type UpdateFavoriteBody,
} from "@stride/shared/contract";

export const favoriteParams = slugParams.extend({ favoriteId: idParam() });

/** GET W/user-favorites/?all=true: every favourite (folders' children included), not only the top level. */
export const favoritesQuery = z.object({ all: z.enum(["true", "false", "1", "0"]).optional() });
