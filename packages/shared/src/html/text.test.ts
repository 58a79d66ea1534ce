import { describe, expect, it } from "vitest";
import { escapeHtml, textToHtml } from "./text.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
    expect(escapeHtml("plain")).toBe("plain");
  });
});

describe("textToHtml", () => {
  it("makes paragraphs at blank lines and keeps single line breaks", () => {
    expect(textToHtml("a <script>\nb\n\nc")).toBe("<p>a &lt;script&gt;<br>b</p><p>c</p>");
    expect(textToHtml("one\n\n\n\ntwo")).toBe("<p>one</p><p>two</p>");
  });

  it("reads Windows and old Mac line ends, and blank lines holding only spaces", () => {
    expect(textToHtml("a\r\nb\r\n\r\nc\rd")).toBe("<p>a<br>b</p><p>c<br>d</p>");
    expect(textToHtml("a\n  \t\nb")).toBe("<p>a</p><p>b</p>");
  });

  it("drops outer blank lines and spaces; no text is one empty paragraph", () => {
    expect(textToHtml("\n\n  hello  \n\n")).toBe("<p>hello</p>");
    expect(textToHtml("")).toBe("<p></p>");
    expect(textToHtml("   \n ")).toBe("<p></p>");
    expect(textToHtml(null)).toBe("<p></p>");
    expect(textToHtml(undefined)).toBe("<p></p>");
  });

  it("keeps markup as text, quotes included", () => {
    expect(textToHtml(`**bold** and h1. "Jira" 'wiki'`)).toBe(
      "<p>**bold** and h1. &quot;Jira&quot; &#39;wiki&#39;</p>",
    );
  });
});
