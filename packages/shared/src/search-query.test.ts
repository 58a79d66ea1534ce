import { describe, expect, it } from "vitest";
import { escapeLike, parseSearchQuery, searchRank } from "./search-query.ts";

describe("parseSearchQuery", () => {
  it("reads a work-item key as identifier and sequence id", () => {
    expect(parseSearchQuery("  web-12 ")).toEqual({ text: "web-12", like: "%web-12%", identifier: "WEB", sequenceIds: [12] });
  });
  it("collects whole integers of free text, once each, within the integer range", () => {
    const q = parseSearchQuery("login 42 fails 42 and 99999999999");
    expect(q.identifier).toBeNull();
    expect(q.sequenceIds).toEqual([42]);
  });
  it("escapes LIKE wildcards so they match literally", () => {
    expect(escapeLike("50%_\\")).toBe("50\\%\\_\\\\");
    expect(parseSearchQuery("100%").like).toBe("%100\\%%");
  });
  it("treats a missing query as empty", () => {
    expect(parseSearchQuery(undefined)).toEqual({ text: "", like: "%%", identifier: null, sequenceIds: [] });
  });
});

describe("searchRank", () => {
  const none = { exactKey: false, nameContains: false, similarity: 0, textRank: 0 };
  it("puts an exact key above a name match, and a name match above a near miss", () => {
    const key = searchRank({ ...none, exactKey: true });
    const name = searchRank({ ...none, nameContains: true, similarity: 1 });
    const typo = searchRank({ ...none, similarity: 0.8 });
    expect(key).toBeGreaterThan(name);
    expect(name).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(searchRank({ ...none, similarity: 0.6 }));
  });
  it("takes the better of similarity and full-text rank", () => {
    expect(searchRank({ ...none, similarity: 0.3, textRank: 0.7 })).toBe(0.7);
  });
});
