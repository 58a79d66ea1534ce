import { HTML_ALLOWLIST } from "./allowlist.ts";

/**
 * Test corpus (not used at run time): known XSS and CSS-injection payloads for rich-text fields, used by
 * the sanitiser's unit test, the API test that writes them through every HTML endpoint and the browser
 * test that renders them (every script payload sets `window.__xss` if it ever runs); and editor output
 * that both sanitisers must keep byte for byte.
 */
const RUN = "window.__xss=1";
const UID = "0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11";

export const XSS_CORPUS: readonly string[] = [
  // script elements
  `<script>${RUN}</script>`,
  `<SCRIPT SRC=//evil.example/xss.js></SCRIPT>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `"><script>${RUN}</script>`,
  `<p>ok</p><script type="module">${RUN}</script>`,
  // event handlers on many tags
  `<img src=x onerror=${RUN}>`,
  `<img src="https://example.com/a.png" onload="${RUN}">`,
  `<p onclick="${RUN}" onmouseover="${RUN}">hover</p>`,
  `<a href="https://example.com" onclick="${RUN}" onfocus="${RUN}" autofocus>link</a>`,
  `<body onload=${RUN}>`,
  `<svg onload=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<details open ontoggle=${RUN}>x</details>`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror=${RUN}>`,
  `<marquee onstart=${RUN}>x</marquee>`,
  `<div onpointerenter="${RUN}" style="height:100px">area</div>`,
  `<isindex type=image src=1 onerror=${RUN}>`,
  `<img src=1 onerror="${RUN}"`,
  // javascript:, vbscript:, data: URLs in href/src (plain, mixed case, entity-encoded, whitespace-split)
  `<a href="javascript:${RUN}">click</a>`,
  `<a href="JaVaScRiPt:${RUN}">click</a>`,
  `<a href="  javascript:${RUN}">click</a>`,
  `<a href="java\nscript:${RUN}">click</a>`,
  `<a href="java&#x09;script:${RUN}">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN}">click</a>`,
  `<a href="&#x6A;avascript&colon;${RUN}">click</a>`,
  `<a href="javascript&#0000058${RUN}">click</a>`,
  `<a href="&#14;javascript:${RUN}">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">click</a>`,
  `<a href="//evil.example/phish">click</a>`,
  `<IMG SRC="javascript:${RUN}">`,
  `<img src="jav&#x09;ascript:${RUN}">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img srcset="javascript:${RUN} 1x">`,
  `<image-component src="javascript:${RUN}" onload="${RUN}"></image-component>`,
  `<callout-component data-emoji-url="javascript:${RUN}" onclick="${RUN}"><p>c</p></callout-component>`,
  // embedded documents, forms and document-level tags
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<form action="javascript:${RUN}"><button>go</button></form>`,
  `<button formaction="javascript:${RUN}">go</button>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:/">`,
  `<link rel="stylesheet" href="javascript:${RUN}">`,
  `<style>@import 'javascript:${RUN}'; body { display: none }</style>`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<table background="javascript:${RUN}"><tr><td background="javascript:${RUN}">c</td></tr></table>`,
  // svg / math tricks and mutation XSS
  `<svg><script>${RUN}</script></svg>`,
  `<svg><a xlink:href="javascript:${RUN}"><text x="20" y="20">x</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}></style></mglyph></table></mtext></math>`,
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<textarea><img src=x onerror=${RUN}></textarea>`,
  `<xmp><img src=x onerror=${RUN}></xmp>`,
  `<select><option><img src=x onerror=${RUN}></option></select>`,
  `<!--<img src=x onerror=${RUN}>-->`,
  `<![CDATA[<img src=x onerror=${RUN}>]]>`,
  // CSS injection: styles and classes
  `<div style="background:url(javascript:${RUN})">x</div>`,
  `<p style="width: expression(${RUN})">x</p>`,
  `<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:9999;background:#000">overlay</div>`,
  `<span class="fixed inset-0 z-50 bg-black">overlay</span>`,
  `<p class="absolute inset-0 z-[9999]" style="text-align: center; position: fixed">overlay</p>`,
  `<span style="color: red; position: fixed; inset: 0">overlay</span>`,
  `<mark style="background-image: url('https://evil.example/track.png')">x</mark>`,
  `<code class="language-js fixed inset-0 z-50">x</code>`,
  // editor nodes with hostile attributes
  `<mention-component entity_identifier="0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11" entity_name="user_mention" onmouseover="${RUN}" onclick="${RUN}" class="fixed inset-0"></mention-component>`,
  `<mention-component entity_identifier="x&quot; onmouseover=&quot;${RUN}" entity_name="user_mention"></mention-component>`,
  `<ul data-type="taskList" onclick="${RUN}"><li data-type="taskItem" data-checked="true"><label><input type="text" autofocus onfocus="${RUN}" value="x"></label><div><p>t</p></div></li></ul>`,
  `<input type="checkbox" onclick="${RUN}" formaction="javascript:${RUN}">`,
];

/** Editor output (Tiptap nodes in the form Plane's editor writes them) that must be stored byte for byte. */
export const EDITOR_OUTPUT: Readonly<Record<string, string>> = {
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
  // Stride's editor (components/editor): work-item mentions, tables without colgroup, images while and after upload
  workItemMention: `<p>See <mention-component id="${UID}" entity_identifier="${UID}" entity_name="issue" label="STR-12 Fix the login"></mention-component> today</p>`,
  strideTable: `<table><tbody><tr><th><p>Owner</p></th><th colwidth="120"><p>Due</p></th></tr><tr><td colspan="2" colwidth="150,200"><p>x</p></td></tr><tr><td rowspan="2"><p>y</p></td><td><p></p></td></tr></tbody></table>`,
  strideImage: `<image-component src="${UID}" id="${UID}" status="uploaded"></image-component>`,
  tiptapMention: `<p>Hi <span data-type="mention" data-id="${UID}" data-label="Ada">@Ada</span></p>`,
  colors: `<p><span data-text-color="peach">peach</span> <span data-background-color="#ff0000" style="background-color: #ff0000">red</span> <span data-text-color="#0a0b0c" style="color: #0a0b0c">dark</span></p>`,
  callout: `<callout-component data-icon-color="#6d7b8a" data-icon-name="Info" data-emoji-unicode="128161" data-emoji-url="https://cdn.example.com/emoji/1f4a1.png" data-logo-in-use="emoji" data-background="gray"><p>note</p></callout-component>`,
  text: `<p>Grüße — 日本語 😀 a&nbsp;b &amp; "quotes" 'single' 1 &gt; 0</p>`,
  empty: `<p></p>`,
};

const ENTITY: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  nbsp: " ",
};

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith("#x")) return String.fromCodePoint(parseInt(k.slice(2), 16) || 0xfffd);
    if (k.startsWith("#")) return String.fromCodePoint(parseInt(k.slice(1), 10) || 0xfffd);
    return ENTITY[k] ?? m;
  });
}

const BAD_SCHEME = /^(javascript|vbscript|data|file|blob|livescript):/i;
const BAD_ATTRS = new Set([
  "srcdoc",
  "srcset",
  "formaction",
  "action",
  "background",
  "xlink:href",
  "data",
  "poster",
  "autofocus",
  "http-equiv",
]);
const BAD_STYLE = /position|expression|url\s*\(|z-index|inset|behavior|binding|@import|display|top\s*:|left\s*:/i;

/**
 * What is wrong with stored HTML, checked independently of the sanitiser: tags outside the allowlist,
 * event handlers, dangerous URL schemes (after entity decoding and whitespace removal), attributes that
 * load or run things, classes other than `language-*`, and layout-changing styles. Empty when safe.
 */
export function htmlViolations(html: string): string[] {
  const out: string[] = [];
  const allowed = new Set<string>(HTML_ALLOWLIST.tags);
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const tag = m[2].toLowerCase();
    if (!allowed.has(tag)) out.push(`tag <${tag}>`);
    if (m[1]) continue;
    for (const a of m[3].matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      const name = a[1].toLowerCase();
      const value = decode(a[2] ?? a[3] ?? a[4] ?? "");
      const url = value.replace(/[\u0000-\u0020]/g, "");
      if (name.startsWith("on")) out.push(`event handler ${name} on <${tag}>`);
      if (BAD_ATTRS.has(name)) out.push(`attribute ${name} on <${tag}>`);
      if (BAD_SCHEME.test(url)) out.push(`${name}="${value}" on <${tag}>`);
      if (name === "href" && !/^(https?:|mailto:)/i.test(url)) out.push(`href="${value}" on <${tag}>`);
      if (
        name === "src" &&
        !/^(https?:\/\/|\/api\/assets\/)/i.test(url) &&
        !(tag === "image-component" && /^[\w.-]+$/.test(url))
      )
        out.push(`src="${value}" on <${tag}>`);
      if (name === "class")
        for (const c of value.split(/\s+/).filter(Boolean))
          if (!/^language-[\w+#.-]+$/.test(c)) out.push(`class "${c}" on <${tag}>`);
      if (name === "style" && BAD_STYLE.test(value)) out.push(`style "${value}" on <${tag}>`);
    }
  }
  if (/<(script|iframe|object|embed|svg|math|style|form|meta|base|link|template)\b/i.test(html))
    out.push("dangerous element");
  return out;
}
