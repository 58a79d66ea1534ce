import { describe, expect, it } from "vitest";
import { correctableWords, escapeLike, fuzzyWords, parseSearchQuery, searchRank } from "./search-query.ts";

describe("parseSearchQuery", () => {
  it("reads a work-item key as identifier and sequence id", () => {
    expect(parseSearchQuery("  web-12 ")).toEqual({
      text: "web-12",
      like: "%web-12%",
      identifier: "WEB",
      sequenceIds: [12],
    });
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
  const none = { exactKey: false, nameContains: false, nameWords: false, similarity: 0, textRank: 0 };
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

describe("searchRank tiers", () => {
  const none = { exactKey: false, nameContains: false, nameWords: false, similarity: 0, textRank: 0 };
  it("puts every word of the text in the name (any order) above the best near match, and below the whole text", () => {
    const words = searchRank({ ...none, nameWords: true, similarity: 0.3 });
    expect(words).toBeGreaterThan(searchRank({ ...none, similarity: 1 }));
    expect(words).toBeGreaterThan(searchRank({ ...none, textRank: 1 }));
    expect(searchRank({ ...none, nameContains: true, similarity: 0.4 })).toBeGreaterThan(
      searchRank({ ...none, nameWords: true, similarity: 1 }),
    );
  });
  it("gives each signal more weight than all lower ones together", () => {
    const max = { similarity: 1, textRank: 1 };
    expect(searchRank({ ...none, nameWords: true, similarity: 0 })).toBeGreaterThan(searchRank({ ...none, ...max }));
    expect(searchRank({ ...none, nameContains: true })).toBeGreaterThan(
      searchRank({ ...none, ...max, nameWords: true }),
    );
    expect(searchRank({ ...none, exactKey: true })).toBeGreaterThan(
      searchRank({ ...none, ...max, nameWords: true, nameContains: true }),
    );
  });
  it("keeps the exact key above a name holding the text and all its words", () => {
    expect(searchRank({ ...none, exactKey: true })).toBeGreaterThan(
      searchRank({ ...none, nameContains: true, nameWords: true, similarity: 1 }),
    );
  });
});

describe("fuzzyWords", () => {
  it("gives the words of a 2–4 word query, lower-cased, once each, ignoring words under 3 characters", () => {
    expect(fuzzyWords("Invoce  export")).toEqual(["invoce", "export"]);
    expect(fuzzyWords("fix the UI of the login-page")).toEqual(["fix", "the", "login", "page"]);
    expect(fuzzyWords("déjà vu café")).toEqual(["déjà", "café"]);
  });
  it("is empty for one word (the text itself is the near term) and for long queries", () => {
    expect(fuzzyWords("webhok")).toEqual([]);
    expect(fuzzyWords("a webhok")).toEqual([]);
    expect(fuzzyWords("one two three four five")).toEqual([]);
  });
});

describe("correctableWords", () => {
  it("takes the words of 3 or more letters, lower-cased, once each, without numbers", () => {
    expect(correctableWords("Webhok")).toEqual(["webhok"]);
    expect(correctableWords("refactr the UI dark 42 Dark")).toEqual(["refactr", "the", "dark"]);
    expect(correctableWords("Größe änderung")).toEqual(["größe", "änderung"]);
  });
  it("is empty for no such word or more words than the fuzzy tier takes one by one", () => {
    expect(correctableWords("ui 42 x")).toEqual([]);
    expect(correctableWords("one two three four five")).toEqual([]);
    expect(correctableWords("one two three four")).toHaveLength(4);
  });
});
