import { z } from "zod";
import { idParam, slugParams } from "../../http/fields.ts";

export { updateNotificationBody } from "@stride/shared/contract";

export const notificationParams = slugParams.extend({ notificationId: idParam() });

/** The inbox filters (wire-facts §9): strings as Plane's client sends them; unknown values are ignored. */
const filterFields = {
  type: z.string().optional(),
  snoozed: z.string().optional(),
  archived: z.string().optional(),
  read: z.string().optional(),
  mentioned: z.string().optional(),
};
export const notificationListQuery = z.object({
  ...filterFields,
  per_page: z.string().optional(),
  cursor: z.string().optional(),
});
/** POST .../mark-all-read/ takes the same filters in its body (booleans or strings). */
export const markAllReadBody = z
  .object(
    Object.fromEntries(
      Object.keys(filterFields).map((k) => [k, z.union([z.string(), z.boolean(), z.null()]).optional()]),
    ) as Record<keyof typeof filterFields, z.ZodOptional<z.ZodUnion<[z.ZodString, z.ZodBoolean, z.ZodNull]>>>,
  )
  .default({});
export type InboxFilter = Partial<Record<keyof typeof filterFields, string | boolean | null>>;
