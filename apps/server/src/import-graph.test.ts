import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's import graph, read with the TypeScript compiler's own import scanner (type-only imports, re-exports
 * and lazy `import()` count: they are dependencies too). docs/ARCHITECTURE.md names the layers; this test holds
 * the whole of src/ to them:
 *
 * - no two modules import each other, directly or round a circle, and no two folders do either;
 * - every file sits in one layer of LAYERS and imports only its own layer or those below it;
 * - resource folders under routes/ use each other in one direction only (helpers several of them need live in
 *   domain/ or http/).
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

/** Every relative import of `file`, resolved to the file under src/ it names (or the bare path when none). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith("."))
    .map((s) => {
      const p = path.resolve(path.dirname(file), s);
      return [p, `${p}.ts`, path.join(p, "index.ts")].find((c) => existsSync(c) && statSync(c).isFile()) ?? p;
    });
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
      if (to && to !== from && !edges.has(to))
        edges.set(to, `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
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

/**
 * The layers, lowest first: a file may import its own layer and those below it, never one above. A path names a
 * folder (ending in `/`) or a file of src/; the longest match wins.
 */
export const LAYERS: { name: string; paths: string[] }[] = [
  { name: "db", paths: ["db/"] },
  { name: "services", paths: ["core/", "storage/", "ops/", "config.ts", "config-schema.ts", "version.ts"] },
  { name: "http", paths: ["http/"] },
  { name: "domain", paths: ["domain/"] },
  { name: "subsystems", paths: ["agents/providers/", "agents/sandbox/", "collab/"] },
  { name: "routes", paths: ["routes/"] },
  { name: "doors", paths: ["live/", "agents/run/", "cli/", "app.ts", "boot.ts", "main.ts", "startup.ts"] },
];

/** The layer's rank of a path relative to src/ (with `/`), or -1 when no layer holds it. */
export function layerOf(rel: string): number {
  let best = -1;
  let length = 0;
  LAYERS.forEach((layer, rank) => {
    for (const p of layer.paths) {
      if ((p.endsWith("/") ? rel.startsWith(p) : rel === p) && p.length > length) {
        best = rank;
        length = p.length;
      }
    }
  });
  return best;
}

/** The imports that go up a layer (or come from a file no layer holds), one line each. */
export function layerViolations(edges: { from: string; to: string }[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a < 0) return [`${from}: in no layer (add its folder to LAYERS)`];
    if (b < 0 || b <= a) return [];
    return [`${from} → ${to}: ${LAYERS[a].name} imports nothing of ${LAYERS[b].name}`];
  });
}

const rel = (p: string) => path.relative(SRC, p).split(path.sep).join("/");

/** Every import between two files of src/, as paths relative to src/. */
function fileEdges(): { from: string; to: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    importsOf(file)
      .filter((t) => !path.relative(SRC, t).startsWith(".."))
      .map((t) => ({ from: rel(file), to: rel(t) })),
  );
}

/** The folder a file belongs to for the folder graph: routes/<resource>, agents/<part>, a top folder, or the file. */
export const folderOf = (p: string) => {
  const parts = p.split("/");
  if (parts.length === 1) return p;
  return (parts[0] === "routes" || parts[0] === "agents") && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
};

/** A graph of `key(path)` nodes, keeping one importing edge per pair for the failure message. */
function graphOf(edges: { from: string; to: string }[], key: (p: string) => string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const { from, to } of edges) {
    const [a, b] = [key(from), key(to)];
    const out = graph.get(a) ?? new Map<string, string>();
    graph.set(a, out);
    if (a !== b && !out.has(b)) out.set(b, `${from} → ${to}`);
  }
  return graph;
}

/** Each cycle of `graph` as the imports that close it. */
function cycleReport(graph: Map<string, Map<string, string>>): string[][] {
  return importCycles(graph).map((scc) =>
    scc.flatMap((from) =>
      [...(graph.get(from) ?? new Map<string, string>()).entries()]
        .filter(([to]) => scc.includes(to))
        .map(([, via]) => via),
    ),
  );
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
    expect(cycleReport(graph)).toEqual([]);
  });

  it("reports an import that goes up a layer, and a file in no layer (the checker works)", () => {
    expect(
      layerViolations([
        { from: "db/client.ts", to: "http/errors.ts" },
        { from: "db/migrate.ts", to: "core/jobs.ts" },
        { from: "http/route.ts", to: "domain/activity.ts" },
        { from: "domain/activity.ts", to: "http/errors.ts" },
        { from: "agents/sandbox/runtime.ts", to: "routes/environments/commands.ts" },
        { from: "agents/run/loop.ts", to: "routes/environments/commands.ts" },
        { from: "collab/server.ts", to: "routes/pages/commands.ts" },
        { from: "live/documents.ts", to: "routes/agents/presenters.ts" },
        { from: "routes/agent-realtime/commands.ts", to: "live/token.ts" },
        { from: "misc/thing.ts", to: "db/client.ts" },
      ]),
    ).toEqual([
      "db/client.ts → http/errors.ts: db imports nothing of http",
      "db/migrate.ts → core/jobs.ts: db imports nothing of services",
      "http/route.ts → domain/activity.ts: http imports nothing of domain",
      "agents/sandbox/runtime.ts → routes/environments/commands.ts: subsystems imports nothing of routes",
      "collab/server.ts → routes/pages/commands.ts: subsystems imports nothing of routes",
      "routes/agent-realtime/commands.ts → live/token.ts: routes imports nothing of doors",
      "misc/thing.ts: in no layer (add its folder to LAYERS)",
    ]);
  });

  it("keeps every import within its layer or below (db < services < http < domain < subsystems < routes < doors)", () => {
    const edges = fileEdges();
    expect(edges.length).toBeGreaterThan(1000);
    expect(layerViolations(edges)).toEqual([]);
  });

  it("has no import cycle between two modules", () => {
    expect(cycleReport(graphOf(fileEdges(), (p) => p))).toEqual([]);
  });

  it("has no import cycle between two folders (routes/<resource>, agents/<part>, core/, http/, domain/, …)", () => {
    const graph = graphOf(fileEdges(), folderOf);
    expect(graph.get("http")?.size).toBeGreaterThan(0);
    expect(cycleReport(graph)).toEqual([]);
  });
});
