import { z } from "zod";
import { PRIORITIES } from "@stride/shared";
import { htmlField } from "../../core/sanitize.ts";

/** DRF-style messages, so clients see the texts they already know. */
export const MSG = {
  required: "This field is required.",
  blank: "This field may not be blank.",
  string: "Not a valid string.",
  uuid: "Must be a valid UUID.",
  date: "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
  datetime: "Datetime has wrong format.",
  number: "A valid number is required.",
  integer: "A valid integer is required.",
  boolean: "Must be a valid boolean.",
  list: "Expected a list of items.",
  object: "Expected a dictionary of items.",
  maxLen: (n: number) => `Ensure this field has no more than ${n} characters.`,
  choice: (v: unknown) => `"${String(v)}" is not a valid choice.`,
} as const;

export const NAME_MAX = 255;
/** Rich text can be long, but not unbounded. */
export const HTML_MAX = 2_000_000;

const typeMsg = (msg: string) => (iss: { input?: unknown }) => (iss.input === undefined ? MSG.required : msg);

export const zUuid = z.uuid({ error: typeMsg(MSG.uuid) });
export const zStr = (max: number) => z.string({ error: typeMsg(MSG.string) }).max(max, MSG.maxLen(max));

/** A required, trimmed, non-blank name of at most 255 characters. */
export const zName = z.string({ error: typeMsg(MSG.string) }).trim().min(1, MSG.blank).max(NAME_MAX, MSG.maxLen(NAME_MAX));

function validDate(s: string): boolean {
  const d = new Date(s + "T00:00:00Z");
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** Plain `yyyy-MM-dd` (work-tracking.md §5). */
export const zDate = z.string({ error: typeMsg(MSG.date) }).refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && validDate(s), MSG.date);

export const zPriority = z.enum(PRIORITIES, { error: (iss) => (iss.input === undefined ? MSG.required : MSG.choice(iss.input)) });
export const zIdList = z.array(zUuid, { error: typeMsg(MSG.list) }).max(1000);
export const zNumber = z.number({ error: typeMsg(MSG.number) }).finite();
export const zBool = z.boolean({ error: typeMsg(MSG.boolean) });

/**
 * A nullable reference to another row (state, parent, estimate point, type, cycle, project). As with DRF's
 * relational fields, an empty string means "none": Plane's forms send `""` for an unset picker.
 */
export const zRef = z.preprocess((v) => (v === "" ? null : v), zUuid.nullable());

const TRUE_FORMS = new Set(["true", "t", "yes", "y", "on", "1"]);
const FALSE_FORMS = new Set(["false", "f", "no", "n", "off", "0", ""]);
/** A flag in any of the forms clients send (DRF BooleanField): true/false, 1/0, "true"/"True"/"1", "false"/"0"/"", null (false). */
export const zFlag = z.preprocess((v) => {
  if (v === null) return false;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (TRUE_FORMS.has(s)) return true;
    if (FALSE_FORMS.has(s)) return false;
  }
  return v;
}, zBool);

/** Body of POST P/issues/ (wire-facts §6.2). Unknown keys (cycle_id, module_ids, …) are ignored. */
export const issueCreateBody = z.object({
  name: zName,
  description_html: htmlField(HTML_MAX).nullable().optional(),
  description_binary: z.string({ error: typeMsg(MSG.string) }).max(HTML_MAX * 2).nullable().optional(),
  description_json: z.unknown().optional(),
  state_id: zRef.optional(),
  parent_id: zRef.optional(),
  label_ids: zIdList.optional(),
  assignee_ids: zIdList.optional(),
  priority: zPriority.optional(),
  start_date: zDate.nullable().optional(),
  target_date: zDate.nullable().optional(),
  estimate_point: zRef.optional(),
  sort_order: zNumber.optional(),
  is_draft: zBool.optional(),
  type_id: zRef.optional(),
  external_source: zStr(255).nullable().optional(),
  external_id: zStr(255).nullable().optional(),
});
export type IssueCreateBody = z.infer<typeof issueCreateBody>;

/** Body of PATCH P/issues/{id}/: any create field; lists replace. */
export const issuePatchBody = issueCreateBody.partial().extend({
  skip_activity: zFlag.optional(),
});
export type IssuePatchBody = z.infer<typeof issuePatchBody>;

export const projectParams = z.object({ slug: z.string(), projectId: zUuid });
export const issueParams = projectParams.extend({ issueId: zUuid });
export type IssueParams = z.infer<typeof issueParams>;

export const expandQuery = z.object({ expand: z.string().max(1000).optional() }).passthrough();

export function parseExpand(expand: string | undefined): Set<string> {
  return new Set((expand ?? "").split(",").map((s) => s.trim()).filter(Boolean));
}

export const issueIdsBody = z.object({ issue_ids: z.array(zUuid, { error: typeMsg(MSG.list) }).min(1, "Issue IDs are required").max(1000) });
