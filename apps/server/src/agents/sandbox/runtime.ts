import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  bwrapArgs, findBwrap, probeBwrap, sandboxIds, SandboxUnavailableError, shQuote, type Limits,
} from "./bwrap.ts";
import { checkout, GitError } from "./git.ts";

/**
 * The sandbox runtime (agents.md §3): each sandbox is a folder holding a checkout of its repository and its
 * private /tmp; every command runs in a fresh bubblewrap sandbox over that folder, as its own process group,
 * killed as a whole on cancel, shutdown or wall time. The runtime keeps the running commands of this process;
 * the database row (routes/environments) is the sandbox's state.
 */

export const DEFAULT_LIMITS: Limits = { cpuSeconds: 300, memoryBytes: 4 * 1024 ** 3, wallSeconds: 600, maxProcesses: 1024 };
export const SETUP_WALL_SECONDS = 900;
/** Output kept per stream of a command; the rest is dropped and marked. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

export interface RepositorySpec {
  url: string;
  branch?: string | null;
  /** The folder of the checkout inside /workspace when a sandbox has several repositories. */
  slug?: string | null;
}

export interface SandboxSpec {
  repositories: RepositorySpec[];
  setupScript?: string | null;
  network: boolean;
  limits?: Partial<Limits>;
}

export interface ExecOptions {
  network?: boolean;
  limits?: Partial<Limits>;
  /** Aborting kills the command's whole process tree. */
  signal?: AbortSignal;
  env?: Record<string, string>;
  /** Working directory relative to the checkout root. */
  cwd?: string;
  stdin?: string | Buffer;
}

export interface ExecResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The wall-time limit ended it. */
  timedOut: boolean;
  /** Cancelled (abort signal) or the sandbox was shut down. */
  killed: boolean;
  durationMs: number;
}

export interface PreparedSandbox {
  /** HEAD of each repository right after the checkout, by its folder ("" = the checkout root). */
  baseCommits: Record<string, string>;
  setup: ExecResult | null;
}

export class SandboxError extends Error {}

export interface RuntimeOptions {
  /** Folder of the sandboxes; must be traversable by the sandbox user (default: $SANDBOX_DIR or <tmp>/stride-sandboxes). */
  rootDir?: string;
  /** bwrap binary (default: found on the usual paths; a missing one makes the runtime unavailable). */
  bwrapPath?: string;
}

const ID = /^[0-9a-f-]{36}$/;

export class SandboxRuntime {
  readonly rootDir: string;
  private readonly bwrap: string | null;
  private readonly running = new Map<string, Set<ChildProcess>>();
  private availability: Promise<string | null> | null = null;
  private availabilityAt = 0;

  constructor(opts: RuntimeOptions = {}) {
    this.rootDir = path.resolve(opts.rootDir ?? path.join(os.tmpdir(), "stride-sandboxes"));
    this.bwrap = opts.bwrapPath !== undefined ? findBwrap(opts.bwrapPath) : findBwrap();
  }

  /** null when sandboxes can run here, else why not (checked once; a failure is re-checked after a minute). */
  async unavailableReason(): Promise<string | null> {
    if (!this.availability || (Date.now() - this.availabilityAt > 60_000 && (await this.availability) !== null)) {
      this.availabilityAt = Date.now();
      this.availability = (async () => {
        const dir = this.ensureRoot();
        const closed = closedAncestor(dir);
        if (closed) return `the sandbox user cannot pass through ${closed} (the sandbox folder ${dir} needs every parent searchable; set SANDBOX_DIR)`;
        const probe = fs.mkdtempSync(path.join(dir, "probe-"));
        this.handOver(probe);
        try {
          return await probeBwrap(this.bwrap, probe);
        } finally {
          fs.rmSync(probe, { recursive: true, force: true });
        }
      })();
    }
    return this.availability;
  }

  async assertAvailable(): Promise<void> {
    const reason = await this.unavailableReason();
    if (reason) throw new SandboxUnavailableError(reason);
  }

  private ensureRoot(): string {
    fs.mkdirSync(this.rootDir, { recursive: true, mode: 0o711 });
    // Others (the sandbox user) may pass through but not list the sandboxes.
    fs.chmodSync(this.rootDir, 0o711);
    return this.rootDir;
  }

  private dirs(id: string) {
    if (!ID.test(id)) throw new SandboxError("bad sandbox id");
    const base = path.join(this.rootDir, id);
    return { base, work: path.join(base, "work"), tmp: path.join(base, "tmp") };
  }

  exists(id: string): boolean {
    return fs.existsSync(this.dirs(id).work);
  }

  /** Give a folder to the sandbox user (when the server is root, sandboxes run as nobody). */
  private handOver(dir: string): void {
    const ids = sandboxIds();
    if (ids.uid === undefined) return;
    const walk = (p: string) => {
      fs.lchownSync(p, ids.uid!, ids.gid!);
      if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    };
    walk(dir);
  }

  /**
   * Create the sandbox's folder: check out each repository with git (a local path or any URL git reaches), then
   * run the setup script inside the sandbox. A failed checkout or setup throws SandboxError with git's or the
   * script's words; the folder is removed again.
   */
  async prepare(id: string, spec: SandboxSpec, signal?: AbortSignal): Promise<PreparedSandbox> {
    await this.assertAvailable();
    const d = this.dirs(id);
    this.ensureRoot();
    fs.rmSync(d.base, { recursive: true, force: true });
    fs.mkdirSync(d.work, { recursive: true, mode: 0o700 });
    fs.mkdirSync(d.tmp, { mode: 0o700 });
    fs.chmodSync(d.base, 0o711);
    try {
      const baseCommits: Record<string, string> = {};
      const single = spec.repositories.length === 1;
      for (const repo of spec.repositories) {
        const folder = single ? "" : safeRelative(repo.slug || path.basename(repo.url).replace(/\.git$/, ""));
        baseCommits[folder] = await checkout(repo.url, repo.branch ?? null, path.join(d.work, folder), signal);
      }
      this.handOver(d.base);
      let setup: ExecResult | null = null;
      if (spec.setupScript?.trim()) {
        setup = await this.exec(id, spec.setupScript, {
          network: spec.network,
          limits: { ...spec.limits, wallSeconds: Math.max(spec.limits?.wallSeconds ?? 0, SETUP_WALL_SECONDS) },
          signal,
        });
        if (setup.killed) throw new SandboxError("The setup script was stopped.");
        if (setup.timedOut) throw new SandboxError("The setup script ran out of time.");
        if (setup.exitCode !== 0) {
          throw new SandboxError(`The setup script failed with exit code ${setup.exitCode ?? setup.signal}: ${lastLines(setup.stderr || setup.stdout)}`);
        }
      }
      return { baseCommits, setup };
    } catch (e) {
      this.kill(id);
      fs.rmSync(d.base, { recursive: true, force: true });
      if (e instanceof GitError) throw new SandboxError(e.message);
      throw e;
    }
  }

  /** The bwrap arguments of a command of a running sandbox (never without bubblewrap: throws SandboxUnavailableError). */
  private async commandLine(id: string, command: string, opts: Omit<ExecOptions, "stdin" | "signal">): Promise<{ args: string[]; limits: Limits }> {
    await this.assertAvailable();
    const d = this.dirs(id);
    if (!fs.existsSync(d.work)) throw new SandboxError("The sandbox is not running.");
    const limits = { ...DEFAULT_LIMITS, ...opts.limits };
    const cwd = opts.cwd ? safeRelative(opts.cwd) : undefined;
    return { args: bwrapArgs({ checkoutDir: d.work, tmpDir: d.tmp, network: opts.network ?? false, limits, cwd, env: opts.env, command }), limits };
  }

  /** Run a shell command in the sandbox. Never runs it unsandboxed: without bubblewrap this throws SandboxUnavailableError. */
  async exec(id: string, command: string, opts: ExecOptions = {}): Promise<ExecResult> {
    const { args, limits } = await this.commandLine(id, command, opts);
    const started = Date.now();
    if (opts.signal?.aborted) return { exitCode: null, signal: "SIGKILL", stdout: "", stderr: "", timedOut: false, killed: true, durationMs: 0 };
    // Its own process group, so that a kill reaches bwrap and everything it started (the pid namespace dies with it).
    const child = spawn(this.bwrap!, args, { ...sandboxIds(), detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const set = this.running.get(id) ?? new Set();
    set.add(child);
    this.running.set(id, set);
    let timedOut = false;
    let killed = false;
    const stdout = capture(child.stdout!);
    const stderr = capture(child.stderr!);
    child.stdin!.on("error", () => {});
    child.stdin!.end(opts.stdin ?? "");
    const timer = setTimeout(() => { timedOut = true; killTree(child); }, limits.wallSeconds * 1000);
    const onAbort = () => { killed = true; killTree(child); };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const [code, sig] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", (c, s) => resolve([c, s]));
      });
      if (!timedOut && !killed && (child as ChildProcess & { strideKilled?: boolean }).strideKilled) killed = true;
      return { exitCode: code, signal: sig, stdout: stdout(), stderr: stderr(), timedOut, killed, durationMs: Date.now() - started };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      set.delete(child);
      // Leftovers of the group (if any) go with it.
      killTree(child, false);
    }
  }

  /**
   * Start a long-lived command in the sandbox (a stdio MCP server) with its stdio piped to the caller. It is one of
   * the sandbox's running commands: cancel, shutdown and kill() end its process group like any other.
   */
  async spawn(id: string, command: string, opts: Omit<ExecOptions, "stdin" | "signal"> = {}): Promise<ChildProcess> {
    const { args } = await this.commandLine(id, command, opts);
    const child = spawn(this.bwrap!, args, { ...sandboxIds(), detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const set = this.running.get(id) ?? new Set();
    set.add(child);
    this.running.set(id, set);
    child.on("close", () => set.delete(child));
    return child;
  }

  /** End one command started by spawn() (its whole process group). */
  stop(child: ChildProcess): void {
    killTree(child, false);
  }

  /** Kill every running command of the sandbox (SIGKILL to each process group). */
  kill(id: string): number {
    const set = this.running.get(id);
    if (!set) return 0;
    for (const child of set) killTree(child);
    return set.size;
  }

  /** Stop the sandbox: kill its commands and remove its folder. */
  async shutdown(id: string): Promise<void> {
    const d = this.dirs(id);
    const set = this.running.get(id);
    this.kill(id);
    if (set?.size) {
      await Promise.all([...set].map((c) => c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once("close", r))));
    }
    this.running.delete(id);
    fs.rmSync(d.base, { recursive: true, force: true });
  }

  /** How many commands of the sandbox are running in this process. */
  runningCount(id: string): number {
    return this.running.get(id)?.size ?? 0;
  }

  /** Read a file of the checkout (through the sandbox, so that links cannot reach outside it). */
  async readFile(id: string, file: string, signal?: AbortSignal): Promise<string> {
    const r = await this.exec(id, `cat -- ${shQuote(safeRelative(file))}`, { signal, limits: { wallSeconds: 60 } });
    if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot read ${file}`);
    return r.stdout;
  }

  async writeFile(id: string, file: string, content: string, signal?: AbortSignal): Promise<void> {
    const rel = safeRelative(file);
    const r = await this.exec(id, `mkdir -p -- "$(dirname -- ${shQuote(rel)})" && cat > ${shQuote(rel)}`, { stdin: content, signal, limits: { wallSeconds: 60 } });
    if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot write ${file}`);
  }

  async listFiles(id: string, dir = ".", signal?: AbortSignal): Promise<string[]> {
    const rel = dir === "." || dir === "" ? "." : safeRelative(dir);
    const r = await this.exec(id, `find ${shQuote(rel)} -maxdepth 4 -not -path '*/.git' -not -path '*/.git/*' | head -n 2000`, { signal, limits: { wallSeconds: 60 } });
    if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot list ${dir}`);
    return r.stdout.split("\n").filter((l) => l && l !== ".").map((l) => l.replace(/^\.\//, "")).sort();
  }

  /**
   * `git diff` of a repository of the checkout against its starting commit, new files included. It runs inside
   * the sandbox (a temporary index in its /tmp), since the repository's config is the sandbox's to write.
   */
  async diff(id: string, baseCommit: string, folder = "", signal?: AbortSignal): Promise<string> {
    if (!/^[0-9a-f]{40,64}$/.test(baseCommit)) throw new SandboxError("bad base commit");
    const r = await this.exec(id,
      `export GIT_INDEX_FILE=/tmp/.stride-diff-index; rm -f "$GIT_INDEX_FILE"; git read-tree ${baseCommit} && git add -A . && git diff --cached --binary ${baseCommit}; s=$?; rm -f "$GIT_INDEX_FILE"; exit $s`,
      { cwd: folder || undefined, signal, limits: { wallSeconds: 120 } });
    if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || "git diff failed");
    return r.stdout;
  }

  /** Folder of the checkout on the host (for git operations of the server). */
  checkoutDir(id: string): string {
    return this.dirs(id).work;
  }
}

/** A relative path that stays inside its root (no absolute paths, no `..`). */
export function safeRelative(p: string): string {
  const norm = path.posix.normalize(p.replace(/\\/g, "/"));
  if (!norm || norm.startsWith("/") || norm === ".." || norm.startsWith("../") || norm.includes("\0")) {
    throw new SandboxError(`The path "${p}" is outside the checkout.`);
  }
  return norm.replace(/\/$/, "") || ".";
}

/** The first parent of `dir` that the sandbox user may not pass through (when sandboxes run as nobody). */
function closedAncestor(dir: string): string | null {
  if (sandboxIds().uid === undefined) return null;
  for (let p = path.dirname(dir); ; p = path.dirname(p)) {
    const st = fs.statSync(p);
    if (!(st.mode & 0o001) && st.uid !== sandboxIds().uid) return p;
    if (p === path.dirname(p)) return null;
  }
}

function killTree(child: ChildProcess, mark = true): void {
  if (child.pid === undefined) return;
  if (mark) (child as ChildProcess & { strideKilled?: boolean }).strideKilled = true;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* the group is gone */
  }
}

function capture(stream: NodeJS.ReadableStream): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  let dropped = 0;
  stream.on("data", (d: Buffer) => {
    if (size < MAX_OUTPUT_BYTES) {
      const part = d.subarray(0, MAX_OUTPUT_BYTES - size);
      chunks.push(part);
      size += part.length;
      dropped += d.length - part.length;
    } else dropped += d.length;
  });
  return () => Buffer.concat(chunks).toString("utf8") + (dropped ? `\n… ${dropped} more bytes not kept` : "");
}

function lastLines(text: string, n = 5): string {
  return text.trim().split("\n").slice(-n).join("\n").slice(0, 1000);
}

const runtimes = new WeakMap<object, SandboxRuntime>();

/** The runtime of a server process (one per app context), in SANDBOX_DIR with SANDBOX_BWRAP when they are set. */
export function sandboxRuntime(app: { config?: { sandboxDir?: string; sandboxBwrap?: string } }, opts?: RuntimeOptions): SandboxRuntime {
  let r = runtimes.get(app);
  if (!r) {
    const c = app.config;
    r = new SandboxRuntime({ rootDir: c?.sandboxDir, ...(c?.sandboxBwrap ? { bwrapPath: c.sandboxBwrap } : {}), ...opts });
    runtimes.set(app, r);
  }
  return r;
}
