import { describe, expect, it } from "vitest";
import { fileKind, hasThumbnail } from "./file-kind.ts";

describe("fileKind (attachment thumbnail or icon)", () => {
  it("draws browser images as thumbnails, by their type", () => {
    for (const t of [
      "image/png",
      "image/jpeg",
      "image/gif",
      "image/webp",
      "image/svg+xml",
      "IMAGE/PNG; charset=binary",
    ])
      expect(fileKind(t, "x")).toBe("image");
    expect(hasThumbnail(fileKind("image/png", "shot.png"))).toBe(true);
  });
  it("gives other files an icon by type", () => {
    expect(fileKind("application/pdf", "spec.pdf")).toBe("pdf");
    expect(fileKind("text/plain", "notes.txt")).toBe("text");
    expect(fileKind("text/csv", "data.csv")).toBe("spreadsheet");
    expect(fileKind("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a.xlsx")).toBe("spreadsheet");
    expect(fileKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx")).toBe(
      "document",
    );
    expect(fileKind("application/vnd.ms-powerpoint", "a.ppt")).toBe("presentation");
    expect(fileKind("application/zip", "a.zip")).toBe("archive");
    expect(fileKind("video/mp4", "a.mp4")).toBe("video");
    expect(fileKind("audio/mpeg", "a.mp3")).toBe("audio");
    expect(fileKind("application/json", "a.json")).toBe("code");
    expect(hasThumbnail(fileKind("application/pdf", "spec.pdf"))).toBe(false);
  });
  it("falls back on the extension when the type says little", () => {
    expect(fileKind("application/octet-stream", "backup.tar")).toBe("archive");
    expect(fileKind("", "photo.JPG")).toBe("image");
    expect(fileKind(undefined, "readme.md")).toBe("text");
    expect(fileKind("text/plain", "script.py")).toBe("code");
  });
  it("never draws a thumbnail the type does not vouch for", () => {
    // a file named like an image but typed otherwise stays an icon
    expect(fileKind("application/pdf", "fake.png")).toBe("pdf");
    expect(fileKind("image/heic", "p.heic")).toBe("file");
    expect(fileKind("application/x-msdownload", "setup.exe")).toBe("file");
  });
});
