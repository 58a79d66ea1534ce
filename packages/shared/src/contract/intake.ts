import { z } from "zod";
import { INTAKE_STATUSES, type IntakeStatus } from "../intake.ts";
import type { Priority } from "../constants.ts";
import { bool, choice, fieldError, lineText, MSG, name, ref, text, type HtmlField } from "./fields.ts";
import { workItemBodies, type WorkItemDetail } from "./work-items.ts";
import { propertyValuesField } from "./issue-types.ts";
import type { PropertyKind } from "../issue-properties.ts";
import type { Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

const DATETIME_MSG =
  "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";
/** An ISO date-time (or a plain yyyy-MM-dd, read as midnight UTC). */
export const dateTime = () =>
  z
    .string({ error: fieldError(DATETIME_MSG) })
    .max(64, DATETIME_MSG)
    .refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) &&
        !Number.isNaN(Date.parse(s)),
      DATETIME_MSG,
    );

/**
 * Bodies of P/inbox-issues/ (wire-facts §8): create `{issue:{name, …}, source?}`; PATCH `{status?, snoozed_till?,
 * duplicate_to?, issue?:{…}}` (the item's own fields go through the work-item PATCH rules).
 */
export function intakeBodies(html: HtmlField) {
  const item = workItemBodies(html);
  const create = z.object({
    issue: z.object(item.create.shape, { error: fieldError(MSG.dict) }),
    source: text(255).optional(),
  });
  const patch = z.object({
    status: choice(INTAKE_STATUSES).optional(),
    snoozed_till: dateTime().nullable().optional(),
    duplicate_to: ref().optional(),
    issue: z.object(item.patch.shape, { error: fieldError(MSG.dict) }).optional(),
  });
  return { create, patch };
}
export type IntakeCreateBody = z.infer<ReturnType<typeof intakeBodies>["create"]>;
export type IntakePatchBody = z.infer<ReturnType<typeof intakeBodies>["patch"]>;

/** PATCH P/intake-settings/. */
export const intakeSettingsBody = z.object({
  is_in_app_enabled: bool().optional(),
  is_form_enabled: bool().optional(),
  is_email_enabled: bool().optional(),
});
export type IntakeSettingsBody = z.infer<typeof intakeSettingsBody>;

export const EMAIL_MSG = "Enter a valid email address.";
/** The public intake form: a title, what is needed, and who asks. */
export const publicIntakeBody = z.object({
  name: name(),
  description: text(20000).optional(),
  email: lineText(254)
    .trim()
    .refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), EMAIL_MSG),
  /** Values of the properties the form offers (issue #29), checked as a new item's. */
  property_values: propertyValuesField().optional(),
});
export type PublicIntakeBody = z.infer<typeof publicIntakeBody>;

// ---------------------------------------------------------------- responses

/** The work item inside an intake list row (wire-facts §8). */
export interface IntakeIssueLite {
  id: string;
  name: string;
  priority: Priority;
  sequence_id: number;
  project_id: string;
  created_at: Timestamp;
  label_ids: string[];
  assignee_ids: string[];
  state_id: string | null;
  created_by: string | null;
}

export interface IntakeItem {
  id: string;
  intake: string;
  status: IntakeStatus;
  duplicate_to: string | null;
  snoozed_till: Timestamp | null;
  source: string;
  source_email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  issue: IntakeIssueLite;
}

export interface IntakeItemDetail extends Omit<IntakeItem, "issue"> {
  duplicate_issue_detail: IntakeIssueLite | null;
  issue: WorkItemDetail;
}

/** GET P/intakes/. */
export interface Intake {
  id: string;
  name: string;
  description: string;
  is_default: boolean;
  view_props: Record<string, unknown>;
  logo_props: Record<string, unknown>;
  project: string;
  workspace: string;
  project_detail: { id: string; name: string; identifier: string };
  pending_issue_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** GET / PATCH P/intake-settings/ and POST P/publish-intake-regenerate/. */
export interface IntakeSettings {
  id: string;
  intake: string;
  project: string;
  workspace: string;
  is_in_app_enabled: boolean;
  is_form_enabled: boolean;
  is_email_enabled: boolean;
  /** The public form's key: the form lives at `/spaces/intake/{anchor}/`. */
  anchor: string;
}

/** GET of the public form: what the person filling it in sees. */
export interface PublicIntakeForm {
  anchor: string;
  workspace_name: string;
  project_name: string;
  project_identifier: string;
  /**
   * The custom properties a request fills in (issue #29): the default type's active ones, except people (the form
   * does not show who is in the project); empty when types are off.
   */
  properties: PublicFormProperty[];
}

export interface PublicFormProperty {
  id: string;
  name: string;
  kind: Exclude<PropertyKind, "member" | "multi_member">;
  is_required: boolean;
  /** Number kind: inclusive bounds. */
  min: number | null;
  max: number | null;
  /** Option kinds: the active options in order. */
  options: { id: string; name: string }[];
  /** What the form starts with (the property's default, as values travel: option ids, `"true"`, `YYYY-MM-DD`…). */
  default_value: string[];
}

/** POST of the public form. */
export interface PublicIntakeSubmitted {
  submitted: true;
  project_name: string;
}
