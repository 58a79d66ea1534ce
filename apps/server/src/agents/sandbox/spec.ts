/** What a sandbox is made from and may do (runtime.ts): its repository, its limits and network, the runtime's options. */
import type { Limits } from "./bwrap.ts";

export const DEFAULT_LIMITS: Limits = {
  cpuSeconds: 300,
  memoryBytes: 4 * 1024 ** 3,
  wallSeconds: 600,
  maxProcesses: 1024,
};
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
  /** Host names (or addresses) a sandbox with network may reach; empty = the internet (never internal addresses). */
  allowedHosts?: string[];
  /** The repository's own variables, given to every command. */
  env?: Record<string, string>;
  limits?: Partial<Limits>;
  /** The run the sandbox was made for (STRIDE_EXECUTION_ID in its commands). */
  executionId?: string | null;
}

/** What is fixed for a sandbox when it is prepared (kept as `sandbox.json` beside its folder). */
export interface SandboxState {
  limits: Limits;
  network: boolean;
  allowedHosts: string[];
  env: Record<string, string>;
  executionId: string | null;
  enforced: string;
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
  /** The sandbox's memory limit was reached while it ran and the kernel killed a process (cgroup only). */
  oomKilled: boolean;
  durationMs: number;
}

export interface PreparedSandbox {
  /** HEAD of each repository right after the checkout, by its folder ("" = the checkout root). */
  baseCommits: Record<string, string>;
  setup: ExecResult | null;
  /** What is enforced in this sandbox, in words (for the run's record). */
  enforced: string;
}

export class SandboxError extends Error {}

export const NETWORK_UNAVAILABLE = "Network access for sandboxes is not available on this server";
export const networkRefusal = (reason: string) =>
  `${NETWORK_UNAVAILABLE}: ${reason}. A sandbox with network needs the server to run as root with the Debian packages slirp4netns and nftables; it never uses the server's own network instead.`;

export interface RuntimeOptions {
  /** Folder of the sandboxes; must be traversable by the sandbox user (default: $SANDBOX_DIR or <tmp>/stride-sandboxes). */
  rootDir?: string;
  /** bwrap binary (default: found on the usual paths; a missing one makes the runtime unavailable). */
  bwrapPath?: string;
  /** Folders local repositories may be in (SANDBOX_LOCAL_REPOSITORIES; default none). */
  localRepositories?: readonly string[];
  /** OUTBOUND_ALLOW_PRIVATE: repositories and allowed hosts may be private addresses (never loopback or metadata). */
  allowPrivate?: boolean;
  /** SANDBOX_CGROUP ("" automatic, "off", or a cgroup path). */
  cgroup?: string;
  /** Name resolution of repository hosts and allowed hosts (tests inject one); default the system's. */
  resolve?: (host: string) => Promise<string[]>;
  /** slirp4netns binary (default: found on the usual paths; a missing one refuses network). */
  slirp4netnsPath?: string;
}
