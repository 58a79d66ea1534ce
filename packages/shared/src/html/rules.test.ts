import { describe, expect, it } from "vitest";
import { cleanHtmlAttributes, htmlAttributeNames, htmlTagAction, safeHtmlUrl } from "./rules.ts";
import { HTML_ALLOWLIST } from "./allowlist.ts";

describe("htmlTagAction", () => {
  it("keeps editor tags, drops script-like tags with their content, unwraps the rest", () => {
    for (const t of ["p", "H2", "mention-component", "image-component", "table", "input"])
      expect(htmlTagAction(t)).toBe("keep");
    for (const t of ["script", "STYLE", "iframe", "svg", "math", "noscript", "template", "textarea", "object", "embed"])
      expect(htmlTagAction(t)).toBe("drop");
    for (const t of ["font", "section", "button", "form", "details", "x-widget"])
      expect(htmlTagAction(t)).toBe("unwrap");
  });
  it("never both keeps and drops a tag", () => {
    const dropped = new Set<string>(HTML_ALLOWLIST.dropWithContent);
    expect(HTML_ALLOWLIST.tags.filter((t) => dropped.has(t))).toEqual([]);
  });
});

describe("safeHtmlUrl", () => {
  it("allows http, https and mailto links only", () => {
    expect(safeHtmlUrl("https://example.com/a", "link")).toBe("https://example.com/a");
    expect(safeHtmlUrl("HTTP://example.com", "link")).toBe("HTTP://example.com");
    expect(safeHtmlUrl("mailto:a@b.c", "link")).toBe("mailto:a@b.c");
    for (const u of [
      "javascript:alert(1)",
      "JaVaScRiPt:x",
      "vbscript:x",
      "data:text/html,x",
      "/relative",
      "//evil.example",
      "ftp://x",
      "tel:1",
      "#top",
    ]) {
      expect(safeHtmlUrl(u, "link")).toBeNull();
    }
  });
  it("sees through whitespace and control characters the browser ignores", () => {
    expect(safeHtmlUrl("java\tscript:alert(1)", "link")).toBeNull();
    expect(safeHtmlUrl("java\nscript:alert(1)", "link")).toBeNull();
    expect(safeHtmlUrl("\u0001\u000ejavascript:alert(1)", "link")).toBeNull();
    expect(safeHtmlUrl(" https://example.com \n", "link")).toBe("https://example.com");
    expect(safeHtmlUrl("https://exa\u0000mple.com", "link")).toBeNull();
  });
  it("allows images from http(s) and Stride's own asset paths", () => {
    expect(safeHtmlUrl("https://example.com/a.png", "image")).toBe("https://example.com/a.png");
    expect(safeHtmlUrl("/api/assets/v2/static/abc/", "image")).toBe("/api/assets/v2/static/abc/");
    for (const u of [
      "mailto:a@b.c",
      "data:image/png;base64,AAAA",
      "javascript:x",
      "x",
      "/api/users/me/",
      "/api/assets/../../auth/sign-out/",
      "/api/assets/%2e%2e/x",
      "https:/\\evil",
    ]) {
      expect(safeHtmlUrl(u, "image")).toBeNull();
    }
  });
  it("lets editor image nodes carry a bare asset id", () => {
    expect(safeHtmlUrl("0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11", "asset")).toBe("0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11");
    expect(safeHtmlUrl("0b0c8d8e-0f7e-4f1e-9a53-3b5c2b0a1f11", "image")).toBeNull();
    expect(safeHtmlUrl("javascript:x", "asset")).toBeNull();
  });
});

describe("cleanHtmlAttributes", () => {
  it("drops event handlers and unknown attributes, keeps allowed ones in order", () => {
    expect(cleanHtmlAttributes("td", { onclick: "x", colspan: "2", id: "a", rowspan: "1", colwidth: "150" })).toEqual({
      colspan: "2",
      rowspan: "1",
      colwidth: "150",
    });
    expect(Object.keys(cleanHtmlAttributes("li", { "data-checked": "true", "data-type": "taskItem" })!)).toEqual([
      "data-checked",
      "data-type",
    ]);
  });
  it("checks values against the rule of each attribute", () => {
    expect(cleanHtmlAttributes("li", { "data-type": "evil", "data-checked": "yes" })).toEqual({});
    expect(cleanHtmlAttributes("td", { colspan: "1; x", rowspan: "99999" })).toEqual({});
    expect(
      cleanHtmlAttributes("mention-component", { entity_identifier: 'x" onclick="y', entity_name: "user_mention" }),
    ).toEqual({ entity_name: "user_mention" });
  });
  it("keeps only allowlisted classes", () => {
    expect(cleanHtmlAttributes("code", { class: "language-ts fixed inset-0 z-50" })).toEqual({ class: "language-ts" });
    expect(cleanHtmlAttributes("span", { class: "fixed inset-0 z-50" })).toEqual({});
    expect(cleanHtmlAttributes("p", { class: "language-ts" })).toEqual({});
  });
  it("keeps only allowlisted style declarations with safe values", () => {
    expect(cleanHtmlAttributes("p", { style: "text-align: center; position: fixed; inset: 0" })).toEqual({
      style: "text-align: center",
    });
    expect(cleanHtmlAttributes("td", { style: "background-color:#fff;color: rgb(1, 2, 3)" })).toEqual({
      style: "background-color: #fff; color: rgb(1, 2, 3)",
    });
    expect(cleanHtmlAttributes("td", { style: "background-color: null; color: null" })).toEqual({});
    expect(cleanHtmlAttributes("span", { style: "color: expression(alert(1))" })).toEqual({});
    expect(cleanHtmlAttributes("span", { style: "color: red; background: url(javascript:x)" })).toEqual({});
    expect(cleanHtmlAttributes("span", { style: "color: red /* x */" })).toEqual({});
    expect(cleanHtmlAttributes("div", { style: "text-align: center" })).toEqual({});
  });
  it("forces rel and target on links", () => {
    expect(cleanHtmlAttributes("a", { href: "https://x.test", target: "_self", rel: "opener" })).toEqual({
      href: "https://x.test",
      rel: "noopener noreferrer nofollow",
      target: "_blank",
    });
  });
  it("rejects elements missing a required attribute", () => {
    expect(cleanHtmlAttributes("input", { type: "text" })).toBeNull();
    expect(cleanHtmlAttributes("input", {})).toBeNull();
    expect(cleanHtmlAttributes("input", { type: "checkbox", checked: "", onclick: "x" })).toEqual({
      type: "checkbox",
      checked: "",
    });
    expect(cleanHtmlAttributes("img", { src: "javascript:alert(1)", alt: "x" })).toBeNull();
  });
});

describe("htmlAttributeNames", () => {
  it("lists rule, class, style and forced attributes", () => {
    expect(htmlAttributeNames("a").sort()).toEqual(["href", "rel", "target", "title"]);
    expect(htmlAttributeNames("code")).toEqual(["class"]);
    expect(htmlAttributeNames("td").sort()).toEqual(["colspan", "colwidth", "rowspan", "style"]);
    expect(htmlAttributeNames("blockquote")).toEqual([]);
  });
});
