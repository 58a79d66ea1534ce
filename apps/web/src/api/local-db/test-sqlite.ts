import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * SQLite for the local database's unit tests: the same WebAssembly build as the browser's worker, run by Node (its
 * databases in memory; no OPFS in Node).
 */
export async function loadSqlite<T>(): Promise<T> {
  const pkg = createRequire(import.meta.url).resolve("@sqlite.org/sqlite-wasm/package.json");
  const dir = path.join(path.dirname(pkg), "sqlite-wasm", "jswasm");
  const mod = (await import(pathToFileURL(path.join(dir, "sqlite3.mjs")).href)) as {
    default: (o: object) => Promise<T>;
  };
  // the build fetches its .wasm beside it; Node's fetch reads no file: URLs, so the file is served from disk
  const realFetch = globalThis.fetch;
  // no OPFS in Node (nor needed for ":memory:"): its "ignoring inability to install" warning is not printed
  (globalThis as { sqlite3ApiConfig?: object }).sqlite3ApiConfig = { warn: () => undefined };
  globalThis.fetch = (async (u: string | URL) =>
    new Response(fs.readFileSync(new URL(String(u))), { headers: { "content-type": "application/wasm" } })) as never;
  try {
    return await mod.default({ print: () => undefined, printErr: () => undefined });
  } finally {
    globalThis.fetch = realFetch;
  }
}
