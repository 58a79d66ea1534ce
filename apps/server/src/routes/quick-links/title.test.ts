import { describe, expect, it } from "vitest";
import { titleOf } from "./title.ts";

describe("titleOf", () => {
  it("reads the first title with entities decoded and spaces collapsed", () => {
    expect(titleOf("<html><head><TITLE lang=en>\n  Stride &amp; friends &#8212; home&#x21;\n</TITLE></head>")).toBe(
      "Stride & friends — home!",
    );
    expect(titleOf("<title>a</title><title>b</title>")).toBe("a");
  });
  it("has no title for a page without one or with a blank one, and caps long ones", () => {
    expect(titleOf("<p>no head</p>")).toBeNull();
    expect(titleOf("<title>   </title>")).toBeNull();
    expect(titleOf(`<title>${"x".repeat(400)}</title>`)).toHaveLength(255);
  });
});
