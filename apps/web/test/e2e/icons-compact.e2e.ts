import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { compactIconNode, type IconNode } from "../../src/lib/icon-node.ts";
import { e2eSuite } from "./helpers.ts";

/**
 * The app draws lucide's icons with their geometry-only shapes joined into one path (src/lib/icon-node.ts, applied
 * to lucide's `Icon` by vite.config.ts). Drawn by chromium, every lucide icon looks the same both ways: each is
 * rasterised at 48 px with lucide's own attributes (stroke 2, round caps and joins), once as lucide draws it and
 * once compacted, and no pixel's coverage differs by more than a quarter (the edges where two strokes overlap are
 * anti-aliased once instead of twice).
 */
let page: Page;
const e2e = e2eSuite();
// a page per test: the decoded images of one test's thousands of drawings slow the next one's down
beforeEach(async () => {
  page = await e2e.browser.newPage();
});
afterEach(async () => {
  await page?.close();
});

const attrs = (a: Record<string, unknown>) =>
  Object.entries(a)
    .filter(([k, v]) => k !== "key" && v !== undefined)
    .map(([k, v]) => ` ${k}="${String(v)}"`)
    .join("");
const markup = (node: IconNode): string =>
  node.map(([tag, a, children]) => `<${tag}${attrs(a)}>${children ? markup(children) : ""}</${tag}>`).join("");
const svg = (node: IconNode) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${markup(node)}</svg>`;

/**
 * Every icon lucide-react ships, with its shapes: the data literal of each icon module (read as text; importing
 * 2,400 modules through the test runner's transform takes minutes). Aliases re-export another module and are skipped.
 */
function lucideIcons(): { name: string; node: IconNode }[] {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json")),
    "dist/esm/icons",
  );
  const icons: { name: string; node: IconNode }[] = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".mjs"))) {
    const literal = /^const __iconData = (\{[\s\S]*?\n\});$/m.exec(fs.readFileSync(path.join(dir, f), "utf8"))?.[1];
    if (literal) icons.push(new Function(`return ${literal}`)() as { name: string; node: IconNode });
  }
  return icons;
}

/** Rasterised icons: how far the second drawing of each pair is from the first. */
function compare(p: Page, pairs: { name: string; before: string; after: string }[]) {
  return p.evaluate(async (list) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 48;
    const g = canvas.getContext("2d", { willReadFrequently: true })!;
    const alpha = async (markup: string) => {
      const img = new Image();
      img.src = `data:image/svg+xml,${encodeURIComponent(markup)}`;
      await img.decode();
      g.clearRect(0, 0, 48, 48);
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, 48, 48).data;
      return Array.from({ length: 48 * 48 }, (_, i) => d[i * 4 + 3]!);
    };
    const out: { name: string; worst: number; off: number; inked: number; changed: number }[] = [];
    for (const p of list) {
      const [a, b] = [await alpha(p.before), await alpha(p.after)];
      const d = a.map((v, i) => Math.abs(v - b[i]!));
      const ink = a.reduce((s, x) => s + x, 0);
      out.push({
        name: p.name,
        worst: Math.max(...d),
        off: d.filter((x) => x > 64).length,
        inked: a.filter((v) => v > 0).length,
        changed: ink ? d.reduce((s, x) => s + x, 0) / ink : 0,
      });
    }
    return out;
  }, pairs);
}

it("draws each of lucide's shapes the same as the path that stands for it", async () => {
  // every shape that is joined and rewritten, alone: lucide's element against its path data (a path that starts with
  // an absolute move is joined as it is)
  const shapes = lucideIcons().flatMap((icon) =>
    icon.node.flatMap(([tag, a], i) => {
      const joined = compactIconNode([[tag, a]]);
      const rewritten = joined[0]?.[1].key === "compact" && !(tag === "path" && joined[0][1].d === a.d);
      return rewritten ? [{ name: `${icon.name}[${i}] ${tag}`, before: svg([[tag, a]]), after: svg(joined) }] : [];
    }),
  );
  expect(shapes.length).toBeGreaterThan(2000);
  const diffs = await compare(page, shapes);
  // a circle or a rect is anti-aliased a little differently from the same outline as a path (at most ~1/3 of an
  // edge pixel, under 2% of the ink); a misplaced shape moves most of its ink (a first relative move left relative: 100–170%)
  expect(diffs.filter((d) => d.inked === 0).map((d) => d.name)).toEqual([]);
  expect(
    diffs.filter((d) => d.worst > 96 || d.changed > 0.03).map((d) => `${d.name}: ${d.worst}, ${d.changed}`),
  ).toEqual([]);
});

it("draws every lucide icon the same when its shapes are joined into one path", async () => {
  const icons = lucideIcons();
  expect(icons.length).toBeGreaterThan(1500);
  const pairs = icons.map((i) => ({
    name: i.name,
    before: svg(i.node),
    after: svg(compactIconNode(i.node)),
    elements: [i.node.length, compactIconNode(i.node).length],
  }));
  const diffs = await compare(page, pairs);
  // where two strokes cross, their edge is anti-aliased once in one path and twice as two elements: a few pixels
  // along such seams move; a moved or lost stroke changes far more (a first relative move left relative: 100–170%)
  expect(diffs.filter((d) => d.inked === 0).map((d) => d.name)).toEqual([]);
  expect(
    diffs
      .filter((d) => d.changed > 0.05 || d.off > d.inked * 0.06)
      .map((d) => `${d.name}: ${d.changed}, ${d.off}/${d.inked}`),
  ).toEqual([]);
  // and the icons get smaller: most of them are one path now
  const before = pairs.reduce((s, p) => s + p.elements[0]!, 0);
  const after = pairs.reduce((s, p) => s + p.elements[1]!, 0);
  expect(after).toBeLessThan(before / 2);
});
