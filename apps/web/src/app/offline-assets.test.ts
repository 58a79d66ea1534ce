import { describe, expect, it } from "vitest";
import { OFFLINE_SCREENS, offlineFiles, type ManifestChunk } from "./offline-assets.ts";

/** A build's manifest in small: the page's script, a shared chunk, a screen with a lazy editor, a screen left out. */
const manifest: Record<string, ManifestChunk & { dynamicImports?: string[] }> = {
  "index.html": { file: "assets/main-1.js", imports: ["_app-2.js"] },
  "_app-2.js": {
    file: "assets/app-2.js",
    imports: ["_vendor-3.js"],
    css: ["assets/app-4.css"],
    assets: ["assets/worker-5.js"],
    dynamicImports: ["src/app/chunks/work-items.ts", "src/app/chunks/insight.ts"],
  },
  "_vendor-3.js": { file: "assets/vendor-3.js", imports: ["_app-2.js"] },
  "src/app/chunks/work-items.ts": { file: "assets/app-items-6.js", imports: ["_app-2.js"] },
  "src/features/work-items/layouts/KanbanLayout.tsx": { file: "assets/KanbanLayout-7.js", imports: ["_app-2.js"] },
  "src/features/work-items/layouts/GanttLayout.tsx": { file: "assets/GanttLayout-8.js", imports: ["_gantt-9.js"] },
  "_gantt-9.js": { file: "assets/gantt-9.js" },
  "src/app/chunks/insight.ts": { file: "assets/insight-10.js", imports: ["_charts-11.js"] },
  "_charts-11.js": { file: "assets/charts-11.js" },
};

describe("offlineFiles", () => {
  it("takes the screens' chunks with their static imports, styles and assets, not their dynamic imports", () => {
    const { files, missing } = offlineFiles(manifest, [
      "index.html",
      "src/app/chunks/work-items.ts",
      /^src\/features\/work-items\/layouts\/[^/]+Layout\.tsx$/,
    ]);
    expect(files).toEqual([
      "/assets/GanttLayout-8.js",
      "/assets/KanbanLayout-7.js",
      "/assets/app-2.js",
      "/assets/app-4.css",
      "/assets/app-items-6.js",
      "/assets/gantt-9.js",
      "/assets/main-1.js",
      "/assets/vendor-3.js",
      "/assets/worker-5.js",
    ]);
    expect(missing).toEqual([]);
  });

  it("names the screens the build has no chunk for (a renamed file)", () => {
    const { files, missing } = offlineFiles(manifest, ["src/app/chunks/gone.ts", /^src\/nowhere\//]);
    expect(files).toEqual([]);
    expect(missing).toEqual(["src/app/chunks/gone.ts", "/^src\\/nowhere\\//"]);
  });

  it("lists the offline screens: the lists and their layouts, the item's page with its editor, cycles, the profile", () => {
    const keys = OFFLINE_SCREENS.map(String);
    for (const k of [
      "index.html",
      "src/app/chunks/work-items.ts",
      "src/features/work-item-detail/chunk.ts",
      "src/components/editor/RichTextEditor.tsx",
      "src/app/chunks/cycles.ts",
      "src/app/chunks/settings.ts",
    ])
      expect(keys).toContain(k);
    expect(keys).not.toContain("src/app/chunks/insight.ts");
  });
});
