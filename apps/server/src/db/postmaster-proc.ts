import fs from "node:fs";
import path from "node:path";

/**
 * The embedded PostgreSQL's processes as the system shows them (db/embedded.ts): its postmaster.pid, the processes
 * running in its data folder (/proc on Linux), a stale lock left by one that died.
 */

/**
 * The postmaster serving `databaseDir` per its postmaster.pid, if that process is alive and really is it
 * (on Linux its working directory is the data folder, which rules out a zombie or a recycled pid).
 */
export function runningPostmaster(
  databaseDir: string,
): { pid: number; port: number; ready: boolean; status: string } | null {
  const lines = readFileOrNull(path.join(databaseDir, "postmaster.pid"))?.split("\n");
  if (!lines) return null;
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(pid > 0) || !isProcessIn(pid, databaseDir)) return null;
  // Line 8 is the postmaster's status: "starting", "ready", "stopping" …
  const status = lines[7]?.trim() ?? "";
  return Number.isInteger(port) && port > 0 ? { pid, port, ready: status === "ready", status } : null;
}

/**
 * Whether the postmaster `pid` runs neither a recovery (a `startup` process) nor a server (its `walwriter`, started
 * once recovery is done): the stuck state of Postmaster.watch. False when it cannot tell.
 */
export function isStuck(pid: number): boolean {
  const titles = childTitles(pid);
  return titles !== null && !titles.some((t) => /\b(startup|walwriter)\b/.test(t));
}

/** The process titles of `pid`'s children (`postgres: checkpointer` …); null when /proc cannot say. */
function childTitles(pid: number): string[] | null {
  let children: string[];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    return null;
  }
  const titles: string[] = [];
  for (const c of children) {
    try {
      titles.push(fs.readFileSync(`/proc/${c}/cmdline`, "utf8").replace(/\0/g, " "));
    } catch {
      /* exited meanwhile */
    }
  }
  return titles;
}

/** The postmaster serving `databaseDir` once it accepts connections; null if there is none (or it went away). */
export async function readyPostmaster(
  databaseDir: string,
  timeoutMs = 60_000,
): Promise<{ pid: number; port: number } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pm = runningPostmaster(databaseDir);
    if (!pm || pm.ready) return pm;
    if (Date.now() > deadline)
      throw new Error(`the PostgreSQL running on ${databaseDir} (pid ${pm.pid}) did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isProcessIn(pid: number, dir: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const cwd = processCwd(pid);
  return cwd === undefined ? true : cwd === fs.realpathSync(dir);
}

/** A process's working directory: a path, null when it has none (gone, zombie), undefined when we cannot tell. */
function processCwd(pid: number | string): string | null | undefined {
  if (!fs.existsSync("/proc/self/cwd")) return undefined;
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? null : undefined;
  }
}

/**
 * PostgreSQL refuses to start while postmaster.pid names a live process of its user, even an unrelated one
 * that inherited the pid of a postmaster killed long ago, or while it is empty. Remove such a lock, but only when
 * no process at all runs in the data folder (no orphaned backend can still use the cluster). Stale locks of dead
 * pids are left to PostgreSQL, which checks their shared memory itself.
 */
export function clearStaleLock(dir: string): void {
  const pidFile = path.join(dir, "postmaster.pid");
  const text = readFileOrNull(pidFile);
  if (text === null) return;
  const pid = Number(text.split("\n")[0]);
  if (!(pid > 0)) {
    // An empty or torn lock file (a start cut short: a full disk, a crash) names no process, and PostgreSQL refuses
    // to start past it ("lock file is empty") for ever. It is removed when nothing runs in the data folder.
    if (processCwd("self") !== undefined && !processInFolder(dir)) fs.rmSync(pidFile, { force: true });
    return;
  }
  if (processCwd(pid) === undefined) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // dead: PostgreSQL handles it
  }
  if (processCwd(pid) === fs.realpathSync(dir)) return; // really running
  if (!processInFolder(dir)) fs.rmSync(pidFile, { force: true });
}

/** Whether any process runs in the data folder (a postmaster, or a backend orphaned by one). */
function processInFolder(dir: string): boolean {
  const real = fs.realpathSync(dir);
  return fs.readdirSync("/proc").some((p) => /^\d+$/.test(p) && processCwd(p) === real);
}

/** A file's text, or null when it does not exist. */
export function readFileOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}
