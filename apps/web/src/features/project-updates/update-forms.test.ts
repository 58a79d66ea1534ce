import { describe, expect, it } from "vitest";
import { checkUpdate, checkUpdateComment } from "./update-forms.ts";

describe("the project update forms check as the server does (its request-body schemas)", () => {
  it("a status the server does not know is refused on the status", async () => {
    const errs = await checkUpdate({ status: "SIDEWAYS" as "ON-TRACK", description_html: "<p>x</p>" });
    expect(Object.keys(errs)).toEqual(["status"]);
  });
  it("an update or a comment too long for the server is refused on its text", async () => {
    const long = `<p>${"x".repeat(2_000_000)}</p>`;
    expect(Object.keys(await checkUpdate({ status: "AT-RISK", description_html: long }))).toEqual(["description_html"]);
    expect(Object.keys(await checkUpdateComment({ html: long }))).toEqual(["html"]);
  });
  it("a good update and comment pass", async () => {
    expect(await checkUpdate({ status: "ON-TRACK", description_html: "<p>fine</p>" })).toEqual({});
    expect(await checkUpdateComment({ html: "<p>ok</p>" })).toEqual({});
  });
});
