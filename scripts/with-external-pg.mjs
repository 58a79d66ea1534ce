// Runs a command against a separate PostgreSQL cluster given to it as DATABASE_URL, then stops the cluster.
// CI uses it to prove the API suite passes against an external server, not only the embedded one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { embeddedFiles, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";

const dir = path.resolve(".data-test", "external-pg");
fs.rmSync(dir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres(dir, { port: 56543 });
const [cmd, ...args] = process.argv.slice(2);
const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: pg.url } });
await pg.stop();
for (const p of [dir, ...Object.values(embeddedFiles(dir))]) fs.rmSync(p, { recursive: true, force: true });
process.exit(r.status ?? 1);
