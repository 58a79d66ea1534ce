/** A sandbox's enforcement in words (runtime.ts `enforcement()`), for the run's record: its isolation, limits and network. */
import type { bwrapFeatures } from "./bwrap.ts";
import type { CgroupSupport } from "./cgroups.ts";
import { REFUSED_SYSCALLS } from "./seccomp.ts";
import { setupSeconds } from "./processes.ts";
import type { SandboxState } from "./spec.ts";

/** What the runtime has: bubblewrap's features, a seccomp filter for this architecture, cgroups, the allow-list's addresses. */
export interface Enforcing {
  features: ReturnType<typeof bwrapFeatures>;
  seccomp: boolean;
  cgroups: CgroupSupport | { reason: string };
  allowed: (hosts: string[]) => Promise<{ byHost: Map<string, string[]> }>;
}

export async function describeSandbox(id: string, state: SandboxState, on: Enforcing): Promise<string> {
  const f = on.features;
  const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
  const { limits } = state;
  const vars = [
    "PATH",
    "HOME",
    "LANG",
    "TERM",
    "STRIDE_SANDBOX_ID",
    ...(state.executionId ? ["STRIDE_EXECUTION_ID"] : []),
  ];
  const isolation = [
    "user, PID, mount, IPC, UTS and cgroup namespaces of its own",
    state.network ? "a network namespace of its own behind a firewall" : "no network",
    "the system read-only",
    "no capabilities",
    f.disableUserns
      ? "nested user namespaces refused"
      : "nested user namespaces NOT refused (bubblewrap older than 0.8)",
    on.seccomp && f.seccomp
      ? `a seccomp filter refusing ${REFUSED_SYSCALLS.length} system calls (${REFUSED_SYSCALLS.slice(0, 6).join(", ")}, …)`
      : `no seccomp filter (${on.seccomp ? "bubblewrap without --seccomp" : `no filter for the architecture ${process.arch}`})`,
    `only ${vars.join(", ")}${Object.keys(state.env).length ? ` and the repository's variables (${Object.keys(state.env).join(", ")})` : ""} in its environment`,
  ];
  const cg = on.cgroups;
  const whole =
    "kind" in cg
      ? `memory ${mb(limits.memoryBytes)} and ${limits.maxProcesses} processes for the whole sandbox (cgroup ${cg.kind}; past the memory limit the kernel kills a process of the sandbox)`
      : `no cgroup (${cg.reason}), so memory is limited only per process (address space) and processes only per sandbox user (RLIMIT_NPROC ${limits.maxProcesses}, shared by every sandbox)`;
  const lines = [
    `Sandbox ${id} (bubblewrap): ${isolation.join("; ")}.`,
    `Limits: ${whole}; CPU ${limits.cpuSeconds} s and address space ${mb(limits.memoryBytes)} per process; ${limits.wallSeconds} s per command (the setup script ${setupSeconds(limits)} s); a command may ask for less, never more.`,
  ];
  if (!state.network) lines.push("Network: off (no interface but its own loopback).");
  else if (!state.allowedHosts.length) {
    lines.push(
      "Network: on, through slirp4netns in a namespace of its own; loopback, private, shared, link-local (cloud metadata) and reserved addresses and every address of this server refused; DNS through slirp4netns.",
    );
  } else {
    const seen = await on.allowed(state.allowedHosts);
    const named = state.allowedHosts.map(
      (h) => `${h} (${seen.byHost.get(h)?.join(", ") || "no address it may reach now"})`,
    );
    lines.push(
      `Network: on, through slirp4netns in a namespace of its own, only to ${named.join(", ")}; nothing else, no DNS (the names are pinned in /etc/hosts).`,
    );
  }
  return lines.join("\n");
}
