import { describe, expect, it } from "vitest";
import { checkContent, contentDisposition, DECLARABLE_TYPES, hasContentRule, normalizeMime } from "./content-type.ts";
import { jpeg, pdf, png, text, zip } from "../../test/helpers/files.ts";

describe("normalizeMime", () => {
  it("keeps the lower-cased essence and drops parameters", () => {
    expect(normalizeMime("Text/Plain; charset=UTF-8")).toBe("text/plain");
    expect(normalizeMime("image/svg+xml")).toBe("image/svg+xml");
    expect(normalizeMime("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });
  it("refuses anything that is not a media type or could break a header", () => {
    for (const bad of [
      "text/plain\r\nSet-Cookie: a=b",
      "text/plain;\r\n x",
      "text/plain\n",
      "text",
      "/plain",
      "text/",
      "text/pl ain",
      "tëxt/plain",
      "",
      "a/b\u0000",
      42,
      null,
      "x/" + "y".repeat(300),
    ]) {
      expect(normalizeMime(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe("checkContent", () => {
  it("has a rule for every type an upload may declare", () => {
    expect(DECLARABLE_TYPES.filter((t) => !hasContentRule(t))).toEqual([]);
  });
  it("accepts bytes whose signature matches the declared type", async () => {
    expect(await checkContent("image/png", png())).toEqual({ ok: true });
    expect(await checkContent("image/jpeg", jpeg())).toEqual({ ok: true });
    expect(await checkContent("image/jpg", jpeg())).toEqual({ ok: true });
    expect(await checkContent("application/pdf", pdf())).toEqual({ ok: true });
    expect(await checkContent("application/zip", zip({ "a.txt": "a" }))).toEqual({ ok: true });
    expect(
      await checkContent(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        zip({ "word/document.xml": "<w/>" }),
      ),
    ).toEqual({ ok: true });
  });
  it("refuses bytes of another kind, and HTML under an image type", async () => {
    expect(await checkContent("image/png", text("<html><script>alert(1)</script></html>"))).toEqual({
      ok: false,
      reason: "its signature is missing",
    });
    expect(await checkContent("image/png", jpeg())).toEqual({ ok: false, reason: "it is image/jpeg" });
    expect(await checkContent("application/pdf", png())).toMatchObject({ ok: false });
    expect(await checkContent("image/gif", new Uint8Array(0))).toMatchObject({ ok: false });
    expect(await checkContent("application/x-msdownload", Uint8Array.from([0x4d, 0x5a, 0x90, 0]))).toMatchObject({
      ok: false,
    });
  });
  it("accepts text as text types, but no binary and no markup shown inline", async () => {
    expect(await checkContent("text/plain", text("meeting notes\n- one\n- two <b>not at the start</b>\n"))).toEqual({
      ok: true,
    });
    expect(await checkContent("text/plain", text("\ufeffUTF-8 with a BOM, ünïcödé"))).toEqual({ ok: true });
    expect(await checkContent("text/plain", Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toEqual({
      ok: true,
    });
    expect(await checkContent("text/csv", Uint8Array.from([0x61, 0x2c, 0xe9, 0x0d, 0x0a]))).toEqual({ ok: true }); // Windows-1252 "a,é"
    expect(await checkContent("text/markdown", text("<div>markdown may hold HTML; it always downloads</div>"))).toEqual(
      { ok: true },
    );
    expect(
      await checkContent("image/svg+xml", text("<?xml version='1.0'?><svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toEqual({ ok: true });
    for (const markup of [
      "<!DOCTYPE html><p>x",
      "  \n<html>",
      "<script>alert(1)</script>",
      "<svg onload=alert(1)>",
      "<?xml version='1.0'?><x/>",
      "<iframe src=x>",
      "\ufeff<a href=x>y</a>",
      "<!-- c -->",
    ]) {
      expect(await checkContent("text/plain", text(markup)), markup).toEqual({
        ok: false,
        reason: "it looks like HTML, XML or SVG",
      });
    }
    expect(await checkContent("text/plain", png())).toEqual({ ok: false, reason: "it is not text" });
    expect(await checkContent("text/plain", Uint8Array.from([0x61, 0x00, 0x62]))).toEqual({
      ok: false,
      reason: "it is not text",
    });
    expect(await checkContent("application/json", zip({ a: "b" }))).toMatchObject({ ok: false });
  });
});

describe("contentDisposition", () => {
  it("never lets a stored name break the header", () => {
    expect(contentDisposition("attachment", "report.pdf")).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition("inline", 'a"b\\c\r\nSet-Cookie: x.png')).toBe(
      `inline; filename="a_b_cSet-Cookie: x.png"; filename*=UTF-8''a%22b%5CcSet-Cookie%3A%20x.png`,
    );
    expect(contentDisposition("attachment", "Prüfung (1)'s.txt")).toBe(
      `attachment; filename="Pr_fung (1)'s.txt"; filename*=UTF-8''Pr%C3%BCfung%20%281%29%27s.txt`,
    );
    expect(contentDisposition("attachment", "\r\n")).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
