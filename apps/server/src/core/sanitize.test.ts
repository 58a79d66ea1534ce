import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Parser } from "htmlparser2";
import { EDITOR_OUTPUT, htmlViolations, XSS_CORPUS } from "../../../../packages/shared/src/html/test-corpus.ts";
import { htmlDepthWithin, htmlField, MAX_DEPTH, sanitizeHtml } from "./sanitize.ts";

const UID = "0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11";

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
    expect(sanitizeHtml(`<p class="absolute" style="text-align: center; position: fixed">x</p>`)).toBe(
      `<p style="text-align: center">x</p>`,
    );
    expect(sanitizeHtml(`<div style="position:fixed;inset:0">x</div>`)).toBe("<div>x</div>");
  });
  it("drops rejected URLs but keeps the link text, and forces rel/target on links", () => {
    expect(sanitizeHtml(`<a href="JaVaScRiPt:alert(1)" target="_self" rel="opener">x</a>`)).toBe(
      `<a rel="noopener noreferrer nofollow" target="_blank">x</a>`,
    );
    expect(sanitizeHtml(`<a href=" https://example.com/ ">x</a>`)).toBe(
      `<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">x</a>`,
    );
  });
  it("drops images without a safe source and inputs that are not checkboxes", () => {
    expect(sanitizeHtml(`<p>a<img src="javascript:alert(1)">b<input type="text" value="x">c</p>`)).toBe("<p>abc</p>");
    expect(sanitizeHtml(`<img src="//evil.example/x.png"><img src="/api/assets/../../auth/sign-out/">`)).toBe(
      "<p></p>",
    );
  });
  it("strips event attributes from mentions but keeps the mention", () => {
    expect(
      sanitizeHtml(
        `<mention-component entity_identifier="${UID}" entity_name="user_mention" onclick="x()" style="position:fixed"></mention-component>`,
      ),
    ).toBe(`<mention-component entity_identifier="${UID}" entity_name="user_mention"></mention-component>`);
    // an id that tries to break out of its attribute is rejected, not escaped into the id
    expect(
      sanitizeHtml(
        `<mention-component entity_identifier="x&quot; onmouseover=&quot;y" entity_name="user_mention"></mention-component>`,
      ),
    ).toBe(`<mention-component entity_name="user_mention"></mention-component>`);
  });
});

describe("sanitizeHtml: blank results", () => {
  it("stores Plane's empty document when nothing is left", () => {
    for (const html of [
      "",
      "   ",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "<style>p{}</style>",
      "<!-- c -->",
    ])
      expect(sanitizeHtml(html)).toBe("<p></p>");
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

/** The deepest nesting htmlparser2's parser builds for `html` (reference for `htmlDepthWithin`). */
function parserDepth(html: string): number {
  let depth = 0;
  let max = 0;
  const p = new Parser({
    onopentag: () => {
      depth++;
      max = Math.max(max, depth);
    },
    onclosetag: () => {
      depth--;
    },
  });
  p.write(html);
  p.end();
  return max;
}

describe("htmlDepthWithin", () => {
  const samples: Record<string, string> = {
    nested: "<div>".repeat(40),
    closed: "<div><p>x</p></div>".repeat(30),
    impliedParagraphs: "<p>a".repeat(60),
    impliedItems: "<ul>" + "<li>x".repeat(60) + "</ul>",
    impliedCells: "<table>" + "<tr><td>a<td>b<th>c".repeat(30) + "</table>",
    voids: "<div>" + "<br><img src=x><hr><input>".repeat(50),
    unmatchedClosers: "<span>".repeat(20) + "</zz></div></b>".repeat(50),
    closerInComment: "<div><!--</div>-->".repeat(40),
    closerInAttribute: '<div title="</div>">'.repeat(40),
    closerInScript: "<div><script></div></script>".repeat(40),
    closerInTextarea: "<div><textarea></div></textarea>".repeat(40),
    closerInStyle: "<div><style></div></style>".repeat(40),
    strayParagraphClose: "<div>" + "</p>".repeat(50),
    mixedCase: "<DIV><Div><div></DIV>".repeat(30),
    selfClosingSyntax: "<div/>".repeat(40),
    foreign: "<svg><g><a>x</a></g></svg><math><mi>y</mi></math>",
    editor: Object.values(EDITOR_OUTPUT).join(""),
  };
  for (const [name, html] of Object.entries(samples)) {
    it(`agrees with the parser on ${name}`, () => {
      const depth = parserDepth(html);
      expect(htmlDepthWithin(html, depth)).toBe(true);
      if (depth > 0) expect(htmlDepthWithin(html, depth - 1)).toBe(false);
    });
  }
  it("never underestimates self-closing syntax in svg/math (counted as open)", () => {
    const html = "<svg>" + "<g/>".repeat(40) + "</svg>";
    expect(parserDepth(html)).toBe(2);
    expect(htmlDepthWithin(html, 1)).toBe(false);
    expect(htmlDepthWithin(html, 41)).toBe(true);
  });
  it("refuses bodies nested deeper than MAX_DEPTH, before sanitising", () => {
    const field = z.object({ html: htmlField(2_000_000) });
    expect(field.safeParse({ html: "<span>".repeat(MAX_DEPTH) + "x" }).success).toBe(true);
    const deep = field.safeParse({ html: "<span>".repeat(300_000) });
    expect(deep.success).toBe(false);
    expect(deep.error!.issues.map((i) => i.message)).toEqual([
      `Ensure elements are nested no more than ${MAX_DEPTH} levels deep.`,
    ]);
  });
});
