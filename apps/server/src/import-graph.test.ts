import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's import graph, read with the TypeScript compiler's own import scanner (type-only imports and
 * re-exports count: they are dependencies too). Resource folders under routes/ may use each other in one
 * direction only; helpers several of them need live in core/ (or another neutral module).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const ROUTES = path.join(SRC, "routes");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every relative import of `file`, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName).filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s));
}

/** The first path segment under `root`, or null when `p` is not below it. */
function segmentUnder(root: string, p: string): string | null {
  const rel = path.relative(root, p);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first : null;
}

/** Folder → folders it imports, with one importing file per edge (for the failure message). */
function routeFolderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(ROUTES)) {
    const from = segmentUnder(ROUTES, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const target of importsOf(file)) {
      const to = segmentUnder(ROUTES, target);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    }
  }
  return graph;
}

/** The strongly connected components with more than one folder (Tarjan), each a cycle of imports. */
export function importCycles(graph: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("server import graph", () => {
  it("finds a cycle when there is one (the checker works)", () => {
    const g = new Map([
      ["a", new Map([["b", "a/x.ts → b/y.ts"]])],
      ["b", new Map([["c", "b/y.ts → c/z.ts"]])],
      ["c", new Map([["a", "c/z.ts → a/x.ts"]])],
      ["d", new Map([["a", "d/w.ts → a/x.ts"]])],
    ]);
    expect(importCycles(g)).toEqual([["a", "b", "c"]]);
  });

  it("has no import cycle between route folders", () => {
    const graph = routeFolderGraph();
    expect(graph.size).toBeGreaterThan(10);
    const report = importCycles(graph).map((scc) =>
      scc.flatMap((from) => [...(graph.get(from) ?? new Map<string, string>()).entries()].filter(([to]) => scc.includes(to)).map(([, via]) => via)),
    );
    expect(report).toEqual([]);
  });

  it("keeps core/, db/ and storage/ free of route imports", () => {
    const offending = ["core", "db", "storage"]
      .flatMap((dir) => sourceFiles(path.join(SRC, dir)))
      .flatMap((file) => importsOf(file).filter((t) => segmentUnder(ROUTES, t) !== null).map((t) => `${path.relative(SRC, file)} → ${path.relative(SRC, t)}`));
    expect(offending).toEqual([]);
  });
});
