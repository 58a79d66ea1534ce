import { describe, expect, it } from "vitest";
import { envelope, parsePage } from "./pagination.ts";
import { HttpError } from "./errors.ts";

describe("parsePage", () => {
  it("defaults to 1000 per page, page 0", () => {
    expect(parsePage({})).toMatchObject({ perPage: 1000, page: 0, offset: 0, cursor: "1000:0:0" });
  });
  it("reads per_page and cursor", () => {
    expect(parsePage({ per_page: "50", cursor: "50:2:0" })).toMatchObject({ perPage: 50, page: 2, offset: 100 });
  });
  it("takes the page size from the cursor when per_page is absent", () => {
    expect(parsePage({ cursor: "10:1:0" })).toMatchObject({ perPage: 10, page: 1, offset: 10 });
  });
  it("refuses per_page over 1000 with the wire-facts body", () => {
    try {
      parsePage({ per_page: "1001" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(400);
      expect((e as HttpError).body).toEqual({ detail: "Invalid per_page value. Cannot exceed 1000." });
    }
  });
  it("refuses a malformed cursor", () => {
    for (const cursor of ["abc", "10:0", "10:x:0", "-1:0:0"]) {
      expect(() => parsePage({ cursor })).toThrowError(HttpError);
    }
    try {
      parsePage({ cursor: "bad" });
    } catch (e) {
      expect((e as HttpError).body).toEqual({ detail: "Invalid cursor parameter." });
    }
  });
});

describe("envelope", () => {
  it("builds every key of the paginated envelope", () => {
    const page = parsePage({ per_page: "2", cursor: "2:1:0" });
    const env = envelope(page, 5, ["c", "d"], 2);
    expect(env).toEqual({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: 5,
      next_cursor: "2:2:0",
      prev_cursor: "2:0:1",
      next_page_results: true,
      prev_page_results: true,
      count: 2,
      total_pages: 3,
      total_results: 5,
      extra_stats: null,
      results: ["c", "d"],
    });
  });
  it("reports no next page on the last page", () => {
    const env = envelope(parsePage({ per_page: "2", cursor: "2:2:0" }), 5, ["e"], 1);
    expect(env.next_page_results).toBe(false);
    expect(env.prev_page_results).toBe(true);
  });
});
