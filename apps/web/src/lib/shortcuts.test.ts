import { describe, expect, it } from "vitest";
import {
  GO_KEYS,
  SHORTCUTS,
  SHORTCUT_GROUPS,
  SINGLE_KEYS,
  goChord,
  goPath,
  isTypingTarget,
  keyLabels,
  shortcutOf,
} from "./shortcuts.ts";

describe("shortcuts", () => {
  it("lists every key the app acts on, once", () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [...Object.values(GO_KEYS), ...Object.values(SINGLE_KEYS)]) expect(ids).toContain(id);
    for (const [key, id] of Object.entries(GO_KEYS)) expect(shortcutOf(id).keys).toEqual(["G", key.toUpperCase()]);
    for (const [key, id] of Object.entries(SINGLE_KEYS)) expect(shortcutOf(id).keys).toEqual([key.toUpperCase()]);
  });

  it("goes to the project's screens inside a project, and to the workspace's outside", () => {
    expect(goPath("go-cycles", "acme", "p1")).toBe("/acme/projects/p1/cycles/");
    expect(goPath("go-items", "acme", "p1")).toBe("/acme/projects/p1/issues/");
    expect(goPath("go-items", "acme", null)).toBe("/acme/workspace-views/all-issues/");
    expect(goPath("go-cycles", "acme", null)).toBe("/acme/projects/");
    expect(goPath("go-inbox", "acme", "p1")).toBe("/acme/notifications/");
    expect(goPath("next", "acme", null)).toBeNull();
  });

  it("writes the modifier the way the platform does", () => {
    expect(keyLabels(["Mod", "K"], true)).toEqual(["⌘", "K"]);
    expect(keyLabels(["Mod", "K"], false)).toEqual(["Ctrl", "K"]);
  });

  it("leaves keys typed into fields alone", () => {
    const fake = (sel: string) => ({ closest: (q: string) => (q.includes(sel) ? {} : null) }) as unknown as EventTarget;
    expect(isTypingTarget(fake("input"))).toBe(true);
    expect(isTypingTarget(fake("[contenteditable='true']"))).toBe(true);
    expect(isTypingTarget({ closest: () => null } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("the keys of the work item in hand and the G chord (issue #27 point 13)", () => {
  it("S, P, A and L are single keys of the Work item group; G then C ends a chord a screen's own C leaves alone", () => {
    for (const [key, id] of [
      ["s", "item-state"],
      ["p", "item-priority"],
      ["a", "item-assignees"],
      ["l", "item-labels"],
    ] as const) {
      expect(SINGLE_KEYS[key]).toBe(id);
      expect(shortcutOf(id).group).toBe("Work item");
    }
    expect(SHORTCUT_GROUPS).toContain("Work item");
    const t0 = 1_000_000;
    goChord.start(t0);
    expect(goChord.pending(t0 + 500)).toBe(true);
    expect(goChord.take(t0 + 500)).toBe(true);
    // taken: the next key is a single key again
    expect(goChord.pending(t0 + 600)).toBe(false);
    goChord.start(t0);
    expect(goChord.take(t0 + 5000)).toBe(false);
  });
});
