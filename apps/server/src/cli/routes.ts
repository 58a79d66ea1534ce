// Prints every registered route as `METHOD /path`, one per line, without a database.
import { routeTable } from "./route-table.ts";

const seen = new Set<string>();
for (const r of await routeTable(process.env)) {
  const url = r.url.endsWith("/") ? r.url : r.url + "/";
  const line = `${r.method} ${url}`;
  if (!seen.has(line)) {
    seen.add(line);
    console.log(line);
  }
}
