import { describe, expect, it } from "vitest";
import type { LiveEvent } from "@stride/shared";
import { eventAllowed } from "./live-filter.ts";

const me = "u-me";
const item = (i: string, c: string): LiveEvent => ({ t: "issues", id: i, op: "update", p: "p1", i, c, f: ["name"] });

describe("eventAllowed", () => {
  it("a project subscriber gets every event of the project", () => {
    expect(eventAllowed({ stream: "project:p1" }, item("i1", "other"), me)).toBe("yes");
    expect(eventAllowed({ stream: "project:p1" }, { t: "states", id: "s1", op: "insert", p: "p1" }, me)).toBe("yes");
  });

  it("a guest who sees only their own items gets only those items' events, and item-less events", () => {
    const scope = { stream: "project:p1", ownOnly: true };
    expect(eventAllowed(scope, item("i1", "other"), me)).toBe("no");
    expect(eventAllowed(scope, item("i2", me), me)).toBe("yes");
    expect(eventAllowed(scope, { t: "issue_comments", id: "c1", op: "insert", p: "p1", i: "i1", c: "other" }, me)).toBe(
      "no",
    );
    expect(eventAllowed(scope, { t: "issue_comments", id: "c1", op: "insert", p: "p1", i: "i1" }, me)).toBe("no");
    expect(eventAllowed(scope, { t: "labels", id: "l1", op: "update", p: "p1", f: ["name"] }, me)).toBe("yes");
  });

  it("an issue topic gets only its item's events", () => {
    const scope = { stream: "project:p1", issue: "i1" };
    expect(eventAllowed(scope, item("i1", "other"), me)).toBe("yes");
    expect(eventAllowed(scope, item("i2", "other"), me)).toBe("no");
    expect(eventAllowed(scope, { t: "states", id: "s1", op: "insert", p: "p1" }, me)).toBe("no");
  });

  it("workspace subscribers below admin have project events checked", () => {
    expect(
      eventAllowed(
        { stream: "workspace:w", checkProjects: true },
        { t: "projects", id: "p1", op: "update", p: "p1" },
        me,
      ),
    ).toBe("project");
    expect(
      eventAllowed(
        { stream: "workspace:w", checkProjects: true },
        { t: "workspace_members", id: "m", op: "update" },
        me,
      ),
    ).toBe("yes");
    expect(eventAllowed({ stream: "workspace:w" }, { t: "projects", id: "p1", op: "update", p: "p1" }, me)).toBe("yes");
  });
});
