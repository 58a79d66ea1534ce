import { describe, expect, it } from "vitest";
import { schemaCheck, type Contract } from "./settings-form.ts";

interface Values {
  title: string;
  lead: string;
  start: string;
  end: string;
}
const toBody = (v: Values) => ({
  name: v.title,
  lead_id: v.lead,
  start_date: v.start || null,
  target_date: v.end || null,
});
const schema = (c: Contract) => c.moduleBodies(c.htmlText).create;

describe("schemaCheck", () => {
  it("passes values the server's schema accepts", async () => {
    const check = schemaCheck(schema, toBody);
    expect(await check({ title: "Alpha", lead: "", start: "2026-01-01", end: "" })).toEqual({});
  });

  it("puts the schema's refusals on the form's fields, renamed where the body names them otherwise", async () => {
    const check = schemaCheck(schema, toBody, undefined, { name: "title", lead_id: "lead", start_date: "start" });
    const errs = await check({ title: "", lead: "not-an-id", start: "2026-13-45", end: "" });
    expect(Object.keys(errs).sort()).toEqual(["lead", "start", "title"]);
    expect(errs.title).toMatch(/\S/);
  });

  it("lets the form's own checks add fields and win over the schema's message", async () => {
    const own = (v: Values) => ({
      ...(v.title.trim() ? {} : { title: "A module needs a name." }),
      ...(v.start && v.end && v.start > v.end ? { end: "Too early." } : {}),
    });
    const check = schemaCheck(schema, toBody, own, { name: "title" });
    expect(await check({ title: "", lead: "", start: "2026-02-01", end: "2026-01-01" })).toEqual({
      title: "A module needs a name.",
      end: "Too early.",
    });
  });
});
