import { readdirSync, readFileSync, statSync } from "node:fs";
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

const top = (p: string) => p.split("/")[0];
const feature = (p: string) => (top(p) === "features" ? p.split("/")[1] : null);

/** The imports that break the layers, one line each (`from → to: why`). */
export function layerViolations(edges: { from: string; to: string }[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const why =
      top(from) === "api" && top(to) !== "api"
        ? "api/ imports nothing else of the app"
        : (top(from) === "components" || top(from) === "lib") && top(to) === "features"
          ? `${top(from)}/ never imports a feature`
          : feature(from) && feature(to) && feature(from) !== feature(to) && to.endsWith(".tsx")
            ? "a feature uses another feature's components only through components/"
            : null;
    return why ? [`${from} → ${to}: ${why}`] : [];
  });
}

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
      ]),
    ).toEqual([
      "api/work-items.ts → components/ui/index.ts: api/ imports nothing else of the app",
      "api/work-items.ts → features/work-items/lib/list-data.ts: api/ imports nothing else of the app",
      "components/work-item/properties.tsx → features/work-items/lib/dates.ts: components/ never imports a feature",
      "features/drafts/DraftsPage.tsx → features/work-items/components/icons.tsx: a feature uses another feature's components only through components/",
    ]);
  });

  it("keeps api/ at the bottom, components/ and lib/ free of features, and features' components to themselves", () => {
    const edges = importEdges();
    expect(edges.filter((e) => top(e.from) === "api").length).toBeGreaterThan(20);
    expect(edges.filter((e) => feature(e.from)).length).toBeGreaterThan(200);
    expect(layerViolations(edges)).toEqual([]);
  });
});
