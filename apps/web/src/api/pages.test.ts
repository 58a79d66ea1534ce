import { describe, expect, it } from "vitest";
import { pageKeys, pageListParams, pageQuery } from "./pages.ts";

describe("pageListParams", () => {
  it("reads the tab and the order from the URL, public and newest change first by default", () => {
    expect(pageListParams(new URLSearchParams(""))).toEqual({ type: "public", order: "-updated_at" });
    expect(pageListParams(new URLSearchParams("type=archived&order_by=name"))).toEqual({
      type: "archived",
      order: "name",
    });
    // "all" is not a tab; unknown values fall back
    expect(pageListParams(new URLSearchParams("type=all&order_by=sequence"))).toEqual({
      type: "public",
      order: "-updated_at",
    });
  });
});

describe("pageKeys", () => {
  it("keeps every page query under the project's pages prefix (the live map invalidates it)", () => {
    const prefix = JSON.stringify(pageKeys.all("acme", "p1")).slice(0, -1);
    for (const k of [
      pageKeys.list("acme", "p1", "public", "name"),
      pageKeys.summary("acme", "p1"),
      pageKeys.one("acme", "p1", "g"),
      pageKeys.version("acme", "p1", "g", "v"),
    ]) {
      expect(JSON.stringify(k).startsWith(prefix)).toBe(true);
    }
  });
});

describe("page actions", () => {
  it("need the workspace, project and page ids (platform.md §5)", async () => {
    const q = pageQuery("acme", "p1", "");
    await expect(Promise.resolve().then(() => (q.queryFn as () => Promise<unknown>)())).rejects.toThrow(
      "Missing required fields.",
    );
  });
});
