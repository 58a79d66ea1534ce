import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxError, SandboxRuntime } from "../src/agents/sandbox/runtime.ts";
import { ensureBubblewrap, SandboxUnavailableError } from "../src/agents/sandbox/bwrap.ts";
import { makeRepo, processesWith, removeSandboxCgroups, TEST_REPOS_DIR } from "./helpers/sandbox.ts";

/** The sandbox runtime against real bubblewrap and real git (agents.md §3). */

let rt: SandboxRuntime;
let root: string;
let repo: { dir: string; head: string };
const made: string[] = [];

beforeAll(async () => {
  expect(ensureBubblewrap()).toBeTruthy();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stride-sbx-rt-"));
  fs.chmodSync(root, 0o711); // the sandbox user (nobody when the tests run as root) passes through to the sandboxes
  rt = new SandboxRuntime({ rootDir: path.join(root, "sandboxes"), localRepositories: [TEST_REPOS_DIR] });
  expect(await rt.unavailableReason()).toBeNull();
  repo = makeRepo({ "README.md": "hello\n", "src/app.txt": "one\n" });
});
afterAll(async () => {
  for (const id of made) await rt.shutdown(id);
  removeSandboxCgroups(rt);
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(repo.dir, { recursive: true, force: true });
});

async function sandbox(spec: Partial<Parameters<SandboxRuntime["prepare"]>[1]> = {}) {
  const id = crypto.randomUUID();
  made.push(id);
  const prepared = await rt.prepare(id, { repositories: [{ url: repo.dir, branch: "main" }], network: false, ...spec });
  return { id, prepared };
}

describe("checkout", () => {
  it("checks the repository out with git at its branch and remembers the starting commit", async () => {
    const { id, prepared } = await sandbox();
    expect(prepared.baseCommits).toEqual({ "": repo.head });
    expect(await rt.readFile(id, "README.md")).toBe("hello\n");
    expect(await rt.listFiles(id)).toEqual(["README.md", "src", "src/app.txt"]);
    const r = await rt.exec(id, "git log --format=%H -1");
    expect(r.stdout.trim()).toBe(repo.head);
  });

  it("a repository git cannot reach fails with git's words, and nothing is left behind", async () => {
    const id = crypto.randomUUID();
    const notRepo = fs.mkdtempSync(path.join(TEST_REPOS_DIR, "not-a-repo-"));
    fs.chmodSync(notRepo, 0o755);
    await expect(
      rt.prepare(id, { repositories: [{ url: path.join(TEST_REPOS_DIR, "missing-repo") }], network: false }),
    ).rejects.toThrow(SandboxError);
    await expect(
      rt.prepare(id, { repositories: [{ url: path.join(TEST_REPOS_DIR, "missing-repo") }], network: false }),
    ).rejects.toThrow(/does not exist/i);
    await expect(rt.prepare(id, { repositories: [{ url: notRepo }], network: false })).rejects.toThrow(
      /not a git repository|Could not read|does not exist/i,
    );
    fs.rmSync(notRepo, { recursive: true, force: true });
    await expect(
      rt.prepare(id, { repositories: [{ url: "ext::sh -c touch% /tmp/pwned" }], network: false }),
    ).rejects.toThrow(/not a repository URL/);
    await expect(
      rt.prepare(id, { repositories: [{ url: repo.dir, branch: "no-such-branch" }], network: false }),
    ).rejects.toThrow(/no-such-branch/);
    expect(rt.exists(id)).toBe(false);
  });
});

describe("commands", () => {
  it("a command writes a file in the checkout: visible on the host and in the diff", async () => {
    const { id, prepared } = await sandbox();
    const r = await rt.exec(id, "echo built > out.txt && echo two >> src/app.txt && pwd");
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, killed: false });
    expect(r.stdout.trim()).toBe("/workspace");
    expect(fs.readFileSync(path.join(rt.checkoutDir(id), "out.txt"), "utf8")).toBe("built\n");
    const diff = await rt.diff(id, prepared.baseCommits[""]);
    expect(diff).toContain("+++ b/out.txt");
    expect(diff).toContain("+built");
    expect(diff).toContain("+two");
    expect(diff).not.toContain("README.md");
    await rt.writeFile(id, "docs/new.md", "# new\n");
    expect(await rt.readFile(id, "docs/new.md")).toBe("# new\n");
    await expect(rt.readFile(id, "../../etc/passwd")).rejects.toThrow(/outside the checkout/);
  });

  it("the system is read-only: writing outside the checkout fails", async () => {
    const { id } = await sandbox();
    const marker = `stride-ro-${crypto.randomBytes(4).toString("hex")}`;
    for (const target of [`/usr/${marker}`, `/etc/${marker}`, `/${marker}`]) {
      const r = await rt.exec(id, `echo x > ${target}`);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).toMatch(/Read-only file system|Permission denied/);
      expect(fs.existsSync(target)).toBe(false);
    }
    // the host's other folders are not there at all
    const seen = await rt.exec(id, `ls ${JSON.stringify(root)} 2>&1; ls /root 2>&1; cat /etc/shadow 2>&1`);
    expect(seen.stdout).toMatch(/No such file or directory/);
    expect(seen.stdout).not.toMatch(/^root:/m);
  });

  it("/tmp is private to the sandbox", async () => {
    const a = await sandbox();
    const b = await sandbox();
    const marker = `stride-tmp-${crypto.randomBytes(4).toString("hex")}`;
    expect((await rt.exec(a.id, `echo a > /tmp/${marker}`)).exitCode).toBe(0);
    expect((await rt.exec(a.id, `cat /tmp/${marker}`)).stdout).toBe("a\n");
    expect(fs.existsSync(`/tmp/${marker}`)).toBe(false);
    expect((await rt.exec(b.id, `cat /tmp/${marker}`)).exitCode).not.toBe(0);
  });

  it("has no network unless the sandbox has it (a command cannot ask for it)", async () => {
    const server = net.createServer((s) => {
      s.on("error", () => {});
      s.end("hi\n");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const probe = `node -e "require('net').connect(${port},'127.0.0.1').on('connect',()=>process.exit(0)).on('error',(e)=>{console.error(e.code);process.exit(3)})"`;
      const { id } = await sandbox();
      for (const network of [false, true]) {
        const closed = await rt.exec(id, probe, { network });
        expect(closed.exitCode).toBe(3);
        expect(closed.stderr).toMatch(/ECONNREFUSED|ENETUNREACH/);
      }
      const links = await rt.exec(id, "cat /proc/net/dev", { network: true });
      expect(links.stdout).not.toMatch(/eth0|ens|enp|tap0/);
    } finally {
      server.close();
    }
  });

  it("the wall-time limit ends a command and its whole tree", async () => {
    const { id } = await sandbox();
    const marker = `${3000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const r = await rt.exec(id, `sleep ${marker} & sleep ${marker}`, { limits: { wallSeconds: 1 } });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).not.toBe(0);
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 50 }).toEqual([]);
  });

  it("CPU time and memory are limited", async () => {
    const { id } = await sandbox();
    const spin = await rt.exec(id, "while :; do :; done", { limits: { cpuSeconds: 1, wallSeconds: 60 } });
    expect(spin.timedOut).toBe(false);
    expect(spin.exitCode).not.toBe(0);
    const big = await rt.exec(id, "python3 -c 'x = bytearray(512 * 1024 * 1024)'", {
      limits: { memoryBytes: 128 * 1024 * 1024 },
    });
    expect(big.exitCode).not.toBe(0);
    expect(big.stderr).toContain("MemoryError");
    const small = await rt.exec(id, "python3 -c 'x = bytearray(16 * 1024 * 1024)'", {
      limits: { memoryBytes: 256 * 1024 * 1024 },
    });
    expect(small.exitCode).toBe(0);
  });

  it("the number of processes is limited (a fork bomb stops at the limit)", async () => {
    const { id } = await sandbox();
    const marker = `${8000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const r = await rt.exec(
      id,
      `i=0; while [ $i -lt 200 ]; do sleep ${marker} & i=$((i+1)); done; echo started; kill $(jobs -p) 2>/dev/null; exit 0`,
      { limits: { maxProcesses: 20, wallSeconds: 30 } },
    );
    expect(r.stderr).toMatch(/Cannot fork|Resource temporarily unavailable/);
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
  });

  it("cancel kills a long-running command's whole process tree within 1 s", async () => {
    const { id } = await sandbox();
    const marker = `${4000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const ac = new AbortController();
    const run = rt.exec(id, `(sleep ${marker}; echo never) & sh -c 'sleep ${marker}'`, { signal: ac.signal });
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(2);
    ac.abort();
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
    expect(await run).toMatchObject({ killed: true, timedOut: false });
  });

  it("shutdown kills the running commands within 1 s and removes the checkout", async () => {
    const { id } = await sandbox();
    const marker = `${5000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const run = rt.exec(id, `sleep ${marker}`);
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(rt.runningCount(id)).toBe(1);
    const down = rt.shutdown(id);
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
    await down;
    expect(await run).toMatchObject({ killed: true });
    expect(rt.exists(id)).toBe(false);
    await expect(rt.exec(id, "true")).rejects.toThrow(/not running/);
  });
});

describe("setup script", () => {
  it("runs inside the sandbox before the sandbox is ready", async () => {
    const { id, prepared } = await sandbox({ setupScript: "echo ready > .setup-done && id -u" });
    expect(prepared.setup).toMatchObject({ exitCode: 0 });
    expect(await rt.readFile(id, ".setup-done")).toBe("ready\n");
    if (process.getuid?.() === 0) expect(prepared.setup!.stdout.trim()).not.toBe("0");
  });

  it("a failing setup script fails the sandbox with its output", async () => {
    const id = crypto.randomUUID();
    await expect(
      rt.prepare(id, { repositories: [{ url: repo.dir }], network: false, setupScript: "echo broken >&2; exit 7" }),
    ).rejects.toThrow(/setup script failed with exit code 7: broken/);
    expect(rt.exists(id)).toBe(false);
  });
});

describe("no server secrets inside a sandbox (issue #24 point 1)", () => {
  it("a command's environment is its own: none of the server's variables in env, /proc/1/environ or any process", async () => {
    const canary = `stride-canary-${crypto.randomBytes(8).toString("hex")}`;
    process.env.STRIDE_TEST_CANARY = canary;
    try {
      const { id } = await sandbox({ env: { REPO_VAR: "declared" } });
      const r = await rt.exec(id, "env; echo ---; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < $f; echo; done", {
        env: { CALLER_VAR: "given" },
      });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain(canary);
      const [own, procs] = r.stdout.split("---\n");
      const names = own
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("=")[0])
        .sort();
      // the shell adds PWD and the like; nothing else comes from outside
      expect(names.filter((n) => !["PWD", "SHLVL", "_", "OLDPWD"].includes(n))).toEqual([
        "CALLER_VAR",
        "HOME",
        "LANG",
        "PATH",
        "REPO_VAR",
        "STRIDE_SANDBOX_ID",
        "TERM",
      ]);
      expect(own).toContain(`STRIDE_SANDBOX_ID=${id}`);
      expect(procs).toMatch(/^PATH=/m);
      expect(r.stdout).not.toContain(canary);
      // a long-lived command (an MCP server) too
      const child = await rt.spawn(id, "tr '\\0' '\\n' < /proc/1/environ; cat /proc/self/environ");
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
      });
      await new Promise((r2) => child.on("close", r2));
      expect(out).toMatch(/^PATH=/m);
      expect(out).not.toContain(canary);
    } finally {
      delete process.env.STRIDE_TEST_CANARY;
    }
  });

  it("a failing setup script shows its own output, never the server's environment", async () => {
    const canary = `stride-canary-${crypto.randomBytes(8).toString("hex")}`;
    process.env.STRIDE_TEST_CANARY = canary;
    try {
      const err = await rt
        .prepare(crypto.randomUUID(), {
          repositories: [{ url: repo.dir }],
          network: false,
          setupScript: "tr '\\0' '\\n' < /proc/1/environ >&2; exit 1",
        })
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(err?.message).toMatch(/setup script failed with exit code 1: PATH=/);
      expect(err?.message).not.toContain(canary);
    } finally {
      delete process.env.STRIDE_TEST_CANARY;
    }
  });
});

describe("limits for the whole sandbox (issue #24 point 2)", () => {
  it("the machine's cgroups are found (v2, or v1 memory and pids)", () => {
    const cg = rt.cgroups();
    expect("kind" in cg ? cg.kind : cg.reason).toMatch(/^v[12]$/);
  });

  it("memory: four processes of 200 MB cannot all hold it under a 512 MB sandbox; the out-of-memory kill is reported", async () => {
    const { id } = await sandbox({ limits: { memoryBytes: 512 * 1024 * 1024 } });
    const hold = `python3 -c "
import os, sys, time
b = b'x' * (200 << 20)
open('/tmp/held-' + sys.argv[1], 'w').close()
end = time.time() + 3
while len([f for f in os.listdir('/tmp') if f.startswith('held-')]) < 4 and time.time() < end: time.sleep(0.05)
print('held' if len([f for f in os.listdir('/tmp') if f.startswith('held-')]) >= 4 else 'alone')
"`;
    const r = await rt.exec(id, `for i in 1 2 3 4; do ${hold} $i & done; wait`, { limits: { wallSeconds: 60 } });
    const held = r.stdout.split("\n").filter((l) => l === "held").length;
    expect(held).toBeLessThan(4);
    expect(r.oomKilled).toBe(true);
    // under the limit the same work runs
    const fine = await rt.exec(
      id,
      `${hold.replace("200 << 20", "20 << 20").replace("< 4", "< 1").replace(">= 4", ">= 1")} 9`,
    );
    expect(fine).toMatchObject({ exitCode: 0, oomKilled: false });
  });

  it("processes: the commands of a sandbox share its limit, and another sandbox's processes do not count", async () => {
    const a = await sandbox({ limits: { maxProcesses: 30 } });
    const b = await sandbox({ limits: { maxProcesses: 30 } });
    const marker = `${6000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const spawn20 = (m: string) => `i=0; while [ $i -lt 20 ]; do sleep ${m} & i=$((i+1)); done; echo started`;
    const first = rt.exec(a.id, `${spawn20(marker)}; wait`, { limits: { wallSeconds: 60 } });
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(20);
    // a second command of the same sandbox: the 30 are nearly used up
    const second = await rt.exec(a.id, `${spawn20(marker)}; kill $(jobs -p) 2>/dev/null; exit 0`, {
      limits: { wallSeconds: 30 },
    });
    expect(second.stderr).toMatch(/Cannot fork|Resource temporarily unavailable/);
    // another sandbox starts its 20 as if the first were not there (a limit per user would count both)
    const other = await rt.exec(b.id, `${spawn20(marker)}; kill $(jobs -p) 2>/dev/null; exit 0`, {
      limits: { wallSeconds: 30 },
    });
    expect(other.stderr).not.toMatch(/Cannot fork|Resource temporarily unavailable/);
    expect(other.stdout).toContain("started");
    rt.kill(a.id);
    expect(await first).toMatchObject({ killed: true });
    await expect.poll(() => processesWith(marker), { timeout: 2000, interval: 25 }).toEqual([]);
  });

  it("a command may ask for less time, never more than the sandbox's (a tool argument cannot lift it)", async () => {
    const { id } = await sandbox({ limits: { wallSeconds: 1 } });
    const r = await rt.exec(id, "sleep 3; echo finished", { limits: { wallSeconds: 3600 } });
    expect(r).toMatchObject({ timedOut: true });
    expect(r.stdout).not.toContain("finished");
  });

  it("nested user namespaces and the escape system calls are refused", async () => {
    const { id } = await sandbox();
    const userns = await rt.exec(id, "unshare -U true");
    expect(userns.exitCode).not.toBe(0);
    // keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING): allowed to anyone unfiltered, refused (EPERM) by the filter
    const nr = process.arch === "arm64" ? 219 : 250;
    const keyctl = await rt.exec(
      id,
      `python3 -c "import ctypes; l = ctypes.CDLL(None, use_errno=True); r = l.syscall(${nr}, 0, -3, 0); print(r, ctypes.get_errno())"`,
    );
    expect(keyctl.stdout.trim()).toBe("-1 1");
  });

  it("the sandbox's cgroups are removed when it shuts down; the run's record says what was enforced", async () => {
    const cg = rt.cgroups();
    if (!("kind" in cg)) throw new Error(`no cgroup: ${cg.reason}`);
    const { id, prepared } = await sandbox({ limits: { memoryBytes: 256 * 1024 * 1024, maxProcesses: 100 } });
    expect((await rt.exec(id, "true")).exitCode).toBe(0);
    expect(fs.existsSync(path.join(cg.bases.memory, id))).toBe(true);
    expect(prepared.enforced).toContain(`memory 256 MB and 100 processes for the whole sandbox (cgroup ${cg.kind}`);
    expect(prepared.enforced).toContain("nested user namespaces refused");
    expect(prepared.enforced).toContain("seccomp filter");
    expect(prepared.enforced).toContain("Network: off");
    expect(rt.enforcement(id)).toBe(prepared.enforced);
    await rt.shutdown(id);
    expect(fs.existsSync(path.join(cg.bases.memory, id))).toBe(false);
    expect(fs.existsSync(path.join(cg.bases.pids, id))).toBe(false);
  });
});

describe("repositories go through the outbound guard; git runs as the sandbox user (issue #24 point 4)", () => {
  const refusal = (runtime: SandboxRuntime, url: string) =>
    runtime.prepare(crypto.randomUUID(), { repositories: [{ url }], network: false }).then(
      () => "checked out",
      (e: Error) => e.message,
    );

  it("file:// URLs and paths outside the allowed folders (the server's own checkout) are refused; links cannot lead out", async () => {
    const own = process.cwd();
    expect(await refusal(rt, `file://${own}`)).toMatch(
      /only in the folders the instance admin listed \(SANDBOX_LOCAL_REPOSITORIES\)/,
    );
    expect(await refusal(rt, own)).toMatch(/SANDBOX_LOCAL_REPOSITORIES/);
    const link = path.join(TEST_REPOS_DIR, `link-${crypto.randomBytes(4).toString("hex")}`);
    fs.symlinkSync(own, link);
    try {
      expect(await refusal(rt, link)).toMatch(/SANDBOX_LOCAL_REPOSITORIES/);
    } finally {
      fs.rmSync(link);
    }
    // inside an allowed folder, file:// works like the path
    expect(await refusal(rt, `file://${repo.dir}`)).toBe("checked out");
    // no folders listed (the default): no local repository at all
    const strict = new SandboxRuntime({ rootDir: path.join(root, "strict") });
    expect(await refusal(strict, repo.dir)).toMatch(/SANDBOX_LOCAL_REPOSITORIES\), and there are none/);
  });

  it("a repository only root may read is not read: git runs as the sandbox user", async () => {
    if (process.getuid?.() !== 0) throw new Error("this test needs root (CI runs as root)");
    const secret = makeRepo({ "secret.txt": "root only\n" }, { private: true });
    try {
      expect(await refusal(rt, secret.dir)).toMatch(
        /Permission denied|could not read|does not appear to be a git repository|does not exist/i,
      );
    } finally {
      fs.rmSync(secret.dir, { recursive: true, force: true });
    }
  });

  it("internal and cloud metadata addresses are refused before git runs", async () => {
    expect(await refusal(rt, "http://127.0.0.1:9/repo.git")).toMatch(/internal address \(127\.0\.0\.1\)/);
    expect(await refusal(rt, "git://10.1.2.3/repo")).toMatch(/internal address/);
    expect(await refusal(rt, "ssh://git@[::1]/repo.git")).toMatch(/internal address/);
    const named = new SandboxRuntime({ rootDir: path.join(root, "named"), resolve: async () => ["192.168.7.7"] });
    expect(await refusal(named, "https://git.internal.test/repo.git")).toMatch(
      /resolves to an internal address \(192\.168\.7\.7\)/,
    );
    // the metadata address stays refused even where private targets are allowed
    const open = new SandboxRuntime({ rootDir: path.join(root, "open"), allowPrivate: true });
    expect(await refusal(open, "http://169.254.169.254/latest/meta-data/repo.git")).toMatch(/cloud metadata address/);
  });
});

describe("the setup script obeys cancel (issue #24 point 5)", () => {
  it("aborting stops the setup script's whole tree and removes the sandbox", async () => {
    const marker = `${7000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const ac = new AbortController();
    const id = crypto.randomUUID();
    const prep = rt
      .prepare(
        id,
        { repositories: [{ url: repo.dir }], network: false, setupScript: `sleep ${marker} & sleep ${marker}` },
        ac.signal,
      )
      .then(
        () => null,
        (e: Error) => e,
      );
    await expect.poll(() => processesWith(marker).length, { timeout: 10_000, interval: 50 }).toBe(2);
    ac.abort();
    await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 25 }).toEqual([]);
    expect((await prep)?.message).toBe("The setup script was stopped.");
    expect(rt.exists(id)).toBe(false);
  });
});

describe("no sandbox runtime", () => {
  it("refuses to run anything (never unsandboxed) with a clear error", async () => {
    const none = new SandboxRuntime({ rootDir: path.join(root, "none"), bwrapPath: path.join(root, "no-bwrap") });
    expect(await none.unavailableReason()).toMatch(/bwrap not found/);
    const id = crypto.randomUUID();
    const err = await none.prepare(id, { repositories: [{ url: repo.dir }], network: false }).catch((e) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect(err.message).toMatch(/No sandbox runtime is available on this server: bubblewrap/);
    fs.mkdirSync(path.join(root, "none", id, "work"), { recursive: true });
    await expect(none.exec(id, `touch ${path.join(root, "ran-unsandboxed")}`)).rejects.toThrow(SandboxUnavailableError);
    expect(fs.existsSync(path.join(root, "ran-unsandboxed"))).toBe(false);
  });
});
