import { describe, expect, it } from "vitest";
import * as boxesModule from "lucide-react/dist/esm/icons/boxes.mjs";
import * as ellipsisModule from "lucide-react/dist/esm/icons/ellipsis.mjs";
import { absoluteStart, compactIconNode, compactLucideIcon, shapePath, type IconNode } from "./icon-node.ts";

// lucide's icon data, which its type declarations leave out
type IconData = { name: string; node: IconNode };
const boxes = (boxesModule as unknown as { __iconData: IconData }).__iconData;
const ellipsis = (ellipsisModule as unknown as { __iconData: IconData }).__iconData;

describe("absoluteStart", () => {
  it("makes a relative first move absolute, and its implicit pairs relative lines", () => {
    expect(absoluteStart("m7 16.5-4.74-2.85")).toBe("M7 16.5l-4.74-2.85");
    expect(absoluteStart("m12 8 4.74-2.85")).toBe("M12 8l4.74-2.85");
    expect(absoluteStart("m5,5 1,1 2,2")).toBe("M5 5l1,1 2,2");
    expect(absoluteStart("m.5.5h3")).toBe("M.5 .5h3");
    expect(absoluteStart("m9 9v3")).toBe("M9 9v3");
    expect(absoluteStart("m1e1 2")).toBe("M1e1 2");
  });
  it("leaves a path that starts with an absolute move as it is", () => {
    expect(absoluteStart("M3 3h18v18H3z")).toBe("M3 3h18v18H3z");
  });
});

describe("shapePath", () => {
  it("draws each shape's outline", () => {
    expect(shapePath("line", { x1: 1, y1: 2, x2: 3, y2: 4 })).toBe("M1 2L3 4");
    expect(shapePath("circle", { cx: 12, cy: 12, r: 1 })).toBe("M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0z");
    expect(shapePath("rect", { x: 3, y: 4, width: 18, height: 18 })).toBe("M3 4h18v18h-18z");
    expect(shapePath("rect", { x: 3, y: 4, width: 18, height: 18, rx: 2 })).toBe(
      "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2z",
    );
    // ry defaults to rx as given, then each is at most half its side
    expect(shapePath("rect", { x: 0, y: 0, width: 4, height: 10, rx: 5 })).toBe(
      "M2 0h0a2 5 0 0 1 2 5v0a2 5 0 0 1 -2 5h0a2 5 0 0 1 -2 -5v0a2 5 0 0 1 2 -5z",
    );
    expect(shapePath("polyline", { points: "1 2 3 4 5,6" })).toBe("M1 2L3 4L5 6");
    expect(shapePath("polygon", { points: "1 2 3 4 5 6" })).toBe("M1 2L3 4L5 6z");
    expect(shapePath("circle", { cx: 1, cy: 1, r: 0 })).toBe("");
    expect(shapePath("text", {})).toBeNull();
  });
});

describe("compactIconNode", () => {
  it("joins lucide's Boxes (12 paths) into one path", () => {
    const out = compactIconNode(boxes.node);
    expect(boxes.node.length).toBe(12);
    expect(out).toHaveLength(1);
    expect(out[0]![0]).toBe("path");
    expect((out[0]![1].d as string).match(/M/g)).toHaveLength(12);
  });
  it("joins circles", () => {
    expect(compactIconNode(ellipsis.node)).toEqual([
      ["path", { d: expect.stringMatching(/^M11 12a1 1/), key: "compact" }],
    ]);
  });
  it("keeps a child with paint of its own, in its place", () => {
    const node: IconNode = [
      ["path", { d: "M1 1h2", key: "a" }],
      ["circle", { cx: 5, cy: 5, r: 1, fill: "currentColor", key: "b" }],
      ["line", { x1: 0, y1: 0, x2: 1, y2: 1, key: "c" }],
    ];
    expect(compactIconNode(node)).toEqual([
      ["path", { d: "M1 1h2M0 0L1 1", key: "compact" }],
      ["circle", { cx: 5, cy: 5, r: 1, fill: "currentColor", key: "b" }],
    ]);
  });
  it("compacts an icon once", () => {
    expect(compactLucideIcon(boxes)).toBe(compactLucideIcon(boxes));
    expect(compactLucideIcon(boxes).name).toBe("boxes");
  });
});
