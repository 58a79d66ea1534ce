import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The web app's layers, read from its import graph with the TypeScript compiler's own import scanner
 * (type-only imports, re-exports and lazy `import()` count: they are dependencies too). eslint.config.js
 * says the same to the editor; this test holds the whole graph to it.
 *
 * - `api/` is the bottom layer: requests, query keys and the cache. It imports nothing else of the app (no
 *   screens, no toasts: how a write's outcome is shown is the app's, app/query-client.ts).
 * - `components/` and `lib/` are shared by the screens and never import a feature.
 * - A feature never imports another feature's component (a `.tsx` module): what several features show lives
 *   in `components/` (the work-item widgets in `components/work-item/`).
 * - Nothing below `app/` imports it: `app/` (router, loaders, route tables in `app/routes/`, chunks) is the top;
 *   what a feature needs of it (the lazy helpers, the theme) lives in `components/` or `lib/`, and a chunk a
 *   feature opens (the item detail, the list's layouts) is declared in that feature.
 * - No module imports itself round a circle, and no two folders (`app`, `api`, `components`, `lib`,
 *   `features/<feature>`) import each other.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every relative import of the app's source files, as paths relative to src/ (with `/`). */
function importEdges(): { from: string; to: string }[] {
  const rel = (p: string) => path.relative(SRC, p).split(path.sep).join("/");
  return sourceFiles(SRC).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, "utf8"), true, true)
      .importedFiles.map((f) => f.fileName)
      .filter((s) => s.startsWith("."))
      .map((s) => ({ from: rel(file), to: rel(path.resolve(path.dirname(file), s)) })),
  );
}

/** The module a specifier names (`./x` → `./x.ts`, `./dir` → `./dir/index.ts`), relative to src/ like importEdges. */
function resolved(p: string): string {
  const found = [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`, `${p}/index.tsx`].find(
    (c) => existsSync(path.join(SRC, c)) && statSync(path.join(SRC, c)).isFile(),
  );
  return found ?? p;
}

const top = (p: string) => p.split("/")[0];
/** The folders below app/ (the entry files main.tsx and spaces-main.tsx are above it). */
const BELOW_APP = new Set(["api", "components", "lib", "features"]);
const feature = (p: string) => (top(p) === "features" ? p.split("/")[1] : null);

/** The imports that break the layers, one line each (`from → to: why`). */
export function layerViolations(edges: { from: string; to: string }[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const why =
      BELOW_APP.has(top(from)) && top(to) === "app"
        ? "nothing below app/ imports it"
        : top(from) === "api" && top(to) !== "api"
          ? "api/ imports nothing else of the app"
          : (top(from) === "components" || top(from) === "lib") && top(to) === "features"
            ? `${top(from)}/ never imports a feature`
            : feature(from) && feature(to) && feature(from) !== feature(to) && to.endsWith(".tsx")
              ? "a feature uses another feature's components only through components/"
              : null;
    return why ? [`${from} → ${to}: ${why}`] : [];
  });
}

/** One circle of `edges` as the path that closes it (`a → b → … → a`), or null when there is none (depth-first). */
export function findCircle(edges: { from: string; to: string }[]): string | null {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) if (from !== to) next.set(from, [...(next.get(from) ?? []), to]);
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const walk = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    trail.push(node);
    for (const to of next.get(node) ?? []) {
      const found = walk(to);
      if (found) return found;
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of next.keys()) {
    const found = walk(node);
    if (found) return found;
  }
  return null;
}

/** The folder of a path for the folder graph: `features/<feature>`, or its top folder (`app`, `api`, …), or the file. */
const folderOf = (p: string) => (feature(p) ? `features/${feature(p)}` : p.includes("/") ? top(p) : p);

describe("web import graph", () => {
  it("reports each kind of layer break (the checker works)", () => {
    expect(
      layerViolations([
        { from: "api/work-items.ts", to: "components/ui/index.ts" },
        { from: "api/work-items.ts", to: "features/work-items/lib/list-data.ts" },
        { from: "api/work-items.ts", to: "api/client.ts" },
        { from: "components/work-item/properties.tsx", to: "features/work-items/lib/dates.ts" },
        { from: "lib/dates.ts", to: "api/client.ts" },
        { from: "features/drafts/DraftsPage.tsx", to: "features/work-items/components/icons.tsx" },
        { from: "features/drafts/DraftsPage.tsx", to: "features/drafts/DraftRow.tsx" },
        { from: "features/drafts/DraftsPage.tsx", to: "components/work-item/icons.tsx" },
        { from: "features/projects/ProjectsPage.tsx", to: "features/workspace/current-workspace.ts" },
        { from: "features/work-items/WorkItemsPage.tsx", to: "app/chunks/index.ts" },
        { from: "components/lazy.tsx", to: "app/lazy.tsx" },
        { from: "app/router.tsx", to: "features/work-items/WorkItemsPage.tsx" },
      ]),
    ).toEqual([
      "api/work-items.ts → components/ui/index.ts: api/ imports nothing else of the app",
      "api/work-items.ts → features/work-items/lib/list-data.ts: api/ imports nothing else of the app",
      "components/work-item/properties.tsx → features/work-items/lib/dates.ts: components/ never imports a feature",
      "features/drafts/DraftsPage.tsx → features/work-items/components/icons.tsx: a feature uses another feature's components only through components/",
      "features/work-items/WorkItemsPage.tsx → app/chunks/index.ts: nothing below app/ imports it",
      "components/lazy.tsx → app/lazy.tsx: nothing below app/ imports it",
    ]);
  });

  it("finds a circle when there is one (the checker works)", () => {
    const line = [
      { from: "app/router.tsx", to: "features/a/A.tsx" },
      { from: "features/a/A.tsx", to: "components/b.tsx" },
    ];
    expect(findCircle(line)).toBeNull();
    expect(findCircle([...line, { from: "components/b.tsx", to: "features/a/A.tsx" }])).toBe(
      "features/a/A.tsx → components/b.tsx → features/a/A.tsx",
    );
  });

  it("keeps api/ at the bottom, components/ and lib/ free of features, features' components to themselves, app/ at the top", () => {
    const edges = importEdges();
    expect(edges.filter((e) => top(e.from) === "api").length).toBeGreaterThan(20);
    expect(edges.filter((e) => feature(e.from)).length).toBeGreaterThan(200);
    expect(layerViolations(edges)).toEqual([]);
  });

  it("has no import circle between two modules, nor between two folders (lazy imports count)", () => {
    const edges = importEdges().map(({ from, to }) => ({ from, to: resolved(to) }));
    expect(findCircle(edges)).toBeNull();
    expect(findCircle(edges.map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) })))).toBeNull();
  });
});
