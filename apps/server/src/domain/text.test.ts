import { describe, expect, it } from "vitest";
import { extractMentionIds, stripHtml } from "./text.ts";

const A = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const B = "7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d";

describe("stripHtml", () => {
  it("keeps the text, separates blocks and decodes entities", () => {
    expect(stripHtml("<p>one &amp; two</p><p>three&nbsp;&lt;4&gt; &#128077; &#x41;</p>")).toBe(
      "one & two three <4> 👍 A",
    );
    expect(stripHtml("<ul><li>a</li><li>b</li></ul>")).toBe("a b");
    expect(stripHtml(null)).toBe("");
    expect(stripHtml("<p></p>")).toBe("");
  });
});

describe("extractMentionIds", () => {
  it("finds user mentions of the editor's mention-component and data-id nodes, once each", () => {
    const html = `<p>Hi <mention-component entity_identifier="${A}" entity_name="user_mention"></mention-component>,
      <span data-type="mention" data-id="${B}">@b</span> and again <mention-component entity_name="user_mention" entity_identifier='${A.toUpperCase()}'></mention-component></p>`;
    expect(extractMentionIds(html)).toEqual([A, B]);
  });
  it("ignores other entities, non-UUID ids and plain text", () => {
    expect(
      extractMentionIds(`<mention-component entity_identifier="${A}" entity_name="issue_mention"></mention-component>`),
    ).toEqual([]);
    expect(extractMentionIds(`<mention-component entity_identifier="not-a-user"></mention-component>`)).toEqual([]);
    expect(extractMentionIds(`<p>@${A}</p>`)).toEqual([]);
    expect(extractMentionIds(undefined)).toEqual([]);
  });
});
