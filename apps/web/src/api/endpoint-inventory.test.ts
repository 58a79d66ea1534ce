import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every call the web makes to the app's API goes through the shared endpoint table (`call(endpoint, params, body)`,
 * `@stride/shared/endpoints`), so its path, body and answer are the server's own (issue #26 point 1): no source
 * restates a path by hand with the untyped client (`api("/api/…")`), which only `call` itself uses.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A call of the untyped client with a path of its own. */
const HAND_WRITTEN_CALL = /\bapi(<[^(]*>)?\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("web calls on the endpoint table", () => {
  it("the rule sees a hand-written call and lets a typed one through", () => {
    expect(HAND_WRITTEN_CALL.test("await api<Label[]>(`/api/workspaces/${slug}/labels/`)")).toBe(true);
    expect(HAND_WRITTEN_CALL.test('api(`${P}/issues/`, { method: "PATCH" })')).toBe(true);
    expect(HAND_WRITTEN_CALL.test("await call(L.list, { slug, projectId })")).toBe(false);
  });

  it("no web source calls the API by a path of its own", () => {
    const handWritten = sources(SRC)
      .filter((f) => path.relative(SRC, f) !== path.join("api", "client.ts"))
      .filter((f) => HAND_WRITTEN_CALL.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(SRC, f));
    expect(handWritten).toEqual([]);
  });
});
