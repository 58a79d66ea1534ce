import { describe, expect, it } from "vitest";
import { ListCache, type ListGeneration } from "./cache.ts";
import type { ListRequest } from "./engine.ts";

const gen = (projectId: string, listVersion: number, updatedAt = 1000): ListGeneration => ({
  projectId,
  listVersion,
  updatedAt: new Date(updatedAt),
});
const req = (over: Partial<ListRequest> = {}): ListRequest => ({
  context: { kind: "project", workspaceId: "w", projectId: "p" },
  viewer: { userId: "u1", timezone: "UTC" },
  filter: null,
  order: { field: "sort_order", desc: false },
  page: { perPage: 50, page: 0, offset: 0, cursor: "50:0:0" },
  ...over,
});
const body = (s: string) => Buffer.from(s);

describe("ListCache", () => {
  it("stores and returns a body under its key, counting hits and misses", () => {
    const c = new ListCache();
    const g = gen("p", 1);
    const k = c.key(g, req(), "project");
    expect(c.get(g, k)).toBeUndefined();
    c.set(g, k, body("{}"));
    expect(c.get(g, k)?.toString()).toBe("{}");
    expect([c.hits, c.misses]).toEqual([1, 1]);
  });

  it("keys by version, updated_at, the normalised request (filters, order, grouping, page, shape, context), visibility and time zone", () => {
    const c = new ListCache();
    const base = c.key(gen("p", 1), req(), "project");
    const variants = [
      c.key(gen("p", 2), req(), "project"),
      c.key(gen("p", 1, 2000), req(), "project"),
      c.key(gen("q", 1), req(), "project"),
      c.key(gen("p", 1), req({ filter: { field: "priority", op: "in", values: ["high"] } }), "project"),
      c.key(gen("p", 1), req({ filter: { field: "priority", op: "in", values: ["low"] } }), "project"),
      c.key(gen("p", 1), req({ order: { field: "sort_order", desc: true } }), "project"),
      c.key(gen("p", 1), req({ groupBy: "state_id" }), "project"),
      c.key(gen("p", 1), req({ groupBy: "state_id", subGroupBy: "priority" }), "project"),
      c.key(gen("p", 1), req({ parentless: true }), "project"),
      c.key(gen("p", 1), req({ shape: "detail" }), "project"),
      c.key(
        gen("p", 1),
        req({ context: { kind: "project", workspaceId: "w", projectId: "p", epics: true } }),
        "project",
      ),
      c.key(gen("p", 1), req({ page: { perPage: 50, page: 1, offset: 50, cursor: "50:1:0" } }), "project"),
      c.key(gen("p", 1), req({ viewer: { userId: "u1", timezone: "UTC", ownOnly: true } }), "project"),
      c.key(gen("p", 1), req({ viewer: { userId: "u1", timezone: "Europe/Paris" } }), "project"),
      c.key(gen("p", 1), req(), "epics"),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // unrestricted viewers share entries
    expect(c.key(gen("p", 1), req({ viewer: { userId: "u2", timezone: "UTC" } }), "project")).toBe(base);
  });

  it("never caches orderings by users' names", () => {
    const c = new ListCache();
    expect(c.cacheable(req({ order: { field: "assignees__first_name", desc: true } }))).toBe(false);
    expect(c.cacheable(req({ order: { field: "labels__name", desc: false } }))).toBe(true);
    c.enabled = false;
    expect(c.cacheable(req())).toBe(false);
  });

  it("drops a project's entries when a newer generation is seen and never stores an older one", () => {
    const c = new ListCache();
    const g1 = gen("p", 1);
    const g2 = gen("p", 2);
    const k1 = c.key(g1, req(), "project");
    const k2 = c.key(g2, req(), "project");
    c.set(g1, k1, body("v1"));
    c.set(gen("other", 1), c.key(gen("other", 1), req(), "project"), body("o"));
    expect(c.size).toBe(2);
    expect(c.get(g2, k2)).toBeUndefined();
    expect(c.size).toBe(1);
    c.set(g1, k1, body("late v1"));
    expect(c.get(g1, k1)).toBeUndefined();
    expect(c.size).toBe(1);
  });

  it("evicts the least recently used entries beyond the entry and byte limits", () => {
    const c = new ListCache({ maxEntries: 2, maxBytes: 80 });
    const g = gen("p", 1);
    const k = (n: number) =>
      c.key(g, req({ page: { perPage: 50, page: n, offset: 50 * n, cursor: `50:${n}:0` } }), "project");
    c.set(g, k(1), body("a"));
    c.set(g, k(2), body("b"));
    c.get(g, k(1));
    c.set(g, k(3), body("c"));
    expect([c.get(g, k(1))?.toString(), c.get(g, k(2)), c.get(g, k(3))?.toString()]).toEqual(["a", undefined, "c"]);
    c.set(g, k(4), body("x".repeat(9)));
    c.set(g, k(5), body("y".repeat(9)));
    expect(c.byteSize).toBeLessThanOrEqual(80);
    expect(c.size).toBe(2);
    // an entry over an eighth of the byte budget is not stored
    c.set(g, k(6), body("z".repeat(11)));
    expect(c.get(g, k(6))).toBeUndefined();
  });
});

describe("ListCache.fetch", () => {
  it("computes once for concurrent requests of the same key and stores the result", async () => {
    const c = new ListCache();
    const g = gen("p", 1);
    const k = c.key(g, req(), "project");
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      runs++;
      await gate;
      return body("page");
    };
    const all = Promise.all([c.fetch(g, k, compute), c.fetch(g, k, compute), c.fetch(g, k, compute)]);
    release();
    expect((await all).map(String)).toEqual(["page", "page", "page"]);
    expect(runs).toBe(1);
    expect(String(await c.fetch(g, k, compute))).toBe("page");
    expect(runs).toBe(1);
  });

  it("passes a failure to every waiter and stores nothing", async () => {
    const c = new ListCache();
    const g = gen("p", 1);
    const k = c.key(g, req(), "project");
    const fail = async (): Promise<Buffer> => {
      throw new Error("db down");
    };
    await expect(Promise.all([c.fetch(g, k, fail), c.fetch(g, k, fail)])).rejects.toThrow("db down");
    expect(c.size).toBe(0);
    expect(String(await c.fetch(g, k, async () => body("ok")))).toBe("ok");
  });
});
