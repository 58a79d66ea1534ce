import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { sandboxIds } from "./bwrap.ts";

/**
 * How a sandboxed command is started (issue #24 points 1–3). One chain of exec()s in one process, so that the whole
 * chain is the process group a kill reaches and bubblewrap's parent stays the server (`--die-with-parent`):
 *
 *   /bin/sh (joins the sandbox's cgroups)  →  nsenter --net (the namespace made for a command with network)
 *   →  setpriv (root drops to the sandbox user, no new privileges)  →  bwrap …
 *
 * It is given an environment of its own, PATH alone: none of the server's variables reach bubblewrap, whose own
 * pid-1 process in the sandbox would otherwise show them in /proc/1/environ (`--clearenv` cleans only the command).
 */

export const LAUNCH_ENV = Object.freeze({ PATH: "/usr/sbin:/usr/bin:/sbin:/bin" });
/** The fd bubblewrap reads the seccomp filter from. */
export const SECCOMP_FD = 3;
export const SETPRIV = "/usr/bin/setpriv";

export interface LaunchSpec {
  bwrap: string;
  /** bubblewrap's arguments (with `--seccomp 3` when a filter is given). */
  args: string[];
  seccomp: Buffer | null;
  /** cgroup.procs files the chain joins before anything of the sandbox runs. */
  cgroupProcs: string[];
  /** A network namespace to start in (`/proc/<pid>/ns/net`), with nsenter's path. */
  netns: { path: string; nsenter: string } | null;
}

// Writes its own pid into each file up to "--", then becomes the rest of its arguments.
const JOIN = 'for f do shift; [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; done; exec "$@"';

/** What a root server needs to drop to the sandbox user (util-linux's setpriv); null when it is there or not needed. */
export function launcherMissing(): string | null {
  if (sandboxIds().uid === undefined) return null;
  return fs.existsSync(SETPRIV) ? null : `${SETPRIV} (util-linux) is missing`;
}

export function launch(spec: LaunchSpec): ChildProcess {
  const ids = sandboxIds();
  const argv = [
    "-c",
    JOIN,
    "stride-sandbox",
    ...spec.cgroupProcs,
    "--",
    ...(spec.netns ? [spec.netns.nsenter, `--net=${spec.netns.path}`, "--"] : []),
    ...(ids.uid !== undefined
      ? [SETPRIV, `--reuid=${ids.uid}`, `--regid=${ids.gid}`, "--clear-groups", "--no-new-privs", "--"]
      : []),
    spec.bwrap,
    ...spec.args,
  ];
  const stdio: ("pipe" | "ignore")[] = ["pipe", "pipe", "pipe", ...(spec.seccomp ? ["pipe" as const] : [])];
  // its own process group, so that a kill reaches bwrap and everything it started (the pid namespace dies with it)
  const child = spawn("/bin/sh", argv, { env: { ...LAUNCH_ENV }, detached: true, stdio });
  if (spec.seccomp) {
    const fd = child.stdio[SECCOMP_FD] as NodeJS.WritableStream & { on(e: "error", f: () => void): void };
    fd.on("error", () => {});
    fd.end(spec.seccomp);
  }
  return child;
}
