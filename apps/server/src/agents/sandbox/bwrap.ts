import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * The bubblewrap command line of one sandboxed command (agents.md §3): every namespace unshared (network too
 * unless allowed), the host system read-only (only /usr, /etc and /opt), the checkout read-write at
 * /workspace, a private /tmp, no capabilities, a new session, and the sandbox dies with its parent.
 */

/** Where the checkout appears inside the sandbox. */
export const SANDBOX_WORKDIR = "/workspace";
export const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** When the server runs as root, sandboxed commands run as this unprivileged host user (nobody). */
export const SANDBOX_HOST_UID = 65534;
export const SANDBOX_HOST_GID = 65534;

export const SANDBOX_UNAVAILABLE =
  "No sandbox runtime is available on this server: bubblewrap (bwrap) is missing or cannot create namespaces. " +
  "Install the Debian package `bubblewrap` and allow user namespaces; agents never run unsandboxed.";

export class SandboxUnavailableError extends Error {
  constructor(detail?: string) {
    super(detail ? `${SANDBOX_UNAVAILABLE} (${detail})` : SANDBOX_UNAVAILABLE);
  }
}

export interface Limits {
  /** RLIMIT_CPU of the command (seconds of CPU time). */
  cpuSeconds: number;
  /** RLIMIT_AS of the command (bytes of address space). */
  memoryBytes: number;
  /** Wall time after which the whole process tree is killed. */
  wallSeconds: number;
  /** RLIMIT_NPROC: processes of the sandbox user (shared by the sandboxes of a host, which all run as that user). */
  maxProcesses: number;
}

export interface BwrapSpec {
  checkoutDir: string;
  tmpDir: string;
  network: boolean;
  limits: Limits;
  /** Working directory inside the checkout (relative; validated by the caller). */
  cwd?: string;
  env?: Record<string, string>;
  command: string;
}

/** The host's top-level entries that are symlinks into /usr (merged /usr) or real directories to bind read-only. */
function systemBinds(): string[] {
  const args: string[] = ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"];
  for (const dir of ["/opt"]) if (fs.existsSync(dir)) args.push("--ro-bind", dir, dir);
  for (const name of ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(name);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push("--symlink", fs.readlinkSync(name), name);
    else if (st.isDirectory()) args.push("--ro-bind", name, name);
  }
  return args;
}

/** Quote a value for /bin/sh. */
export const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function bwrapArgs(spec: BwrapSpec): string[] {
  const { limits } = spec;
  const env: Record<string, string> = { PATH: SANDBOX_PATH, HOME: "/tmp", LANG: "C.UTF-8", TERM: "dumb", ...spec.env };
  const args = [
    "--unshare-all",
    ...(spec.network ? ["--share-net"] : []),
    "--die-with-parent",
    "--new-session",
    "--cap-drop", "ALL",
    "--hostname", "sandbox",
    "--clearenv",
    ...Object.entries(env).flatMap(([k, v]) => ["--setenv", k, v]),
    ...systemBinds(),
    "--proc", "/proc",
    "--dev", "/dev",
    "--bind", spec.tmpDir, "/tmp",
    "--bind", spec.checkoutDir, SANDBOX_WORKDIR,
    // bwrap's own root (a tmpfs) is read-only too; the mounts above keep their modes.
    "--remount-ro", "/",
    "--chdir", spec.cwd ? `${SANDBOX_WORKDIR}/${spec.cwd}` : SANDBOX_WORKDIR,
    "--",
    ...limitCommand(limits, spec.command),
  ];
  return args;
}

const PRLIMIT = "/usr/bin/prlimit";

/**
 * The command with its limits: util-linux's prlimit sets RLIMIT_CPU, RLIMIT_AS, RLIMIT_NPROC and no core files
 * before it runs the shell; without prlimit the shell sets CPU, memory and core limits itself (ulimit).
 */
function limitCommand(limits: Limits, command: string): string[] {
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  if (fs.existsSync(PRLIMIT)) {
    return [PRLIMIT, `--cpu=${cpu}`, `--as=${Math.max(1 << 20, Math.floor(limits.memoryBytes))}`, `--nproc=${Math.max(1, limits.maxProcesses)}`, "--core=0", "--", "/bin/sh", "-c", command];
  }
  return ["/bin/sh", "-c", `ulimit -c 0 && ulimit -t ${cpu} && ulimit -v ${Math.max(1024, Math.floor(limits.memoryBytes / 1024))} && exec /bin/sh -c "$1"`, "sandbox", command];
}

/** Runs sandboxed commands as nobody when the server is root, as the server's own user otherwise. */
export function sandboxIds(): { uid?: number; gid?: number } {
  return process.getuid?.() === 0 ? { uid: SANDBOX_HOST_UID, gid: SANDBOX_HOST_GID } : {};
}

export function findBwrap(explicit?: string): string | null {
  // SANDBOX_BWRAP reaches here as `explicit` (sandboxRuntime, from the config)
  const candidates = explicit ? [explicit] : ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];
  return candidates.find((c) => {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }) ?? null;
}

/**
 * Whether bubblewrap can really create a sandbox here (installed, user namespaces allowed): runs `true` in the
 * same kind of sandbox the commands get. Returns null when it works, else the reason.
 */
export function probeBwrap(bwrap: string | null, dir: string): Promise<string | null> {
  if (!bwrap) return Promise.resolve("bwrap not found");
  return new Promise((resolve) => {
    const args = bwrapArgs({ checkoutDir: dir, tmpDir: dir, network: false, limits: { cpuSeconds: 5, memoryBytes: 1 << 30, wallSeconds: 10, maxProcesses: 64 }, command: "true" });
    const child = spawn(bwrap, args, { ...sandboxIds(), stdio: ["ignore", "ignore", "pipe"], timeout: 10_000 });
    let err = "";
    child.stderr.on("data", (d: Buffer) => { err += d.toString(); });
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code) => resolve(code === 0 ? null : (err.trim() || `bwrap exited with ${code}`).slice(0, 300)));
  });
}

/** Installs Debian's bubblewrap with apt-get when it is missing (test setups; needs root). */
export function ensureBubblewrap(): string | null {
  let found = findBwrap();
  if (!found && process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "bubblewrap"], { stdio: "inherit", env });
    found = findBwrap();
  }
  return found;
}
