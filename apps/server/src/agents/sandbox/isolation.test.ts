import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bwrapArgs } from "./bwrap.ts";
import { cgroupMounts, detectCgroups, ownGroups, sandboxGroup } from "./cgroups.ts";
import { allowRefusal, firewallRules } from "./network.ts";
import { guardRepository, RepositoryRefused } from "./repository.ts";
import { clampLimits } from "./runtime.ts";
import { REFUSED_SYSCALLS, seccompProgram } from "./seccomp.ts";

const LIMITS = { cpuSeconds: 300, memoryBytes: 512 << 20, wallSeconds: 600, maxProcesses: 100 };

describe("seccomp filter", () => {
  /** Run the classic BPF program on one system call, as the kernel would. */
  function verdict(prog: Buffer, arch: number, nr: number): number {
    let acc = 0;
    for (let pc = 0; pc < prog.length / 8;) {
      const code = prog.readUInt16LE(pc * 8),
        jt = prog[pc * 8 + 2],
        jf = prog[pc * 8 + 3],
        k = prog.readUInt32LE(pc * 8 + 4);
      if (code === 0x20) acc = k === 4 ? arch : nr;
      else if (code === 0x15) {
        pc += 1 + (acc === k ? jt : jf);
        continue;
      } else if (code === 0x35) {
        pc += 1 + (acc >= k ? jt : jf);
        continue;
      } else if (code === 0x06) return k;
      pc++;
    }
    throw new Error("fell off the program");
  }

  it("x86-64: the listed calls get EPERM, others pass, x32 and foreign architectures are refused", () => {
    const prog = seccompProgram("x64")!;
    const X64 = 0xc000003e;
    expect(prog.length % 8).toBe(0);
    for (const nr of [272, 308, 165, 101, 250, 321, 323, 425])
      expect(verdict(prog, X64, nr), String(nr)).toBe(0x00050001);
    for (const nr of [0, 1, 2, 56, 57, 59, 231]) expect(verdict(prog, X64, nr), String(nr)).toBe(0x7fff0000);
    expect(verdict(prog, X64, 0x40000000 + 1)).toBe(0x00050001);
    expect(verdict(prog, 0x40000003, 1)).toBe(0x00050026);
  });

  it("arm64 has its own numbers; an unknown architecture has no filter", () => {
    const prog = seccompProgram("arm64")!;
    expect(verdict(prog, 0xc00000b7, 97)).toBe(0x00050001);
    expect(verdict(prog, 0xc00000b7, 220)).toBe(0x7fff0000);
    expect(seccompProgram("s390x")).toBeNull();
    expect(REFUSED_SYSCALLS).toContain("unshare");
  });
});

describe("bubblewrap arguments", () => {
  const base = { checkoutDir: "/s/work", tmpDir: "/s/tmp", limits: LIMITS, command: "make" };
  it("a user namespace of its own with nested ones refused, the seccomp fd, files over /etc, no RLIMIT_NPROC under a pids cgroup", () => {
    const a = bwrapArgs({
      ...base,
      network: true,
      features: { disableUserns: true, seccomp: true },
      seccompFd: 3,
      pidsLimited: true,
      files: [{ source: "/s/net/hosts", dest: "/etc/hosts" }],
    }).join(" ");
    expect(a).toContain("--unshare-user --disable-userns");
    expect(a).toContain("--seccomp 3");
    expect(a).toContain("--ro-bind /s/net/hosts /etc/hosts");
    expect(a).toContain("--clearenv");
    expect(a).not.toContain("--nproc");
    expect(bwrapArgs({ ...base, network: false }).join(" ")).toMatch(/--nproc=100/);
  });
});

describe("limits a command may ask for", () => {
  it("lower than the sandbox's, never higher", () => {
    expect(clampLimits(LIMITS, { wallSeconds: 3600, cpuSeconds: 10, memoryBytes: 2 ** 40 })).toEqual({
      ...LIMITS,
      cpuSeconds: 10,
    });
    expect(clampLimits(LIMITS, { wallSeconds: 0, maxProcesses: -1 })).toEqual(LIMITS);
  });
});

describe("the sandbox firewall", () => {
  it("refuses internal ranges and the host's own addresses; DNS only to slirp's forwarder", () => {
    const rules = firewallRules({
      hostAddresses: ["127.0.0.1", "192.0.2.2", "10.1.1.1", "2001:db8::5", "fd00::2"],
      allowed: null,
    });
    expect(rules).toContain("ip daddr 10.0.2.3 meta l4proto { tcp, udp } th dport 53 accept");
    for (const r of [
      "10.0.0.0/8",
      "127.0.0.0/8",
      "169.254.0.0/16",
      "172.16.0.0/12",
      "192.168.0.0/16",
      "100.64.0.0/10",
      "192.0.2.2",
    ])
      expect(rules).toContain(r);
    for (const r of ["::1/128", "fc00::/7", "fe80::/10", "2001:db8::5"]) expect(rules).toContain(r);
    // addresses inside a refused range are not listed twice (nft refuses overlapping intervals)
    expect(rules).not.toContain("10.1.1.1");
    expect(rules).not.toContain("fd00::2");
  });

  it("with an allow-list: those addresses, then everything refused", () => {
    const rules = firewallRules({ hostAddresses: [], allowed: ["203.0.113.7", "2001:db8::7"] });
    expect(rules).toContain("ip daddr { 203.0.113.7 } accept");
    expect(rules).toContain("ip6 daddr { 2001:db8::7 } accept");
    expect(rules).not.toContain("dport 53");
    expect(rules.trim().split("\n").at(-3)).toBe("    reject with icmpx type admin-prohibited");
  });

  it("an allow-list never opens the host, metadata, loopback or link-local; private only where allowed", () => {
    expect(allowRefusal("192.0.2.2", ["192.0.2.2"], true)).toMatch(/this server/);
    expect(allowRefusal("169.254.169.254", [], true)).toMatch(/metadata/);
    expect(allowRefusal("127.0.0.5", [], true)).toMatch(/loopback/);
    expect(allowRefusal("10.2.3.4", [], false)).toMatch(/internal/);
    expect(allowRefusal("10.2.3.4", [], true)).toBeNull();
    expect(allowRefusal("203.0.113.7", [], false)).toBeNull();
  });
});

describe("cgroups", () => {
  it("reads the mounts and the server's groups", () => {
    const mounts = cgroupMounts(
      [
        "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
        "39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids",
        "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw",
        "22 1 0:20 / /proc rw - proc proc rw",
      ].join("\n"),
    );
    expect(mounts.map((m) => [m.mountPoint, m.fsType])).toEqual([
      ["/sys/fs/cgroup/memory", "cgroup"],
      ["/sys/fs/cgroup/pids", "cgroup"],
      ["/sys/fs/cgroup/unified", "cgroup2"],
    ]);
    const own = ownGroups("8:pids:/\n4:memory:/svc/a\n0::/svc.slice/x\n");
    expect(own.v2).toBe("/svc.slice/x");
    expect(own.v1.get("memory")).toBe("/svc/a");
  });

  it("v1: the base under the server's own group in each hierarchy; a sandbox group with a command group below it", () => {
    const fake = fs.mkdtempSync(path.join(os.tmpdir(), "stride-cg-"));
    try {
      const mem = path.join(fake, "memory"),
        pids = path.join(fake, "pids");
      fs.mkdirSync(path.join(mem, "svc"), { recursive: true });
      fs.mkdirSync(pids, { recursive: true });
      const mountinfo = `35 31 0:32 / ${mem} rw - cgroup cgroup rw,memory\n39 31 0:36 / ${pids} rw - cgroup cgroup rw,pids\n`;
      const support = detectCgroups({ mountinfo, procCgroup: "4:memory:/svc\n8:pids:/\n", setting: "", pid: 1 });
      expect(support).toEqual({
        kind: "v1",
        bases: { memory: path.join(mem, "svc", "stride-sandboxes"), pids: path.join(pids, "stride-sandboxes") },
      });
      if (!("kind" in support)) return;
      const g = sandboxGroup(support, "sbx", LIMITS, { ...LIMITS, maxProcesses: 20 });
      expect(fs.readFileSync(path.join(support.bases.memory, "sbx", "memory.limit_in_bytes"), "utf8")).toBe(
        String(512 << 20),
      );
      expect(fs.readFileSync(path.join(support.bases.pids, "sbx", "pids.max"), "utf8")).toBe("100");
      expect(fs.readFileSync(path.join(support.bases.pids, "sbx", g.name, "pids.max"), "utf8")).toBe("20");
      expect(g.procs).toEqual([
        path.join(support.bases.memory, "sbx", g.name, "cgroup.procs"),
        path.join(support.bases.pids, "sbx", g.name, "cgroup.procs"),
      ]);
      expect(detectCgroups({ mountinfo, procCgroup: "", setting: "off", pid: 1 })).toEqual({
        reason: "turned off (SANDBOX_CGROUP=off)",
      });
      expect(detectCgroups({ mountinfo: "", procCgroup: "", setting: "", pid: 1 })).toEqual({
        reason: "no cgroup hierarchy with the memory and pids controllers is mounted",
      });
    } finally {
      fs.rmSync(fake, { recursive: true, force: true });
    }
  });

  it("v2: controllers passed down from the mount to the base; the setting names the base", () => {
    const fake = fs.mkdtempSync(path.join(os.tmpdir(), "stride-cg2-"));
    try {
      fs.writeFileSync(path.join(fake, "cgroup.controllers"), "cpu memory pids\n");
      fs.mkdirSync(path.join(fake, "svc.slice"));
      const mountinfo = `30 1 0:26 / ${fake} rw - cgroup2 cgroup2 rw\n`;
      const support = detectCgroups({ mountinfo, procCgroup: "0::/svc.slice\n", setting: "", pid: 1 });
      expect(support).toEqual({
        kind: "v2",
        bases: {
          memory: path.join(fake, "svc.slice", "stride-sandboxes"),
          pids: path.join(fake, "svc.slice", "stride-sandboxes"),
        },
      });
      expect(fs.readFileSync(path.join(fake, "svc.slice", "cgroup.subtree_control"), "utf8")).toBe("+memory +pids");
      expect(fs.readFileSync(path.join(fake, "cgroup.subtree_control"), "utf8")).toBe("+memory +pids");
      if (!("kind" in support)) return;
      const g = sandboxGroup(support, "sbx", LIMITS, LIMITS);
      expect(fs.readFileSync(path.join(support.bases.memory, "sbx", "memory.max"), "utf8")).toBe(String(512 << 20));
      expect(fs.readFileSync(path.join(support.bases.memory, "sbx", "cgroup.subtree_control"), "utf8")).toBe(
        "+memory +pids",
      );
      expect(g.procs).toEqual([path.join(support.bases.memory, "sbx", g.name, "cgroup.procs")]);
      const named = detectCgroups({ mountinfo, procCgroup: "0::/svc.slice\n", setting: "/stride", pid: 1 });
      expect(named).toEqual({
        kind: "v2",
        bases: { memory: path.join(fake, "stride"), pids: path.join(fake, "stride") },
      });
      // a unified hierarchy without the controllers (they are on v1): the reason says so
      fs.writeFileSync(path.join(fake, "cgroup.controllers"), "\n");
      expect(detectCgroups({ mountinfo, procCgroup: "0::/\n", setting: "", pid: 1 })).toEqual({
        reason: `cgroup v2 at ${fake} offers no memory and pids controllers (none)`,
      });
    } finally {
      fs.rmSync(fake, { recursive: true, force: true });
    }
  });
});

describe("the repository guard", () => {
  const policy = (resolve: Record<string, string[]>, extra: Partial<Parameters<typeof guardRepository>[1]> = {}) => ({
    localDirs: [],
    allowPrivate: false,
    resolve: async (h: string) => resolve[h] ?? [],
    ...extra,
  });
  const why = (url: string, p: Parameters<typeof guardRepository>[1]) =>
    guardRepository(url, p).then(
      () => null,
      (e: RepositoryRefused) => [e.code, e.message],
    );

  it("pins https to the checked address, follows no redirect, and refuses internal and metadata answers", async () => {
    const r = await guardRepository(
      "https://git.example.test/a/b.git",
      policy({ "git.example.test": ["93.184.215.14"] }),
    );
    expect(r.url).toBe("https://git.example.test/a/b.git");
    expect(r.config).toEqual(
      expect.arrayContaining([
        "http.curloptResolve=git.example.test:443:93.184.215.14",
        "http.followRedirects=false",
        "protocol.file.allow=never",
      ]),
    );
    expect(
      await why("https://git.example.test/x", policy({ "git.example.test": ["93.184.215.14", "10.0.0.1"] })),
    ).toEqual(["address", expect.stringMatching(/internal address \(10\.0\.0\.1\)/)]);
    expect(await why("http://169.254.169.254/x", policy({}, { allowPrivate: true }))).toEqual([
      "address",
      expect.stringMatching(/cloud metadata/),
    ]);
    expect((await why("https://nowhere.test/x", policy({})))?.[0]).toBe("dns");
    expect(
      (await guardRepository("http://10.0.0.1:8080/x.git", policy({}, { allowPrivate: true }))).config,
    ).not.toContainEqual(expect.stringMatching(/curloptResolve/));
  });

  it("ssh and git:// go to the checked address; ssh checks the host key by the name", async () => {
    const p = policy({ "git.example.test": ["93.184.215.14"] });
    expect(await guardRepository("git@git.example.test:a/b.git", p)).toMatchObject({
      url: "git@93.184.215.14:a/b.git",
      sshCommand: expect.stringContaining("HostKeyAlias=git.example.test"),
    });
    expect((await guardRepository("ssh://git@git.example.test:2222/a/b.git", p)).url).toBe(
      "ssh://git@93.184.215.14:2222/a/b.git",
    );
    expect((await guardRepository("git://git.example.test/a", p)).url).toBe("git://93.184.215.14/a");
  });

  it("local paths only inside the listed folders; file:// names a local folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-guard-"));
    try {
      fs.mkdirSync(path.join(dir, "repo"));
      const p = policy({}, { localDirs: [dir] });
      expect(await guardRepository(path.join(dir, "repo"), p)).toMatchObject({
        localDir: fs.realpathSync(path.join(dir, "repo")),
      });
      expect((await guardRepository(`file://${dir}/repo`, p)).localDir).toBe(fs.realpathSync(path.join(dir, "repo")));
      expect((await why(`${dir}/../etc`, p))?.[0]).toBe("local");
      expect((await why("/etc", policy({})))?.[1]).toMatch(/and there are none/);
      expect((await why("file://other-host/srv/x", p))?.[1]).toMatch(/another machine/);
      expect((await why(path.join(dir, "missing"), p))?.[0]).toBe("missing");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
