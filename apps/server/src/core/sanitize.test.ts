import { describe, expect, it } from "vitest";
import { z } from "zod";
import { htmlViolations, XSS_CORPUS } from "../../../../packages/shared/src/html/xss-corpus.ts";
import { htmlField, sanitizeHtml } from "./sanitize.ts";

const UID = "0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11";

/** Editor output (Tiptap nodes in the form Plane's editor writes them) that must be stored byte for byte. */
const EDITOR_OUTPUT: Record<string, string> = {
  marks: `<p>Hello <strong>bold</strong> <em>it</em> <u>under</u> <s>gone</s> <code>x &lt; y</code> <mark data-color="yellow">hi</mark> H<sub>2</sub>O x<sup>2</sup></p>`,
  headings: `<h1>One</h1><h2 style="text-align: center">Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6 style="text-align: right">Six</h6><p style="text-align: justify">p</p>`,
  links: `<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2#d">web</a> <a target="_blank" rel="noopener noreferrer nofollow" href="http://example.com">plain</a> <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:ada@example.com">mail</a></p>`,
  lists: `<ul><li><p>a</p><ul><li><p>nested</p></li></ul></li></ul><ol start="3"><li><p>b</p></li></ol><ol type="a"><li><p>c</p></li></ol>`,
  taskList: `<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p></div></li></ul>`,
  blocks: `<blockquote><p>quoted</p></blockquote><hr><p>line<br>break</p>`,
  codeBlock: `<pre><code class="language-typescript">const a = 1 &lt; 2 &amp;&amp; "x" !== 'y';\nreturn a;</code></pre><pre><code>plain</code></pre>`,
  planeTable: `<table><tbody><tr><th colspan="1" rowspan="1" colwidth="150"><p>Head</p></th><th colspan="1" rowspan="1" colwidth="150"><p>Head 2</p></th></tr><tr><td colspan="2" rowspan="1" colwidth="150,200" style="background-color: #fef3c7; color: #92400e"><p>cell</p></td></tr></tbody></table>`,
  tiptapTable: `<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col style="width: 150px"></colgroup><thead><tr><th colspan="1" rowspan="1"><p>h</p></th></tr></thead><tbody><tr><td colspan="1" rowspan="2"><p>x</p></td></tr></tbody></table>`,
  image: `<img src="https://example.com/a.png" alt="diagram" title="Diagram" width="320" height="200"><img src="/api/assets/v2/workspaces/acme/projects/p1/${UID}/" alt="">`,
  imageComponent: `<image-component src="${UID}" id="${UID}" width="35%" height="auto" aspectratio="1.7777777777777777" alignment="center" status="uploaded"></image-component><image-component src="https://example.com/b.png" width="640px" height="360px" alignment="left"></image-component>`,
  mention: `<p>Hi <mention-component id="${UID}" entity_identifier="${UID}" entity_name="user_mention"></mention-component> and <mention-component entity_identifier="${UID}" entity_name="user_mention" label="Ada Lovelace"></mention-component></p>`,
  colors: `<p><span data-text-color="peach">peach</span> <span data-background-color="#ff0000" style="background-color: #ff0000">red</span> <span data-text-color="#0a0b0c" style="color: #0a0b0c">dark</span></p>`,
  callout: `<callout-component data-icon-color="#6d7b8a" data-icon-name="Info" data-emoji-unicode="128161" data-emoji-url="https://cdn.example.com/emoji/1f4a1.png" data-logo-in-use="emoji" data-background="gray"><p>note</p></callout-component>`,
  text: `<p>Grüße — 日本語 😀 a&nbsp;b &amp; "quotes" 'single' 1 &gt; 0</p>`,
  empty: `<p></p>`,
};

describe("sanitizeHtml: editor output", () => {
  for (const [name, html] of Object.entries(EDITOR_OUTPUT)) {
    it(`keeps ${name} unchanged`, () => {
      expect(sanitizeHtml(html)).toBe(html);
      expect(htmlViolations(html)).toEqual([]);
    });
  }
  it("keeps the stride web editor's own markup (b, i, strike, div)", () => {
    const html = `<div><b>b</b> <i>i</i> <strike>s</strike> <del>d</del></div><h2>h</h2><pre>code</pre>`;
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe("sanitizeHtml: XSS and CSS-injection corpus", () => {
  it("has at least 40 payloads", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(40);
  });
  for (const payload of XSS_CORPUS) {
    it(`neutralises ${JSON.stringify(payload).slice(0, 90)}`, () => {
      const out = sanitizeHtml(payload);
      expect(htmlViolations(out), out).toEqual([]);
      // stable: sanitising the stored value again changes nothing
      expect(sanitizeHtml(out)).toBe(out);
    });
  }
  it("keeps the text of an overlay but none of its classes or layout styles", () => {
    expect(sanitizeHtml(`<span class="fixed inset-0 z-50 bg-black">overlay</span>`)).toBe("<span>overlay</span>");
    expect(sanitizeHtml(`<p class="absolute" style="text-align: center; position: fixed">x</p>`)).toBe(`<p style="text-align: center">x</p>`);
    expect(sanitizeHtml(`<div style="position:fixed;inset:0">x</div>`)).toBe("<div>x</div>");
  });
  it("drops rejected URLs but keeps the link text, and forces rel/target on links", () => {
    expect(sanitizeHtml(`<a href="JaVaScRiPt:alert(1)" target="_self" rel="opener">x</a>`)).toBe(`<a rel="noopener noreferrer nofollow" target="_blank">x</a>`);
    expect(sanitizeHtml(`<a href=" https://example.com/ ">x</a>`)).toBe(`<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">x</a>`);
  });
  it("drops images without a safe source and inputs that are not checkboxes", () => {
    expect(sanitizeHtml(`<p>a<img src="javascript:alert(1)">b<input type="text" value="x">c</p>`)).toBe("<p>abc</p>");
    expect(sanitizeHtml(`<img src="//evil.example/x.png"><img src="/api/assets/../../auth/sign-out/">`)).toBe("<p></p>");
  });
  it("strips event attributes from mentions but keeps the mention", () => {
    expect(sanitizeHtml(`<mention-component entity_identifier="${UID}" entity_name="user_mention" onclick="x()" style="position:fixed"></mention-component>`)).toBe(
      `<mention-component entity_identifier="${UID}" entity_name="user_mention"></mention-component>`,
    );
    // an id that tries to break out of its attribute is rejected, not escaped into the id
    expect(sanitizeHtml(`<mention-component entity_identifier="x&quot; onmouseover=&quot;y" entity_name="user_mention"></mention-component>`)).toBe(
      `<mention-component entity_name="user_mention"></mention-component>`,
    );
  });
});

describe("sanitizeHtml: blank results", () => {
  it("stores Plane's empty document when nothing is left", () => {
    for (const html of ["", "   ", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<style>p{}</style>", "<!-- c -->"]) expect(sanitizeHtml(html)).toBe("<p></p>");
  });
  it("keeps empty paragraphs as sent", () => {
    expect(sanitizeHtml("<p></p><p></p>")).toBe("<p></p><p></p>");
  });
});

describe("htmlField", () => {
  const body = z.object({ html: htmlField(50).nullable().optional() });
  it("sanitises the value", () => {
    expect(body.parse({ html: `<p onclick="x()">a</p>` })).toEqual({ html: "<p>a</p>" });
    expect(body.parse({ html: null })).toEqual({ html: null });
    expect(body.parse({})).toEqual({});
  });
  it("checks type and length before sanitising, with the DRF messages", () => {
    const long = body.safeParse({ html: `<script>${"x".repeat(60)}</script>` });
    expect(long.success).toBe(false);
    expect(long.error!.issues[0].message).toBe("Ensure this field has no more than 50 characters.");
    expect(body.safeParse({ html: 5 }).error!.issues[0].message).toBe("Not a valid string.");
    expect(z.object({ html: htmlField(5) }).safeParse({}).error!.issues[0].message).toBe("This field is required.");
  });
});
