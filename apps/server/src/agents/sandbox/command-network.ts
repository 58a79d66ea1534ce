// The network of one sandbox command: its own namespace behind the firewall (network.ts), the allow-list's addresses,
// and the /etc/resolv.conf and /etc/hosts the command sees.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { allowRefusal, hostAddresses, SLIRP_DNS, startNetwork, type NetworkTools } from "./network.ts";
import type { RepositoryPolicy } from "./repository.ts";
import { SandboxError } from "./spec.ts";
import { systemResolve, type CommandNetwork } from "./processes.ts";

/** The addresses of the allow-list as resolved now, without those a sandbox may never reach. */
export async function allowedAddresses(
  hosts: string[],
  policy: RepositoryPolicy,
): Promise<{ addresses: string[]; byHost: Map<string, string[]> }> {
  const own = hostAddresses();
  const byHost = new Map<string, string[]>();
  for (const h of hosts) {
    let ips: string[] = [];
    if (net.isIP(h)) ips = [h];
    else ips = await (policy.resolve ?? systemResolve)(h).catch(() => []);
    byHost.set(
      h,
      ips.filter((ip) => allowRefusal(ip, own, policy.allowPrivate) === null),
    );
  }
  return { addresses: [...new Set([...byHost.values()].flat())], byHost };
}

/** Open the namespace of one command with network in the sandbox's folder `sandboxDir`; its `close` removes it. */
export async function openCommandNetwork(
  tools: NetworkTools,
  sandboxDir: string,
  allowedHosts: string[],
  policy: RepositoryPolicy,
): Promise<CommandNetwork> {
  const allowed = allowedHosts.length ? await allowedAddresses(allowedHosts, policy) : null;
  const dir = path.join(sandboxDir, `net-${crypto.randomBytes(6).toString("hex")}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  const pinned = allowed
    ? [...allowed.byHost].filter(([h]) => !net.isIP(h)).flatMap(([h, ips]) => ips.map((ip) => `${ip}\t${h}`))
    : [];
  fs.writeFileSync(
    path.join(dir, "resolv.conf"),
    allowed ? "# no DNS: only the allowed hosts, named in /etc/hosts\n" : `nameserver ${SLIRP_DNS}\n`,
    { mode: 0o644 },
  );
  fs.writeFileSync(
    path.join(dir, "hosts"),
    ["127.0.0.1\tlocalhost sandbox", "::1\tlocalhost", ...pinned, ""].join("\n"),
    { mode: 0o644 },
  );
  try {
    const n = await startNetwork(tools, {
      hostAddresses: hostAddresses(),
      allowed: allowed ? allowed.addresses : null,
    });
    return {
      netns: n.netns,
      nsenter: tools.nsenter,
      files: [
        { source: path.join(dir, "resolv.conf"), dest: "/etc/resolv.conf" },
        { source: path.join(dir, "hosts"), dest: "/etc/hosts" },
      ],
      close: () => {
        n.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new SandboxError(`The sandbox's network could not start: ${(e as Error).message}`);
  }
}
