import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SandboxRuntime } from "../../src/agents/sandbox/runtime.ts";

/**
 * Where the tests' repositories are made: the one folder test servers allow local repositories in
 * (SANDBOX_LOCAL_REPOSITORIES, see startTestServer).
 */
export const TEST_REPOS_DIR = path.join(os.tmpdir(), "stride-test-repos");

/**
 * A git repository made by the test: the files committed on `main` in a fresh folder under TEST_REPOS_DIR. git runs
 * as the sandbox user (nobody when the tests run as root), so the repository is open to it as a shared repository
 * is: readable, and writable for the commit modal's push. `private` keeps it the test user's alone (mode 0700).
 */
export function makeRepo(
  files: Record<string, string>,
  opts: { private?: boolean } = {},
): { dir: string; head: string } {
  fs.mkdirSync(TEST_REPOS_DIR, { recursive: true });
  fs.chmodSync(TEST_REPOS_DIR, 0o755);
  const dir = fs.mkdtempSync(path.join(TEST_REPOS_DIR, "repo-"));
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: dir,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Test",
        GIT_AUTHOR_EMAIL: "t@example.com",
        GIT_COMMITTER_NAME: "Test",
        GIT_COMMITTER_EMAIL: "t@example.com",
      },
    });
  git("init", "-q", "-b", "main");
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
  if (!opts.private) execFileSync("chmod", ["-R", "a+rwX", dir]);
  return { dir, head: git("rev-parse", "HEAD").trim() };
}

/** Host processes `sleep <marker>` (to see that a sandboxed tree is really gone). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const state = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.[0];
      if (state !== "Z" && /(^|\/)sleep$/.test(cmd[0]) && cmd[1] === marker) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

export interface TestHost {
  /** The namespace's name (`ip netns`). */
  netns: string;
  /** A public-looking address (TEST-NET-3) the test host answers on: "the internet" for the tests. */
  publicAddr: string;
  /** A second public-looking address (TEST-NET-2) of the same host, for an allow-list that names only the first. */
  otherPublicAddr: string;
  /** A private address (10/8) of the same host. */
  privateAddr: string;
  /** The HTTP port on every address; the answer is `test-host <address it was reached at>`. */
  port: number;
  close(): Promise<void>;
}

const ipCmd = (...args: string[]) => execFileSync("ip", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/**
 * A host of the test's own (needs root): a network namespace joined to this machine by a veth pair, with a
 * public-looking, a second public-looking and a private address, serving HTTP on each. Reachable from this
 * machine's own network (the positive control), so that a sandbox's refusal is the sandbox's doing. The addresses
 * are drawn at random within their ranges; `close()` removes the namespace (and the veth pair with it).
 */
export async function startTestHost(): Promise<TestHost> {
  if (process.getuid?.() !== 0) throw new Error("the sandbox network tests need root (CI runs as root)");
  const tag = crypto.randomBytes(3).toString("hex");
  const netns = `stride-th-${tag}`;
  const [hostIf, peerIf] = [`sth${tag}`, `stp${tag}`];
  const a = crypto.randomInt(64) * 4,
    b = crypto.randomInt(64) * 4,
    c = [crypto.randomInt(200, 250), crypto.randomInt(256), crypto.randomInt(64) * 4];
  const publicAddr = `203.0.113.${a + 2}`,
    otherPublicAddr = `198.51.100.${b + 2}`,
    privateAddr = `10.${c[0]}.${c[1]}.${c[2] + 2}`;
  ipCmd("netns", "add", netns);
  let server: ReturnType<typeof spawn> | null = null;
  try {
    ipCmd("link", "add", hostIf, "type", "veth", "peer", "name", peerIf);
    ipCmd("link", "set", peerIf, "netns", netns);
    for (const [mine, theirs] of [
      [`203.0.113.${a + 1}`, publicAddr],
      [`198.51.100.${b + 1}`, otherPublicAddr],
      [`10.${c[0]}.${c[1]}.${c[2] + 1}`, privateAddr],
    ]) {
      ipCmd("addr", "add", `${mine}/30`, "dev", hostIf);
      ipCmd("-n", netns, "addr", "add", `${theirs}/30`, "dev", peerIf);
    }
    ipCmd("link", "set", hostIf, "up");
    ipCmd("-n", netns, "link", "set", peerIf, "up");
    ipCmd("-n", netns, "link", "set", "lo", "up");
    const port = 8080;
    const script = `require('http').createServer((q, s) => s.end('test-host ' + q.socket.localAddress)).listen(${port}, '0.0.0.0', () => console.log('up'))`;
    server = spawn("ip", ["netns", "exec", netns, process.execPath, "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once("data", () => resolve());
      server!.once("exit", (code) => reject(new Error(`the test host's server ended (${code})`)));
    });
    const s = server;
    return {
      netns,
      publicAddr,
      otherPublicAddr,
      privateAddr,
      port,
      close: async () => {
        s.kill("SIGKILL");
        await new Promise((r) => (s.exitCode !== null || s.signalCode !== null ? r(null) : s.once("exit", r)));
        ipCmd("netns", "del", netns);
      },
    };
  } catch (e) {
    server?.kill("SIGKILL");
    ipCmd("netns", "del", netns);
    throw e;
  }
}

/**
 * After a file's sandboxes are shut down: remove the sandboxes' base cgroup the runtime made (`stride-sandboxes`),
 * when nothing else uses it (another test file running at the same time keeps it: its groups are still in it).
 */
export function removeSandboxCgroups(rt: SandboxRuntime): void {
  const cg = rt.cgroups();
  if (!("kind" in cg)) return;
  for (const base of new Set([cg.bases.memory, cg.bases.pids])) {
    try {
      fs.rmdirSync(base);
    } catch {
      /* in use or gone */
    }
  }
}
