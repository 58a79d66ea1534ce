import fs from "node:fs";
import path from "node:path";

/**
 * Limits for a whole sandbox (all its processes together) with the kernel's control groups: the memory and pids
 * controllers of cgroup v2 (one unified hierarchy) or of cgroup v1 (one hierarchy each). Each sandbox gets a group
 * `<base>/<sandbox id>`; every command of the sandbox starts inside it (the launcher writes its own pid into the
 * group before it becomes bubblewrap), so whatever the command forks is counted there.
 *
 * The base is `SANDBOX_CGROUP` when set (a cgroup path such as `/stride`, the same in every hierarchy), else
 * `stride-sandboxes` under the server's own group, so that a limit on the server (a container, a systemd unit)
 * still covers its sandboxes. cgroup v2 allows controllers for child groups only in a group without processes of
 * its own: when the server's group has processes, the server moves itself into a `server` child group first (as
 * systemd's `Delegate=yes` expects); if that is not allowed either, there is no cgroup and the reason says so.
 */

export type CgroupKind = "v2" | "v1";

export interface CgroupSupport {
  kind: CgroupKind;
  /** v2: the one base folder; v1: the base folder in the memory and in the pids hierarchy. */
  bases: { memory: string; pids: string };
}

export interface CgroupLimits {
  memoryBytes: number;
  maxProcesses: number;
}

export interface MountPoint {
  mountPoint: string;
  fsType: string;
  superOptions: string[];
  /** The root of the mount inside its hierarchy ("/" unless the mount shows a subtree, as in a container). */
  root: string;
}

/** Mount points of cgroup file systems from /proc/self/mountinfo text. */
export function cgroupMounts(mountinfo: string): MountPoint[] {
  const out: MountPoint[] = [];
  for (const line of mountinfo.split("\n")) {
    const [left, right] = line.split(" - ");
    if (!right) continue;
    const f = left.split(" ");
    const [fsType, , superOpts] = right.split(" ");
    if (fsType !== "cgroup" && fsType !== "cgroup2") continue;
    out.push({
      root: unescapeMount(f[3]),
      mountPoint: unescapeMount(f[4]),
      fsType,
      superOptions: (superOpts ?? "").split(","),
    });
  }
  return out;
}

const unescapeMount = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));

/** The server's group per hierarchy from /proc/self/cgroup text: `""` for v2, else the v1 controller names. */
export function ownGroups(procCgroup: string): { v2: string | null; v1: Map<string, string> } {
  let v2: string | null = null;
  const v1 = new Map<string, string>();
  for (const line of procCgroup.split("\n")) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === "0" && m[2] === "") v2 = m[3];
    else for (const c of m[2].split(",")) v1.set(c, m[3]);
  }
  return { v2, v1 };
}

/** Where a group of a hierarchy is on disk, given the mount of that hierarchy. */
function onDisk(mount: MountPoint, group: string): string {
  const rel = mount.root !== "/" && group.startsWith(mount.root) ? group.slice(mount.root.length) : group;
  return path.join(mount.mountPoint, rel);
}

export interface DetectInput {
  mountinfo: string;
  procCgroup: string;
  /** SANDBOX_CGROUP: "" = automatic, "off" = none, else a cgroup path for the base. */
  setting: string;
  pid: number;
}

const read = (p: string) => {
  try {
    return fs.readFileSync(p, "utf8");
  } catch {
    return "";
  }
};

/**
 * Find and prepare the sandboxes' base group: v2 when the unified hierarchy has the memory and pids controllers,
 * else v1 when both controllers have their own hierarchy, else none. Returns the support or the reason why not.
 */
export function detectCgroups(input: DetectInput): CgroupSupport | { reason: string } {
  if (input.setting === "off") return { reason: "turned off (SANDBOX_CGROUP=off)" };
  const mounts = cgroupMounts(input.mountinfo);
  const own = ownGroups(input.procCgroup);
  const unified = mounts.find((m) => m.fsType === "cgroup2");
  const v2Controllers = unified ? read(path.join(unified.mountPoint, "cgroup.controllers")).trim().split(/\s+/) : [];
  if (unified && v2Controllers.includes("memory") && v2Controllers.includes("pids")) {
    const base = input.setting
      ? path.join(unified.mountPoint, input.setting)
      : path.join(onDisk(unified, own.v2 ?? "/"), "stride-sandboxes");
    try {
      prepareV2Base(base, unified.mountPoint, input.pid);
      return { kind: "v2", bases: { memory: base, pids: base } };
    } catch (e) {
      return { reason: `cgroup v2 at ${unified.mountPoint}: ${(e as Error).message}` };
    }
  }
  const mem = mounts.find((m) => m.fsType === "cgroup" && m.superOptions.includes("memory"));
  const pids = mounts.find((m) => m.fsType === "cgroup" && m.superOptions.includes("pids"));
  if (mem && pids) {
    const baseOf = (m: MountPoint, c: string) =>
      input.setting
        ? path.join(m.mountPoint, input.setting)
        : path.join(onDisk(m, own.v1.get(c) ?? "/"), "stride-sandboxes");
    const bases = { memory: baseOf(mem, "memory"), pids: baseOf(pids, "pids") };
    try {
      for (const b of Object.values(bases)) fs.mkdirSync(b, { recursive: true });
      // hierarchical accounting, so that the server's own limit covers its sandboxes too
      if (
        fs.existsSync(path.join(bases.memory, "memory.use_hierarchy")) &&
        read(path.join(bases.memory, "memory.use_hierarchy")).trim() === "0"
      ) {
        fs.writeFileSync(path.join(bases.memory, "memory.use_hierarchy"), "1");
      }
      return { kind: "v1", bases };
    } catch (e) {
      return { reason: `cgroup v1 (memory at ${mem.mountPoint}, pids at ${pids.mountPoint}): ${(e as Error).message}` };
    }
  }
  if (unified && !mem)
    return {
      reason: `cgroup v2 at ${unified.mountPoint} offers no memory and pids controllers (${v2Controllers.join(" ") || "none"})`,
    };
  return { reason: "no cgroup hierarchy with the memory and pids controllers is mounted" };
}

/** v2: the base exists and passes memory and pids to its children; the path to it allows them. */
function prepareV2Base(base: string, mountPoint: string, pid: number): void {
  const parent = path.dirname(base);
  const enable = (dir: string) => {
    const have = read(path.join(dir, "cgroup.subtree_control")).split(/\s+/);
    const want = ["memory", "pids"].filter((c) => !have.includes(c));
    if (want.length) fs.writeFileSync(path.join(dir, "cgroup.subtree_control"), want.map((c) => `+${c}`).join(" "));
  };
  fs.mkdirSync(base, { recursive: true });
  // every group between the mount and the base's parent passes the controllers down
  const chain: string[] = [];
  for (let d = parent; ; d = path.dirname(d)) {
    chain.unshift(d);
    if (d === mountPoint || !d.startsWith(`${mountPoint}/`)) break;
  }
  for (const dir of chain) {
    try {
      enable(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EBUSY" || dir !== parent)
        throw new Error(`cannot pass the memory and pids controllers down in ${dir} (${(e as Error).message})`);
      // "no internal processes": the server's own group holds processes; move this server into a leaf beside the sandboxes
      const leaf = path.join(parent, "server");
      fs.mkdirSync(leaf, { recursive: true });
      fs.writeFileSync(path.join(leaf, "cgroup.procs"), String(pid));
      try {
        enable(dir);
      } catch (again) {
        throw new Error(
          `the server's group ${dir} holds other processes, so it cannot pass controllers down (${(again as Error).message}); run the server in a delegated group of its own or set SANDBOX_CGROUP`,
        );
      }
    }
  }
  enable(base);
}

export interface SandboxGroup {
  /** The cgroup.procs files a launcher writes its pid into (one for v2, two for v1). */
  procs: string[];
  /** The command's group (below the sandbox's), for commandOomKills and removeCommandGroup. */
  name: string;
}

function writeLimits(support: CgroupSupport, mem: string, pids: string, limits: CgroupLimits): void {
  const bytes = String(Math.max(1 << 20, Math.floor(limits.memoryBytes)));
  const procs = String(Math.max(1, Math.floor(limits.maxProcesses)));
  if (support.kind === "v2") {
    fs.writeFileSync(path.join(mem, "memory.max"), bytes);
    // no swap: past the limit it is the out-of-memory killer, not a slow crawl through swap
    if (fs.existsSync(path.join(mem, "memory.swap.max"))) fs.writeFileSync(path.join(mem, "memory.swap.max"), "0");
  } else {
    const memsw = path.join(mem, "memory.memsw.limit_in_bytes");
    const current = Number(read(path.join(mem, "memory.limit_in_bytes")).trim());
    // memsw ≥ limit at every moment: raise memsw first when raising, lower the limit first when lowering
    const order = Number.isFinite(current) && Number(bytes) > current ? ["memsw", "mem"] : ["mem", "memsw"];
    for (const which of order) {
      if (which === "mem") fs.writeFileSync(path.join(mem, "memory.limit_in_bytes"), bytes);
      else if (fs.existsSync(memsw)) fs.writeFileSync(memsw, bytes);
    }
  }
  fs.writeFileSync(path.join(pids, "pids.max"), procs);
}

/**
 * The sandbox's group with the sandbox's limits (all its commands together), and below it a group for one command
 * with the command's own limits (lower when the command asked for less). The command starts in the latter.
 */
export function sandboxGroup(
  support: CgroupSupport,
  id: string,
  sandbox: CgroupLimits,
  command: CgroupLimits,
): SandboxGroup {
  const mem = path.join(support.bases.memory, id);
  const pids = path.join(support.bases.pids, id);
  for (const d of new Set([mem, pids])) fs.mkdirSync(d, { recursive: true });
  writeLimits(support, mem, pids, sandbox);
  if (support.kind === "v2") {
    const have = read(path.join(mem, "cgroup.subtree_control")).split(/\s+/);
    const want = ["memory", "pids"].filter((c) => !have.includes(c));
    if (want.length) fs.writeFileSync(path.join(mem, "cgroup.subtree_control"), want.map((c) => `+${c}`).join(" "));
  }
  const name = `c-${process.pid}-${++commandSeq}`;
  const dirs = [...new Set([path.join(mem, name), path.join(pids, name)])];
  for (const d of dirs) fs.mkdirSync(d);
  writeLimits(support, path.join(mem, name), path.join(pids, name), command);
  return { procs: dirs.map((d) => path.join(d, "cgroup.procs")), name };
}
let commandSeq = 0;

/** Times the out-of-memory killer acted for the sandbox's limit (and its command's, when `command` is given). */
export function oomKills(support: CgroupSupport, id: string, command?: string): number {
  const file = support.kind === "v2" ? "memory.events" : "memory.oom_control";
  const count = (dir: string) => Number(/^oom_kill (\d+)$/m.exec(read(path.join(dir, file)))?.[1] ?? 0);
  const group = path.join(support.bases.memory, id);
  // v2 counts a child's kills in its parent too; v1 counts them where the limit was
  return count(group) + (command && support.kind === "v1" ? count(path.join(group, command)) : 0);
}

/** The groups below a sandbox's group (its commands'), in one hierarchy. */
function children(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

/** Pids in the sandbox's groups now. */
export function groupPids(support: CgroupSupport, id: string): number[] {
  const pids = new Set<number>();
  for (const base of new Set([support.bases.memory, support.bases.pids])) {
    const group = path.join(base, id);
    for (const dir of [group, ...children(group)]) {
      for (const l of read(path.join(dir, "cgroup.procs")).split("\n")) if (/^\d+$/.test(l.trim())) pids.add(Number(l));
    }
  }
  return [...pids];
}

/** SIGKILL every process of the sandbox's group (cgroup.kill on v2 when the kernel has it, else each pid). */
export function killGroup(support: CgroupSupport, id: string): void {
  const killFile = path.join(support.bases.memory, id, "cgroup.kill");
  if (support.kind === "v2" && fs.existsSync(killFile)) {
    try {
      fs.writeFileSync(killFile, "1");
      return;
    } catch {
      /* fall through to each pid */
    }
  }
  for (const pid of groupPids(support, id)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
}

/** Remove one command's group once it is empty (false while processes are left; the sandbox's removal retries). */
export function removeCommandGroup(support: CgroupSupport, id: string, name: string): boolean {
  let ok = true;
  for (const base of new Set([support.bases.memory, support.bases.pids])) {
    try {
      fs.rmdirSync(path.join(base, id, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") ok = false;
    }
  }
  return ok;
}

/** Remove the sandbox's groups, its commands' first (once empty: a group with processes left stays). */
export function removeGroup(support: CgroupSupport, id: string): boolean {
  let ok = true;
  for (const base of new Set([support.bases.memory, support.bases.pids])) {
    const group = path.join(base, id);
    for (const dir of [...children(group), group]) {
      try {
        fs.rmdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") ok = false;
      }
    }
  }
  return ok;
}
