import { describe, expect, it } from "vitest";
import { describeActivity } from "./activity-text.ts";

const a = (p: Partial<Parameters<typeof describeActivity>[0]>) => ({
  verb: "updated",
  field: null,
  old_value: null,
  new_value: null,
  ...p,
});

describe("describeActivity", () => {
  it("describes property changes", () => {
    expect(describeActivity(a({ verb: "created" }))).toBe("created the work item");
    expect(describeActivity(a({ field: "state", old_value: "Todo", new_value: "Done" }))).toBe(
      "changed the state from Todo to Done",
    );
    expect(describeActivity(a({ field: "priority", new_value: "high" }))).toBe("set the priority to high");
    expect(describeActivity(a({ field: "target_date", old_value: "2025-01-01" }))).toBe("removed the due date");
    expect(describeActivity(a({ field: "start_date", new_value: "2025-01-02" }), () => "Jan 02")).toBe(
      "set the start date to Jan 02",
    );
    expect(describeActivity(a({ field: "labels", new_value: "Bug" }))).toBe("added the label Bug");
    expect(describeActivity(a({ field: "assignees", old_value: "ada" }))).toBe("removed the assignee ada");
    expect(describeActivity(a({ field: "archived_at", new_value: "2025-01-01" }))).toBe("archived the work item");
    expect(describeActivity(a({ field: "archived_at", old_value: "2025-01-01" }))).toBe("restored the work item");
    expect(describeActivity(a({ field: "archived_at", new_value: "manual_archive" }))).toBe("archived the work item");
    expect(describeActivity(a({ field: "archived_at", old_value: "archive", new_value: "restore" }))).toBe(
      "restored the work item",
    );
    expect(describeActivity(a({ field: "sub_issue", old_value: "", new_value: "RKT-4" }))).toBe(
      "added the sub-item RKT-4",
    );
    expect(describeActivity(a({ field: "sub_issue", old_value: "RKT-4", new_value: "" }))).toBe(
      "removed the sub-item RKT-4",
    );
    expect(describeActivity(a({ field: "parent", old_value: "", new_value: "RKT-1" }))).toBe("set the parent to RKT-1");
    expect(describeActivity(a({ field: "parent", old_value: "RKT-1", new_value: "" }))).toBe(
      "removed the parent RKT-1",
    );
    expect(describeActivity(a({ field: "blocked_by", verb: "created", new_value: "RKT-2" }))).toBe(
      "marked this as blocked by RKT-2",
    );
    expect(describeActivity(a({ field: "blocking", verb: "deleted", old_value: "RKT-1" }))).toBe(
      "removed the relation blocking RKT-1",
    );
    expect(describeActivity(a({ field: "link", verb: "created", new_value: "https://x" }))).toBe(
      "added the link https://x",
    );
    expect(describeActivity(a({ field: "cycles", new_value: "Sprint 1" }))).toBe(
      "added the work item to cycle Sprint 1",
    );
    expect(describeActivity(a({ field: "description", new_value: "<p>x</p>" }))).toBe("updated the description");
  });

  it("time logs in hours and minutes", () => {
    expect(describeActivity(a({ field: "worklog", verb: "created", new_value: "90" }))).toBe("logged 1h 30m");
    expect(describeActivity(a({ field: "worklog", verb: "updated", old_value: "90", new_value: "120" }))).toBe(
      "changed a time log from 1h 30m to 2h",
    );
    expect(describeActivity(a({ field: "worklog", verb: "updated", old_value: "45", new_value: "45" }))).toBe(
      "changed a time log of 45m",
    );
    expect(describeActivity(a({ field: "worklog", verb: "deleted", old_value: "30" }))).toBe(
      "removed a time log of 30m",
    );
  });
});
