import { describe, expect, it } from "vitest";
import { checkRequest, checkSnooze, PAST_DAY, requestBody } from "./forms.ts";

describe("the intake dialogs' checks (the server's request-body schema)", () => {
  it("refuses a title longer than the server takes, on the title", async () => {
    expect(await checkRequest({ name: "x".repeat(256), text: "", priority: "none" })).toEqual({
      name: "Ensure this field has no more than 255 characters.",
    });
  });
  it("refuses a priority the server does not know, on the priority", async () => {
    const errs = await checkRequest({ name: "Crash", text: "", priority: "bogus" as "none" });
    expect(Object.keys(errs)).toEqual(["priority"]);
  });
  it("passes a good request, its text as paragraphs", async () => {
    const v = { name: " Crash ", text: "a <b>\nc", priority: "high" as const };
    expect(await checkRequest(v)).toEqual({});
    expect(requestBody(v)).toEqual({ name: "Crash", description_html: "<p>a &lt;b&gt;</p><p>c</p>", priority: "high" });
  });
  it("a snooze needs a day to come", async () => {
    expect(await checkSnooze({ day: "2001-01-01" })).toEqual({ day: PAST_DAY });
    expect(await checkSnooze({ day: "2999-01-01" })).toEqual({});
  });
});
