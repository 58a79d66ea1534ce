import { z } from "zod";

/**
 * Field builders with DRF-style messages (`{"field": ["msg"]}` bodies), shared by the project,
 * state, label and project-member schemas.
 */
const REQUIRED = "This field is required.";
const NOT_NULL = "This field may not be null.";

function baseMessage(kind: string) {
  return (iss: { input?: unknown }) => (iss.input === undefined ? REQUIRED : iss.input === null ? NOT_NULL : kind);
}

/** A required, trimmed, non-blank string of at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: baseMessage("Not a valid string.") })
    .trim()
    .min(1, "This field may not be blank.")
    .max(max, `Ensure this field has no more than ${max} characters.`);
}

/** An optional string (may be blank) of at most `max` characters; null allowed when `nullable`. */
export function optionalText(max: number) {
  return z.string({ error: baseMessage("Not a valid string.") }).max(max, `Ensure this field has no more than ${max} characters.`);
}

export function bool() {
  return z.boolean({ error: baseMessage("Must be a valid boolean.") });
}

export function uuidField() {
  return z.uuid({ error: (iss) => (iss.input === undefined ? REQUIRED : iss.input === null ? NOT_NULL : "Must be a valid UUID.") });
}

export function number() {
  return z.number({ error: baseMessage("A valid number is required.") }).refine(Number.isFinite, "A valid number is required.");
}

export function integerIn(min: number, max: number) {
  return z
    .number({ error: baseMessage("A valid integer is required.") })
    .int("A valid integer is required.")
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`);
}

export function choice<T extends number | string>(values: readonly T[]) {
  return z.custom<T>((v) => (values as readonly unknown[]).includes(v), {
    error: (iss) => (iss.input === undefined ? REQUIRED : `"${String(iss.input)}" is not a valid choice.`),
  });
}

/** A JSON object (not an array, not null). */
export function jsonObject() {
  return z.record(z.string(), z.unknown(), { error: baseMessage("Expected a dictionary of items.") });
}

/** A hex colour such as #60646C (3, 6 or 8 hex digits), or an empty string. */
export function color() {
  return z
    .string({ error: baseMessage("Not a valid string.") })
    .trim()
    .max(255, "Ensure this field has no more than 255 characters.")
    .regex(/^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))?$/, "Enter a valid hex colour, e.g. #60646C.");
}

/** Path id parameter: a UUID, else the pipeline answers 404. */
export const uuidParam = z.uuid();
