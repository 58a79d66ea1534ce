// Prints every registered route as `METHOD /path`, one per line, without a database.
import { buildServer } from "../app.ts";
import { registeredRoutes } from "../http/route.ts";
import type { AppContext } from "../core/context.ts";
import { loadConfig } from "../config.ts";

const app = {
  config: loadConfig(process.env),
  db: null,
  sql: null,
  jobs: null,
  storage: null,
  secretKey: "x",
} as unknown as AppContext;
const server = await buildServer(app, {});
await server.ready();
const seen = new Set<string>();
for (const r of registeredRoutes) {
  const url = r.url.endsWith("/") ? r.url : r.url + "/";
  const line = `${r.method} ${url}`;
  if (!seen.has(line)) {
    seen.add(line);
    console.log(line);
  }
}
await server.close();
