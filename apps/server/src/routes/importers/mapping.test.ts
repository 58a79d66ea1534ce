import { describe, expect, it } from "vitest";
import { sourcePropertyValue, statusGroup, suggestMapping } from "./mapping.ts";

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
    const m = suggestMapping(
      {
        states: [
          { key: "Done", name: "Done", count: 1 },
          { key: "Code Review", name: "Code Review", count: 1 },
          { key: "Triage", name: "Triage", count: 1 },
        ],
        users: [],
      },
      states,
      [],
    );
    expect(m.states).toEqual({ Done: "d", "Code Review": "p", Triage: "t" });
  });

  it("maps people by email, then by display name, else to nobody", () => {
    const members = [
      { id: "u1", email: "Ann@x.io", displayName: "ann" },
      { id: "u2", email: "b@x.io", displayName: "octocat" },
    ];
    const m = suggestMapping(
      {
        states: [],
        users: [
          { key: "ann@x.io", name: "Ann", email: "ann@x.io", count: 1 },
          { key: "octocat", name: "octocat", email: null, count: 1 },
          { key: "ghost", name: "ghost", email: null, count: 1 },
        ],
      },
      states,
      members,
    );
    expect(m.users).toEqual({ "ann@x.io": "u1", octocat: "u2", ghost: null });
  });
});

describe("sourcePropertyValue", () => {
  const members = [{ id: "u1", email: "ann@example.com", displayName: "ann" }];
  const opts = [
    { id: "o1", name: "Core" },
    { id: "o2", name: "Web" },
  ];
  it("reads options by name, people by email or name, yes/no words, and keeps what matches nothing", () => {
    expect(sourcePropertyValue({ id: "p", kind: "option", options: opts }, " core ", members)).toBe("o1");
    expect(sourcePropertyValue({ id: "p", kind: "multi_option", options: opts }, "Web; core, Mobile", members)).toEqual(
      ["o2", "o1", "Mobile"],
    );
    expect(sourcePropertyValue({ id: "p", kind: "member", options: [] }, "ANN@example.com", members)).toBe("u1");
    expect(sourcePropertyValue({ id: "p", kind: "multi_member", options: [] }, "ann, bob", members)).toEqual([
      "u1",
      "bob",
    ]);
    expect(sourcePropertyValue({ id: "p", kind: "boolean", options: [] }, "Yes", members)).toBe("true");
    expect(sourcePropertyValue({ id: "p", kind: "boolean", options: [] }, "0", members)).toBe("false");
    expect(sourcePropertyValue({ id: "p", kind: "number", options: [] }, " 5 ", members)).toBe("5");
  });
});
