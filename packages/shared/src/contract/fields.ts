import { z } from "zod";
import { isTimeZone } from "../issue-filters/dates.ts";

// In a browser, zod builds its schemas without its compiled fast path: zod probes for it with `Function("")`, which
// the web app's Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation on every page whose code
// builds a schema (the forms check with the contract's body schemas). The server keeps the fast path. Here, in the
// module the contract's schemas are built from, so it runs before any of them is built (and is not tree-shaken away).
if (typeof document !== "undefined") z.config({ jitless: true });

/**
 * The one field vocabulary of request bodies (server validation and client-side checks alike). Messages are
 * Django REST framework's, so Plane's client shows the texts it knows: a field error body is
 * `{"field": ["message"]}`. A missing field says "This field is required.", a null on a field that does not
 * take null "This field may not be null.", anything else the field's own message.
 */
export const MSG = {
  required: "This field is required.",
  notNull: "This field may not be null.",
  blank: "This field may not be blank.",
  string: "Not a valid string.",
  uuid: "Must be a valid UUID.",
  date: "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
  number: "A valid number is required.",
  integer: "A valid integer is required.",
  boolean: "Must be a valid boolean.",
  list: "Expected a list of items.",
  emptyList: "This list may not be empty.",
  dict: "Expected a dictionary of items.",
  jsonObject: "Expected a JSON object.",
  url: "Enter a valid URL.",
  timezone: "Not a valid timezone.",
  controlChars: "Control characters are not allowed.",
  maxLen: (n: number) => `Ensure this field has no more than ${n} characters.`,
  maxItems: (n: number) => `Ensure this field has no more than ${n} elements.`,
  minValue: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  maxValue: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  choice: (v: unknown) => `"${String(v)}" is not a valid choice.`,
} as const;

/** Longest name of a work item, task, state or label. */
export const NAME_MAX = 255;
/** Rich text can be long, but not unbounded. */
export const HTML_MAX = 2_000_000;
/** Most ids a list field (labels, assignees, modules) takes at once. */
export const ID_LIST_MAX = 1000;

/** The zod error map of a field: missing → required, null → not null, any other bad value → `message` (or `message(value)`). */
export function fieldError(message: string | ((input: unknown) => string)) {
  return (iss: { input?: unknown }) =>
    iss.input === undefined
      ? MSG.required
      : iss.input === null
        ? MSG.notNull
        : typeof message === "string"
          ? message
          : message(iss.input);
}

/** A string of at most `max` characters (may be blank). */
export function text(max: number) {
  return z.string({ error: fieldError(MSG.string) }).max(max, MSG.maxLen(max));
}

/** A trimmed, non-blank string of at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: fieldError(MSG.string) })
    .trim()
    .min(1, MSG.blank)
    .max(max, MSG.maxLen(max));
}

/** The name of a work item, task, state or label: trimmed, non-blank, at most 255 characters. */
export const name = () => requiredText(NAME_MAX);

const CONTROL = /[\u0000-\u001f\u007f]/;
/** A one-line text of at most `max` characters without control characters (names and settings of people). */
export function lineText(max: number) {
  return text(max).refine((s) => !CONTROL.test(s), MSG.controlChars);
}

export const bool = () => z.boolean({ error: fieldError(MSG.boolean) });

const TRUE_FORMS = new Set(["true", "t", "yes", "y", "on", "1"]);
const FALSE_FORMS = new Set(["false", "f", "no", "n", "off", "0", ""]);
/** A flag in any form clients send (DRF BooleanField): true/false, 1/0, "true"/"True"/"1", "false"/"0"/"", null (false). */
export const flag = () =>
  z.preprocess((v) => {
    if (v === null) return false;
    if (v === 1 || v === 0) return v === 1;
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (TRUE_FORMS.has(s)) return true;
      if (FALSE_FORMS.has(s)) return false;
    }
    return v;
  }, bool());

export const uuid = () => z.uuid({ error: fieldError(MSG.uuid) });

/**
 * A nullable reference to another row (state, parent, estimate point, type, cycle, project). As with DRF's
 * relational fields, an empty string means "none": Plane's forms send `""` for an unset picker.
 */
export const ref = () => z.preprocess((v) => (v === "" ? null : v), uuid().nullable());

/** A finite number. */
export const number = () => z.number({ error: fieldError(MSG.number) }).refine(Number.isFinite, MSG.number);

/** An integer from `min` to `max`. */
export function integerIn(min: number, max: number, message?: string) {
  return z
    .number({ error: fieldError(MSG.integer) })
    .int(MSG.integer)
    .min(min, message ?? MSG.minValue(min))
    .max(max, message ?? MSG.maxValue(max));
}

/** One of `values` (strings or numbers): `"x" is not a valid choice.` otherwise. */
export function choice<const T extends readonly (string | number)[]>(values: T) {
  return z.custom<T[number]>((v) => (values as readonly unknown[]).includes(v), { error: fieldError(MSG.choice) });
}

function isValidDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(s + "T00:00:00Z");
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** A calendar date written `yyyy-MM-dd` (work-tracking.md §5). */
export const date = () => z.string({ error: fieldError(MSG.date) }).refine(isValidDate, MSG.date);

/** A list of ids (labels, assignees, modules), at most `max`. */
export const idList = (max = ID_LIST_MAX) => z.array(uuid(), { error: fieldError(MSG.list) }).max(max);

/** A non-empty list of `item`, at most `max`. */
export function nonEmptyList<T extends z.ZodType>(item: T, max: number, emptyMessage: string = MSG.emptyList) {
  return z
    .array(item, { error: fieldError(MSG.list) })
    .min(1, emptyMessage)
    .max(max);
}

/** A JSON object (not an array, not null), optionally at most `maxChars` long once serialised. */
export function dict(opts: { message?: string; maxChars?: number } = {}) {
  const base = z.record(z.string(), z.unknown(), { error: fieldError(opts.message ?? MSG.dict) });
  const max = opts.maxChars;
  return max === undefined
    ? base
    : base.refine((o) => JSON.stringify(o).length <= max, `Ensure this object is smaller than ${max} characters.`);
}

/** A hex colour such as #60646C (3, 6 or 8 hex digits), or an empty string. */
export const color = () =>
  text(255)
    .trim()
    .regex(/^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))?$/, "Enter a valid hex colour, e.g. #60646C.");

/** True for "UTC" and any IANA zone name the runtime knows (at most 64 characters). */
export function isTimezone(tz: string): boolean {
  return tz.length > 0 && tz.length <= 64 && isTimeZone(tz);
}

/** An IANA time zone name. */
export const timezone = (message: string = MSG.timezone) =>
  z.string({ error: fieldError(MSG.string) }).refine(isTimezone, message);

/** A URL the client may render: empty, an http(s) URL, or a path on this server. */
export const imageUrl = (max = 2000) =>
  text(max).refine((s) => s === "" || /^https?:\/\/\S+$/i.test(s) || /^\/[^/\s]\S*$/.test(s), MSG.url);

/**
 * How a rich-text (HTML) field is built. The contract only declares that a field holds HTML of at most `max`
 * characters; the side that parses supplies the field: the server passes its sanitising `htmlField`
 * (`apps/server/src/core/sanitize.ts`), which stores only what the shared allowlist keeps, and a client passes
 * `htmlText`, which checks type and length. Schemas with HTML are therefore factories taking an HtmlField.
 */
export type HtmlField = (max: number) => z.ZodType<string, string>;

/** The client's HtmlField: a string of at most `max` characters, not sanitised (never used by the server). */
export const htmlText: HtmlField = (max) => text(max);
