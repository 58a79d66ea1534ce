import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Query keys come from the key factories (`qk` in query-keys.ts and each resource file's `<resource>Keys`), so a
 * key that is read, written and invalidated in different places is spelled once. A key written out at a use site
 * (`queryKey: ["wi", slug, pid, "history", id]`) drifts from the factory's and its invalidation silently stops
 * matching. Derived keys spread a factory's key first (`[...wiKeys.search(slug, pid, q), "mention"]`).
 * api/live-map.ts, the table of what each realtime event invalidates, builds its prefixes from the same factories.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The query client's methods whose first argument may be a key (`qc.setQueryData(["me"], me)`). */
const KEY_METHODS =
  /^(?:get|set|fetch|ensure|prefetch|invalidate|remove|cancel|refetch|reset)Quer(?:y|ies)(?:Data)?$|^getQueryState$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A key written out: an array whose first element is a string, wherever the expression may yield it. */
function writtenOut(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return writtenOut(node.expression);
  if (ts.isConditionalExpression(node)) return [...writtenOut(node.whenTrue), ...writtenOut(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...writtenOut(node.left), ...writtenOut(node.right)];
  if (ts.isArrayLiteralExpression(node)) {
    const first = node.elements[0];
    return first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first)) ? [node] : [];
  }
  return [];
}

/** The lines (1-based) of the keys written out in a source: `queryKey:`/`mutationKey:` values and key arguments. */
function literalKeys(text: string): number[] {
  const file = ts.createSourceFile("x.tsx", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && /^(?:queryKey|mutationKey)$/.test(node.name.getText(file)))
      found.push(...writtenOut(node.initializer));
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : "";
      if (KEY_METHODS.test(name)) found.push(...writtenOut(node.arguments[0]));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.map((n) => file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1);
}

/** In the live map every array that looks like a key (a string, then something computed) is a key written out. */
function keysInLiveMap(text: string): number[] {
  const file = ts.createSourceFile("live-map.ts", text, ts.ScriptTarget.Latest, true);
  const found: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node) && writtenOut(node).length && !node.elements.every(ts.isStringLiteralLike))
      found.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("query keys", () => {
  it("the rule sees a literal key at a use site and lets a factory's key through", () => {
    expect(literalKeys(`qc.invalidateQueries({ queryKey: ["wi", slug, pid, "list"] });`)).toEqual([1]);
    expect(literalKeys(`useQuery({\n  queryKey: [\n    "invitation-join", slug] })`)).toEqual([2]);
    expect(literalKeys(`qc.setQueryData(["me"], me)`)).toEqual([1]);
    expect(literalKeys(`useQuery({ queryKey: open ? wiKeys.all(slug) : ["closed", slug] })`)).toEqual([1]);
    expect(literalKeys(`useQuery({\n  queryKey:\n    id\n      ? ["wi", id]\n      : ["none"] })`)).toEqual([4, 5]);
    expect(literalKeys(`qc.invalidateQueries({ queryKey: [\`wi-\${slug}\`] })`)).toEqual([1]);
    expect(literalKeys(`const o = { queryKey: (["x", slug] as const) }`)).toEqual([1]);
    expect(literalKeys(`qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });`)).toEqual([]);
    expect(literalKeys(`queryOptions({ queryKey: [...peopleKeys.person(slug, id), "stats"] as const })`)).toEqual([]);
  });

  it("no web source writes a query key out instead of taking it from a key factory", () => {
    const found = sources(src).flatMap((file) =>
      literalKeys(fs.readFileSync(file, "utf8")).map((line) => `${path.relative(src, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it("the live map takes its prefixes from the factories too", () => {
    expect(keysInLiveMap(`const lists = (c) => ["wi", c.slug, c.pid, "list"];`)).toEqual([1]);
    expect(keysInLiveMap(`const PARTS = ["detail", "item"]; const k = wiKeys.lists(slug, pid);`)).toEqual([]);
    expect(keysInLiveMap(fs.readFileSync(path.join(src, "api", "live-map.ts"), "utf8"))).toEqual([]);
  });
});
