import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The bubblewrap command line of one sandboxed command (agents.md §3): every namespace unshared (a command with
 * network starts in the namespace network.ts made for it, never the host's), nested user namespaces refused, a
 * seccomp filter (seccomp.ts), the host system read-only (only /usr, /etc and /opt), the checkout read-write at
 * /workspace, a private /tmp, no capabilities, a new session, an environment of its own only, and the sandbox dies
 * with its parent.
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
  /** Memory of the whole sandbox (memory cgroup) and RLIMIT_AS of each process (bytes). */
  memoryBytes: number;
  /** Wall time after which the whole process tree is killed. */
  wallSeconds: number;
  /** Processes of the whole sandbox (pids cgroup); without one, RLIMIT_NPROC of the sandbox user (shared by all sandboxes). */
  maxProcesses: number;
}

export interface BwrapFeatures {
  /** `--disable-userns` (bubblewrap 0.8): nested user namespaces refused. */
  disableUserns: boolean;
  /** `--seccomp FD`. */
  seccomp: boolean;
}

export interface BwrapSpec {
  checkoutDir: string;
  tmpDir: string;
  /** The command starts in a network namespace made for it (network.ts): keep it instead of a new empty one. */
  network: boolean;
  limits: Limits;
  features?: BwrapFeatures;
  /** The fd bubblewrap reads the seccomp filter from. */
  seccompFd?: number;
  /** The pids cgroup limits the sandbox's processes: no RLIMIT_NPROC (it would count every sandbox of the host). */
  pidsLimited?: boolean;
  /** Files bound read-only over the host's (/etc/resolv.conf and /etc/hosts of a sandbox with network). */
  files?: { source: string; dest: string }[];
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

/** Bind a file over a path of the host's /etc; when that path is a link (resolv.conf into /run), over its target. */
function fileBind(source: string, dest: string): string[] {
  let target = dest;
  try {
    if (fs.lstatSync(dest).isSymbolicLink()) target = path.resolve(path.dirname(dest), fs.readlinkSync(dest));
  } catch {
    /* not there: bubblewrap makes it */
  }
  return [...(target !== dest ? ["--dir", path.dirname(target)] : []), "--ro-bind", source, target];
}

/** Quote a value for /bin/sh. */
export const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function bwrapArgs(spec: BwrapSpec): string[] {
  const { limits } = spec;
  const env: Record<string, string> = { PATH: SANDBOX_PATH, HOME: "/tmp", LANG: "C.UTF-8", TERM: "dumb", ...spec.env };
  const args = [
    "--unshare-all",
    "--unshare-user",
    ...(spec.features?.disableUserns ? ["--disable-userns"] : []),
    ...(spec.network ? ["--share-net"] : []),
    ...(spec.seccompFd !== undefined ? ["--seccomp", String(spec.seccompFd)] : []),
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--hostname",
    "sandbox",
    "--clearenv",
    ...Object.entries(env).flatMap(([k, v]) => ["--setenv", k, v]),
    ...systemBinds(),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--bind",
    spec.tmpDir,
    "/tmp",
    "--bind",
    spec.checkoutDir,
    SANDBOX_WORKDIR,
    ...(spec.files ?? []).flatMap((f) => fileBind(f.source, f.dest)),
    // bwrap's own root (a tmpfs) is read-only too; the mounts above keep their modes.
    "--remount-ro",
    "/",
    "--chdir",
    spec.cwd ? `${SANDBOX_WORKDIR}/${spec.cwd}` : SANDBOX_WORKDIR,
    "--",
    ...limitCommand(limits, spec.command, spec.pidsLimited ?? false),
  ];
  return args;
}

const PRLIMIT = "/usr/bin/prlimit";

/**
 * The command with its limits: util-linux's prlimit sets RLIMIT_CPU, RLIMIT_AS, RLIMIT_NPROC and no core files
 * before it runs the shell; without prlimit the shell sets CPU, memory and core limits itself (ulimit).
 */
function limitCommand(limits: Limits, command: string, pidsLimited: boolean): string[] {
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  if (fs.existsSync(PRLIMIT)) {
    const nproc = pidsLimited ? [] : [`--nproc=${Math.max(1, limits.maxProcesses)}`];
    return [
      PRLIMIT,
      `--cpu=${cpu}`,
      `--as=${Math.max(1 << 20, Math.floor(limits.memoryBytes))}`,
      ...nproc,
      "--core=0",
      "--",
      "/bin/sh",
      "-c",
      command,
    ];
  }
  return [
    "/bin/sh",
    "-c",
    `ulimit -c 0 && ulimit -t ${cpu} && ulimit -v ${Math.max(1024, Math.floor(limits.memoryBytes / 1024))} && exec /bin/sh -c "$1"`,
    "sandbox",
    command,
  ];
}

/** Runs sandboxed commands as nobody when the server is root, as the server's own user otherwise. */
export function sandboxIds(): { uid?: number; gid?: number } {
  return process.getuid?.() === 0 ? { uid: SANDBOX_HOST_UID, gid: SANDBOX_HOST_GID } : {};
}

export function findBwrap(explicit?: string): string | null {
  // SANDBOX_BWRAP reaches here as `explicit` (sandboxRuntime, from the config)
  const candidates = explicit ? [explicit] : ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];
  return (
    candidates.find((c) => {
      try {
        fs.accessSync(c, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** What this bubblewrap offers (its --help), once per binary. */
const featureCache = new Map<string, BwrapFeatures>();
export function bwrapFeatures(bwrap: string): BwrapFeatures {
  let f = featureCache.get(bwrap);
  if (!f) {
    const help = spawnSync(bwrap, ["--help"], { env: { PATH: "/usr/bin:/bin" }, encoding: "utf8", timeout: 5000 });
    const text = `${help.stdout ?? ""}${help.stderr ?? ""}`;
    f = { disableUserns: text.includes("--disable-userns"), seccomp: text.includes("--seccomp") };
    featureCache.set(bwrap, f);
  }
  return f;
}

/** The Debian packages sandboxes use: bubblewrap, and for network slirp4netns and nftables. */
const SANDBOX_PACKAGES: [pkg: string, binaries: string[]][] = [
  ["bubblewrap", ["/usr/bin/bwrap"]],
  ["slirp4netns", ["/usr/bin/slirp4netns"]],
  ["nftables", ["/usr/sbin/nft"]],
];

/**
 * Installs what sandboxes need with apt-get when it is missing (test setups; needs root): bubblewrap, and with
 * `network` slirp4netns and nftables too. Returns the bwrap path (null when it is still missing).
 */
export function ensureBubblewrap(opts: { network?: boolean } = {}): string | null {
  const wanted = SANDBOX_PACKAGES.filter(([pkg]) => opts.network || pkg === "bubblewrap");
  const missing = wanted.filter(([, bins]) => !bins.some((b) => fs.existsSync(b))).map(([pkg]) => pkg);
  if (missing.length && process.getuid?.() === 0) {
    const env = { PATH: process.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin", DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { stdio: "inherit", env });
  }
  return findBwrap();
}
