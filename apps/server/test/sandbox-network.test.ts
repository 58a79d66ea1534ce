import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SandboxError, SandboxRuntime } from "../src/agents/sandbox/runtime.ts";
import { ensureBubblewrap } from "../src/agents/sandbox/bwrap.ts";
import { makeRepo, removeSandboxCgroups, startTestHost, TEST_REPOS_DIR, type TestHost } from "./helpers/sandbox.ts";

/**
 * A sandbox with network (issue #24 point 3) against real bubblewrap, slirp4netns and nftables: it reaches "the
 * internet" — a test host of the test's own on a public-looking address, in a network namespace joined to this
 * machine — and never this machine: not the server's port, not the database, not a private address, not the cloud
 * metadata address. An allow-list lets it reach only the hosts it names.
 */

let rt: SandboxRuntime;
let root: string;
let repo: { dir: string; head: string };
let host: TestHost;
let stride: http.Server;
let stridePort: number;
const dbPort = Number(new URL(inject("pgAdminUrl")).port);
const made: string[] = [];

const PROBE = `import socket, sys
for t in sys.argv[1:]:
    h, p = t.rsplit(":", 1)
    s = socket.socket(socket.AF_INET6 if ":" in h else socket.AF_INET)
    s.settimeout(3)
    try:
        s.connect((h, int(p)))
        r = "open"
    except ConnectionRefusedError:
        r = "refused"
    except socket.timeout:
        r = "timeout"
    except OSError as e:
        r = "unreachable" if e.errno in (101, 113) else "error %d" % e.errno
    print(t, r)
`;

beforeAll(async () => {
  expect(ensureBubblewrap({ network: true })).toBeTruthy();
  host = await startTestHost();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "stride-sbx-net-"));
  fs.chmodSync(root, 0o711);
  const names: Record<string, string> = {
    "mirror.stride.test": host.publicAddr,
    "inside.stride.test": host.privateAddr,
  };
  rt = new SandboxRuntime({
    rootDir: path.join(root, "sandboxes"),
    localRepositories: [TEST_REPOS_DIR],
    resolve: async (h) => (names[h] ? [names[h]] : []),
  });
  expect(await rt.unavailableReason()).toBeNull();
  expect(await rt.networkUnavailableReason()).toBeNull();
  repo = makeRepo({ "probe.py": PROBE });
  // "Stride": a server on every address of this machine
  stride = http.createServer((_q, s) => s.end("stride"));
  await new Promise<void>((r) => stride.listen(0, "0.0.0.0", r));
  stridePort = (stride.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const id of made) await rt.shutdown(id);
  removeSandboxCgroups(rt);
  stride?.close();
  await host?.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(repo.dir, { recursive: true, force: true });
});

async function sandbox(spec: Partial<Parameters<SandboxRuntime["prepare"]>[1]> = {}) {
  const id = crypto.randomUUID();
  made.push(id);
  const prepared = await rt.prepare(id, { repositories: [{ url: repo.dir, branch: "main" }], network: true, ...spec });
  return { id, prepared };
}

/** Each target's fate from inside the sandbox: open, refused (nothing listens), unreachable (refused on the way), timeout. */
async function probe(id: string, targets: string[]): Promise<Record<string, string>> {
  const r = await rt.exec(id, `python3 probe.py ${targets.join(" ")}`, { network: true, limits: { wallSeconds: 60 } });
  expect(r.exitCode, r.stderr).toBe(0);
  return Object.fromEntries(
    r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split(" ") as [string, string]),
  );
}

const fetchText = (url: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body += d.toString();
        });
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });

const hostV4 = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => a!.address);

describe("network on (issue #24 point 3)", () => {
  it("reaches the internet, never this machine: not the server's port, not the database, not a private address", async () => {
    // from this machine the test host answers on its public and its private address: the refusals below are the sandbox's
    expect(await fetchText(`http://${host.publicAddr}:${host.port}/`)).toBe(`test-host ${host.publicAddr}`);
    expect(await fetchText(`http://${host.privateAddr}:${host.port}/`)).toBe(`test-host ${host.privateAddr}`);
    const { id, prepared } = await sandbox();
    const own = hostV4();
    const seen = await probe(id, [
      `127.0.0.1:${stridePort}`,
      ...own.map((a) => `${a}:${stridePort}`),
      `127.0.0.1:${dbPort}`,
      ...own.map((a) => `${a}:${dbPort}`),
      `${host.privateAddr}:${host.port}`,
      `${host.publicAddr}:${host.port}`,
    ]);
    // the sandbox's own loopback has nothing listening; every way to this machine is refused on the way out
    expect(seen[`127.0.0.1:${stridePort}`]).toBe("refused");
    expect(seen[`127.0.0.1:${dbPort}`]).toBe("refused");
    for (const a of own) {
      expect([a, seen[`${a}:${stridePort}`]]).toEqual([a, "unreachable"]);
      expect([a, seen[`${a}:${dbPort}`]]).toEqual([a, "unreachable"]);
    }
    expect(seen[`${host.privateAddr}:${host.port}`]).toBe("unreachable");
    expect(seen[`${host.publicAddr}:${host.port}`]).toBe("open");
    // slirp4netns's gateway, which leads to this machine's loopback, and the cloud metadata address (asked only
    // once the rest is known to be refused by the sandbox's firewall: no packet leaves the sandbox for them)
    expect(await probe(id, [`10.0.2.2:${stridePort}`, `10.0.2.2:${dbPort}`, "169.254.169.254:80"])).toEqual({
      [`10.0.2.2:${stridePort}`]: "unreachable",
      [`10.0.2.2:${dbPort}`]: "unreachable",
      "169.254.169.254:80": "unreachable",
    });
    const get = await rt.exec(
      id,
      `python3 -c "import urllib.request; print(urllib.request.urlopen('http://${host.publicAddr}:${host.port}/', timeout=5).read().decode())"`,
      { network: true },
    );
    expect(get.stdout.trim()).toBe(`test-host ${host.publicAddr}`);
    expect((await rt.exec(id, "cat /etc/resolv.conf", { network: true })).stdout).toBe("nameserver 10.0.2.3\n");
    expect(prepared.enforced).toMatch(/Network: on, through slirp4netns .*every address of this server refused/);
  });

  it("with an allow-list: only the named hosts, by their pinned names; nothing else, not even DNS", async () => {
    const { id, prepared } = await sandbox({ allowedHosts: ["mirror.stride.test", "inside.stride.test"] });
    const get = await rt.exec(
      id,
      `python3 -c "import urllib.request; print(urllib.request.urlopen('http://mirror.stride.test:${host.port}/', timeout=5).read().decode())"`,
      { network: true },
    );
    expect(get.stdout.trim()).toBe(`test-host ${host.publicAddr}`);
    const seen = await probe(id, [
      `${host.publicAddr}:${host.port}`,
      `${host.otherPublicAddr}:${host.port}`,
      `${host.privateAddr}:${host.port}`,
      "10.0.2.3:53",
    ]);
    expect(seen).toEqual({
      [`${host.publicAddr}:${host.port}`]: "open",
      [`${host.otherPublicAddr}:${host.port}`]: "unreachable",
      // an allowed name that resolves to a private address is not let through
      [`${host.privateAddr}:${host.port}`]: "unreachable",
      "10.0.2.3:53": "unreachable",
    });
    expect((await rt.exec(id, "getent hosts inside.stride.test")).exitCode).not.toBe(0);
    expect(prepared.enforced).toContain(
      `only to mirror.stride.test (${host.publicAddr}), inside.stride.test (no address it may reach now)`,
    );
  });

  it("commands without network in a sandbox with network have none", async () => {
    const { id } = await sandbox();
    expect(await rt.exec(id, `python3 probe.py ${host.publicAddr}:${host.port}`)).toMatchObject({
      stdout: `${host.publicAddr}:${host.port} unreachable\n`,
    });
  });

  it("without slirp4netns, network on is refused (never the host's network); a sandbox without network still runs", async () => {
    const bare = new SandboxRuntime({
      rootDir: path.join(root, "bare"),
      localRepositories: [TEST_REPOS_DIR],
      slirp4netnsPath: path.join(root, "no-slirp4netns"),
    });
    expect(await bare.networkUnavailableReason()).toMatch(/missing slirp4netns/);
    const id = crypto.randomUUID();
    const err = await bare.prepare(id, { repositories: [{ url: repo.dir }], network: true }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(SandboxError);
    expect(err?.message).toMatch(
      /^Network access for sandboxes is not available on this server: missing slirp4netns \(Debian package slirp4netns\)\. .* never uses the server's own network instead\.$/,
    );
    expect(bare.exists(id)).toBe(false);
    const ok = crypto.randomUUID();
    await bare.prepare(ok, { repositories: [{ url: repo.dir }], network: false });
    expect((await bare.exec(ok, "true", { network: true })).exitCode).toBe(0);
    await bare.shutdown(ok);
  });

  it("leaves no namespace helper running once its commands end", async () => {
    const { id } = await sandbox();
    await rt.exec(id, "true", { network: true });
    const helpers = () =>
      fs
        .readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
            return (
              Number(stat[1]) === process.pid &&
              /slirp4netns|unshare/.test(fs.readFileSync(`/proc/${p}/cmdline`, "utf8"))
            );
          } catch {
            return false;
          }
        });
    await expect.poll(helpers, { timeout: 2000, interval: 25 }).toEqual([]);
  });
});
