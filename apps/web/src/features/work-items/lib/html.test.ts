import { describe, expect, it } from "vitest";
import { displayToStorage, escapeHtml, isEmptyHtml, mentionChip, mentionedIds, storageToDisplay } from "./html.ts";

const ID = "0b8e6f0e-3c53-4a52-9e2d-1f7c0c2b9a11";

describe("mentions", () => {
  it("round-trips between stored tags and on-screen chips", () => {
    const stored = `<p>Hi <mention-component entity_identifier="${ID}" entity_name="user_mention" label="ada"></mention-component> ok</p>`;
    const shown = storageToDisplay(stored, () => "Ada");
    expect(shown).toBe(`<p>Hi ${mentionChip(ID, "Ada")} ok</p>`);
    const back = displayToStorage(shown);
    expect(back).toBe(`<p>Hi <mention-component entity_identifier="${ID}" entity_name="user_mention" label="Ada"></mention-component> ok</p>`);
    expect(mentionedIds(back)).toEqual([ID]);
  });
  it("falls back to the label and drops non-user mentions and bad ids", () => {
    expect(storageToDisplay(`<mention-component entity_identifier="${ID}" entity_name="user_mention" label="zed"></mention-component>`, () => null)).toBe(mentionChip(ID, "zed"));
    expect(storageToDisplay(`<mention-component entity_identifier="x" entity_name="issue_mention"></mention-component>`, () => "n")).toBe("");
    expect(displayToStorage(`<span class="mention" data-type="mention" data-id="not-a-uuid">@x</span>`)).toBe("");
  });
  it("escapes names", () => {
    expect(mentionChip(ID, "<b>")).toContain("@&lt;b&gt;");
    expect(escapeHtml(`"&'`)).toBe("&quot;&amp;'");
  });
});

describe("isEmptyHtml", () => {
  it("treats markup without text as empty", () => {
    expect(isEmptyHtml("<p></p>")).toBe(true);
    expect(isEmptyHtml("<p><br></p>&nbsp;")).toBe(true);
    expect(isEmptyHtml(null)).toBe(true);
    expect(isEmptyHtml("<p>x</p>")).toBe(false);
    expect(isEmptyHtml(`<mention-component entity_identifier="${ID}"></mention-component>`)).toBe(false);
  });
});
