import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table.ts";

/**
 * Every route is named by the endpoint table (`route({ endpoint })`, `formRoute({ endpoint })`,
 * `@stride/shared/endpoints`), so its answer is type-checked against the contract (issue #26 point 1): a route
 * registered with a method and url of its own fails this test.
 */

describe("routes on the endpoint table", () => {
  it("names every route by its endpoint", async () => {
    const routes = await routeTable();
    const loose = routes.filter((r) => !r.typed).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(500);
    expect(loose).toEqual([]);
  });
});
