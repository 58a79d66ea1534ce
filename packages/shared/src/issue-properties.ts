/**
 * Work item types and their custom properties (issue #29): the property kinds, Plane's wire names for them, and
 * the one pure check of a value, used by the server on every write path and by the web before it sends.
 *
 * A value travels as a list of strings, keyed by property id (`property_values: {[id]: string[]}`), like Plane's
 * property values: a number is its decimal text, a date `YYYY-MM-DD`, a boolean `"true"`/`"false"`, an option or a
 * member its id. Single-valued kinds carry at most one string; an empty list clears the value.
 */

export const PROPERTY_KINDS = [
  "text",
  "paragraph",
  "number",
  "date",
  "boolean",
  "option",
  "multi_option",
  "member",
  "multi_member",
  "url",
] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export const PROPERTY_KIND_LABELS: Record<PropertyKind, string> = {
  text: "Text",
  paragraph: "Paragraph",
  number: "Number",
  date: "Date",
  boolean: "Boolean",
  option: "Option",
  multi_option: "Multi-option",
  member: "Member",
  multi_member: "Multi-member",
  url: "URL",
};

/** Plane's description of a kind: `property_type`, `relation_type`, `is_multi`, `settings.display_format`. */
export interface PlanePropertyShape {
  property_type: "TEXT" | "DECIMAL" | "OPTION" | "BOOLEAN" | "DATETIME" | "RELATION" | "URL";
  relation_type: "USER" | null;
  is_multi: boolean;
  display_format: "single-line" | "multi-line" | null;
}

export function planeShape(kind: PropertyKind): PlanePropertyShape {
  switch (kind) {
    case "text":
      return { property_type: "TEXT", relation_type: null, is_multi: false, display_format: "single-line" };
    case "paragraph":
      return { property_type: "TEXT", relation_type: null, is_multi: false, display_format: "multi-line" };
    case "number":
      return { property_type: "DECIMAL", relation_type: null, is_multi: false, display_format: null };
    case "date":
      return { property_type: "DATETIME", relation_type: null, is_multi: false, display_format: null };
    case "boolean":
      return { property_type: "BOOLEAN", relation_type: null, is_multi: false, display_format: null };
    case "option":
    case "multi_option":
      return { property_type: "OPTION", relation_type: null, is_multi: kind === "multi_option", display_format: null };
    case "member":
    case "multi_member":
      return {
        property_type: "RELATION",
        relation_type: "USER",
        is_multi: kind === "multi_member",
        display_format: null,
      };
    case "url":
      return { property_type: "URL", relation_type: null, is_multi: false, display_format: null };
  }
}

/** Kinds whose values are ids (options or people). */
export function isMultiKind(kind: PropertyKind): boolean {
  return kind === "multi_option" || kind === "multi_member";
}
export function isOptionKind(kind: PropertyKind): boolean {
  return kind === "option" || kind === "multi_option";
}
export function isMemberKind(kind: PropertyKind): boolean {
  return kind === "member" || kind === "multi_member";
}

/** Longest text value (a paragraph); a single-line text is shorter. */
export const PROPERTY_TEXT_MAX = 255;
export const PROPERTY_PARAGRAPH_MAX = 10_000;
export const PROPERTY_URL_MAX = 2000;
/** Most values a multi-valued property holds on one item. */
export const PROPERTY_MULTI_MAX = 100;
/** Most custom properties one work item type has. */
export const PROPERTIES_PER_TYPE_MAX = 100;

/** What the check needs of a property. */
export interface PropertyRule {
  id: string;
  name: string;
  kind: PropertyKind;
  is_required: boolean;
  /** Number kind: inclusive bounds. */
  settings?: { min?: number | null; max?: number | null } | null;
  /** Option kinds: the ids of its active options. */
  option_ids?: readonly string[];
}

/** A value as a client may send it: the canonical list of strings, or a plain scalar (normalised into one). */
export type RawPropertyValue = string | number | boolean | null | readonly (string | number | boolean)[];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER_RE = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}

function isDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

export type PropertyCheck = { ok: true; values: string[] } | { ok: false; error: string };

/**
 * Check one property's value and return its canonical form (a list of strings; `[]` = no value). Option ids must be
 * among the property's `option_ids`; member ids are only checked as ids here (the server checks membership).
 * `required` refuses an empty value (used on create after defaults, and on updates that clear a value).
 */
export function checkPropertyValue(
  p: PropertyRule,
  raw: RawPropertyValue | undefined,
  opts: { required?: boolean } = {},
): PropertyCheck {
  const list: (string | number | boolean)[] =
    raw === null || raw === undefined
      ? []
      : Array.isArray(raw)
        ? [...(raw as (string | number | boolean)[])]
        : [raw as string | number | boolean];
  const fail = (error: string): PropertyCheck => ({ ok: false, error: `${p.name}: ${error}` });
  const multi = isMultiKind(p.kind);
  if (list.length > (multi ? PROPERTY_MULTI_MAX : 1))
    return fail(multi ? `at most ${PROPERTY_MULTI_MAX} values.` : "takes one value.");
  const out: string[] = [];
  for (const v of list) {
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return fail("not a valid value.");
    const s = typeof v === "string" ? (p.kind === "paragraph" ? v : v.trim()) : String(v);
    if (s === "" && p.kind !== "boolean") continue;
    switch (p.kind) {
      case "text":
        if (s.length > PROPERTY_TEXT_MAX) return fail(`ensure it has no more than ${PROPERTY_TEXT_MAX} characters.`);
        if (/[\u0000-\u001f\u007f]/.test(s)) return fail("control characters are not allowed.");
        out.push(s);
        break;
      case "paragraph":
        if (s.length > PROPERTY_PARAGRAPH_MAX)
          return fail(`ensure it has no more than ${PROPERTY_PARAGRAPH_MAX} characters.`);
        if (/\u0000/.test(s)) return fail("control characters are not allowed.");
        if (s.trim() !== "") out.push(s);
        break;
      case "number": {
        if (typeof v === "boolean" || !NUMBER_RE.test(s)) return fail("a valid number is required.");
        const n = Number(s);
        if (!Number.isFinite(n)) return fail("a valid number is required.");
        const min = p.settings?.min;
        const max = p.settings?.max;
        if (min !== null && min !== undefined && n < min)
          return fail(`ensure this value is greater than or equal to ${min}.`);
        if (max !== null && max !== undefined && n > max)
          return fail(`ensure this value is less than or equal to ${max}.`);
        out.push(String(n));
        break;
      }
      case "date":
        if (!isDate(s)) return fail("date has wrong format. Use YYYY-MM-DD.");
        out.push(s);
        break;
      case "boolean":
        if (s !== "true" && s !== "false") return fail("must be a valid boolean.");
        out.push(s);
        break;
      case "url":
        if (s.length > PROPERTY_URL_MAX || !isHttpUrl(s)) return fail("enter a valid URL.");
        out.push(s);
        break;
      case "option":
      case "multi_option": {
        const id = s.toLowerCase();
        if (!isUuid(id) || !(p.option_ids ?? []).includes(id)) return fail(`"${s}" is not a valid choice.`);
        if (!out.includes(id)) out.push(id);
        break;
      }
      case "member":
      case "multi_member": {
        const id = s.toLowerCase();
        if (!isUuid(id)) return fail(`"${s}" is not a valid member.`);
        if (!out.includes(id)) out.push(id);
        break;
      }
    }
  }
  if (opts.required && out.length === 0) return fail("this property is required.");
  return { ok: true, values: out };
}

/** A property's default, checked like a value (an invalid default is refused when the property is saved). */
export function defaultValues(p: PropertyRule & { default_value?: readonly string[] | null }): string[] {
  const r = checkPropertyValue(p, p.default_value ?? []);
  return r.ok ? r.values : [];
}

/**
 * The values of a new work item: each given value checked, every other property of its type taking its default,
 * required ones present. `given` keys that are not properties of the type are refused.
 */
export function resolveCreateValues(
  props: readonly (PropertyRule & { default_value?: readonly string[] | null })[],
  given: Readonly<Record<string, RawPropertyValue>> | undefined,
): { ok: true; values: Record<string, string[]> } | { ok: false; error: string } {
  const byId = new Map(props.map((p) => [p.id, p]));
  for (const key of Object.keys(given ?? {}))
    if (!byId.has(key.toLowerCase())) return { ok: false, error: `"${key}" is not a property of this work item type.` };
  const values: Record<string, string[]> = {};
  const lowered = Object.fromEntries(Object.entries(given ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  for (const p of props) {
    const has = Object.prototype.hasOwnProperty.call(lowered, p.id);
    const r = has
      ? checkPropertyValue(p, lowered[p.id], { required: p.is_required })
      : { ok: true as const, values: defaultValues(p) };
    if (!r.ok) return r;
    if (!has && p.is_required && r.values.length === 0)
      return { ok: false, error: `${p.name}: this property is required.` };
    if (r.values.length) values[p.id] = r.values;
  }
  return { ok: true, values };
}

/**
 * The changes of an update: only the given properties, each checked (a required one may not be cleared).
 * Returns the new lists (`[]` = clear).
 */
export function resolveUpdateValues(
  props: readonly PropertyRule[],
  given: Readonly<Record<string, RawPropertyValue>>,
): { ok: true; values: Record<string, string[]> } | { ok: false; error: string } {
  const byId = new Map(props.map((p) => [p.id, p]));
  const values: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(given)) {
    const p = byId.get(key.toLowerCase());
    if (!p) return { ok: false, error: `"${key}" is not a property of this work item type.` };
    const r = checkPropertyValue(p, raw, { required: p.is_required });
    if (!r.ok) return r;
    values[p.id] = r.values;
  }
  return { ok: true, values };
}

/** Check a property's settings: number bounds in order, and a default that is a valid value of the property. */
export function checkPropertyDefinition(p: PropertyRule & { default_value?: readonly string[] | null }): string | null {
  const min = p.settings?.min;
  const max = p.settings?.max;
  if (p.kind !== "number" && (min != null || max != null))
    return "Only number properties have a minimum and a maximum.";
  if (min != null && max != null && min > max) return "The minimum must not be greater than the maximum.";
  const d = p.default_value ?? [];
  if (d.length) {
    const r = checkPropertyValue(p, d);
    if (!r.ok) return `Default value: ${r.error.slice(p.name.length + 2)}`;
  }
  return null;
}

/** `group_by` / `order_by` / filter key of a custom property: `custom_property__<id>`. */
export const CUSTOM_PROPERTY_PREFIX = "custom_property__";
export function customPropertyKey(id: string): string {
  return CUSTOM_PROPERTY_PREFIX + id;
}
/** The property id of a `custom_property__<id>` key, or null. */
export function customPropertyId(key: string): string | null {
  if (!key.startsWith(CUSTOM_PROPERTY_PREFIX)) return null;
  const id = key.slice(CUSTOM_PROPERTY_PREFIX.length).toLowerCase();
  return isUuid(id) ? id : null;
}

/** Display of a value list (spreadsheet cells, exports): option names and member names come from `names`. */
export function formatPropertyValue(
  kind: PropertyKind,
  values: readonly string[] | undefined,
  names: (id: string) => string | undefined = () => undefined,
): string {
  if (!values || values.length === 0) return "";
  if (isOptionKind(kind) || isMemberKind(kind)) return values.map((v) => names(v) ?? v).join(", ");
  if (kind === "boolean") return values[0] === "true" ? "Yes" : "No";
  return values.join(", ");
}
