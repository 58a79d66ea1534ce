import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("the CSV encoder", () => {
  it("quotes cells with commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
  });

  it("defuses every formula start: = + - @ tab and carriage return", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes null as empty, booleans as True/False, numbers as they are, lists and objects as JSON", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("True");
    expect(csvCell(false)).toBe("False");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(["a", "=b"])).toBe('"[""a"",""=b""]"');
    expect(csvCell({ k: 1 })).toBe('"{""k"":1}"');
    expect(csvLine(["a", 1, null, "=x"])).toBe("a,1,,'=x");
  });
});
