import { describe, expect, it } from "vitest";
import { statusGroup, suggestMapping } from "./mapping.ts";

const states = [
  { id: "b", name: "Backlog", group: "backlog", isDefault: false },
  { id: "t", name: "Todo", group: "unstarted", isDefault: true },
  { id: "p", name: "In Progress", group: "started", isDefault: false },
  { id: "d", name: "Done", group: "completed", isDefault: false },
  { id: "c", name: "Cancelled", group: "cancelled", isDefault: false },
  { id: "x", name: "Triage", group: "triage", isDefault: false },
];

describe("importer mapping suggestions", () => {
  it("guesses groups from usual status words", () => {
    expect(statusGroup("In Review")).toBe("started");
    expect(statusGroup("closed")).toBe("completed");
    expect(statusGroup("Won't Do")).toBe("cancelled");
    expect(statusGroup("To Do")).toBe("unstarted");
    expect(statusGroup("open")).toBe("unstarted");
  });

  it("maps a status by name first, then by group, never to triage", () => {
    const m = suggestMapping({ states: [{ key: "Done", name: "Done", count: 1 }, { key: "Code Review", name: "Code Review", count: 1 }, { key: "Triage", name: "Triage", count: 1 }], users: [] }, states, []);
    expect(m.states).toEqual({ Done: "d", "Code Review": "p", Triage: "t" });
  });

  it("maps people by email, then by display name, else to nobody", () => {
    const members = [{ id: "u1", email: "Ann@x.io", displayName: "ann" }, { id: "u2", email: "b@x.io", displayName: "octocat" }];
    const m = suggestMapping({ states: [], users: [
      { key: "ann@x.io", name: "Ann", email: "ann@x.io", count: 1 },
      { key: "octocat", name: "octocat", email: null, count: 1 },
      { key: "ghost", name: "ghost", email: null, count: 1 },
    ] }, states, members);
    expect(m.users).toEqual({ "ann@x.io": "u1", octocat: "u2", ghost: null });
  });
});
