import { describe, expect, it } from "vitest";
import { DEFAULT_INTAKE_FILTERS, intakeCursor, intakeParams } from "./intake.ts";

describe("intake list requests", () => {
  it("asks Open for pending (the server adds snoozed items whose date passed) and Closed for accepted, declined and duplicate", () => {
    expect(intakeParams("open", DEFAULT_INTAKE_FILTERS)).toEqual({ status: "-2", order_by: "-issue__created_at" });
    expect(intakeParams("closed", DEFAULT_INTAKE_FILTERS)).toEqual({
      status: "-1,1,2",
      order_by: "-issue__created_at",
    });
    // Snoozed asks for status 0: the server answers the requests whose date is still ahead
    expect(intakeParams("snoozed", DEFAULT_INTAKE_FILTERS)).toEqual({ status: "0", order_by: "-issue__created_at" });
    expect(intakeParams("snoozed", { ...DEFAULT_INTAKE_FILTERS, statuses: [1] }).status).toBe("0");
    expect(intakeParams("closed", { priority: ["high", "urgent"], statuses: [2], order: "-priority" })).toEqual({
      status: "2",
      order_by: "-priority",
      priority: "high,urgent",
    });
    // a closed-status filter means nothing in Open
    expect(intakeParams("open", { ...DEFAULT_INTAKE_FILTERS, statuses: [1] }).status).toBe("-2");
  });
  it("pages by 10 from cursor 10:0:0", () => {
    expect([0, 1, 2].map(intakeCursor)).toEqual(["10:0:0", "10:1:0", "10:2:0"]);
  });
});
