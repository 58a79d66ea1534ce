import { describe, expect, it } from "vitest";
import { diffStats, parseDiff, splitRows } from "./Diff.tsx";

const DIFF = [
  "diff --git a/README.md b/README.md",
  "index 1..2 100644",
  "--- a/README.md",
  "+++ b/README.md",
  "@@ -1,2 +1,2 @@",
  " hello",
  "-old line",
  "+new line",
  "diff --git a/hello.txt b/hello.txt",
  "new file mode 100644",
  "--- /dev/null",
  "+++ b/hello.txt",
  "@@ -0,0 +1,2 @@",
  "+Hello",
  "+World",
].join("\n");

describe("diffs of agent runs", () => {
  it("counts the files and the added and removed lines (the commit modal's summary), not the file headers", () => {
    expect(diffStats(DIFF)).toEqual({ files: 2, added: 3, removed: 1 });
    expect(diffStats("")).toEqual({ files: 0, added: 0, removed: 0 });
  });

  it("pairs a deletion with the addition after it, side by side", () => {
    const rows = splitRows(parseDiff(DIFF));
    expect(rows.find((r) => r.left?.text === "old line")).toEqual({
      left: { kind: "del", text: "old line" },
      right: { kind: "add", text: "new line" },
    });
    expect(rows.filter((r) => r.left === null).map((r) => r.right?.text)).toEqual(["Hello", "World"]);
  });
});
