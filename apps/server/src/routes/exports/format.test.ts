import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csvField, exportDateTime, flatten, headerOf, rowWriter, xlsxCell, type ExportRow } from "./format.ts";

describe("export formats", () => {
  it("headers are Title Case with spaces", () => {
    expect(headerOf("created_by_name")).toBe("Created By Name");
    expect(headerOf("is_draft")).toBe("Is Draft");
  });
  it("CSV fields: lists as JSON, None empty, quoting when needed, booleans as Python writes them", () => {
    expect(csvField(["a", "b"])).toBe('"[""a"",""b""]"');
    expect(csvField(null)).toBe("");
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b"\nc')).toBe('"a ""b""\nc"');
    expect(csvField(true)).toBe("True");
    expect(flatten({ a: { b: 1, c: { d: 2 } }, e: [1] })).toEqual({ a__b: 1, a__c__d: 2, e: [1] });
  });
  it('XLSX cells: lists joined with ", ", dicts as JSON, None empty', () => {
    expect(xlsxCell(["a", "b"])).toBe("a, b");
    expect(xlsxCell([{ url: "u", title: "t" }])).toBe('{"url":"u","title":"t"}');
    expect(xlsxCell({ a: 1 })).toBe('{"a":1}');
    expect(xlsxCell(null)).toBe("");
    expect(xlsxCell(3)).toBe(3);
  });
  it("date-times as YYYY-MM-DD HH:MM:SS (UTC)", () => {
    expect(exportDateTime("2026-03-04T05:06:07.891+00:00")).toBe("2026-03-04 05:06:07");
    expect(exportDateTime(null)).toBeNull();
  });
  it("the JSON writer writes exactly JSON.stringify(rows, null, 2), page by page; no rows is []", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fmt-"));
    const rows = [
      { name: "a", links: [{ url: "u", title: "t" }] },
      { name: "b", links: [] },
    ] as unknown as ExportRow[];
    const w = rowWriter("json", path.join(dir, "x.json"));
    await w.write(rows.slice(0, 1));
    await w.write(rows.slice(1));
    await w.close();
    expect(fs.readFileSync(path.join(dir, "x.json"), "utf8")).toBe(JSON.stringify(rows, null, 2));
    const empty = rowWriter("json", path.join(dir, "e.json"));
    await empty.close();
    expect(fs.readFileSync(path.join(dir, "e.json"), "utf8")).toBe("[]");
    const csv = rowWriter("csv", path.join(dir, "e.csv"));
    await csv.close();
    expect(fs.readFileSync(path.join(dir, "e.csv"), "utf8")).toBe("");
    fs.rmSync(dir, { recursive: true });
  });
});
