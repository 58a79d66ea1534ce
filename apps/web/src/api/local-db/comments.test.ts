import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Store } from "./store.ts";
import { commentsKey, syncComments, syncItemComments } from "./sync.ts";
import { loadSqlite } from "./test-sqlite.ts";
import type { HeldComment } from "./comments-table.ts";

/**
 * The synced projects' comments in the local database (issue #28 point 5, schema 9): read from GET v2/…/comments/ at
 * a project's first sync, then those changed since the newest held, and an item's when a realtime event names it; a
 * deleted one dropped; wiped with the rest and forgotten with its project.
 */
// the package's Node entry is not shipped; the store's own loader (OPFS) is not used here
vi.mock("@sqlite.org/sqlite-wasm", () => ({ default: () => Promise.reject(new Error("not in Node")) }));

type Db = Parameters<typeof Store.over>[0];
let sqlite3: { oo1: { DB: new (name: string) => Db } };

beforeAll(async () => {
  sqlite3 = await loadSqlite();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
const comment = (id: string, issue: string, n: number, extra: Partial<HeldComment> = {}) =>
  ({
    id,
    issue,
    project: "p1",
    comment_html: `<p>${id}</p>`,
    created_at: at(n),
    updated_at: at(n),
    deleted_at: null,
    ...extra,
  }) as HeldComment & { comment_html: string };

/** The server: answers GET v2/…/comments/ from `pages` in turn, and records what was asked. */
function server(pages: HeldComment[][]) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url, "http://x");
      expect(u.pathname).toBe("/api/v2/workspaces/acme/projects/p1/comments/");
      asked.push(u.searchParams);
      const results = pages.shift() ?? [];
      const body = { results, total_results: results.length, next_cursor: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

const texts = (s: Store, issue: string) =>
  s.comments.of(issue).map((c) => (c as { comment_html?: string }).comment_html);

describe("the local database's comments", () => {
  it("first read: every comment, kept as presented and answered per item oldest first; the newest kept as the cursor", async () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    const asked = server([
      [comment("c2", "i1", 2), comment("c1", "i1", 1, { updated_at: at(5) }), comment("c3", "i2", 3)],
    ]);
    expect(s.option(commentsKey("p1"))).toBeNull();
    await syncComments(s, "acme", "p1");
    expect(asked[0].get("cursor")).toBe("500:0:0");
    expect(asked[0].has("updated_at__gt")).toBe(false);
    expect(texts(s, "i1")).toEqual(["<p>c1</p>", "<p>c2</p>"]);
    expect(s.comments.of("i2")[0]).toEqual(comment("c3", "i2", 3));
    expect(s.option(commentsKey("p1"))).toBe(at(5));
  });

  it("catch-up: only the changes since the newest held — an edit replaces, a new one joins, a deleted one leaves", async () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    server([[comment("c1", "i1", 1), comment("c2", "i1", 2)]]);
    await syncComments(s, "acme", "p1");
    const asked = server([
      [
        comment("c1", "i1", 1, { updated_at: at(7), comment_html: "<p>c1 edited</p>" } as Partial<HeldComment>),
        comment("c2", "i1", 2, { updated_at: at(8), deleted_at: at(8) }),
        comment("c4", "i1", 9),
      ],
    ]);
    await syncComments(s, "acme", "p1");
    expect(asked[0].get("updated_at__gt")).toBe(at(2));
    expect(texts(s, "i1")).toEqual(["<p>c1 edited</p>", "<p>c4</p>"]);
    expect(s.option(commentsKey("p1"))).toBe(at(9));
  });

  it("a project without comments is held too, and its catch-up asks for every change (deleted ones included)", async () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    server([[]]);
    await syncComments(s, "acme", "p1");
    expect(s.option(commentsKey("p1"))).not.toBeNull();
    const asked = server([[]]);
    await syncComments(s, "acme", "p1");
    expect(asked[0].get("updated_at__gt")).toBe("1970-01-01T00:00:00Z");
  });

  it("an item a realtime event named: its comments read again (`issues=`), its deleted ones dropped", async () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    server([[comment("c1", "i1", 1), comment("c2", "i1", 2), comment("c3", "i2", 3)]]);
    await syncComments(s, "acme", "p1");
    const asked = server([[comment("c1", "i1", 1, { updated_at: at(4), deleted_at: at(4) }), comment("c2", "i1", 2)]]);
    await syncItemComments(s, "acme", "p1", ["i1"]);
    expect(asked[0].get("issues")).toBe("i1");
    expect(texts(s, "i1")).toEqual(["<p>c2</p>"]);
    expect(texts(s, "i2")).toEqual(["<p>c3</p>"]);
  });

  it("are wiped with the rest, and forgotten with their project", async () => {
    const s = Store.over(new sqlite3.oo1.DB(":memory:"));
    server([[comment("c1", "i1", 1)]]);
    await syncComments(s, "acme", "p1");
    s.comments.upsert([{ ...comment("c9", "i9", 1), project: "p2" }]);
    s.forget("p1", [commentsKey("p1")]);
    expect(s.comments.of("i1")).toEqual([]);
    expect(s.option(commentsKey("p1"))).toBeNull();
    expect(s.comments.of("i9")).toHaveLength(1);
    s.clearData();
    expect(s.comments.of("i9")).toEqual([]);
  });
});
