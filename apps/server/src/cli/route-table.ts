import { buildServer } from "../app.ts";
import { registeredRoutes, type RegisteredRoute } from "../http/route.ts";
import type { AppContext } from "../core/context.ts";
import { loadConfig } from "../config.ts";

/** Every route the server registers (built without a database, then closed): for the route list and its tests. */
export async function routeTable(env: NodeJS.ProcessEnv = {}): Promise<RegisteredRoute[]> {
  const app = { config: loadConfig(env), db: null, sql: null, jobs: null, storage: null, secretKey: "x" };
  const server = await buildServer(app as unknown as AppContext, {});
  await server.ready();
  const routes = [...registeredRoutes];
  await server.close();
  return routes;
}
