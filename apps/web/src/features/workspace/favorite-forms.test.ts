import { describe, expect, it } from "vitest";
import { checkNewFolder, checkRename } from "./favorite-forms.ts";

describe("the favourites folder name checks (the server's request-body schemas)", () => {
  it("an empty name gets the field's own words", () => {
    expect(checkNewFolder({ name: "  " })).toEqual({ name: "Enter a name." });
    expect(checkRename({ name: "" })).toEqual({ name: "Enter a name." });
  });
  it("a name longer than the server takes is refused on the name", () => {
    expect(Object.keys(checkNewFolder({ name: "x".repeat(256) }))).toEqual(["name"]);
    expect(Object.keys(checkRename({ name: "x".repeat(256) }))).toEqual(["name"]);
  });
  it("a good name passes", () => {
    expect(checkNewFolder({ name: "Later" })).toEqual({});
    expect(checkRename({ name: "Soon" })).toEqual({});
  });
});
