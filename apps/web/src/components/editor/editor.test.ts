// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { Editor } from "@tiptap/core";
import { sanitizeHtml } from "../../../../server/src/core/sanitize.ts";
import { documentHtml, editorExtensions } from "@stride/shared/editor";

/**
 * One allowlist (issue #7 point 1): whatever the editor writes — every node, mark and extension — is
 * stored by the server's sanitiser byte for byte. Each document is loaded into the real editor, written
 * back with the editor's own serialiser and with Tiptap's getHTML(), and passed through the server's
 * sanitizeHtml.
 */
const UID = "0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11";
const UID2 = "7d3c1a52-8b0e-4c55-9a1d-2f6e3b4c5d6e";

const editors: Editor[] = [];
afterEach(() => {
  while (editors.length) editors.pop()!.destroy();
});

function load(content: string): Editor {
  const e = new Editor({ extensions: editorExtensions(), content, injectCSS: false });
  editors.push(e);
  return e;
}

/** Documents covering every node, mark and attribute the editor can produce. */
const DOCS: Record<string, string> = {
  paragraphs: `<p>Hello</p><p></p><p>a&nbsp;b &amp; "quotes" 'single' 1 &gt; 0 &lt; 2 — Grüße 日本語 😀</p>`,
  marks: `<p><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s> <code>x &lt; y</code> <strong><em><u>all</u></em></strong></p>`,
  headings: `<h1>One</h1><h2>Two</h2><h3>Three</h3>`,
  links: `<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2#d">web</a> <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:ada@example.com">mail</a> <a target="_blank" rel="noopener noreferrer nofollow" href="http://example.com"><strong>bold link</strong></a></p>`,
  lists: `<ul><li><p>a</p><ul><li><p>nested</p></li></ul></li><li><p>b</p></li></ul><ol><li><p>one</p></li></ol><ol start="3"><li><p>three</p></li></ol>`,
  taskList: `<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p><ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>nested</p></div></li></ul></div></li></ul>`,
  quoteRuleBreak: `<blockquote><p>quoted</p><p>twice</p></blockquote><hr><p>line<br>break</p>`,
  codeBlocks: `<pre><code class="language-typescript">const a = 1 &lt; 2 &amp;&amp; "x" !== 'y';\n  return a;</code></pre><pre><code>plain</code></pre><pre><code class="language-python">def f():\n    pass</code></pre>`,
  table: `<table><tbody><tr><th><p>Head</p></th><th><p>Head 2</p></th></tr><tr><td><p>cell</p></td><td><p></p></td></tr></tbody></table>`,
  tableSpans: `<table><tbody><tr><td colspan="2" colwidth="150,200"><p>wide</p></td><td rowspan="2"><p>tall</p></td></tr><tr><td colwidth="150"><p>a</p></td><td colwidth="200"><p>b</p></td></tr></tbody></table>`,
  images: `<image-component src="${UID}" id="${UID2}" status="uploaded"></image-component><image-component src="${UID}" id="${UID2}" width="35%" height="auto" aspectratio="1.7777777777777777" alignment="center" status="uploaded"></image-component><image-component src="https://example.com/b.png" width="640px" height="360px" alignment="left"></image-component>`,
  mentions: `<p>Hi <mention-component id="${UID2}" entity_identifier="${UID}" entity_name="user_mention" label="dora"></mention-component> see <mention-component id="${UID2}" entity_identifier="${UID}" entity_name="issue" label="STR-12 Fix the login"></mention-component> and <mention-component entity_identifier="${UID}" entity_name="user_mention"></mention-component></p>`,
  workItemEmbed: `<p>Tracked in</p><issue-embed-component id="${UID2}" entity_identifier="${UID}" project_identifier="${UID2}" workspace_identifier="acme-co" entity_name="issue"></issue-embed-component>`,
  empty: `<p></p>`,
};

describe("the editor's HTML is exactly what the server's sanitiser keeps", () => {
  for (const [name, html] of Object.entries(DOCS)) {
    it(name, () => {
      const editor = load(html);
      const out = documentHtml(editor.state.doc, editor.schema);
      // the editor writes back what it read (nothing of it is lost in the editor)
      expect(out).toBe(html);
      expect(editor.getHTML()).toBe(out);
      // and the server stores it unchanged
      expect(sanitizeHtml(out)).toBe(out);
    });
  }

  it("documents built with the editor's commands", () => {
    const editor = load("<p></p>");
    editor.chain().insertContent("Title").setHeading({ level: 2 }).run();
    editor
      .chain()
      .focus("end")
      .insertContent([{ type: "paragraph" }])
      .run();
    editor.commands.insertTable({ rows: 2, cols: 2, withHeaderRow: true });
    editor.commands.addColumnAfter();
    editor.commands.addRowAfter();
    editor
      .chain()
      .focus("end")
      .insertContent({ type: "codeBlock", attrs: { language: "json" }, content: [{ type: "text", text: '{"a": 1}' }] })
      .run();
    editor
      .chain()
      .focus("end")
      .insertContent({
        type: "taskList",
        content: [
          {
            type: "taskItem",
            attrs: { checked: true },
            content: [{ type: "paragraph", content: [{ type: "text", text: "t" }] }],
          },
        ],
      })
      .run();
    editor
      .chain()
      .focus("end")
      .insertContent({
        type: "paragraph",
        content: [
          {
            type: "text",
            text: "x",
            marks: [{ type: "link", attrs: { href: "https://example.com" } }, { type: "bold" }],
          },
        ],
      })
      .run();
    editor.chain().focus("end").insertContent({ type: "horizontalRule" }).run();
    const out = documentHtml(editor.state.doc, editor.schema);
    expect(out).toContain("<table>");
    expect(out).toContain('<pre><code class="language-json">');
    expect(sanitizeHtml(out)).toBe(out);
  });

  it("drops what the allowlist would not keep (links to other schemes, unknown markup)", () => {
    const editor = load(
      `<p><a href="javascript:alert(1)">x</a><span style="position:fixed" class="evil">y</span><img src="data:image/png;base64,AAAA"></p><script>alert(1)</script>`,
    );
    const out = documentHtml(editor.state.doc, editor.schema);
    expect(out).toBe("<p>xy</p>");
  });

  it("leaves images that are still uploading out of the stored form", () => {
    const editor = load(`<p>before</p><image-component id="${UID2}" status="uploading"></image-component><p>after</p>`);
    expect(documentHtml(editor.state.doc, editor.schema)).toBe("<p>before</p><p>after</p>");
  });
});
