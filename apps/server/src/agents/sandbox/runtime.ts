import { type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Config } from "../../config.ts";
import { bwrapArgs, bwrapFeatures, findBwrap, SandboxUnavailableError, type Limits } from "./bwrap.ts";
import {
  detectCgroups,
  groupPids,
  killGroup,
  oomKills,
  removeCommandGroup,
  removeGroup,
  sandboxGroup,
  type CgroupSupport,
  type SandboxGroup,
} from "./cgroups.ts";
import { checkout, GitError, giveToSandboxUser } from "./git.ts";
import { launch, launcherMissing, SECCOMP_FD } from "./launch.ts";
import { findNetworkTools, hostAddresses, startNetwork, type NetworkTools } from "./network.ts";
import { guardRepository, RepositoryRefused, type GitRemote, type RepositoryPolicy } from "./repository.ts";
import { seccompProgram } from "./seccomp.ts";
import { describeSandbox } from "./describe.ts";
import { allowedAddresses, openCommandNetwork } from "./command-network.ts";
import { checkoutDiff, listCheckoutFiles, readCheckoutFile, writeCheckoutFile, type SandboxExec } from "./files.ts";

/**
 * The sandbox runtime (agents.md §3): each sandbox is a folder holding a checkout of its repository and its
 * private /tmp; every command runs in a fresh bubblewrap sandbox over that folder, as its own process group,
 * killed as a whole on cancel, shutdown or wall time. The runtime keeps the running commands of this process;
 * the database row (routes/environments) is the sandbox's state.
 *
 * What a sandbox may do is fixed when it is prepared and kept beside its folder (`sandbox.json`, the server's
 * alone): its limits (a command may ask for less, never more), whether it has network and to which hosts, its
 * environment. Memory and processes are limited for the whole sandbox by a cgroup when the kernel offers one
 * (cgroups.ts); network is a namespace of its own behind a firewall (network.ts); `enforcement()` says in words
 * what is enforced, for the run's record.
 */

import {
  DEFAULT_LIMITS,
  networkRefusal,
  SandboxError,
  type ExecOptions,
  type ExecResult,
  type PreparedSandbox,
  type RuntimeOptions,
  type SandboxSpec,
  type SandboxState,
} from "./spec.ts";
import {
  capture,
  clampLimits,
  closedAncestor,
  finished,
  killTree,
  lastLines,
  PROBE_LIMITS,
  readText,
  safeRelative,
  setupSeconds,
  type CommandNetwork,
} from "./processes.ts";

export { networkRefusal, SandboxError } from "./spec.ts";
export type { ExecOptions, ExecResult, PreparedSandbox, RuntimeOptions, SandboxSpec } from "./spec.ts";
export { clampLimits, safeRelative } from "./processes.ts";

const STATE_FILE = "sandbox.json";

const ID = /^[0-9a-f-]{36}$/;

export class SandboxRuntime {
  readonly rootDir: string;
  private readonly bwrap: string | null;
  private readonly running = new Map<string, Set<ChildProcess>>();
  /** Sandboxes this process started commands in (whose cgroups release() removes). */
  private readonly touched = new Set<string>();
  private availability: Promise<string | null> | null = null;
  private availabilityAt = 0;
  private netAvailability: Promise<string | null> | null = null;
  private netAvailabilityAt = 0;
  private cgroupSupport: CgroupSupport | { reason: string } | null = null;
  private readonly policy: RepositoryPolicy;
  private readonly cgroupSetting: string;
  private readonly seccomp = seccompProgram();
  private readonly slirp4netnsPath: string | undefined;

  constructor(opts: RuntimeOptions = {}) {
    this.rootDir = path.resolve(opts.rootDir ?? path.join(os.tmpdir(), "stride-sandboxes"));
    this.bwrap = opts.bwrapPath !== undefined ? findBwrap(opts.bwrapPath) : findBwrap();
    this.policy = {
      localDirs: opts.localRepositories ?? [],
      allowPrivate: opts.allowPrivate ?? false,
      resolve: opts.resolve,
    };
    this.cgroupSetting = opts.cgroup ?? "";
    this.slirp4netnsPath = opts.slirp4netnsPath;
  }

  /** null when sandboxes can run here, else why not (checked once; a failure is re-checked after a minute). */
  async unavailableReason(): Promise<string | null> {
    if (!this.availability || (Date.now() - this.availabilityAt > 60_000 && (await this.availability) !== null)) {
      this.availabilityAt = Date.now();
      this.availability = (async () => {
        const dir = this.ensureRoot();
        const closed = closedAncestor(dir);
        if (closed)
          return `the sandbox user cannot pass through ${closed} (the sandbox folder ${dir} needs every parent searchable; set SANDBOX_DIR)`;
        if (!this.bwrap) return "bwrap not found";
        const missing = launcherMissing();
        if (missing) return missing;
        const probe = fs.mkdtempSync(path.join(dir, "probe-"));
        this.handOver(probe);
        try {
          // the same kind of sandbox the commands get (seccomp, no nested user namespaces), running `true`
          const child = this.launchCommand(
            { checkoutDir: probe, tmpDir: probe, limits: PROBE_LIMITS, command: "true" },
            null,
            null,
          );
          const r = await finished(child, 10);
          return r.exitCode === 0
            ? null
            : (r.stderr.trim() || `bwrap exited with ${r.exitCode ?? r.signal}`).slice(0, 300);
        } catch (e) {
          return (e as Error).message;
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

  /**
   * null when a sandbox may have network here, else why not: the tools are there and a namespace with user-mode
   * networking and its firewall really starts (checked once; a failure is re-checked after a minute).
   */
  async networkUnavailableReason(): Promise<string | null> {
    if (
      !this.netAvailability ||
      (Date.now() - this.netAvailabilityAt > 60_000 && (await this.netAvailability) !== null)
    ) {
      this.netAvailabilityAt = Date.now();
      this.netAvailability = (async () => {
        const tools = findNetworkTools(this.slirp4netnsPath);
        if ("reason" in tools) return tools.reason;
        try {
          (await startNetwork(tools, { hostAddresses: hostAddresses(), allowed: null })).close();
          return null;
        } catch (e) {
          return (e as Error).message;
        }
      })();
    }
    return this.netAvailability;
  }

  /** The kernel's control groups for whole-sandbox limits, or why there are none (found once). */
  cgroups(): CgroupSupport | { reason: string } {
    this.cgroupSupport ??= detectCgroups({
      mountinfo: readText("/proc/self/mountinfo"),
      procCgroup: readText("/proc/self/cgroup"),
      setting: this.cgroupSetting,
      pid: process.pid,
    });
    return this.cgroupSupport;
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
    return { base, work: path.join(base, "work"), tmp: path.join(base, "tmp"), state: path.join(base, STATE_FILE) };
  }

  exists(id: string): boolean {
    return fs.existsSync(this.dirs(id).work);
  }

  /** The sandbox's fixed settings; a sandbox prepared before they were kept gets the defaults and no network. */
  private state(id: string): SandboxState {
    const d = this.dirs(id);
    if (!fs.existsSync(d.work)) throw new SandboxError("The sandbox is not running.");
    try {
      return JSON.parse(fs.readFileSync(d.state, "utf8")) as SandboxState;
    } catch {
      return { limits: DEFAULT_LIMITS, network: false, allowedHosts: [], env: {}, executionId: null, enforced: "" };
    }
  }

  /** What is enforced in a running sandbox, in words (empty for one prepared before this was recorded). */
  enforcement(id: string): string {
    return this.state(id).enforced;
  }

  /** Give a folder to the sandbox user (when the server is root, sandboxes run as nobody). */
  private handOver(dir: string): void {
    giveToSandboxUser(dir);
  }

  /**
   * Create the sandbox's folder: check out each repository with git (as the sandbox user, from a remote the
   * repository guard allowed), then run the setup script inside the sandbox. A refused repository, a failed
   * checkout or setup throws SandboxError with the reason, git's or the script's words; the folder is removed
   * again. Aborting `signal` (the run's cancel or time limit) stops the checkout and the setup script.
   */
  async prepare(id: string, spec: SandboxSpec, signal?: AbortSignal): Promise<PreparedSandbox> {
    await this.assertAvailable();
    if (spec.network) {
      const reason = await this.networkUnavailableReason();
      if (reason) throw new SandboxError(networkRefusal(reason));
    }
    const remotes: GitRemote[] = [];
    for (const repo of spec.repositories) {
      try {
        remotes.push(await guardRepository(repo.url, this.policy));
      } catch (e) {
        if (e instanceof RepositoryRefused) throw new SandboxError(e.message);
        throw e;
      }
    }
    const d = this.dirs(id);
    this.ensureRoot();
    fs.rmSync(d.base, { recursive: true, force: true });
    fs.mkdirSync(d.work, { recursive: true, mode: 0o700 });
    fs.mkdirSync(d.tmp, { mode: 0o700 });
    fs.chmodSync(d.base, 0o711);
    // the checkout and the private /tmp are the sandbox user's; the folder around them and sandbox.json stay the server's
    this.handOver(d.work);
    this.handOver(d.tmp);
    const state: SandboxState = {
      limits: clampLimits({ ...DEFAULT_LIMITS, ...spec.limits }, {}),
      network: spec.network,
      allowedHosts: spec.network ? [...(spec.allowedHosts ?? [])] : [],
      env: { ...spec.env },
      executionId: spec.executionId ?? null,
      enforced: "",
    };
    try {
      state.enforced = await this.describe(id, state);
      fs.writeFileSync(d.state, JSON.stringify(state), { mode: 0o600 });
      const baseCommits: Record<string, string> = {};
      const single = spec.repositories.length === 1;
      for (const [i, repo] of spec.repositories.entries()) {
        const folder = single ? "" : safeRelative(repo.slug || path.basename(repo.url).replace(/\.git$/, ""));
        baseCommits[folder] = await checkout(remotes[i], repo.branch ?? null, path.join(d.work, folder), signal);
      }
      let setup: ExecResult | null = null;
      if (spec.setupScript?.trim()) {
        setup = await this.execute(id, spec.setupScript, { network: spec.network, signal }, true);
        if (setup.killed) throw new SandboxError("The setup script was stopped.");
        if (setup.timedOut)
          throw new SandboxError(`The setup script ran out of time (${setupSeconds(state.limits)} s).`);
        if (setup.exitCode !== 0) {
          const oom = setup.oomKilled ? " (the sandbox ran out of memory)" : "";
          throw new SandboxError(
            `The setup script failed with exit code ${setup.exitCode ?? setup.signal}${oom}: ${lastLines(setup.stderr || setup.stdout)}`,
          );
        }
      }
      return { baseCommits, setup, enforced: state.enforced };
    } catch (e) {
      await this.shutdown(id);
      if (e instanceof GitError) throw new SandboxError(signal?.aborted ? "The checkout was stopped." : e.message);
      throw e;
    }
  }

  /** The enforcement of a sandbox in words: isolation, limits and over what, network, environment. */
  private describe(id: string, state: SandboxState): Promise<string> {
    return describeSandbox(id, state, {
      features: bwrapFeatures(this.bwrap!),
      seccomp: !!this.seccomp,
      cgroups: this.cgroups(),
      allowed: (hosts) => allowedAddresses(hosts, this.policy),
    });
  }

  /** The namespace of one command with network, its firewall, and the /etc/resolv.conf and /etc/hosts it sees. */
  private async openNetwork(id: string, state: SandboxState): Promise<CommandNetwork> {
    const tools = findNetworkTools(this.slirp4netnsPath);
    const reason = "reason" in tools ? tools.reason : await this.networkUnavailableReason();
    if (reason) throw new SandboxError(networkRefusal(reason));
    return openCommandNetwork(tools as NetworkTools, this.dirs(id).base, state.allowedHosts, this.policy);
  }

  /** Start bubblewrap through the launcher: the seccomp filter, the sandbox's cgroup, the command's network namespace. */
  private launchCommand(
    spec: {
      checkoutDir: string;
      tmpDir: string;
      limits: Limits;
      cwd?: string;
      env?: Record<string, string>;
      command: string;
    },
    group: { procs: string[] } | null,
    network: CommandNetwork | null,
  ): ChildProcess {
    const features = bwrapFeatures(this.bwrap!);
    const seccomp = features.seccomp ? this.seccomp : null;
    const args = bwrapArgs({
      ...spec,
      network: !!network,
      files: network?.files,
      features,
      seccompFd: seccomp ? SECCOMP_FD : undefined,
      pidsLimited: !!group,
    });
    return launch({
      bwrap: this.bwrap!,
      args,
      seccomp,
      cgroupProcs: group?.procs ?? [],
      netns: network ? { path: network.netns, nsenter: network.nsenter } : null,
    });
  }

  /**
   * Start a command of a running sandbox (never without bubblewrap: throws SandboxUnavailableError). Its limits
   * are the sandbox's, lowered where the caller asks for less; network only when the sandbox has it.
   */
  private async start(
    id: string,
    command: string,
    opts: Omit<ExecOptions, "stdin" | "signal">,
    setup: boolean,
  ): Promise<{ child: ChildProcess; limits: Limits; group: SandboxGroup | null; done(): void }> {
    await this.assertAvailable();
    const d = this.dirs(id);
    const state = this.state(id);
    const limits = clampLimits(state.limits, opts.limits ?? {});
    if (setup) limits.wallSeconds = setupSeconds(state.limits);
    const cwd = opts.cwd ? safeRelative(opts.cwd) : undefined;
    const env: Record<string, string> = {
      ...state.env,
      STRIDE_SANDBOX_ID: id,
      ...(state.executionId ? { STRIDE_EXECUTION_ID: state.executionId } : {}),
      ...opts.env,
    };
    const cg = this.cgroups();
    const network = opts.network && state.network ? await this.openNetwork(id, state) : null;
    let child: ChildProcess;
    let group: SandboxGroup | null = null;
    try {
      group = "kind" in cg ? sandboxGroup(cg, id, state.limits, limits) : null;
      child = this.launchCommand({ checkoutDir: d.work, tmpDir: d.tmp, limits, cwd, env, command }, group, network);
    } catch (e) {
      network?.close();
      if (group && "kind" in cg) removeCommandGroup(cg, id, group.name);
      throw e;
    }
    const set = this.running.get(id) ?? new Set();
    set.add(child);
    this.running.set(id, set);
    this.touched.add(id);
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      set.delete(child);
      network?.close();
      // the command's group goes once its processes are gone (the pid namespace is emptied by the kernel)
      if (group && "kind" in cg) {
        const g = group;
        const tryRemove = (n: number) => {
          if (!removeCommandGroup(cg, id, g.name) && n > 0) setTimeout(() => tryRemove(n - 1), 50).unref();
        };
        tryRemove(20);
      }
    };
    return { child, limits, group, done };
  }

  /** Run a shell command in the sandbox. Never runs it unsandboxed: without bubblewrap this throws SandboxUnavailableError. */
  async exec(id: string, command: string, opts: ExecOptions = {}): Promise<ExecResult> {
    return this.execute(id, command, opts, false);
  }

  private async execute(id: string, command: string, opts: ExecOptions, setup: boolean): Promise<ExecResult> {
    if (opts.signal?.aborted)
      return {
        exitCode: null,
        signal: "SIGKILL",
        stdout: "",
        stderr: "",
        timedOut: false,
        killed: true,
        oomKilled: false,
        durationMs: 0,
      };
    const cg = this.cgroups();
    const oomBefore = "kind" in cg ? oomKills(cg, id) : 0;
    const started = Date.now();
    const { child, limits, group, done } = await this.start(id, command, opts, setup);
    let timedOut = false;
    let killed = false;
    const stdout = capture(child.stdout!);
    const stderr = capture(child.stderr!);
    child.stdin!.on("error", () => {});
    child.stdin!.end(opts.stdin ?? "");
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child);
    }, limits.wallSeconds * 1000);
    const onAbort = () => {
      killed = true;
      killTree(child);
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    // aborted while the command was being set up
    if (opts.signal?.aborted) onAbort();
    try {
      const [code, sig] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", (c, s) => resolve([c, s]));
      });
      if (!timedOut && !killed && (child as ChildProcess & { strideKilled?: boolean }).strideKilled) killed = true;
      const oomKilled = "kind" in cg && oomKills(cg, id, group?.name) > oomBefore;
      return {
        exitCode: code,
        signal: sig,
        stdout: stdout(),
        stderr: stderr(),
        timedOut,
        killed,
        oomKilled,
        durationMs: Date.now() - started,
      };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      done();
      // Leftovers of the group (if any) go with it.
      killTree(child, false);
    }
  }

  /**
   * Start a long-lived command in the sandbox (a stdio MCP server) with its stdio piped to the caller. It is one of
   * the sandbox's running commands: cancel, shutdown and kill() end its process group like any other.
   */
  async spawn(id: string, command: string, opts: Omit<ExecOptions, "stdin" | "signal"> = {}): Promise<ChildProcess> {
    const { child, done } = await this.start(id, command, opts, false);
    child.on("close", done);
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

  /** Stop the sandbox: kill its commands (and whatever is left in its cgroup), remove its group and its folder. */
  async shutdown(id: string): Promise<void> {
    const d = this.dirs(id);
    const set = this.running.get(id);
    this.kill(id);
    if (set?.size) {
      await Promise.all(
        [...set].map((c) =>
          c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once("close", r)),
        ),
      );
    }
    this.running.delete(id);
    const cg = this.cgroups();
    if ("kind" in cg) {
      for (let i = 0; i < 100 && groupPids(cg, id).length; i++) {
        killGroup(cg, id);
        await new Promise((r) => setTimeout(r, 10));
      }
      removeGroup(cg, id);
    }
    this.touched.delete(id);
    fs.rmSync(d.base, { recursive: true, force: true });
  }

  /**
   * The server is stopping: end the commands this process runs (they would die with it anyway) and remove the
   * cgroups of its sandboxes, so that nothing is left behind; a sandbox's next command makes its group again.
   */
  async release(): Promise<void> {
    const all = [...this.running.values()].flatMap((set) => [...set]);
    for (const id of this.running.keys()) this.kill(id);
    await Promise.all(
      all.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once("close", r)))),
    );
    const cg = this.cgroups();
    if (!("kind" in cg)) return;
    for (const id of this.touched) {
      for (let i = 0; i < 50 && groupPids(cg, id).length; i++) await new Promise((r) => setTimeout(r, 10));
      removeGroup(cg, id);
    }
    this.touched.clear();
  }

  /** How many commands of the sandbox are running in this process. */
  runningCount(id: string): number {
    return this.running.get(id)?.size ?? 0;
  }

  /** Read a file of the checkout (through the sandbox, so that links cannot reach outside it). */
  readFile(id: string, file: string, signal?: AbortSignal): Promise<string> {
    return readCheckoutFile(this.execIn(id), file, signal);
  }

  writeFile(id: string, file: string, content: string, signal?: AbortSignal): Promise<void> {
    return writeCheckoutFile(this.execIn(id), file, content, signal);
  }

  listFiles(id: string, dir = ".", signal?: AbortSignal): Promise<string[]> {
    return listCheckoutFiles(this.execIn(id), dir, signal);
  }

  /** `git diff` of a repository of the checkout against its starting commit, new files included (files.ts). */
  diff(id: string, baseCommit: string, folder = "", signal?: AbortSignal): Promise<string> {
    return checkoutDiff(this.execIn(id), baseCommit, folder, signal);
  }

  private execIn(id: string): SandboxExec {
    return (command, opts) => this.exec(id, command, opts);
  }

  /** Folder of the checkout on the host (for git operations of the server). */
  checkoutDir(id: string): string {
    return this.dirs(id).work;
  }
}

const runtimes = new WeakMap<object, SandboxRuntime>();

/** The runtime of a server process (one per app context), with the instance's settings (SANDBOX_DIR, SANDBOX_BWRAP, …). */
export function sandboxRuntime(app: object, opts?: RuntimeOptions): SandboxRuntime {
  let r = runtimes.get(app);
  if (!r) {
    const config = (app as { config?: Config }).config;
    r = new SandboxRuntime({
      ...(config
        ? {
            rootDir: config.sandboxDir,
            ...(config.sandboxBwrap ? { bwrapPath: config.sandboxBwrap } : {}),
            localRepositories: config.sandboxLocalRepositories,
            allowPrivate: config.outboundAllowPrivate,
            cgroup: config.sandboxCgroup,
          }
        : {}),
      ...opts,
    });
    runtimes.set(app, r);
  }
  return r;
}
