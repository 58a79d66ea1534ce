// The shared request-body schemas check the forms as the server will (issue #26 point 5: forms on the shared schemas).
import { schemaCheck } from "../../lib/settings-form.ts";

/** The folder name field's own word for an empty name (it wins over the schema's). */
const named = (v: { name: string }): Record<string, string> => (v.name.trim() ? {} : { name: "Enter a name." });

/** A new folder, checked as the server checks POST user-favorites/ with a folder. */
export const checkNewFolder = schemaCheck(
  (c) => c.createFavoriteBody,
  (v: { name: string }) => ({ entity_type: "folder", is_folder: true, name: v.name.trim(), parent: null }),
  named,
);

/** A folder's new name, checked as the server checks its PATCH. */
export const checkRename = schemaCheck(
  (c) => c.updateFavoriteBody,
  (v: { name: string }) => ({ name: v.name.trim() }),
  named,
);
