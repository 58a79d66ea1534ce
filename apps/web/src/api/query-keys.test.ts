import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Query keys come from the key factories (`qk` in query-keys.ts and each resource file's `<resource>Keys`), so a
 * key that is read, written and invalidated in different places is spelled once. A key written out at a use site
 * (`queryKey: ["wi", slug, pid, "history", id]`) drifts from the factory's and its invalidation silently stops
 * matching. Derived keys spread a factory's key first (`[...wiKeys.search(slug, pid, q), "mention"]`).
 * api/live-map.ts is the one table of invalidation prefixes by table and is held by its own test.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LITERAL_KEY =
  /\b(?:queryKey|mutationKey)\s*:\s*\[\s*["'`]|\b(?:get|set|fetch|ensure|prefetch|invalidate|remove|cancel|refetch|reset)Quer(?:y|ies)(?:Data)?\(\s*\[\s*["'`]/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function literalKeys(text: string): number[] {
  return [...text.matchAll(LITERAL_KEY)].map((m) => text.slice(0, m.index).split("\n").length);
}

describe("query keys", () => {
  it("the rule sees a literal key at a use site and lets a factory's key through", () => {
    expect(literalKeys(`qc.invalidateQueries({ queryKey: ["wi", slug, pid, "list"] });`)).toEqual([1]);
    expect(literalKeys(`useQuery({\n  queryKey: [\n    "invitation-join", slug] })`)).toEqual([2]);
    expect(literalKeys(`qc.setQueryData(["me"], me)`)).toEqual([1]);
    expect(literalKeys(`qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });`)).toEqual([]);
    expect(literalKeys(`queryOptions({ queryKey: [...peopleKeys.person(slug, id), "stats"] as const })`)).toEqual([]);
  });

  it("no web source writes a query key out instead of taking it from a key factory", () => {
    const found = sources(src).flatMap((file) =>
      literalKeys(fs.readFileSync(file, "utf8")).map((line) => `${path.relative(src, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
