import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxError, SandboxRuntime } from "../src/agents/sandbox/runtime.ts";
import { ensureBubblewrap, SandboxUnavailableError } from "../src/agents/sandbox/bwrap.ts";
import { makeRepo, processesWith } from "./helpers/sandbox.ts";

/** The sandbox runtime against real bubblewrap and real git (agents.md §3). */

let rt: SandboxRuntime;
let root: string;
let repo: { dir: string; head: string };
const made: string[] = [];

beforeAll(async () => {
  expect(ensureBubblewrap()).toBeTruthy();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stride-sbx-rt-"));
  fs.chmodSync(root, 0o711); // the sandbox user (nobody when the tests run as root) passes through to the sandboxes
  rt = new SandboxRuntime({ rootDir: path.join(root, "sandboxes") });
  expect(await rt.unavailableReason()).toBeNull();
  repo = makeRepo({ "README.md": "hello\n", "src/app.txt": "one\n" });
});
afterAll(async () => {
  for (const id of made) await rt.shutdown(id);
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
    await expect(rt.prepare(id, { repositories: [{ url: path.join(root, "missing-repo") }], network: false })).rejects.toThrow(SandboxError);
    await expect(rt.prepare(id, { repositories: [{ url: path.join(root, "missing-repo") }], network: false })).rejects.toThrow(/does not exist|not a git repository|Could not read/i);
    await expect(rt.prepare(id, { repositories: [{ url: "ext::sh -c touch% /tmp/pwned" }], network: false })).rejects.toThrow(/not a repository URL/);
    await expect(rt.prepare(id, { repositories: [{ url: repo.dir, branch: "no-such-branch" }], network: false })).rejects.toThrow(/no-such-branch/);
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

  it("has no network unless allowed", async () => {
    const server = net.createServer((s) => { s.on("error", () => {}); s.end("hi\n"); });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const probe = `node -e "require('net').connect(${port},'127.0.0.1').on('connect',()=>process.exit(0)).on('error',(e)=>{console.error(e.code);process.exit(3)})"`;
      const { id } = await sandbox();
      const closed = await rt.exec(id, probe);
      expect(closed.exitCode).toBe(3);
      expect(closed.stderr).toMatch(/ECONNREFUSED|ENETUNREACH/);
      const links = await rt.exec(id, "cat /proc/net/dev");
      expect(links.stdout).not.toMatch(/eth0|ens|enp/);
      // the same probe reaches the host when the template allows the network: the refusal above is the sandbox's doing
      const open = await rt.exec(id, probe, { network: true });
      expect(open.exitCode).toBe(0);
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
    const big = await rt.exec(id, "python3 -c 'x = bytearray(512 * 1024 * 1024)'", { limits: { memoryBytes: 128 * 1024 * 1024 } });
    expect(big.exitCode).not.toBe(0);
    expect(big.stderr).toContain("MemoryError");
    const small = await rt.exec(id, "python3 -c 'x = bytearray(16 * 1024 * 1024)'", { limits: { memoryBytes: 256 * 1024 * 1024 } });
    expect(small.exitCode).toBe(0);
  });

  it("the number of processes is limited (a fork bomb stops at the limit)", async () => {
    const { id } = await sandbox();
    const marker = `${8000 + Math.floor(Math.random() * 1000)}.${crypto.randomInt(1e6)}`;
    const r = await rt.exec(id, `i=0; while [ $i -lt 200 ]; do sleep ${marker} & i=$((i+1)); done; echo started; kill $(jobs -p) 2>/dev/null; exit 0`, { limits: { maxProcesses: 20, wallSeconds: 30 } });
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
    await expect(rt.prepare(id, { repositories: [{ url: repo.dir }], network: false, setupScript: "echo broken >&2; exit 7" }))
      .rejects.toThrow(/setup script failed with exit code 7: broken/);
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
