import { afterEach, describe, expect, it, vi } from "vitest";
import { compareNames } from "./work-items-refs.ts";

describe("compareNames (the project's members and modules in the pickers)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("orders names as localeCompare does", () => {
    const names = [
      "Zoë",
      "zoe",
      "Émile",
      "emile",
      "Ángel",
      "andrew",
      "Bob",
      "bob",
      "",
      "10 Ten",
      "9 Nine",
      "Øystein",
      "Ola",
    ];
    const expected = [...names].sort((a, b) => a.localeCompare(b));
    expect([...names].sort(compareNames)).toEqual(expected);
  });

  it("sorts through one collator, not localeCompare (which sets up the locale's collation on every call)", () => {
    const spy = vi.spyOn(String.prototype, "localeCompare");
    ["b", "a", "c"].sort(compareNames);
    expect(spy).not.toHaveBeenCalled();
  });
});
