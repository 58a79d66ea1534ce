import { describe, expect, it } from "vitest";
import {
  checkPropertyDefinition,
  checkPropertyValue,
  customPropertyId,
  customPropertyKey,
  formatPropertyValue,
  planeShape,
  PROPERTY_KINDS,
  resolveCreateValues,
  resolveUpdateValues,
  type PropertyKind,
  type PropertyRule,
} from "./issue-properties.ts";

const OPT_A = "11111111-1111-4111-8111-111111111111";
const OPT_B = "22222222-2222-4222-8222-222222222222";
const USER = "33333333-3333-4333-8333-333333333333";
const prop = (kind: PropertyKind, extra: Partial<PropertyRule> = {}): PropertyRule => ({
  id: "44444444-4444-4444-8444-444444444444",
  name: "P",
  kind,
  is_required: false,
  option_ids: [OPT_A, OPT_B],
  ...extra,
});
const ok = (kind: PropertyKind, raw: Parameters<typeof checkPropertyValue>[1], extra: Partial<PropertyRule> = {}) => {
  const r = checkPropertyValue(prop(kind, extra), raw);
  return r.ok ? r.values : `error: ${r.error}`;
};

describe("custom property values per kind (issue #29)", () => {
  it("text and paragraph: trimmed single line, multi-line kept, limits", () => {
    expect(ok("text", "  hello ")).toEqual(["hello"]);
    expect(ok("text", "a\nb")).toMatch(/control characters/);
    expect(ok("text", "x".repeat(256))).toMatch(/255/);
    expect(ok("paragraph", "line 1\nline 2")).toEqual(["line 1\nline 2"]);
    expect(ok("text", ["a", "b"])).toMatch(/one value/);
    expect(ok("text", "")).toEqual([]);
  });
  it("number: canonical decimal, bounds", () => {
    expect(ok("number", "12.50")).toEqual(["12.5"]);
    expect(ok("number", 3)).toEqual(["3"]);
    expect(ok("number", "abc")).toMatch(/valid number/);
    expect(ok("number", true)).toMatch(/valid number/);
    expect(ok("number", 11, { settings: { min: 0, max: 10 } })).toMatch(/less than or equal to 10/);
    expect(ok("number", -1, { settings: { min: 0, max: 10 } })).toMatch(/greater than or equal to 0/);
    expect(ok("number", 10, { settings: { min: 0, max: 10 } })).toEqual(["10"]);
  });
  it("date, boolean, url", () => {
    expect(ok("date", "2026-02-28")).toEqual(["2026-02-28"]);
    expect(ok("date", "2026-02-30")).toMatch(/YYYY-MM-DD/);
    expect(ok("boolean", true)).toEqual(["true"]);
    expect(ok("boolean", "false")).toEqual(["false"]);
    expect(ok("boolean", "yes")).toMatch(/boolean/);
    expect(ok("url", "https://example.com/a")).toEqual(["https://example.com/a"]);
    expect(ok("url", "javascript:alert(1)")).toMatch(/valid URL/);
  });
  it("options: only the property's own, single or many", () => {
    expect(ok("option", OPT_A)).toEqual([OPT_A]);
    expect(ok("option", [OPT_A, OPT_B])).toMatch(/one value/);
    expect(ok("option", USER)).toMatch(/not a valid choice/);
    expect(ok("multi_option", [OPT_A, OPT_B, OPT_A])).toEqual([OPT_A, OPT_B]);
  });
  it("members: ids, single or many", () => {
    expect(ok("member", USER.toUpperCase())).toEqual([USER]);
    expect(ok("member", "bob")).toMatch(/not a valid member/);
    expect(ok("multi_member", [USER])).toEqual([USER]);
  });
  it("required refuses an empty value", () => {
    expect(checkPropertyValue(prop("text", { is_required: true }), null, { required: true }).ok).toBe(false);
  });
});

describe("values of a new item and of an update", () => {
  const a = { ...prop("text", { id: OPT_A, name: "A", is_required: true }), default_value: ["dflt"] };
  const b = { ...prop("number", { id: OPT_B, name: "B", is_required: true }), default_value: [] };
  it("defaults fill what is not given; required ones without default are refused", () => {
    expect(resolveCreateValues([a, b], { [OPT_B]: 2 })).toEqual({
      ok: true,
      values: { [OPT_A]: ["dflt"], [OPT_B]: ["2"] },
    });
    const r = resolveCreateValues([a, b], {});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/B: this property is required/);
    expect(resolveCreateValues([a], { [USER]: "x" }).ok).toBe(false);
  });
  it("an update changes only what it names and may not clear a required value", () => {
    expect(resolveUpdateValues([a, b], { [OPT_B]: "7" })).toEqual({ ok: true, values: { [OPT_B]: ["7"] } });
    expect(resolveUpdateValues([a, b], { [OPT_A]: null }).ok).toBe(false);
  });
  it("a definition: bounds in order, a valid default", () => {
    expect(checkPropertyDefinition(prop("number", { settings: { min: 5, max: 1 } }))).toMatch(/minimum/);
    expect(checkPropertyDefinition({ ...prop("number"), default_value: ["x"] })).toMatch(/Default value/);
    expect(checkPropertyDefinition({ ...prop("text"), settings: { min: 1 } })).toMatch(/Only number/);
    expect(checkPropertyDefinition({ ...prop("option"), default_value: [OPT_A] })).toBeNull();
  });
});

describe("names", () => {
  it("every kind has Plane's property type, keys round-trip, values format", () => {
    for (const k of PROPERTY_KINDS) expect(planeShape(k).property_type).toBeTruthy();
    expect(planeShape("multi_member")).toMatchObject({
      property_type: "RELATION",
      relation_type: "USER",
      is_multi: true,
    });
    expect(customPropertyId(customPropertyKey(OPT_A))).toBe(OPT_A);
    expect(customPropertyId("custom_property__nope")).toBeNull();
    expect(formatPropertyValue("multi_option", [OPT_A, OPT_B], (id) => (id === OPT_A ? "Alpha" : undefined))).toBe(
      `Alpha, ${OPT_B}`,
    );
    expect(formatPropertyValue("boolean", ["true"])).toBe("Yes");
  });
});
