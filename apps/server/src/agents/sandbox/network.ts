import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import { addressRefusal } from "../../core/safe-fetch.ts";

/**
 * Network for a sandbox that may use it (agents.md §3; issue #24 point 3): never the host's own network. Each
 * command with network gets a new network namespace made by the server (so owned by the host's user namespace:
 * nothing inside the sandbox can change it), user-mode networking into it with slirp4netns (its TCP/UDP leave
 * through ordinary sockets of the host, so the sandbox has no route, no ARP, no raw packets on the host's links),
 * and an nftables firewall inside that namespace, installed before the command starts, that refuses:
 * loopback, private (RFC 1918), shared (100.64/10), link-local (169.254/16, which holds the cloud metadata
 * address), "this network", multicast and reserved ranges, IPv6 loopback, unique-local, link-local and multicast, and
 * every address of the host itself — only slirp's DNS forwarder stays reachable. With an allow-list of host names
 * the firewall accepts only the addresses those names resolved to on the host side (pinned in the sandbox's
 * /etc/hosts) and nothing else, not even DNS.
 *
 * It needs root (to make the namespace and its firewall), `slirp4netns`, `nft` (Debian `nftables`) and
 * util-linux's `unshare` and `nsenter`. Without them network is refused, never the host's network instead.
 */

export const SLIRP_DNS = "10.0.2.3";
const MIN_ENV = { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" };

/** Ranges no sandbox reaches (IPv4). The host's own addresses are added when the firewall is made. */
export const REFUSED_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
export const REFUSED_V6: readonly [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

// one list per family: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules (::ffff:0:0/96 is one)
const refused4 = new net.BlockList();
const refused6 = new net.BlockList();
for (const [a, p] of REFUSED_V4) refused4.addSubnet(a, p, "ipv4");
for (const [a, p] of REFUSED_V6) refused6.addSubnet(a, p, "ipv6");
/** Loopback, link-local and "this network": never reached, not even by an allow-list with private targets allowed. */
const never4 = new net.BlockList();
const never6 = new net.BlockList();
for (const [a, p] of [
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["0.0.0.0", 8],
] as const)
  never4.addSubnet(a, p, "ipv4");
for (const [a, p] of [
  ["::1", 128],
  ["fe80::", 10],
  ["::", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
] as const)
  never6.addSubnet(a, p, "ipv6");

function find(names: string[]): string | null {
  for (const n of names) {
    try {
      fs.accessSync(n, fs.constants.X_OK);
      return n;
    } catch {
      /* next */
    }
  }
  return null;
}

export interface NetworkTools {
  slirp4netns: string;
  nft: string;
  nsenter: string;
  unshare: string;
}

/** The tools sandbox network needs, or why it cannot be had here (`slirp4netnsPath`: only that one, for tests). */
export function findNetworkTools(slirp4netnsPath?: string): NetworkTools | { reason: string } {
  if (process.getuid?.() !== 0)
    return {
      reason:
        "the server does not run as root, and only root can give a sandbox its own network namespace with a firewall",
    };
  const slirp4netns = find(
    slirp4netnsPath ? [slirp4netnsPath] : ["/usr/bin/slirp4netns", "/usr/local/bin/slirp4netns"],
  );
  const nft = find(["/usr/sbin/nft", "/sbin/nft", "/usr/bin/nft"]);
  const nsenter = find(["/usr/bin/nsenter", "/bin/nsenter"]);
  const unshare = find(["/usr/bin/unshare", "/bin/unshare"]);
  const missing = [
    !slirp4netns && "slirp4netns (Debian package slirp4netns)",
    !nft && "nft (Debian package nftables)",
    !nsenter && "nsenter",
    !unshare && "unshare",
  ].filter(Boolean);
  if (missing.length) return { reason: `missing ${missing.join(", ")}` };
  return { slirp4netns: slirp4netns!, nft: nft!, nsenter: nsenter!, unshare: unshare! };
}

/** Every address of the host's interfaces (a sandbox reaching one would reach the host's services). */
export function hostAddresses(): string[] {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) out.add(a.address.replace(/%.*$/, ""));
  return [...out];
}

export interface FirewallSpec {
  hostAddresses: string[];
  /** null: the internet (all but the refused ranges); else only these addresses. */
  allowed: string[] | null;
}

/** The nftables ruleset of a sandbox's namespace (loaded with `nft -f -` inside it). */
export function firewallRules(spec: FirewallSpec): string {
  const reject = "reject with icmpx type admin-prohibited";
  const lines = [
    "table inet stride_sandbox {",
    "  chain out {",
    "    type filter hook output priority 0; policy accept;",
    '    oifname "lo" accept',
  ];
  if (spec.allowed) {
    const v4 = spec.allowed.filter((a) => net.isIPv4(a));
    const v6 = spec.allowed.filter((a) => net.isIPv6(a));
    if (v4.length) lines.push(`    ip daddr { ${v4.join(", ")} } accept`);
    if (v6.length) lines.push(`    ip6 daddr { ${v6.join(", ")} } accept`);
    lines.push(`    ${reject}`);
  } else {
    lines.push(`    ip daddr ${SLIRP_DNS} meta l4proto { tcp, udp } th dport 53 accept`);
    const own4 = spec.hostAddresses.filter((a) => net.isIPv4(a) && !refused4.check(a, "ipv4"));
    const own6 = spec.hostAddresses.filter((a) => net.isIPv6(a) && !refused6.check(a, "ipv6"));
    const v4 = [...REFUSED_V4.map(([a, p]) => `${a}/${p}`), ...new Set(own4)];
    const v6 = [...REFUSED_V6.map(([a, p]) => `${a}/${p}`), ...new Set(own6)];
    lines.push(`    ip daddr { ${v4.join(", ")} } ${reject}`);
    lines.push(`    ip6 daddr { ${v6.join(", ")} } ${reject}`);
  }
  lines.push("  }", "}", "");
  return lines.join("\n");
}

/**
 * Why a sandbox may not be allowed to reach this address (an allow-list entry), or null: this server's own
 * addresses, cloud metadata, loopback and link-local never; the other refused ranges (private, shared, reserved)
 * only where the instance allows private targets (OUTBOUND_ALLOW_PRIVATE=1).
 */
export function allowRefusal(ip: string, hostAddrs: string[], allowPrivate: boolean): string | null {
  if (hostAddrs.includes(ip)) return "an address of this server";
  if (addressRefusal(ip, true)) return "a cloud metadata address";
  const v4 = net.isIPv4(ip);
  if (v4 ? never4.check(ip, "ipv4") : never6.check(ip, "ipv6")) return "a loopback or link-local address";
  if (!allowPrivate && (v4 ? refused4.check(ip, "ipv4") : refused6.check(ip, "ipv6"))) return "an internal address";
  return null;
}

export interface SandboxNetwork {
  /** The namespace to start the sandbox in (`nsenter --net=`). */
  netns: string;
  close(): void;
}

function onceLine(stream: NodeJS.ReadableStream, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${ms / 1000} s`)), ms);
    stream.once("data", () => {
      clearTimeout(timer);
      resolve();
    });
    stream.once("end", () => {
      clearTimeout(timer);
      reject(new Error(`${what} ended before it was ready`));
    });
  });
}

function run(cmd: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: MIN_ENV, stdio: ["pipe", "ignore", "pipe"] });
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd.split("/").pop()} failed: ${err.trim().slice(0, 300) || `exit ${code}`}`)),
    );
    child.stdin!.on("error", () => {});
    child.stdin!.end(input);
  });
}

/**
 * A network namespace with user-mode networking and the firewall, ready before the command starts. `close()` ends
 * slirp4netns and the process holding the namespace (both also end when the server does: their pipes close).
 */
export async function startNetwork(tools: NetworkTools, firewall: FirewallSpec): Promise<SandboxNetwork> {
  const kids: ChildProcess[] = [];
  const close = () => {
    for (const k of kids) {
      try {
        k.kill("SIGKILL");
      } catch {
        /* gone */
      }
    }
  };
  try {
    // the holder: a shell in a new network namespace that lives until its stdin closes
    const holder = spawn(tools.unshare, ["--net", "--", "/bin/sh", "-c", "echo ready; read x"], {
      env: MIN_ENV,
      stdio: ["pipe", "pipe", "ignore"],
    });
    kids.push(holder);
    holder.on("error", () => {});
    await onceLine(holder.stdout!, 5000, "the network namespace");
    const pid = holder.pid!;
    const slirp = spawn(
      tools.slirp4netns,
      [
        "--configure",
        "--mtu=65520",
        "--disable-host-loopback",
        "--enable-sandbox",
        "--enable-seccomp",
        ...(firewall.allowed ? ["--disable-dns"] : []),
        "--ready-fd=3",
        "--exit-fd=4",
        String(pid),
        "tap0",
      ],
      { env: MIN_ENV, stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
    );
    kids.push(slirp);
    slirp.on("error", () => {});
    let slirpErr = "";
    slirp.stderr!.on("data", (d: Buffer) => {
      slirpErr += d.toString();
    });
    await onceLine(slirp.stdio[3] as NodeJS.ReadableStream, 5000, "slirp4netns").catch((e: Error) => {
      throw new Error(`${e.message}${slirpErr.trim() ? `: ${slirpErr.trim().split("\n").slice(-2).join(" ")}` : ""}`);
    });
    const netns = `/proc/${pid}/ns/net`;
    await run(tools.nsenter, [`--net=${netns}`, "--", tools.nft, "-f", "-"], firewallRules(firewall));
    return { netns, close };
  } catch (e) {
    close();
    throw e;
  }
}
