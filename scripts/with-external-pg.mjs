// Runs a command against a separate PostgreSQL cluster given to it as DATABASE_URL, then stops the cluster.
// CI uses it to prove the API suite passes against an external server, not only the embedded one.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { embeddedFiles, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";

const dir = path.resolve(".data-test", "external-pg");
fs.rmSync(dir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres(dir, { port: 56543 });
const [cmd, ...args] = process.argv.slice(2);
// spawn, not spawnSync: this process reads the server's log pipe, and a blocked event loop would let the pipe fill
// until every PostgreSQL process that logs (an error, a checkpoint) hangs on its write
const status = await new Promise((resolve) => {
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: pg.url } });
  child.on("exit", (code) => resolve(code));
  child.on("error", () => resolve(1));
});
await pg.stop();
for (const p of [dir, ...Object.values(embeddedFiles(dir))]) fs.rmSync(p, { recursive: true, force: true });
process.exit(status ?? 1);
