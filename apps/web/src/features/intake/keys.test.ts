import { describe, expect, it } from "vitest";
import { intakeKeyAction, nextSelection } from "./keys.ts";

const press = (key: string, extra: Record<string, unknown> = {}) =>
  intakeKeyAction({
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    target: null,
    defaultPrevented: false,
    ...extra,
  } as never);

describe("intake keys", () => {
  it("maps 1 / 2 / 3 / H / J / K and nothing else", () => {
    expect(["1", "2", "3", "h", "H", "j", "k", "x"].map((k) => press(k))).toEqual([
      "accept",
      "duplicate",
      "decline",
      "snooze",
      "snooze",
      "next",
      "prev",
      null,
    ]);
  });
  it("ignores keys typed into fields or with modifiers", () => {
    expect(press("1", { target: { tagName: "INPUT" } })).toBeNull();
    expect(press("j", { target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
    expect(press("1", { ctrlKey: true })).toBeNull();
    expect(press("1", { defaultPrevented: true })).toBeNull();
  });
  it("selects the next request, else the previous, when one leaves the list", () => {
    expect(nextSelection(["a", "b", "c"], "b")).toBe("c");
    expect(nextSelection(["a", "b", "c"], "c")).toBe("b");
    expect(nextSelection(["a"], "a")).toBeNull();
    expect(nextSelection(["a", "b"], "z")).toBe("a");
  });
});
