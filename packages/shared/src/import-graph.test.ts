import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * packages/shared's import graph has no circle (issue #26): no two of its modules import each other, directly or
 * round a circle. Every import counts, read with the TypeScript compiler's own scanner: type-only imports and
 * re-exports too (a type-only circle still ties the two modules together).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Every module of src/ (tests left out), relative to src/ with `/`. */
const modules = () =>
  readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .map((p) => p.split(path.sep).join("/"))
    .filter((p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p));

/** The modules of src/ that `file` imports, as paths relative to src/ (packages are left out). */
function localImports(file: string): string[] {
  const found = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);
  const out: string[] = [];
  for (const spec of found.filter((s) => s.startsWith("."))) {
    const base = path.resolve(path.dirname(file), spec);
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (c) => existsSync(c) && statSync(c).isFile(),
    );
    if (target) out.push(path.relative(SRC, target).split(path.sep).join("/"));
  }
  return out;
}

/**
 * Every circle of `graph` (module → the modules it imports), each once, as the chain of modules that closes it
 * (`a.ts → b.ts → a.ts`): a depth-first walk that reports each edge back into the modules it is inside.
 */
export function importCircles(graph: Map<string, string[]>): string[] {
  const done = new Set<string>();
  const trail: string[] = [];
  const circles = new Set<string>();
  const walk = (node: string) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      // the same circle met from another of its modules is reported once, from its smallest name
      const start = loop.indexOf([...loop].sort()[0]);
      const turned = [...loop.slice(start), ...loop.slice(0, start)];
      circles.add([...turned, turned[0]].join(" → "));
      return;
    }
    if (done.has(node)) return;
    trail.push(node);
    for (const next of graph.get(node) ?? []) walk(next);
    trail.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) walk(node);
  return [...circles].sort();
}

describe("shared import graph", () => {
  it("reports a circle, a type-only one too (the checker works)", () => {
    const graph = new Map([
      ["work-items.ts", ["contract/work-items.ts"]],
      ["contract/work-items.ts", ["work-items.ts", "constants.ts"]],
      ["constants.ts", []],
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([
      "a.ts → b.ts → c.ts → a.ts",
      "contract/work-items.ts → work-items.ts → contract/work-items.ts",
    ]);
    const file = path.join(SRC, "time-tracking.ts");
    expect(ts.preProcessFile('import type { X } from "./y.ts";', true, true).importedFiles[0]?.fileName).toBe("./y.ts");
    expect(localImports(file).every((p) => !p.startsWith(".."))).toBe(true);
  });

  it("has no import circle, type-only imports included", () => {
    const graph = new Map(modules().map((p) => [p, localImports(path.join(SRC, p))]));
    expect(graph.size).toBeGreaterThan(50);
    expect(importCircles(graph)).toEqual([]);
  });
});
