import { describe, expect, it } from "vitest";
import { checkNewFolder, checkRename } from "./favorite-forms.ts";

describe("the favourites folder name checks (the server's request-body schemas)", () => {
  it("an empty name gets the field's own words", async () => {
    expect(await checkNewFolder({ name: "  " })).toEqual({ name: "Enter a name." });
    expect(await checkRename({ name: "" })).toEqual({ name: "Enter a name." });
  });
  it("a name longer than the server takes is refused on the name", async () => {
    expect(Object.keys(await checkNewFolder({ name: "x".repeat(256) }))).toEqual(["name"]);
    expect(Object.keys(await checkRename({ name: "x".repeat(256) }))).toEqual(["name"]);
  });
  it("a good name passes", async () => {
    expect(await checkNewFolder({ name: "Later" })).toEqual({});
    expect(await checkRename({ name: "Soon" })).toEqual({});
  });
});
