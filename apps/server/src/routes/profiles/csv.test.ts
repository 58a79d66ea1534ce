import { describe, expect, it } from "vitest";
import { activityCsv } from "./csv.ts";

describe("activity CSV", () => {
  it("writes a header and one line per activity with the item key and project", () => {
    const row = {
      id: "a1",
      issueId: "i1",
      projectId: "p1",
      workspaceId: "w1",
      verb: "updated",
      field: "priority",
      oldValue: "none",
      newValue: "high",
      comment: "",
      attachments: [],
      issueCommentId: null,
      oldIdentifier: null,
      newIdentifier: null,
      epoch: null,
      actorId: "u1",
      onBehalfOfId: null,
      createdAt: new Date("2025-03-04T05:06:07Z"),
      updatedAt: new Date("2025-03-04T05:06:07Z"),
      createdById: "u1",
      updatedById: "u1",
    };
    const text = activityCsv([row], {
      issues: new Map([["i1", { sequenceId: 7, name: "Fix, then ship", projectId: "p1" }]]),
      projects: new Map([["p1", { identifier: "WEB", name: "Web" }]]),
    });
    expect(text.split("\r\n")).toEqual([
      "Date,Work item,Name,Project,Action,Property,Old value,New value",
      '2025-03-04T05:06:07.000Z,WEB-7,"Fix, then ship",Web,updated,priority,none,high',
      "",
    ]);
  });
});
