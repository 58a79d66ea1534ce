import { describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { registeredRoutes } from "./route.ts";
import { loadConfig } from "../config.ts";
import type { AppContext } from "../core/context.ts";

/**
 * Every route is named by the endpoint table (`route({ endpoint })`, `formRoute({ endpoint })`,
 * `@stride/shared/endpoints`), so its answer is type-checked against the contract (issue #26 point 1): a route
 * registered with a method and url of its own fails this test.
 */

describe("routes on the endpoint table", () => {
  it("names every route by its endpoint", async () => {
    const app = { config: loadConfig({}), db: null, sql: null, jobs: null, storage: null, secretKey: "x" };
    const server = await buildServer(app as unknown as AppContext, {});
    await server.ready();
    const loose = registeredRoutes.filter((r) => !r.typed).map((r) => `${r.method} ${r.url}`);
    await server.close();
    expect(registeredRoutes.length).toBeGreaterThan(500);
    expect(loose).toEqual([]);
  });
});
