import { describe, expect, it } from "vitest";
import { escapeHtml, isEmptyHtml } from "./html.ts";

const ID = "0b8e6f0e-3c53-4a52-9e2d-1f7c0c2b9a11";

describe("isEmptyHtml", () => {
  it("treats markup without text as empty", () => {
    expect(isEmptyHtml("<p></p>")).toBe(true);
    expect(isEmptyHtml("<p><br></p>&nbsp;")).toBe(true);
    expect(isEmptyHtml(null)).toBe(true);
    expect(isEmptyHtml("<p>x</p>")).toBe(false);
    expect(isEmptyHtml(`<mention-component entity_identifier="${ID}"></mention-component>`)).toBe(false);
  });
  it("counts an image as content, an image still without its asset as none", () => {
    expect(isEmptyHtml(`<image-component src="${ID}" status="uploaded"></image-component>`)).toBe(false);
    expect(isEmptyHtml(`<image-component status="uploading"></image-component>`)).toBe(true);
  });
});

describe("escapeHtml", () => {
  it("escapes markup characters", () => {
    expect(escapeHtml(`<b>"&'`)).toBe("&lt;b&gt;&quot;&amp;&#39;");
  });
});
