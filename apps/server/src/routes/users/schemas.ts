import { z } from "zod";

/** True for "UTC" and any IANA zone name the runtime knows. */
export function isTimezone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const CONTROL = /[\u0000-\u001f\u007f]/;

export const text = (max: number) =>
  z
    .string({ error: "Not a valid string." })
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine((s) => !CONTROL.test(s), "Control characters are not allowed.");

/** A URL the client may render: empty, an http(s) URL, or a path on this server. */
const imageUrl = z
  .string({ error: "Not a valid string." })
  .max(2000, "Ensure this field has no more than 2000 characters.")
  .refine((s) => s === "" || /^https?:\/\/\S+$/i.test(s) || /^\/[^/\s]\S*$/.test(s), "Enter a valid URL.");

/** Any JSON object, kept small (settings blobs such as theme and goals). */
const jsonObject = z
  .record(z.string(), z.unknown(), { error: "Expected a JSON object." })
  .refine((o) => JSON.stringify(o).length <= 20000, "Ensure this object is smaller than 20000 characters.");

const boolFlags = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean({ error: "Must be a valid boolean." }).optional()])) as Record<K, z.ZodOptional<z.ZodBoolean>>, {
    error: "Expected a JSON object.",
  });

const bool = z.boolean({ error: "Must be a valid boolean." });

export const updateMeBody = z.object({
  first_name: text(255).optional(),
  last_name: text(255).optional(),
  display_name: text(255)
    .refine((s) => s.trim().length > 0, "This field may not be blank.")
    .optional(),
  avatar: imageUrl.nullable().optional(),
  cover_image: imageUrl.nullable().optional(),
  avatar_asset: z.uuid("Must be a valid UUID.").nullable().optional(),
  cover_image_asset: z.uuid("Must be a valid UUID.").nullable().optional(),
  user_timezone: z.string({ error: "Not a valid string." }).refine(isTimezone, "Not a valid timezone.").optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const ONBOARDING_STEPS = ["profile_complete", "workspace_create", "workspace_invite", "workspace_join"] as const;
export const MOBILE_ONBOARDING_STEPS = ["profile_complete", "workspace_create", "workspace_join"] as const;
export const PRODUCT_TOUR_KEYS = ["work_items", "cycles", "modules", "intake", "pages"] as const;

export const updateProfileBody = z.object({
  theme: jsonObject.optional(),
  is_app_rail_docked: bool.optional(),
  is_tour_completed: bool.optional(),
  onboarding_step: boolFlags(ONBOARDING_STEPS).optional(),
  use_case: text(1000).nullable().optional(),
  role: text(300).nullable().optional(),
  is_onboarded: bool.optional(),
  last_workspace_id: z.uuid("Must be a valid UUID.").nullable().optional(),
  billing_address_country: text(255).optional(),
  billing_address: jsonObject.nullable().optional(),
  has_billing_address: bool.optional(),
  company_name: text(255).optional(),
  notification_view_mode: z.enum(["full", "compact"], { error: "Must be one of: full, compact." }).optional(),
  is_smooth_cursor_enabled: bool.optional(),
  is_mobile_onboarded: bool.optional(),
  mobile_onboarding_step: boolFlags(MOBILE_ONBOARDING_STEPS).optional(),
  mobile_timezone_auto_set: bool.optional(),
  language: z
    .string({ error: "Not a valid string." })
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "Not a valid language code.")
    .optional(),
  start_of_the_week: z
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(0, "Must be between 0 (Sunday) and 6 (Saturday).")
    .max(6, "Must be between 0 (Sunday) and 6 (Saturday).")
    .optional(),
  goals: jsonObject.optional(),
  background_color: text(255).nullable().optional(),
  is_navigation_tour_completed: bool.optional(),
  has_marketing_email_consent: bool.optional(),
  is_subscribed_to_changelog: bool.optional(),
  product_tour: boolFlags(PRODUCT_TOUR_KEYS).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const onboardBody = z.object({ is_onboarded: bool.optional() });
export const tourCompletedBody = z.object({ is_tour_completed: bool.optional() });

export const notificationPreferencesBody = z.object({
  property_change: bool.optional(),
  state_change: bool.optional(),
  comment: bool.optional(),
  mention: bool.optional(),
  issue_completed: bool.optional(),
});

export const acceptInvitationsBody = z.object({
  invitations: z.array(z.uuid("Must be a valid UUID."), { error: "Expected a list of invitation ids." }).max(100, "At most 100 invitations at once.").default([]),
});

export const slugParams = z.object({ slug: z.string() });
