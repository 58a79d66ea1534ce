import { describe, expect, it } from "vitest";
import { APP_START_CHUNK, ROUTE_CHUNKS } from "@stride/shared";
import { routePreloads, type ViteManifest } from "./screen-data.ts";

const manifest: ViteManifest = {
  "index.html": { file: "assets/main-1.js", imports: ["_shared-1.js"] },
  "_shared-1.js": { file: "assets/shared-1.js" },
  [APP_START_CHUNK]: { file: "assets/render-1.js", imports: ["_providers-1.js", "_shared-1.js"] },
  "_providers-1.js": { file: "assets/providers-1.js", css: ["assets/providers-1.css"] },
  [ROUTE_CHUNKS.shell]: { file: "assets/shell-1.js", imports: ["_shared-1.js"] },
  [ROUTE_CHUNKS.workItemDetail]: { file: "assets/detail-1.js" },
};
const html = `<script type="module" src="/assets/main-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js">`;

describe("routePreloads: what a page's head preloads", () => {
  it("preloads the start-up chunk and its imports first, then the route chunks, leaving out what the page names", () => {
    const links = routePreloads(manifest, html, "/acme/browse/WEB-1/", "");
    const files = [...links.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(files).toEqual([
      "assets/providers-1.css",
      "assets/render-1.js",
      "assets/providers-1.js",
      "assets/shell-1.js",
      "assets/detail-1.js",
    ]);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/render-1.js">');
  });

  it("preloads nothing for a URL that is not an app screen", () => {
    expect(routePreloads(manifest, html, "/api/users/me/", "")).toBe("");
  });
});
