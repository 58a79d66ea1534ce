import { describe, expect, it } from "vitest";
import { checkSpaceComment, checkSpaceRequest, NO_REQUEST, spaceRequestBody } from "./space-forms.ts";

describe("the space's forms check as the server does (its request-body schemas)", () => {
  it("a request's title longer than the server takes is refused on the title", async () => {
    expect(await checkSpaceRequest({ ...NO_REQUEST, name: "x".repeat(256) })).toEqual({
      name: "Ensure this field has no more than 255 characters.",
    });
  });
  it("a request's details too long for the server are refused on the details", async () => {
    expect(
      Object.keys(await checkSpaceRequest({ ...NO_REQUEST, name: "Dark mode", details: "x".repeat(2_000_000) })),
    ).toEqual(["details"]);
  });
  it("a good request passes, its details as paragraphs", async () => {
    const v = { name: " Dark mode ", details: "a\n\nb<", priority: "low" as const };
    expect(await checkSpaceRequest(v)).toEqual({});
    expect(spaceRequestBody(v)).toEqual({
      name: "Dark mode",
      priority: "low",
      description_html: "<p>a</p><p>b&lt;</p>",
    });
  });
  it("a comment too long for the server is refused on its text", async () => {
    expect(Object.keys(await checkSpaceComment({ text: "x".repeat(2_000_000) }))).toEqual(["text"]);
    expect(await checkSpaceComment({ text: "Count me in" })).toEqual({});
  });
});
