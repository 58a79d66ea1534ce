import { z } from "zod";
import { slugParams } from "../../http/fields.ts";

export {
  homePreferencePatchBody,
  sidebarPreferencePatchBody,
  sidebarPreferencesBulkBody,
} from "@stride/shared/contract";
export const preferenceKeyParams = slugParams.extend({ key: z.string().max(100) });
